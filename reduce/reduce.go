// Package reduce computes the static side of partial-order reduction for
// the Promela engine: which statements are "safe" (SPIN's term: they touch
// only the variables and program counter of their own process), and from
// that, state by state, which processes are at a location whose
// statements are all safe. search.Options.Reducer takes the result.
//
// The analysis is conservative. A statement is unsafe when it (or a
// statement merged after it, or any statement of an atomic or d_step
// region it belongs to, enters or leaves) refers to a global variable, a
// channel (of any kind: a local channel variable may hold a global
// channel), creates a process (run) or ends one (-end-), or reads
// timeout, _nr_pr, _last, np_, len/empty/full and the like. Reduction is
// off altogether for models with provided clauses, priorities, _last,
// remote references (P[i]:v, P[i]@l), enabled() or pc_value(): they let
// one process observe another's local state or enabledness.
package reduce

import (
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/search"
)

// Reducer implements search.Reducer for an engine.
type Reducer struct {
	e *engine.Engine
	// locSafe[proctype name as Procs prints it][loc]
	locSafe map[string][]bool
	// SafeGroups: per group, whether the statement is safe.
	SafeGroups []bool
}

var _ search.Reducer = (*Reducer)(nil)

// New returns the reducer for e, or nil when the model uses a construct
// under which reduction is off (see the package comment).
func New(e *engine.Engine) *Reducer {
	prog := e.Program()
	if prog == nil || !Allowed(prog) {
		return nil
	}
	info := e.Info()
	safe := SafeTransitions(prog, info)
	r := &Reducer{e: e, locSafe: map[string][]bool{}, SafeGroups: safe}
	for _, p := range prog.Procs {
		if p.Kind == automata.NeverClaim {
			continue
		}
		ls := make([]bool, len(p.Locs))
		for i, l := range p.Locs {
			ok := len(l.Out) > 0 && l.Flags&automata.DStepLoc == 0
			for _, t := range l.Out {
				if t.ID >= len(safe) || !safe[t.ID] {
					ok = false
				}
			}
			ls[i] = ok
		}
		name := p.Name
		if p.Kind == automata.InitProc && p.Name == "init" {
			name = ":init:"
		}
		r.locSafe[name] = ls
	}
	return r
}

// SafeProcs implements search.Reducer.
func (r *Reducer) SafeProcs(s []byte, dst []bool) []bool {
	dst = dst[:0]
	for _, pv := range r.e.Procs(s) {
		ls := r.locSafe[pv.Name]
		dst = append(dst, pv.Loc >= 0 && pv.Loc < len(ls) && ls[pv.Loc])
	}
	return dst
}

// Allowed reports whether reduction may be used for prog at all.
func Allowed(prog *automata.Program) bool {
	if prog.UsesLast || prog.UsesPriority {
		return false
	}
	for _, p := range prog.Procs {
		if p.Provided != nil {
			return false
		}
	}
	ok := true
	for _, t := range prog.Trans {
		if t.Kind == automata.TSetPrio {
			return false
		}
		exprs(t, func(x automata.Expr) {
			switch x := x.(type) {
			case *automata.Ref:
				if x.Remote != nil {
					ok = false
				}
			case *automata.RemoteLabel:
				ok = false
			case *automata.Call:
				switch x.Fn {
				case automata.BEnabled, automata.BPcValue, automata.BGetPrio, automata.BLast:
					ok = false
				}
			}
		})
	}
	return ok
}

// SafeTransitions returns, per transition group, whether it is safe.
func SafeTransitions(prog *automata.Program, info *pins.Info) []bool {
	clean := make([]bool, len(prog.Trans))
	for i, t := range prog.Trans {
		clean[i] = cleanTrans(t) && cleanSlots(info, i)
	}
	// regions: an atomic sequence or d_step is safe only if all of it is
	type key struct {
		p *automata.Proc
		r int
	}
	regionBad := map[key]bool{}
	regions := func(t *automata.Trans, f func(k key)) {
		p := t.Proc
		add := func(r int) {
			if r != 0 {
				f(key{p, r})
			}
		}
		add(t.Region)
		if t.From >= 0 && t.From < len(p.Locs) {
			add(p.Locs[t.From].Region)
		}
		if t.To >= 0 && t.To < len(p.Locs) {
			add(p.Locs[t.To].Region)
		}
		if t.Kind == automata.TDStep && t.DStart >= 0 && t.DStart < len(p.Locs) {
			add(p.Locs[t.DStart].Region)
		}
	}
	for i, t := range prog.Trans {
		if !clean[i] {
			regions(t, func(k key) { regionBad[k] = true })
		}
	}
	safe := make([]bool, len(prog.Trans))
	for i, t := range prog.Trans {
		ok := clean[i] && t.Proc.Kind != automata.NeverClaim
		regions(t, func(k key) {
			if regionBad[k] {
				ok = false
			}
		})
		// a d_step's body: every statement of it must be clean
		if t.Kind == automata.TDStep {
			seen := map[int]bool{}
			var body func(l int)
			body = func(l int) {
				p := t.Proc
				if l < 0 || l >= len(p.Locs) || seen[l] || p.Locs[l].Flags&automata.DStepLoc == 0 {
					return
				}
				seen[l] = true
				for _, u := range p.Locs[l].Out {
					if !clean[u.ID] {
						ok = false
					}
					body(u.To)
				}
			}
			body(t.DStart)
		}
		safe[i] = ok
	}
	return safe
}

