package reduce

import (
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/token"
)

// Exclusive channel operations.
//
// SPIN lets a send or receive count as "safe" when the model asserts,
// with xs or xr, that one process alone sends to (receives from) the
// channel, and makes the assertion's truth a run-time check. gospin needs
// no assertion: it infers exclusivity state by state. Statically, every
// chan variable gets the set of operations (capabilities) that may ever
// be applied to a channel held in it, by the process holding it or by
// processes it hands the channel to (through run arguments or global
// variables), and per location of each proctype the capabilities that are
// still reachable from there. In a state, process p's operation on
// channel c is safe when no other process holds c (in a global or in a
// local of its own) with a capability that does not commute with it from
// its current location on, when p itself does not hand c to one that
// does, and when the channel's contents make the operation's outcome
// immune to what the others may still do:
//
//   - a FIFO send when the channel is not full and no one else may send,
//     or test its length, emptiness or fullness (len, empty, full, nfull;
//     receives and nempty commute with an append to a non-full channel);
//   - a FIFO receive (or ?<..> or ?[..]) when the channel is not empty
//     and no one else may receive from it or read its head or length
//     (len, empty, nempty, full, ?[..]); others' sends append behind the
//     head, and nfull only becomes true when p receives;
//   - len, empty, nempty, full, nfull when their value is frozen: for
//     an exclusive receiver (others can only append), empty/nempty when
//     the channel is not empty, full/nfull/len when it is full; for an
//     exclusive sender (others can only remove), empty/nempty/len when
//     it is empty, full/nfull when it is not full.
//
// Sorted sends (!!), random receives (??), rendezvous channels, channels
// in arrays indexed by variables, and any model where a channel can be
// stored where the analysis does not follow it (a message field or a
// struct field of chan type, a chan variable assigned something other
// than another chan variable) are never safe.

// capSet is a set of operations on a channel.
type capSet uint16

const (
	capSend capSet = 1 << iota
	capSorted
	capRecv
	capRandRecv
	capHeadPoll // ?[..], ??[..], ?<..>
	capLen
	capEmpty
	capNEmpty
	capFull
	capNFull
)

// confRecv: capabilities of others that an exclusive receiver's
// operations do not commute with; confSend: the same for an exclusive
// sender.
const (
	confRecv = capRecv | capRandRecv | capHeadPoll | capLen | capEmpty | capNEmpty | capFull | capSorted
	confSend = capSend | capSorted | capLen | capEmpty | capFull | capNFull
)

// capPair: what the holder itself may do (own) and what processes it
// hands the channel to may do (given).
type capPair struct{ own, given capSet }

func (c capPair) all() capSet { return c.own | c.given }

// opKind is an operation of a conditionally safe statement.
type opKind uint8

const (
	opSend opKind = iota
	opRecv        // receive, ?<..>, ?[..]
	opLen
	opEmpty // empty, nempty
	opFull  // full, nfull
	// opRun: run of a proctype whose initializers are local; safe when
	// the process is the youngest and no other may still run a process,
	// die or read _nr_pr (the new pid and _nr_pr depend on the order)
	opRun
	// opEnd: the process dies (it declares no channels); safe when it is
	// the youngest and no other may still run a process or read _nr_pr
	opEnd
	// opArg: a chan variable passed to run (no condition of its own)
	opArg
)

// chanOp is one channel operation of a conditionally safe location: on
// the channel held by a scalar (or constant-indexed) chan variable.
type chanOp struct {
	kind   opKind
	global bool
	v      *automata.Var
	elem   int // constant array index
}

// chanAnalysis is the static side: tracked variables and the
// capabilities reachable from every location.
type chanAnalysis struct {
	prog   *automata.Program
	escape bool // a channel can be stored where the analysis does not follow it
	// unsupported: chan variables whose operations are never safe
	unsupported map[*automata.Var]bool
	globals     []*automata.Var
	index       map[*automata.Var]int // globals: 0.., locals: len(globals)+i within their proc
	locals      map[*automata.Proc][]*automata.Var
	capsAt      map[*automata.Proc][][]capPair // [loc][var index]
	total       []capSet                       // per global: every capability anywhere
}

func isChan(t automata.Type) bool { return t.Kind == ast.Chan }

func structHasChan(st *automata.Struct, seen map[*automata.Struct]bool) bool {
	if st == nil || seen[st] {
		return false
	}
	seen[st] = true
	for _, f := range st.Fields {
		if isChan(f.Type) || structHasChan(f.Type.Struct, seen) {
			return true
		}
	}
	return false
}

