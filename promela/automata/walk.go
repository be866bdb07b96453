package automata

// WalkExpr calls f on x and on every expression inside it, in preorder: an
// operator before its operands, a reference before its index, the indices
// of its path and the pid of a remote reference. A nil x (or a nil *Ref)
// is skipped. The engine and the reduction's static analysis share it, so
// that a new kind of expression is walked the same way by both.
func WalkExpr(x Expr, f func(Expr)) {
	if x == nil {
		return
	}
	switch y := x.(type) {
	case *Ref:
		if y == nil {
			return
		}
		f(x)
		WalkExpr(y.Index, f)
		for _, s := range y.Path {
			WalkExpr(s.Index, f)
		}
		if y.Remote != nil {
			WalkExpr(y.Remote.Pid, f)
		}
		return
	}
	f(x)
	switch y := x.(type) {
	case *Unary:
		WalkExpr(y.X, f)
	case *Binary:
		WalkExpr(y.X, f)
		WalkExpr(y.Y, f)
	case *Cond:
		WalkExpr(y.C, f)
		WalkExpr(y.T, f)
		WalkExpr(y.E, f)
	case *Call:
		for _, a := range y.Args {
			WalkExpr(a, f)
		}
	case *RemoteLabel:
		WalkExpr(y.Remote.Pid, f)
	case *Run:
		for _, a := range y.Args {
			WalkExpr(a, f)
		}
		WalkExpr(y.Prio, f)
	case *Poll:
		WalkExpr(y.Chan, f)
		for _, a := range y.Args {
			WalkExpr(a.Match, f)
			if a.Var != nil {
				WalkExpr(a.Var, f)
			}
		}
	}
}

// EachDStepTrans calls f for each transition of the d_step body of p
// that starts at location start, depth first in the order of the
// locations' transitions, each location once.
func (p *Proc) EachDStepTrans(start int, f func(*Trans)) {
	seen := map[int]bool{}
	var body func(l int)
	body = func(l int) {
		if l < 0 || l >= len(p.Locs) || seen[l] || p.Locs[l].Flags&DStepLoc == 0 {
			return
		}
		seen[l] = true
		for _, u := range p.Locs[l].Out {
			f(u)
			body(u.To)
		}
	}
	body(start)
}

// DeclaresRendezvous reports whether a variable of p (global, local, or
// a field of either) is a channel of capacity 0.
func (p *Program) DeclaresRendezvous() bool {
	var in func(vs []*Var) bool
	in = func(vs []*Var) bool {
		for _, v := range vs {
			if v.Chan != nil && v.Chan.Cap == 0 {
				return true
			}
			if v.Type.Struct != nil && in(v.Type.Struct.Fields) {
				return true
			}
		}
		return false
	}
	if in(p.Globals) {
		return true
	}
	for _, q := range p.Procs {
		if in(q.Locals) {
			return true
		}
	}
	return false
}
