package engine

import "github.com/gospin/gospin/promela/automata"

// SPIN's simulator numbers channels in the order it creates them, which
// is not the verifier's: a process's local channels are created with the
// process, but a global channel only when a statement first reads or
// writes its variable (spin's vars.c checkvar creates a global's value,
// and its queue, on first access; a chan array all at once). The two
// accessors below let the simulator follow that order.

// ProcChans returns the ids of the channels that process pid created (its
// local channels, in creation order) in state s.
func (e *Engine) ProcChans(s []byte, pid int) []int {
	c, ok := e.inspectCtx(s)
	if !ok || pid < 0 || pid >= c.nproc {
		return nil
	}
	lo := c.procOff[pid]
	hi := int32(len(s))
	if pid+1 < c.nproc {
		hi = c.procOff[pid+1]
	}
	var ids []int
	for i := 0; i < c.nchan; i++ {
		if o := c.chanOff[i]; o > lo && o < hi {
			ids = append(ids, i+1)
		}
	}
	return ids
}

// StepGlobalChans returns the ids (values in state s) of the global
// channel variables that the statements of group read or write, in the
// order they appear, every element of a channel array: those a step of
// group makes SPIN's simulator create. A d_step counts the statements of
// its body, a merged step those of its chain.
func (e *Engine) StepGlobalChans(s []byte, group int) []int {
	if group < 0 || group >= len(e.trans) {
		return nil
	}
	c, ok := e.inspectCtx(s)
	if !ok {
		return nil
	}
	var ids []int
	seen := map[*automata.Var]bool{}
	add := func(v *automata.Var) {
		if v == nil || !v.Global || v.Chan == nil || seen[v] {
			return
		}
		seen[v] = true
		buf, base := c.s, e.globOff
		if e.isHidden(v) {
			buf, base = c.hidden, 0
		}
		for i := 0; i < max(1, v.Len); i++ {
			if off := base + v.Offset + i; off < len(buf) && buf[off] != 0 {
				ids = append(ids, int(buf[off]))
			}
		}
	}
	ct := e.trans[group]
	todo := []*automata.Trans{ct.t}
	if ct.t.Kind == automata.TDStep && ct.t.Proc != nil {
		// the body: every transition of the d_step's internal locations
		for _, l := range ct.t.Proc.Locs {
			if l.Flags&automata.DStepLoc == 0 {
				continue
			}
			todo = append(todo, l.Out...)
		}
		if ct.dstart >= 0 && ct.dstart < len(ct.t.Proc.Locs) {
			todo = append(todo, ct.t.Proc.Locs[ct.dstart].Out...)
		}
	}
	for _, m := range ct.chain {
		todo = append(todo, m.t)
	}
	for _, t := range todo {
		transRefs(t, add)
	}
	return ids
}

// transRefs calls f with every variable that transition t names.
func transRefs(t *automata.Trans, f func(*automata.Var)) {
	x := func(e automata.Expr) { exprRefs(e, f) }
	x(t.Chan)
	for _, a := range t.Args {
		x(a)
	}
	for _, a := range t.RArgs {
		if a.Var != nil {
			x(a.Var)
		}
		x(a.Match)
	}
	x(t.X)
	if t.LHS != nil {
		x(t.LHS)
	}
	for _, a := range t.PArgs {
		x(a)
	}
	x(t.Pid)
}

// exprRefs calls f for each variable e names directly (not through a
// remote reference), in automata.WalkExpr's order.
func exprRefs(e automata.Expr, f func(*automata.Var)) {
	automata.WalkExpr(e, func(x automata.Expr) {
		if r, ok := x.(*automata.Ref); ok && r.Remote == nil {
			f(r.Var)
		}
	})
}

// ChanText returns the text of the channel expression of a send or
// receive group ("" for other statements): SPIN's simulator names a
// channel by the expression of the statement that uses it.
func (e *Engine) ChanText(group int) string {
	if group < 0 || group >= len(e.trans) {
		return ""
	}
	return e.trans[group].t.ChanText
}
