package engine

import (
	"github.com/gospin/gospin/promela/automata"
)

// Options select optional reductions of the engine. SPIN applies both by
// default (spin -o1 and -o2 turn them off).
type Options struct {
	// ResetDead resets local variables to 0 after the statements that
	// leave them dead, by SPIN's rule (see computeDead). Only scalar
	// locals that are not channels or struct fields are reset.
	ResetDead bool
	// HideWriteOnly keeps global variables that are never read out of the
	// state vector (as if declared hidden).
	HideWriteOnly bool
	// Merge executes chains of local, always executable statements as
	// one transition, as SPIN does by default (statement merging; off
	// with spin -o3). See merge.go.
	Merge bool
	// StrictEnd makes a valid end state need every channel empty too, as
	// pan -q does ("require empty chans in valid end states").
	StrictEnd bool
	// NPClaim: the search is pan -l's, whose non-progress claim (pan
	// compiled with -DNP) is a process: _nr_pr counts it and it takes one
	// of the 255 process slots, as a never claim does.
	NPClaim bool
}

// writeOnlyGlobals is the set of global variables that no expression
// reads (assignment targets and receive variables do not count).
func writeOnlyGlobals(prog *automata.Program) map[*automata.Var]bool {
	read := map[*automata.Var]bool{}
	scan := func(x automata.Expr) {
		automata.WalkExpr(x, func(y automata.Expr) {
			if r, ok := y.(*automata.Ref); ok {
				read[r.Var] = true
			}
		})
	}
	for _, t := range prog.Trans {
		t.EachOperand(scan)
		// pan does not count x++ and x-- as reads of x: a global that is only
		// incremented is write-only (spin -o3: `a++` in a loop stores 1 state).
		t.LHS.EachIndex(scan)
		for _, a := range t.RArgs {
			scan(a.Match)
			a.Var.EachIndex(scan)
		}
	}
	vars := append([]*automata.Var(nil), prog.Globals...)
	for _, p := range prog.Procs {
		scan(p.Provided)
		vars = append(vars, p.Locals...)
	}
	for _, v := range vars {
		scan(v.Init)
		for _, x := range v.InitArr {
			scan(x)
		}
	}
	hide := map[*automata.Var]bool{}
	for _, v := range prog.Globals {
		if !read[v] && v.Chan == nil && v.Type.Struct == nil && v.Type.Kind != 7 /* chan */ {
			hide[v] = true
		}
	}
	return hide
}

// bitset over the locals of one proctype.
type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (b bitset) set(i int)      { b[i/64] |= 1 << (i % 64) }
func (b bitset) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }

// computeDead fills e.dead with SPIN's dead-variable resets (its data-flow
// analysis, off with spin -o1/-o2). SPIN attaches the resets to
// statements, not to locations: after a statement that uses a scalar
// local (not an array, struct or channel), the variable is reset to 0 when
// no statement that reads it can be reached from the statement's target
// through statements that do not mention it (pangen5.c, FSM_DFS: a
// statement that writes it ends that path only; every option of a branch
// and every unless escape is searched; the end of the process ends a
// path; an if or do option that starts with false is not entered, unless
// an escape leaves it). A variable that the statement reads is reset only
// when the statement is a condition or a receive; one it writes, unless
// the statement assigns the constant 0. With a remote variable reference
// (P[i]:v) anywhere in the model, SPIN turns the analysis off.
func (e *Engine) computeDead() {
	e.dead = make([][]int, len(e.prog.Trans))
	if usesRemoteRefs(e.prog) {
		return
	}
	for _, pt := range e.ptypes {
		if pt.p.Kind != automata.NeverClaim {
			e.procDead(pt.p)
		}
	}
}

// usesRemoteRefs reports whether a transition of prog refers to a
// variable of another process (P[i]:v), which keeps every variable live.
func usesRemoteRefs(prog *automata.Program) bool {
	remote := false
	for _, t := range prog.Trans {
		forExprs(t, func(x automata.Expr) {
			automata.WalkExpr(x, func(x automata.Expr) {
				if r, ok := x.(*automata.Ref); ok && r.Remote != nil {
					remote = true
				}
			})
		})
	}
	return remote
}

// procDead fills e.dead for the transitions of process type p: after a
// transition, the scalar locals it reads or writes that no path reads
// before writing them again.
func (e *Engine) procDead(p *automata.Proc) {
	idx := map[*automata.Var]int{}
	for i, v := range p.Locals {
		if v.Len == 0 && v.Type.Struct == nil && v.Type.Kind != 7 /* chan */ && v.Chan == nil && v.Name != "_priority" {
			idx[v] = i
		}
	}
	n := len(p.Locals)
	f := newDeadFlow(p)
	for _, loc := range p.Locs {
		for _, t := range loc.Out {
			f.reads[t.ID], f.writes[t.ID] = transUses(t, idx, n)
		}
	}
	for _, loc := range p.Locs {
		if loc.Flags&automata.DStepLoc != 0 {
			continue // no resets inside a d_step
		}
		for _, t := range loc.Out {
			if t.Kind == automata.TDStep || t.Kind == automata.TEnd {
				continue
			}
			r, w := f.reads[t.ID], f.writes[t.ID]
			var dead []int
			for v := 0; v < n; v++ {
				if !r.has(v) && !w.has(v) {
					continue
				}
				if !f.deadAfter(t, v) {
					continue
				}
				ok := false
				if r.has(v) && (t.Kind == automata.TExpr || t.Kind == automata.TRecv) {
					ok = true
				}
				if w.has(v) && !(t.Kind == automata.TAssign && isConstZero(t.X)) {
					ok = true
				}
				if ok {
					dead = append(dead, v)
				}
			}
			e.dead[t.ID] = dead
		}
	}
}