// cleanSlots: the group's dependency information names only local
// variables and program counters (the statement's merged chain included).
func cleanSlots(info *pins.Info, g int) bool {
	if info == nil || g >= len(info.Groups) {
		return false
	}
	gr := &info.Groups[g]
	if len(gr.Sends) > 0 || len(gr.Recvs) > 0 {
		return false
	}
	for _, list := range [][]int{gr.Reads, gr.Writes} {
		for _, i := range list {
			if i < 0 || i >= len(info.Slots) {
				return false
			}
			switch info.Slots[i].Kind {
			case pins.LocalVar, pins.ProgramCounter:
			default:
				return false
			}
		}
	}
	return true
}

// cleanTrans: the statement itself refers to nothing outside its process.
func cleanTrans(t *automata.Trans) bool {
	switch t.Kind {
	case automata.TExpr, automata.TElse, automata.TAssign, automata.TIncDec,
		automata.TAssert, automata.TPrintf, automata.TPrintm, automata.TGoto, automata.TDStep:
	default: // send, receive, -end-, set_priority
		return false
	}
	if t.Rendezvous || t.Chan != nil {
		return false
	}
	ok := true
	exprs(t, func(x automata.Expr) {
		switch x := x.(type) {
		case *automata.Ref:
			if x.Var == nil || x.Var.Global || x.Remote != nil || x.Var.Chan != nil || isChanType(x.Var) {
				ok = false
			}
			for _, s := range x.Path {
				if s.Field != nil && (s.Field.Chan != nil || isChanType(s.Field)) {
					ok = false
				}
			}
		case *automata.Call:
			if x.Fn != automata.BPid {
				ok = false
			}
		case *automata.RemoteLabel, *automata.Run, *automata.Poll:
			ok = false
		}
	})
	return ok
}

func isChanType(v *automata.Var) bool {
	return v.Type.Kind == chanKind
}

// exprs calls f on every expression of t (not of a d_step's body).
func exprs(t *automata.Trans, f func(automata.Expr)) {
	walk(t.X, f)
	if t.LHS != nil {
		walk(t.LHS, f)
	}
	walk(t.Chan, f)
	for _, a := range t.Args {
		walk(a, f)
	}
	for _, a := range t.RArgs {
		if a.Var != nil {
			walk(a.Var, f)
		}
		walk(a.Match, f)
	}
	for _, a := range t.PArgs {
		walk(a, f)
	}
	walk(t.Pid, f)
}

func walk(x automata.Expr, f func(automata.Expr)) {
	if x == nil {
		return
	}
	switch y := x.(type) {
	case *automata.Ref:
		if y == nil {
			return
		}
		f(x)
		walk(y.Index, f)
		for _, s := range y.Path {
			walk(s.Index, f)
		}
		if y.Remote != nil {
			walk(y.Remote.Pid, f)
		}
		return
	}
	f(x)
	switch y := x.(type) {
	case *automata.Unary:
		walk(y.X, f)
	case *automata.Binary:
		walk(y.X, f)
		walk(y.Y, f)
	case *automata.Cond:
		walk(y.C, f)
		walk(y.T, f)
		walk(y.E, f)
	case *automata.Call:
		for _, a := range y.Args {
			walk(a, f)
		}
	case *automata.RemoteLabel:
		walk(y.Remote.Pid, f)
	case *automata.Run:
		for _, a := range y.Args {
			walk(a, f)
		}
		walk(y.Prio, f)
	case *automata.Poll:
		walk(y.Chan, f)
		for _, a := range y.Args {
			walk(a.Match, f)
			if a.Var != nil {
				walk(a.Var, f)
			}
		}
	}
}

const chanKind = ast.Chan