func newChanAnalysis(prog *automata.Program) *chanAnalysis {
	a := &chanAnalysis{prog: prog, unsupported: map[*automata.Var]bool{}, index: map[*automata.Var]int{}, locals: map[*automata.Proc][]*automata.Var{}, capsAt: map[*automata.Proc][][]capPair{}}
	seen := map[*automata.Struct]bool{}
	checkVar := func(v *automata.Var) {
		if structHasChan(v.Type.Struct, seen) {
			a.escape = true
		}
		if v.Chan != nil {
			for _, f := range v.Chan.Fields {
				if isChan(f) || structHasChan(f.Struct, map[*automata.Struct]bool{}) {
					a.escape = true
				}
			}
		}
	}
	for _, v := range prog.Globals {
		checkVar(v)
		if isChan(v.Type) {
			a.index[v] = len(a.globals)
			a.globals = append(a.globals, v)
		}
	}
	for _, p := range prog.Procs {
		if p.Kind == automata.NeverClaim {
			continue
		}
		for _, v := range p.Locals {
			checkVar(v)
			if isChan(v.Type) {
				a.index[v] = len(a.globals) + len(a.locals[p])
				a.locals[p] = append(a.locals[p], v)
			}
		}
	}
	for _, t := range prog.Trans {
		if t.Proc.Kind == automata.NeverClaim {
			// a claim polling a channel: SPIN makes it non-exclusive
			exprs(t, func(x automata.Expr) {
				if r, ok := x.(*automata.Ref); ok && r.Var != nil && isChan(r.Var.Type) {
					a.unsupported[r.Var] = true
				}
			})
			continue
		}
		a.scanEscapes(t)
	}
	if a.escape {
		return a
	}
	for _, p := range prog.Procs {
		if p.Kind == automata.NeverClaim {
			continue
		}
		n := len(a.globals) + len(a.locals[p])
		caps := make([][]capPair, len(p.Locs))
		for i := range caps {
			caps[i] = make([]capPair, n)
		}
		a.capsAt[p] = caps
	}
	a.total = make([]capSet, len(a.globals))
	a.fixpoint()
	return a
}

// chanRef returns the chan variable reference x is, or nil.
func chanRef(x automata.Expr) *automata.Ref {
	r, ok := x.(*automata.Ref)
	if !ok || r == nil || r.Var == nil || r.Remote != nil || len(r.Path) > 0 || !isChan(r.Var.Type) {
		return nil
	}
	return r
}

// scanEscapes marks what the analysis cannot follow.
func (a *chanAnalysis) scanEscapes(t *automata.Trans) {
	switch t.Kind {
	case automata.TAssign:
		if t.LHS != nil && t.LHS.Var != nil && isChan(t.LHS.Var.Type) {
			if len(t.LHS.Path) > 0 || chanRef(t.X) == nil {
				a.escape = true
			}
		}
	case automata.TRecv:
		for _, ra := range t.RArgs {
			if ra.Var != nil && ra.Var.Var != nil && isChan(ra.Var.Var.Type) {
				a.escape = true
			}
		}
	case automata.TAssert, automata.TPrintf, automata.TPrintm, automata.TIncDec:
	}
	// polls inside statements that statement merging may chain after a
	// channel operation: their channels are left alone
	if t.Kind != automata.TExpr && t.Kind != automata.TSend && t.Kind != automata.TRecv {
		exprs(t, func(x automata.Expr) {
			switch y := x.(type) {
			case *automata.Call:
				if isPoll(y.Fn) && len(y.Args) > 0 {
					if r := chanRef(y.Args[0]); r != nil {
						a.unsupported[r.Var] = true
					}
				}
			case *automata.Poll:
				if r := chanRef(y.Chan); r != nil {
					a.unsupported[r.Var] = true
				}
			}
		})
	}
	exprs(t, func(x automata.Expr) {
		if run, ok := x.(*automata.Run); ok {
			first := argIndex(run)
			if first == nil {
				a.escape = true // struct arguments flattened out of step
				return
			}
			for i, prm := range run.Proc.Params {
				if isChan(prm.Type) && chanRef(run.Args[first[i]]) == nil {
					a.escape = true
				}
				if prm.Type.Struct != nil && structHasChan(prm.Type.Struct, map[*automata.Struct]bool{}) {
					a.escape = true
				}
			}
		}
	})
}

// argIndex returns, per parameter of the run's proctype, the index of its
// first argument (struct arguments are flattened field by field), or nil
// when the arguments do not line up.
func argIndex(run *automata.Run) []int {
	first := make([]int, 0, len(run.Proc.Params))
	n := 0
	for _, prm := range run.Proc.Params {
		first = append(first, n)
		n += flatCount(prm.Type) * max(1, prm.Len)
	}
	if n != len(run.Args) {
		return nil
	}
	return first
}

// flatCount is the number of basic values of type t.
func flatCount(t automata.Type) int {
	if t.Struct == nil {
		return 1
	}
	n := 0
	for _, f := range t.Struct.Fields {
		n += flatCount(f.Type) * max(1, f.Len)
	}
	return n
}