// transUses returns the locals (of n, those in idx) that t reads and
// those it writes whole.
func transUses(t *automata.Trans, idx map[*automata.Var]int, n int) (r, w bitset) {
	r, w = newBitset(n), newBitset(n)
	read := func(x automata.Expr) {
		automata.WalkExpr(x, func(x automata.Expr) {
			if ref, ok := x.(*automata.Ref); ok && ref.Remote == nil && ref.Index == nil && len(ref.Path) == 0 {
				if i, ok := idx[ref.Var]; ok {
					r.set(i)
				}
			}
		})
	}
	write := func(ref *automata.Ref) {
		if ref == nil {
			return
		}
		if i, ok := idx[ref.Var]; ok && ref.Index == nil && len(ref.Path) == 0 {
			w.set(i)
			return
		}
		read(ref.Index)
		for _, s := range ref.Path {
			read(s.Index)
		}
	}
	t.EachOperand(read)
	switch t.Kind {
	case automata.TAssign:
		write(t.LHS)
	case automata.TIncDec:
		read(t.LHS)
		write(t.LHS)
	case automata.TRecv:
		for _, a := range t.RArgs {
			read(a.Match)
			write(a.Var)
		}
	}
	return r, w
}

// deadFlow is the control flow of one process type for the
// dead-variable search: its transitions in SPIN's edge order (the
// statement before its unless escapes) and what each reads and writes.
type deadFlow struct {
	p             *automata.Proc
	order         [][]*automata.Trans
	escapes       []bool // an unless escape leaves the location
	seen          []bool
	reads, writes map[int]bitset
}

func newDeadFlow(p *automata.Proc) *deadFlow {
	f := &deadFlow{
		p:       p,
		order:   make([][]*automata.Trans, len(p.Locs)),
		escapes: make([]bool, len(p.Locs)),
		seen:    make([]bool, len(p.Locs)),
		reads:   make(map[int]bitset),
		writes:  make(map[int]bitset),
	}
	for li, loc := range p.Locs {
		for _, t := range loc.Out {
			if t.Level == automata.MainLevel {
				f.order[li] = append(f.order[li], t)
			}
		}
		for _, t := range loc.Out {
			if t.Level != automata.MainLevel {
				f.order[li] = append(f.order[li], t)
				f.escapes[li] = true
			}
		}
	}
	return f
}

// deadAfter reports whether no path from t's target reads local v
// before writing it.
func (f *deadFlow) deadAfter(t *automata.Trans, v int) bool {
	for i := range f.seen {
		f.seen[i] = false
	}
	return f.dfs(t.To, v)
}

func (f *deadFlow) dfs(loc, v int) bool {
	if loc == f.p.End || f.seen[loc] {
		return true
	}
	f.seen[loc] = true
	for _, t := range f.order[loc] {
		if t.Kind == automata.TEnd || t.DeadLink && !f.escapes[loc] {
			continue
		}
		if f.reads[t.ID].has(v) {
			return false
		}
		if f.writes[t.ID].has(v) {
			continue // this path ends here; the others are still searched
		}
		// successors: a d_step enters its body
		next := t.To
		if t.Kind == automata.TDStep {
			next = t.DStart
		}
		if !f.dfs(next, v) {
			return false
		}
	}
	return true
}

// isConstZero reports whether x is the constant 0.
func isConstZero(x automata.Expr) bool {
	c, ok := x.(*automata.Const)
	return ok && c.V == 0
}

// forExprs calls f on every expression of t.
func forExprs(t *automata.Trans, f func(automata.Expr)) {
	t.EachOperand(f)
	if t.LHS != nil {
		f(t.LHS)
	}
	for _, a := range t.RArgs {
		f(a.Match)
		if a.Var != nil {
			f(a.Var)
		}
	}
}

// resetDead zeroes the locals of process pid that statement t leaves
// dead.
func (e *Engine) resetDead(c *ctx, pid int, t *ctrans) {
	if e.dead == nil || pid < 0 || pid >= c.nproc {
		return
	}
	o := int(c.procOff[pid])
	pt := e.ptypes[c.s[o]]
	for _, i := range e.dead[t.id] {
		v := pt.p.Locals[i]
		off := o + procHdr + v.Offset
		for k := 0; k < v.Size; k++ {
			c.s[off+k] = 0
		}
	}
}
