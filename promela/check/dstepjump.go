package check

import "github.com/gospin/gospin/promela/ast"

// SPIN's rule on jumps and d_step sequences (flow.c cross_dsteps, called
// where pan's transition tables are built: pangen2.c put_el, pangen1.c
// huntele): a goto or break may neither enter a d_step sequence nor, for
// a goto, leave one. spin refuses the model with "jump into d_step
// sequence". The target of a jump is found as pan finds it: a goto's
// label, a break's exit of its loop, and from there on through the ends
// of sequences (an if's or unless's end goes on after it, a { } block's or
// atomic's after it; the end of a do option or of the body stops) and
// through further jumps; a jump from inside an atomic sequence stops where
// the hunt leaves atomic code. A jump is an error when it lands on a
// d_step (or inside another d_step than its own). A break inside a d_step
// may leave it (pan's OkBreak); a goto may not.

// jumpLink places a statement: the sequence holding it, its index, the
// statement whose end the sequence's end continues after (nil: it stops,
// as at the end of a do option or of a body), and the d_step and atomic
// sequence it is in.
type jumpLink struct {
	stmts  []ast.Stmt
	i      int
	up     *jumpLink
	dstep  *ast.DStepStmt
	atomic bool
}

type jumpSite struct {
	s    ast.Stmt // the goto or break
	at   *jumpLink
	loop *jumpLink // a break's loop
}

type dstepJumps struct {
	c      *checker
	labels map[string]*jumpLink
	loops  map[ast.Stmt]*jumpLink // each break's loop
	jumps  []jumpSite
}

// dstepJumps reports the jumps of a body into (or out of) d_step
// sequences.
func (c *checker) dstepJumps(b *ast.Block) {
	d := &dstepJumps{c: c, labels: map[string]*jumpLink{}, loops: map[ast.Stmt]*jumpLink{}}
	d.seq(b.Stmts, nil, nil, false, nil)
	for _, j := range d.jumps {
		d.check(j)
	}
}

func (d *dstepJumps) seq(stmts []ast.Stmt, up *jumpLink, dstep *ast.DStepStmt, atomic bool, loop *jumpLink) {
	for i := range stmts {
		l := &jumpLink{stmts: stmts, i: i, up: up, dstep: dstep, atomic: atomic}
		d.stmt(stmts[i], l, loop)
	}
}

func (d *dstepJumps) stmt(s ast.Stmt, l *jumpLink, loop *jumpLink) {
	for {
		ls, ok := s.(*ast.LabeledStmt)
		if !ok {
			break
		}
		if _, dup := d.labels[ls.Label.Name]; !dup {
			d.labels[ls.Label.Name] = l
		}
		if ls.Stmt == nil {
			return
		}
		s = ls.Stmt
	}
	switch s := s.(type) {
	case *ast.GotoStmt:
		d.jumps = append(d.jumps, jumpSite{s: s, at: l})
	case *ast.BreakStmt:
		if loop != nil {
			d.loops[s] = loop
			d.jumps = append(d.jumps, jumpSite{s: s, at: l, loop: loop})
		}
	case *ast.IfStmt:
		for _, o := range s.Options {
			d.seq(o.Stmts, l, l.dstep, l.atomic, loop)
		}
	case *ast.DoStmt:
		for _, o := range s.Options {
			d.seq(o.Stmts, nil, l.dstep, l.atomic, l)
		}
	case *ast.ForStmt:
		d.seq(s.Body.Stmts, nil, l.dstep, l.atomic, l)
	case *ast.BlockStmt:
		d.seq(s.Body.Stmts, l, l.dstep, l.atomic, loop)
	case *ast.AtomicStmt:
		d.seq(s.Body.Stmts, l, l.dstep, true, loop)
	case *ast.DStepStmt:
		d.seq(s.Body.Stmts, l, s, true, loop)
	case *ast.UnlessStmt:
		d.seq([]ast.Stmt{s.Main}, l, l.dstep, l.atomic, loop)
		d.seq([]ast.Stmt{s.Escape}, l, l.dstep, l.atomic, loop)
	}
}

// next is the place of the statement that follows l's, or nil.
func next(l *jumpLink) *jumpLink {
	for l != nil {
		if l.i+1 < len(l.stmts) {
			return &jumpLink{stmts: l.stmts, i: l.i + 1, up: l.up, dstep: l.dstep, atomic: l.atomic}
		}
		l = l.up
	}
	return nil
}

func (d *dstepJumps) check(j jumpSite) {
	var t *jumpLink
	switch s := j.s.(type) {
	case *ast.GotoStmt:
		if t = d.labels[s.Label.Name]; t == nil {
			return // undefined: reported elsewhere
		}
	case *ast.BreakStmt:
		if j.at.dstep != nil {
			return // pan lets a break leave its d_step
		}
		if t = next(j.loop); t == nil {
			return
		}
		if j.at.atomic && !t.atomic {
			return
		}
	}
	for hops := 0; t != nil && hops < 32; hops++ {
		inner, _ := stripLabelsOf(t.stmts[t.i])
		in := t.dstep
		if ds, ok := inner.(*ast.DStepStmt); ok {
			in = ds
		}
		if in != j.at.dstep {
			d.c.errorf(j.s.Pos(), "jump into d_step sequence")
			return
		}
		var nt *jumpLink
		switch s := inner.(type) {
		case *ast.GotoStmt:
			nt = d.labels[s.Label.Name]
		case *ast.BreakStmt:
			if lp := d.loops[s]; lp != nil {
				nt = next(lp)
			}
		case *ast.UnlessStmt:
			nt = &jumpLink{stmts: []ast.Stmt{s.Main}, up: t, dstep: t.dstep, atomic: t.atomic}
		}
		if nt == nil || j.at.atomic && !nt.atomic {
			return
		}
		t = nt
	}
}

// stripLabelsOf returns the statement under s's labels (nil for labels
// with no statement).
func stripLabelsOf(s ast.Stmt) (ast.Stmt, int) {
	n := 0
	for {
		ls, ok := s.(*ast.LabeledStmt)
		if !ok {
			return s, n
		}
		n++
		s = ls.Stmt
		if s == nil {
			return nil, n
		}
	}
}