// pollCaps adds the capabilities of the polls in x, used true (pos)
// and/or false (neg): a poll used false is a poll of the opposite kind.
func pollCaps(x automata.Expr, pos, neg bool, add func(*automata.Ref, capSet)) {
	switch y := x.(type) {
	case nil:
		return
	case *automata.Unary:
		if y.Op == token.NOT {
			pollCaps(y.X, neg, pos, add)
			return
		}
		pollCaps(y.X, true, true, add)
		return
	case *automata.Binary:
		if y.Op == token.LAND || y.Op == token.LOR {
			pollCaps(y.X, pos, neg, add)
			pollCaps(y.Y, pos, neg, add)
			return
		}
		pollCaps(y.X, true, true, add)
		pollCaps(y.Y, true, true, add)
		return
	case *automata.Cond:
		pollCaps(y.C, true, true, add)
		pollCaps(y.T, pos, neg, add)
		pollCaps(y.E, pos, neg, add)
		return
	case *automata.Call:
		if isPoll(y.Fn) && len(y.Args) > 0 {
			if r := chanRef(y.Args[0]); r != nil {
				var c capSet
				if pos {
					c |= pollCap(y.Fn)
				}
				if neg {
					c |= pollCap(negPoll(y.Fn))
				}
				add(r, c)
			}
		}
		for _, a := range y.Args {
			pollCaps(a, true, true, add)
		}
		return
	case *automata.Poll:
		if r := chanRef(y.Chan); r != nil {
			c := capHeadPoll
			if neg {
				// false: no (matching) message, at the head or anywhere
				c |= capEmpty
				if y.Random {
					c |= capLen
				}
			}
			add(r, c)
		}
		for _, ra := range y.Args {
			pollCaps(ra.Match, true, true, add)
		}
		return
	case *automata.Ref:
		pollCaps(y.Index, true, true, add)
		for _, sel := range y.Path {
			pollCaps(sel.Index, true, true, add)
		}
		return
	case *automata.Run:
		for _, a := range y.Args {
			pollCaps(a, true, true, add)
		}
		return
	}
}

// negPoll is the poll that holds when fn's does not (len: itself).
func negPoll(fn automata.Builtin) automata.Builtin {
	switch fn {
	case automata.BEmpty:
		return automata.BNempty
	case automata.BNempty:
		return automata.BEmpty
	case automata.BFull:
		return automata.BNfull
	case automata.BNfull:
		return automata.BFull
	}
	return fn
}

// disabledCaps adds what observing that t is disabled reads of a
// channel: at a location with else or with unless escapes, a statement's
// executability depends on its siblings' being disabled.
func disabledCaps(t *automata.Trans, add func(*automata.Ref, capSet)) {
	switch t.Kind {
	case automata.TSend:
		if r := chanRef(t.Chan); r != nil {
			add(r, capFull)
		}
	case automata.TRecv:
		if r := chanRef(t.Chan); r != nil {
			c := capHeadPoll | capEmpty
			if t.Random {
				c |= capLen
			}
			add(r, c)
		}
	case automata.TExpr:
		pollCaps(t.X, false, true, add)
	}
}

// observesSiblings reports whether a transition at l is executable only
// when others at l are not: l has an else, or escapes of unless.
func observesSiblings(l *automata.Loc) bool {
	for _, t := range l.Out {
		if t.Kind == automata.TElse || t.Level != l.Out[0].Level {
			return true
		}
	}
	return false
}

func isPoll(fn automata.Builtin) bool {
	switch fn {
	case automata.BLen, automata.BEmpty, automata.BNempty, automata.BFull, automata.BNfull:
		return true
	}
	return false
}

func pollCap(fn automata.Builtin) capSet {
	switch fn {
	case automata.BLen:
		return capLen
	case automata.BEmpty:
		return capEmpty
	case automata.BNempty:
		return capNEmpty
	case automata.BFull:
		return capFull
	}
	return capNFull
}

