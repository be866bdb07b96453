package engine

import "github.com/gospin/gospin/promela/automata"

// Statement merging (SPIN's default, turned off by spin -o3).
//
// SPIN's verifier executes a chain of consecutive statements as one
// transition when every statement after the first is local and always
// executable, so the states between them are never created. The rules,
// restated on the process automata:
//
//   - a chain element is an assignment, ++/--, printf, printm, assert or a
//     jump that stays a step (inside an atomic sequence); it carries no
//     label, has no unless escape, and, outside atomic sequences, refers
//     to no global object (a global variable, a channel operation unless
//     the channel is asserted exclusive with xr/xs, _nr_pr, timeout, a
//     remote reference, run ...);
//   - a chain continues from a location only when the location is not the
//     start of a compound statement (if, do, atomic, d_step, { }, inline,
//     unless) and its only transition is a chain element;
//   - a transition starts a chain when it is a chain element itself, or
//     when it is a condition (without run), a receive, or a send (only in
//     models without rendezvous channels) that meets the same conditions
//     apart from the label;
//   - the merged transition is atomic (its successor is an intermediate
//     state) when its last statement is;
//   - merging is off in a model with provided clauses or with remote
//     variable references (P[i]:v).
//
// A merged transition keeps its first statement's identity; each
// statement's effect, program counter move, dead-variable reset and
// printf output happen in order.

// mergeAllowed reports whether SPIN would merge statements in prog.
func mergeAllowed(prog *automata.Program) bool {
	for _, p := range prog.Procs {
		if p.Provided != nil {
			return false
		}
	}
	return !usesRemoteRefs(prog)
}

// touchesGlobal reports whether t refers to a global object in SPIN's
// sense (has_global).
func touchesGlobal(t *automata.Trans) bool {
	switch t.Kind {
	case automata.TSetPrio, automata.TDStep:
		return true
	case automata.TSend:
		// the channel counts only through its xs assertion
		if !exclusive(t.Chan, false, true) {
			return true
		}
		for _, a := range t.Args {
			if globalExpr(a) {
				return true
			}
		}
		return false
	case automata.TRecv:
		if !exclusive(t.Chan, true, false) {
			return true
		}
		for _, a := range t.RArgs {
			if globalExpr(a.Match) || a.Var != nil && globalExpr(a.Var) {
				return true
			}
		}
		return false
	}
	g := false
	forExprs(t, func(x automata.Expr) {
		g = g || globalExpr(x)
	})
	return g
}

// globalExpr reports whether expression x refers to a global object.
func globalExpr(x automata.Expr) bool {
	switch y := x.(type) {
	case nil:
		return false
	case *automata.Const:
		return false
	case *automata.Ref:
		if y == nil {
			return false
		}
		if y.Remote != nil || y.Var != nil && y.Var.Global {
			return true
		}
		if globalExpr(y.Index) {
			return true
		}
		for _, s := range y.Path {
			if globalExpr(s.Index) {
				return true
			}
		}
		return false
	case *automata.Unary:
		return globalExpr(y.X)
	case *automata.Binary:
		return globalExpr(y.X) || globalExpr(y.Y)
	case *automata.Cond:
		return globalExpr(y.C) || globalExpr(y.T) || globalExpr(y.E)
	case *automata.Call:
		switch y.Fn {
		case automata.BPid:
			return false
		case automata.BGetPrio:
			return globalExpr(y.Args[0])
		case automata.BNempty, automata.BFull:
			return !exclusive(y.Args[0], true, false)
		case automata.BNfull, automata.BEmpty:
			return !exclusive(y.Args[0], false, true)
		case automata.BLen:
			return !exclusive(y.Args[0], true, true)
		}
		return true
	case *automata.Poll:
		if !exclusive(y.Chan, true, true) {
			return true
		}
		for _, a := range y.Args {
			if globalExpr(a.Match) {
				return true
			}
		}
		return false
	}
	return true // remote labels, run
}

// exclusive reports whether channel expression ch names a variable with
// the xr (recv) and/or xs (send) assertions asked for.
func exclusive(ch automata.Expr, recv, send bool) bool {
	r, ok := ch.(*automata.Ref)
	if !ok || r.Var == nil || r.Remote != nil {
		return false
	}
	return (!recv || r.Var.XR) && (!send || r.Var.XS)
}

// escaped reports whether an unless escape leaves t's location before t.
func escaped(p *automata.Proc, t *automata.Trans) bool {
	for _, o := range p.Locs[t.From].Out {
		if o.Level < t.Level {
			return true
		}
	}
	return false
}

// chainElement reports whether t can be merged into a chain.
func chainElement(p *automata.Proc, t *automata.Trans) bool {
	switch t.Kind {
	case automata.TAssign, automata.TIncDec, automata.TPrintf, automata.TPrintm, automata.TAssert, automata.TGoto:
	default:
		return false
	}
	if t.Labelled || escaped(p, t) {
		return false
	}
	return t.Region != 0 || !touchesGlobal(t)
}

// chainStart reports whether a chain may start with t.
func chainStart(p *automata.Proc, t *automata.Trans, rendezvous bool) bool {
	if chainElement(p, t) {
		return true
	}
	switch t.Kind {
	case automata.TExpr:
		if hasRun(t.X) {
			return false
		}
	case automata.TRecv:
	case automata.TSend:
		if rendezvous {
			return false
		}
	default:
		return false
	}
	if escaped(p, t) {
		return false
	}
	return t.Region != 0 || !touchesGlobal(t)
}

// computeMerge sets the chains of the transitions.
func (e *Engine) computeMerge() {
	prog := e.prog
	if !mergeAllowed(prog) {
		return
	}
	rv := prog.DeclaresRendezvous()
	for _, p := range prog.Procs {
		if p.Kind == automata.NeverClaim {
			continue
		}
		elem := make([]bool, len(p.Locs)) // the location continues a chain
		for i, loc := range p.Locs {
			elem[i] = loc.Flags&(automata.CompoundLoc|automata.DStepLoc) == 0 && len(loc.Out) == 1 &&
				chainElement(p, loc.Out[0])
		}
		seen := make([]bool, len(p.Locs))
		for _, loc := range p.Locs {
			if loc.Flags&automata.DStepLoc != 0 {
				continue
			}
			for _, t := range loc.Out {
				if !chainStart(p, t, rv) {
					continue
				}
				ct := e.trans[t.ID]
				for i := range seen {
					seen[i] = false
				}
				seen[t.From] = true
				for cur := t.To; elem[cur] && !seen[cur]; {
					seen[cur] = true
					u := p.Locs[cur].Out[0]
					ct.chain = append(ct.chain, e.trans[u.ID])
					cur = u.To
				}
				if n := len(ct.chain); n > 0 {
					ct.endAtomic = ct.chain[n-1].atomic
				}
			}
		}
	}
}

// runChain executes the rest of merged transition t for process pid
// (after its first statement): effects, moves, dead-variable resets.
func (e *Engine) runChain(c *ctx, pid int, t *ctrans) {
	for _, u := range t.chain {
		if e.cover != nil {
			e.mark(u.t.Proc, u.t.From)
		}
		c.setProc(pid)
		e.effect(c, u)
		c.setPC(pid, u.to)
		if e.dead != nil {
			e.resetDead(c, pid, u)
		}
	}
}
