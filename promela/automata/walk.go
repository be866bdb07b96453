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
		y.EachIndex(func(i Expr) { WalkExpr(i, f) })
		return
	}
	f(x)
	switch y := x.(type) {
	case *Unary, *Binary, *Cond, *Call:
		Operands(x, func(o Expr) { WalkExpr(o, f) })
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

// Operands calls f on the operands of an operator, in order: the operand
// of a Unary, both of a Binary, the condition and both arms of a Cond,
// the arguments of a Call. Other expressions have none here.
func Operands(x Expr, f func(Expr)) {
	switch y := x.(type) {
	case *Unary:
		f(y.X)
	case *Binary:
		f(y.X)
		f(y.Y)
	case *Cond:
		f(y.C)
		f(y.T)
		f(y.E)
	case *Call:
		for _, a := range y.Args {
			f(a)
		}
	}
}

// EachOperand calls f on each expression t evaluates as it is, in this
// order: X, Pid, Chan, the Args and the PArgs (nil ones too; WalkExpr
// skips them). The targets it writes (LHS, the RArgs) are not among them.
func (t *Trans) EachOperand(f func(Expr)) {
	f(t.X)
	f(t.Pid)
	f(t.Chan)
	for _, a := range t.Args {
		f(a)
	}
	for _, a := range t.PArgs {
		f(a)
	}
}

// EachIndex calls f on the expressions that select what r refers to: its
// index, the indices of its path and a remote reference's pid (a written
// reference reads these). A nil r has none.
func (r *Ref) EachIndex(f func(Expr)) {
	if r == nil {
		return
	}
	f(r.Index)
	for _, s := range r.Path {
		f(s.Index)
	}
	if r.Remote != nil {
		f(r.Remote.Pid)
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