// uses adds to vec (indexed as capsAt[p]) the capabilities transition t
// of p exercises directly or hands on.
func (a *chanAnalysis) uses(p *automata.Proc, t *automata.Trans, vec []capPair) {
	own := func(r *automata.Ref, c capSet) {
		if r == nil {
			return
		}
		if i, ok := a.index[r.Var]; ok && i < len(vec) {
			vec[i].own |= c
		}
	}
	switch t.Kind {
	case automata.TSend:
		c := capSend
		if t.Sorted {
			c = capSorted
		}
		own(chanRef(t.Chan), c)
	case automata.TRecv:
		c := capRecv
		switch {
		case t.Random:
			c = capRandRecv
		case t.Keep:
			c = capHeadPoll
		}
		own(chanRef(t.Chan), c)
	case automata.TAssign:
		if t.LHS != nil && t.LHS.Var != nil && isChan(t.LHS.Var.Type) {
			if src := chanRef(t.X); src != nil {
				if i, ok := a.index[src.Var]; ok && i < len(vec) {
					dst := t.LHS.Var
					if dst.Global {
						vec[i].given |= a.total[a.index[dst]]
					} else if j, ok := a.index[dst]; ok && t.To >= 0 && t.To < len(p.Locs) {
						cp := a.capsAt[p][t.To][j]
						vec[i].own |= cp.own
						vec[i].given |= cp.given
					}
				}
			}
		}
	case automata.TDStep:
		if t.DStart >= 0 && t.DStart < len(p.Locs) {
			for i, cp := range a.capsAt[p][t.DStart] {
				vec[i].own |= cp.own
				vec[i].given |= cp.given
			}
		}
	}
	// polls, with the polarity they are used in: a guard is used true
	// only; any other expression (an assignment, assert, printf) both ways
	if t.Kind == automata.TExpr {
		pollCaps(t.X, true, false, own)
		for _, x := range t.Args {
			pollCaps(x, true, true, own)
		}
	} else {
		exprs(t, func(x automata.Expr) {
			switch x.(type) {
			case *automata.Call, *automata.Poll:
				pollCaps(x, true, true, own)
			}
		})
	}
	exprs(t, func(x automata.Expr) {
		switch y := x.(type) {
		case *automata.Run:
			q := y.Proc
			qc := a.capsAt[q]
			if qc == nil || q.Start < 0 || q.Start >= len(qc) {
				return
			}
			start := qc[q.Start]
			// the new process's uses of globals and of its parameters
			for g := range a.globals {
				if g < len(vec) {
					vec[g].given |= start[g].all()
				}
			}
			first := argIndex(y)
			if first == nil {
				return // escape: chan operations are never safe
			}
			for i, prm := range q.Params {
				if !isChan(prm.Type) {
					continue
				}
				src := chanRef(y.Args[first[i]])
				if src == nil {
					continue
				}
				j, ok := a.index[prm]
				k, ok2 := a.index[src.Var]
				if ok && ok2 && k < len(vec) {
					vec[k].given |= start[j].all()
				}
			}
		}
	})
}

// fixpoint computes capsAt: per location, the capabilities of the
// transitions reachable from it.
func (a *chanAnalysis) fixpoint() {
	for changed := true; changed; {
		changed = false
		for _, p := range a.prog.Procs {
			caps := a.capsAt[p]
			if caps == nil {
				continue
			}
			n := len(a.globals) + len(a.locals[p])
			vec := make([]capPair, n)
			for l := len(p.Locs) - 1; l >= 0; l-- {
				clear(vec)
				if observesSiblings(p.Locs[l]) {
					for _, t := range p.Locs[l].Out {
						disabledCaps(t, func(r *automata.Ref, c capSet) {
							if i, ok := a.index[r.Var]; ok && i < len(vec) {
								vec[i].own |= c
							}
						})
					}
				}
				for _, t := range p.Locs[l].Out {
					a.uses(p, t, vec)
					if t.To >= 0 && t.To < len(caps) {
						for i, cp := range caps[t.To] {
							vec[i].own |= cp.own
							vec[i].given |= cp.given
						}
					}
				}
				for i := range vec {
					if vec[i].own&^caps[l][i].own != 0 || vec[i].given&^caps[l][i].given != 0 {
						caps[l][i].own |= vec[i].own
						caps[l][i].given |= vec[i].given
						changed = true
					}
				}
			}
			for g := range a.globals {
				for l := range caps {
					if c := caps[l][g].all(); c&^a.total[g] != 0 {
						a.total[g] |= c
						changed = true
					}
				}
			}
		}
	}
}

// opsOf returns the channel operations of t when t is a conditionally
// safe statement: a FIFO send or receive, or a condition with polls, on
// channels held in tracked chan variables, everything else about it
// local. ok is false otherwise.
func (a *chanAnalysis) opsOf(t *automata.Trans) (ops []chanOp, ok bool) {
	if t.Rendezvous || t.Region != 0 {
		return nil, false
	}
	p := t.Proc
	for _, l := range []int{t.From, t.To} {
		if l < 0 || l >= len(p.Locs) || p.Locs[l].Region != 0 {
			return nil, false
		}
	}
	if t.Kind == automata.TEnd {
		return endOps(p)
	}
	if run, isRun := t.X.(*automata.Run); isRun && t.Kind == automata.TExpr {
		return a.runOps(run)
	}
	if a.escape {
		return nil, false
	}
	switch t.Kind {
	case automata.TSend, automata.TRecv:
		k := opSend
		if t.Kind == automata.TRecv {
			k = opRecv
		}
		if t.Sorted || t.Random || !msgLocal(t) {
			return nil, false
		}
		o, ok := a.opOn(t.Chan, k, p)
		if !ok {
			return nil, false
		}
		return []chanOp{o}, true
	case automata.TExpr:
		if !a.condOps(t.X, p, &ops) || len(ops) == 0 {
			return nil, false
		}
		return ops, true
	}
	return nil, false
}

// msgLocal reports whether the message of send or receive t refers only
// to non-chan locals of its process: the sent values, the receive's
// variables and matched values.
func msgLocal(t *automata.Trans) bool {
	for _, x := range t.Args {
		if !localOnly(x) {
			return false
		}
	}
	for _, ra := range t.RArgs {
		if ra.Var != nil && !localOnly(ra.Var) || ra.Match != nil && !localOnly(ra.Match) {
			return false
		}
	}
	return true
}

// opOn returns the operation of kind k on the channel x refers to, when
// x is a tracked chan variable (an element of a tracked array at a
// constant index) of p or global.
func (a *chanAnalysis) opOn(x automata.Expr, k opKind, p *automata.Proc) (chanOp, bool) {
	r := chanRef(x)
	if r == nil || a.unsupported[r.Var] {
		return chanOp{}, false
	}
	if _, tracked := a.index[r.Var]; !tracked {
		return chanOp{}, false
	}
	elem := 0
	if r.Index != nil {
		c, isConst := r.Index.(*automata.Const)
		if !isConst || c.V < 0 || int(c.V) >= max(1, r.Var.Len) {
			return chanOp{}, false
		}
		elem = int(c.V)
	} else if r.Var.Len > 0 {
		return chanOp{}, false
	}
	if r.Var.Global == false && r.Var.Proc != p && r.Var.Proc != nil {
		return chanOp{}, false
	}
	return chanOp{kind: k, global: r.Var.Global, v: r.Var, elem: elem}, true
}

// endOps returns the operation of a process's end: safe unless its
// locals hold channels.
func endOps(p *automata.Proc) ([]chanOp, bool) {
	for _, v := range p.Locals {
		if v.Chan != nil || v.Type.Struct != nil {
			return nil, false
		}
	}
	return []chanOp{{kind: opEnd}}, true
}

// runOps returns the operations of a run: the run and the channels it
// passes on, when its arguments are otherwise local.
func (a *chanAnalysis) runOps(run *automata.Run) ([]chanOp, bool) {
	if run.Prio != nil || !a.localInits(run.Proc) {
		return nil, false
	}
	ops := []chanOp{{kind: opRun}}
	for _, arg := range run.Args {
		if a.escape {
			// channel operations are never safe: passing channels on
			// does not matter
			if !localOnlyChans(arg) {
				return nil, false
			}
			automata.WalkExpr(arg, func(y automata.Expr) {
				if z, ok := y.(*automata.Ref); ok && z.Var != nil && isChan(z.Var.Type) {
					ops = append(ops, chanOp{kind: opArg, v: z.Var})
				}
			})
			continue
		}
		if r := chanRef(arg); r != nil {
			if r.Var.Global || r.Index != nil || r.Var.Len > 0 {
				return nil, false
			}
			ops = append(ops, chanOp{kind: opArg, v: r.Var})
			continue
		}
		if !localOnly(arg) {
			return nil, false
		}
	}
	return ops, true
}

// condOps appends to ops the polls of condition x (of a process of type
// p) and reports whether x is otherwise local.
func (a *chanAnalysis) condOps(x automata.Expr, p *automata.Proc, ops *[]chanOp) bool {
	switch y := x.(type) {
	case *automata.Call:
		if isPoll(y.Fn) && len(y.Args) == 1 {
			k := opLen
			switch y.Fn {
			case automata.BEmpty, automata.BNempty:
				k = opEmpty
			case automata.BFull, automata.BNfull:
				k = opFull
			}
			o, ok := a.opOn(y.Args[0], k, p)
			if ok {
				*ops = append(*ops, o)
			}
			return ok
		}
	case *automata.Poll:
		if y.Random {
			return false
		}
		o, ok := a.opOn(y.Chan, opRecv, p)
		if !ok {
			return false
		}
		*ops = append(*ops, o)
		for _, ra := range y.Args {
			if ra.Match != nil && !localOnly(ra.Match) || ra.Var != nil {
				return false
			}
		}
		return true
	case *automata.Unary:
		return a.condOps(y.X, p, ops)
	case *automata.Binary:
		return a.condOps(y.X, p, ops) && a.condOps(y.Y, p, ops)
	case *automata.Cond:
		return a.condOps(y.C, p, ops) && a.condOps(y.T, p, ops) && a.condOps(y.E, p, ops)
	}
	return localOnly(x)
}

// localOnly reports whether x refers only to non-chan locals of its
// process (and _pid).
func localOnly(x automata.Expr) bool { return readsLocals(x, false) }

// localInits reports whether the local initializers of q read only q's
// own state (they run when q is created).
func (a *chanAnalysis) localInits(q *automata.Proc) bool {
	for _, v := range q.Locals {
		if v.Init != nil && !localOnly(v.Init) {
			return false
		}
		for _, x := range v.InitArr {
			if !localOnly(x) {
				return false
			}
		}
	}
	return true
}

// canDie computes, per location of p, whether p may still die from it.
func canDie(p *automata.Proc) []bool {
	return reachable(p, func(t *automata.Trans) bool { return t.Kind == automata.TEnd })
}

// runny computes, per location of p, whether a transition reachable from
// it may run a process, or read _nr_pr.
func runny(p *automata.Proc) []bool {
	return reachable(p, func(t *automata.Trans) bool {
		found := false
		exprs(t, func(x automata.Expr) {
			switch y := x.(type) {
			case *automata.Run:
				found = true
			case *automata.Call:
				if y.Fn == automata.BNrPr {
					found = true
				}
			}
		})
		return found
	})
}

// reachable computes, per location of p, whether a transition for which
// direct holds is reachable from it.
func reachable(p *automata.Proc, direct func(t *automata.Trans) bool) []bool {
	return reachUnion(p, direct, func(a, b bool) bool { return a || b })
}

// localOnlyChans is localOnly that lets chan variables (and chan fields)
// of the process be read.
func localOnlyChans(x automata.Expr) bool { return readsLocals(x, true) }

// readsLocals reports whether x refers only to locals of its process
// (and _pid), chan locals and chan fields too when chans is set.
func readsLocals(x automata.Expr, chans bool) bool {
	good := true
	automata.WalkExpr(x, func(y automata.Expr) {
		good = good && localNode(y, chans)
	})
	return good
}

// localNode reports whether expression node y itself (not its operands)
// refers only to locals of its process (and _pid), chan locals and chan
// fields too when chans is set.
func localNode(y automata.Expr, chans bool) bool {
	switch z := y.(type) {
	case *automata.Ref:
		if z.Var == nil || z.Var.Global || z.Remote != nil || !chans && (z.Var.Chan != nil || isChan(z.Var.Type)) {
			return false
		}
		for _, s := range z.Path {
			if !chans && s.Field != nil && (s.Field.Chan != nil || isChan(s.Field.Type)) {
				return false
			}
		}
	case *automata.Call:
		return z.Fn == automata.BPid
	case *automata.RemoteLabel, *automata.Run, *automata.Poll:
		return false
	}
	return true
}

// chanOps calls f for each channel variable reference that t sends to,
// receives from or polls (a d_step: anywhere in its body); ref is nil
// for a channel expression that is no plain variable.
func chanOps(p *automata.Proc, t *automata.Trans, f func(ref *automata.Ref)) {
	look := func(u *automata.Trans) {
		if u.Kind == automata.TSend || u.Kind == automata.TRecv {
			f(chanRef(u.Chan))
		}
		exprs(u, func(x automata.Expr) {
			switch y := x.(type) {
			case *automata.Poll:
				f(chanRef(y.Chan))
			case *automata.Call:
				if isPoll(y.Fn) && len(y.Args) > 0 {
					f(chanRef(y.Args[0]))
				}
			}
		})
	}
	look(t)
	if t.Kind == automata.TDStep {
		p.EachDStepTrans(t.DStart, look)
	}
}

// bufferedVars returns the chan variables that surely hold buffered
// channels (or none): declared with a capacity above 0 and never
// assigned, or parameters that every run passes such a variable (and
// that some run does: a parameter of an active proctype starts with no
// channel).
func bufferedVars(prog *automata.Program) map[*automata.Var]bool {
	return chanVarsOf(prog, func(capacity int) bool { return capacity > 0 }, false)
}

// chanVarsOf returns the chan variables that only ever hold channels
// whose capacity has property want: declared with such a channel and
// never assigned whole (assignedVars: by an assignment or a receive), or
// parameters, never assigned, that every run passes such a variable (the
// least fixpoint). With orNone a parameter that no run passes, or one of
// an active proctype (no channel), joins too; without, it does not.
func chanVarsOf(prog *automata.Program, want func(capacity int) bool, orNone bool) map[*automata.Var]bool {
	vars := map[*automata.Var]bool{}
	assigned := assignedVars(prog)
	type arg struct {
		param *automata.Var
		src   automata.Expr
	}
	var args []arg
	for _, t := range prog.Trans {
		exprs(t, func(x automata.Expr) {
			run, ok := x.(*automata.Run)
			if !ok {
				return
			}
			first := argIndex(run)
			for i, prm := range run.Proc.Params {
				if !isChan(prm.Type) {
					continue
				}
				if first == nil {
					assigned[prm] = true
					continue
				}
				args = append(args, arg{prm, run.Args[first[i]]})
			}
		})
	}
	declared := func(vs []*automata.Var) {
		for _, v := range vs {
			if v.Chan != nil && want(v.Chan.Cap) && !assigned[v] {
				vars[v] = true
			}
		}
	}
	declared(prog.Globals)
	params := map[*automata.Var]bool{}
	for _, p := range prog.Procs {
		declared(p.Locals)
		for _, v := range p.Params {
			if isChan(v.Type) && !assigned[v] {
				params[v] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for v := range params {
			if vars[v] || !orNone && v.Proc != nil && v.Proc.Active > 0 {
				continue
			}
			ok, passed := true, false
			for _, a := range args {
				if a.param != v {
					continue
				}
				passed = true
				r := chanRef(a.src)
				if r == nil || !vars[r.Var] {
					ok = false
				}
			}
			if ok && (passed || orNone) {
				vars[v] = true
				changed = true
			}
		}
	}
	return vars
}

// chanMasks are sets of channels by direction: bit i stands for the i-th
// global chan variable that always holds its own channel (declared with
// one, never assigned), unknownChan for any other channel.
type chanMasks struct{ send, recv, any uint64 }

const unknownChan = uint64(1) << 63

func (m chanMasks) or(o chanMasks) chanMasks {
	return chanMasks{m.send | o.send, m.recv | o.recv, m.any | o.any}
}

// overlap reports whether channel sets a and b may share a channel.
func overlap(a, b uint64) bool {
	return a&b != 0 || a&unknownChan != 0 && b != 0 || b&unknownChan != 0 && a != 0
}

// assignedVars are the variables that an assignment or a receive of prog
// writes whole.
func assignedVars(prog *automata.Program) map[*automata.Var]bool {
	assigned := map[*automata.Var]bool{}
	for _, t := range prog.Trans {
		if t.Kind == automata.TAssign && t.LHS != nil && t.LHS.Var != nil {
			assigned[t.LHS.Var] = true
		}
		if t.Kind == automata.TRecv {
			for _, ra := range t.RArgs {
				if ra.Var != nil && ra.Var.Var != nil {
					assigned[ra.Var.Var] = true
				}
			}
		}
	}
	return assigned
}

// chanBits numbers the global chan variables that always hold their own
// channel.
func chanBits(prog *automata.Program) map[*automata.Var]uint64 {
	assigned := assignedVars(prog)
	bits := map[*automata.Var]uint64{}
	for _, v := range prog.Globals {
		if v.Chan != nil && !assigned[v] && len(bits) < 63 {
			bits[v] = 1 << len(bits)
		}
	}
	return bits
}

func chanBit(bits map[*automata.Var]uint64, ref *automata.Ref) uint64 {
	if ref != nil {
		if b, ok := bits[ref.Var]; ok {
			return b
		}
	}
	return unknownChan
}

// reachMasks computes, per location of p, the union of direct over the
// transitions reachable from it.
func reachMasks(p *automata.Proc, direct func(t *automata.Trans) chanMasks) []chanMasks {
	return reachUnion(p, direct, chanMasks.or)
}

// reachUnion computes, per location of p, the join of direct over the
// transitions reachable from it (into d_step bodies too): the least
// fixpoint, the locations taken from the last, as their numbering mostly
// runs forward.
func reachUnion[T comparable](p *automata.Proc, direct func(t *automata.Trans) T, join func(a, b T) T) []T {
	out := make([]T, len(p.Locs))
	for changed := true; changed; {
		changed = false
		for l := len(p.Locs) - 1; l >= 0; l-- {
			m := out[l]
			for _, t := range p.Locs[l].Out {
				m = join(m, direct(t))
				if t.To >= 0 && t.To < len(out) {
					m = join(m, out[t.To])
				}
				if t.Kind == automata.TDStep && t.DStart >= 0 && t.DStart < len(out) {
					m = join(m, out[t.DStart])
				}
			}
			if m != out[l] {
				out[l] = m
				changed = true
			}
		}
	}
	return out
}

// blockMasks computes, per proctype and location, the channels on which
// the process may still block where another process's step that is not
// dependent on it in the ordinary sense changes the outcome: inside an
// atomic sequence past its first statement (it loses its atomicity there
// or not: any operation, any channel, in any), and beside else or unless
// escapes (a statement executable only when its siblings are not: the
// readiness of a rendezvous partner, in send and recv). It includes what
// the processes it may run may do so.
//
// The masks are read at a process's current location, and do not count
// that location's own operations inside an atomic sequence (a process
// waiting there is enabled by a partner in the ordinary way), unless it
// can come back to it. With late (lateLocs, for safety searches without
// timeout), the operations at a late location (inside an atomic sequence,
// reached from its start by local steps only) are left out everywhere:
// see lateLocs for why.
func blockMasks(prog *automata.Program, bits map[*automata.Var]uint64, buf map[*automata.Var]bool, late map[*automata.Proc][]bool) map[*automata.Proc][]chanMasks {
	out := map[*automata.Proc][]chanMasks{}
	for _, p := range prog.Procs {
		out[p] = make([]chanMasks, len(p.Locs))
	}
	ops := func(p *automata.Proc, t *automata.Trans, inner bool) chanMasks {
		var m chanMasks
		chanOps(p, t, func(ref *automata.Ref) {
			b := chanBit(bits, ref)
			if inner {
				m.any |= b
			}
			if ref == nil || !buf[ref.Var] {
				switch t.Kind {
				case automata.TSend:
					m.send |= b
				case automata.TRecv:
					m.recv |= b
				}
			}
		})
		return m
	}
	// direct: what t itself contributes; inner says whether its own
	// operations count inside an atomic sequence
	direct := func(p *automata.Proc, t *automata.Trans, inner bool) chanMasks {
		var m chanMasks
		if t.From < 0 || t.From >= len(p.Locs) {
			return chanMasks{^uint64(0), ^uint64(0), ^uint64(0)}
		}
		from := p.Locs[t.From]
		lp := late[p]
		inner = inner && from.Region != 0 && (lp == nil || !lp[t.From])
		if inner || observesSiblings(from) {
			m = ops(p, t, inner)
		}
		exprs(t, func(x automata.Expr) {
			if run, ok := x.(*automata.Run); ok {
				if q := out[run.Proc]; q != nil && run.Proc.Start >= 0 && run.Proc.Start < len(q) {
					m = m.or(q[run.Proc.Start])
				}
			}
		})
		return m
	}
	for changed := true; changed; {
		changed = false
		for _, p := range prog.Procs {
			if p.Kind == automata.NeverClaim {
				continue
			}
			r := reachMasks(p, func(t *automata.Trans) chanMasks { return direct(p, t, true) })
			for i, v := range r {
				if v != out[p][i] {
					out[p][i] = v
					changed = true
				}
			}
		}
	}
	// Where a process is, only what it may still reach counts: one that
	// waits inside an atomic sequence at l has lost its atomicity, and a
	// partner's step that makes its operation executable enables it in
	// the ordinary way (it regains its atomicity only when it moves). So
	// l's own operations count beside else or unless (a partner's
	// readiness disables those), or when l can be reached again.
	at := map[*automata.Proc][]chanMasks{}
	for _, p := range prog.Procs {
		if p.Kind == automata.NeverClaim {
			at[p] = out[p]
			continue
		}
		m := make([]chanMasks, len(p.Locs))
		for l, loc := range p.Locs {
			for _, t := range loc.Out {
				m[l] = m[l].or(direct(p, t, false))
				if t.To >= 0 && t.To < len(p.Locs) {
					m[l] = m[l].or(out[p][t.To])
				}
				if t.Kind == automata.TDStep && t.DStart >= 0 && t.DStart < len(p.Locs) {
					m[l] = m[l].or(out[p][t.DStart])
				}
			}
		}
		at[p] = m
	}
	return at
}

// lateLocs computes, per location of p, whether it is a late location:
// inside an atomic sequence, and reached from the sequence's start only by
// steps that local allows (steps that read and write nothing but the
// process's own variables, whose else has only such siblings).
//
// A process q that has taken such a prefix and blocks at a late location
// B loses its atomicity there, and whether it does depends on whether a
// partner is ready: another process p's step t that makes p ready is
// dependent, in the ordinary sense, with q's prefix. But the prefix can
// be postponed: in any path where q takes it and waits at B, take it
// instead right before q's next step from B (or at the end). Its steps
// stay executable (only q changes its variables), nobody observes q's
// location or variables (no remote references under reduction), and q at
// the start is a rendezvous partner of nobody, so the others' steps in
// between stay executable. Only a global predicate over everyone's
// executability tells q waiting at B from q before the prefix: timeout
// (where q at the start could move and at B cannot), which is why late
// locations are for models without timeout; and the claim's view of the
// path under ltl properties, which is why they are for safety searches
// without a claim. The postponed path has the same errors (assertions
// read the same values, the last state is the same), and in it no
// process waits at a late location before t, so the ordinary argument
// for p's ample set (C1) holds on it: p's readiness matters only for
// processes that may wait at a location that is not late (their
// futures). One already waiting at a late location is made executable by
// p's step, which is ordinary enabling: it regains its atomicity only
// when it moves (as in pan).
//
// The brute-force oracles (TestSafeProcsPersistent, TestStubbornPersistent)
// ask C1 of the postponed paths (Reducer.postponed); the differential
// tests compare the errors found.
func lateLocs(p *automata.Proc, local func(t *automata.Trans) bool) []bool {
	late := make([]bool, len(p.Locs))
	for l, loc := range p.Locs {
		late[l] = loc.Region != 0
	}
	for changed := true; changed; {
		changed = false
		for _, loc := range p.Locs {
			for _, t := range loc.Out {
				to := t.To
				if to < 0 || to >= len(late) || !late[to] {
					continue
				}
				ok := t.Kind != automata.TDStep && local(t)
				if ok {
					switch f := t.From; {
					case f < 0 || f >= len(p.Locs):
						ok = false
					case p.Locs[f].Region == 0:
						// the sequence's first statement
					case p.Locs[f].Region == p.Locs[to].Region:
						ok = late[f]
					default:
						ok = false
					}
				}
				if !ok {
					late[to] = false
					changed = true
				}
			}
		}
	}
	return late
}
