package check

import (
	"strings"

	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/token"
)

func (c *checker) pushScope() {
	c.scope = &scope{parent: c.scope, syms: map[string]*Symbol{}}
}

func (c *checker) popScope() { c.scope = c.scope.parent }

func (c *checker) block(b *ast.Block, newScope bool) {
	if b == nil {
		return
	}
	if newScope {
		c.pushScope()
		defer c.popScope()
	}
	for _, s := range b.Stmts {
		c.stmt(s, false)
	}
}

func (c *checker) options(opts []*ast.Block, what string) {
	elses := 0
	for _, o := range opts {
		// an option is no block: a variable declared in it is visible
		// after the if or do, as in SPIN
		for i, s := range o.Stmts {
			if isElse(s) {
				elses++
				if elses == 2 {
					c.errorf(s.Pos(), "more than one else option in this %s", what)
				}
			}
			c.stmt(s, i == 0)
		}
	}
}

func isElse(s ast.Stmt) bool {
	for {
		switch x := s.(type) {
		case *ast.ElseStmt:
			return true
		case *ast.LabeledStmt:
			s = x.Stmt
		default:
			return false
		}
	}
}

// stmt checks one statement; first says whether it is the first
// statement of an if/do option (where else may appear).
func (c *checker) stmt(s ast.Stmt, first bool) {
	switch s := s.(type) {
	case nil:
	case *ast.VarDecl:
		c.varDecl(s, c.scope, c.proc)
	case *ast.MtypeDecl:
		c.errorf(s.MtypePos, "mtype declarations must be global")
	case *ast.ExprStmt:
		c.sideEffectsOK(s.Pos(), s.X)
		c.cond(s.X)
	case *ast.AssignStmt:
		c.noSideEffects(s.Eq, "assignment")
		lhs := c.lvalue(s.LHS)
		rhs := c.condValue(s.RHS)
		if lhs.ok {
			c.assignable(lhs.node, rhs, s.RHS.Pos(), exprString(s.LHS))
		}
	case *ast.IncDecStmt:
		c.noSideEffects(s.X.Pos(), s.Tok.String())
		x := c.lvalue(s.X)
		if x.ok && x.isChan() {
			c.errorf(s.X.Pos(), "arithmetic on channel %s", exprString(s.X))
		} else if x.ok && x.isMtype() {
			c.warnf(s.X.Pos(), "arithmetic on mtype value %s", exprString(s.X))
		}
	case *ast.SendStmt:
		c.noSideEffects(s.OpPos, "send")
		c.message(s.Chan, s.Args, false, s.OpPos)
	case *ast.RecvStmt:
		c.noSideEffects(s.OpPos, "receive")
		c.message(s.Chan, s.Args, true, s.OpPos)
	case *ast.IfStmt:
		c.options(s.Options, "if")
	case *ast.DoStmt:
		c.loops++
		c.options(s.Options, "do")
		c.loops--
	case *ast.ElseStmt:
		if !first {
			// SPIN 6 accepts it and runs it as an always executable
			// step (the only transition of its state)
			c.warnf(s.Else, "else in the middle of a sequence is always executable (as in SPIN)")
		}
	case *ast.BreakStmt:
		if c.loops == 0 {
			c.errorf(s.Break, "break outside a do loop or for")
		}
	case *ast.GotoStmt:
		if c.proc != nil {
			c.gotos = append(c.gotos, pendingGoto{proc: c.proc, label: s.Label})
		}
	case *ast.LabeledStmt:
		if len(c.frames) > 0 && c.proc != nil {
			// labels of an expanded inline body
			if _, ok := c.proc.Labels[s.Label.Name]; !ok {
				c.proc.Labels[s.Label.Name] = s.Label.NamePos
			}
		}
		c.stmt(s.Stmt, first)
	case *ast.AtomicStmt:
		c.block(s.Body, true)
	case *ast.DStepStmt:
		c.block(s.Body, true)
	case *ast.BlockStmt:
		c.block(s.Body, true)
	case *ast.UnlessStmt:
		c.stmt(s.Main, first)
		c.stmt(s.Escape, false)
	case *ast.SelectStmt:
		c.noSideEffects(s.Select, "select")
		v := c.lvalue(s.Var)
		if v.ok && !v.isNumeric() {
			c.errorf(s.Var.Pos(), "select needs a numeric variable, not %s", c.describeOp(v))
		}
		c.numeric(s.Lo, "select range")
		c.numeric(s.Hi, "select range")
	case *ast.ForStmt:
		var v operand
		if s.In != nil {
			v = c.expr(s.Var)
			if v.ok && !v.lvalue {
				c.errorf(s.Var.Pos(), "for (%s in ...): %s is not a variable", exprString(s.Var), exprString(s.Var))
				v = bad()
			}
		} else {
			v = c.lvalue(s.Var)
		}
		if s.In != nil {
			c.forIn(s, v)
		} else {
			if v.ok && !v.isNumeric() {
				c.errorf(s.Var.Pos(), "for needs a numeric variable, not %s", c.describeOp(v))
			}
			c.numeric(s.Lo, "for range")
			c.numeric(s.Hi, "for range")
		}
		c.loops++
		c.block(s.Body, true)
		c.loops--
	case *ast.AssertStmt:
		c.cond(s.X)
	case *ast.PrintfStmt:
		for _, a := range s.Args {
			op := c.expr(a)
			c.scalar(op, a)
		}
		c.printfFormat(s)
	case *ast.PrintmStmt:
		op := c.expr(s.X)
		c.scalar(op, s.X)
	case *ast.InlineCall:
		c.inlineCall(s)
	case *ast.ChanAssert:
		for _, ch := range s.Chans {
			op := c.expr(ch)
			if op.ok && !op.isChan() {
				c.errorf(ch.Pos(), "%s is not a channel", exprString(ch))
			}
		}
	case *ast.SetPriority:
		c.numeric(s.Pid, "set_priority")
		c.numeric(s.Prio, "set_priority")
	case *ast.CCode:
		c.errorf(s.CPos, "embedded C code is not supported (%s)", s.Kind)
	default:
		c.errorf(s.Pos(), "unexpected statement %T", s)
	}
}

type pendingGoto struct {
	proc  *Proc
	label *ast.Ident
}

// noSideEffects reports statements that change the state inside never
// claims and trace declarations, where SPIN does not allow them.
func (c *checker) noSideEffects(pos token.Pos, what string) {
	switch {
	case c.proc != nil && c.proc.Kind == Never && what != "receive" && what != "send":
		// SPIN allows local bookkeeping in claims; nothing to report.
	case c.proc != nil && c.proc.Kind == Never:
		c.errorf(pos, "a never claim cannot %s on channels", what)
	case c.proc != nil && c.proc.Kind == Trace && what != "send" && what != "receive":
		c.errorf(pos, "a trace declaration may only contain sends and receives, not %s", what)
	}
}

func (c *checker) sideEffectsOK(pos token.Pos, x ast.Expr) {}

func (c *checker) forIn(s *ast.ForStmt, v operand) {
	in := c.expr(s.In)
	if !in.ok {
		return
	}
	switch {
	case in.array:
		if v.ok && !v.isNumeric() {
			c.errorf(s.Var.Pos(), "for (... in array) needs a numeric index variable")
		}
	case in.isChan():
		// for (x in ch): every message has one field of x's type
		msg := find(find(in.node).msg)
		if v.ok {
			if m := c.u.try(msg, newTuple([]*tnode{v.node})); m != nil {
				c.typeIssuef(s.In.Pos(), "for (%s in %s): the channel's messages do not match the variable: %s", exprString(s.Var), exprString(s.In), c.mismatchText(m, msg, newTuple([]*tnode{v.node})))
			}
		}
	default:
		c.errorf(s.In.Pos(), "for (... in %s): %s is neither an array nor a channel", exprString(s.In), exprString(s.In))
	}
}

func (c *checker) inlineCall(s *ast.InlineCall) {
	d, ok := c.prog.Inlines[s.Name.Name]
	if !ok {
		if _, isProc := c.prog.procs[s.Name.Name]; isProc {
			c.errorf(s.Name.NamePos, "%s is a proctype: start it with run %s(...)", s.Name.Name, s.Name.Name)
		} else {
			c.errorf(s.Name.NamePos, "undefined inline %s", s.Name.Name)
		}
		for _, a := range s.Args {
			c.expr(a)
		}
		return
	}
	if len(s.Args) != len(d.Params) {
		c.errorf(s.Name.NamePos, "inline %s expects %d arguments but %d supplied", d.Name.Name, len(d.Params), len(s.Args))
		return
	}
	for _, f := range c.frames {
		if f.decl == d {
			c.errorf(s.Name.NamePos, "recursive call of inline %s", d.Name.Name)
			return
		}
	}
	if len(c.frames) >= 64 {
		c.errorf(s.Name.NamePos, "inline calls nested too deeply")
		return
	}
	f := &inlineFrame{decl: d, args: map[string]ast.Expr{}, scope: c.scope, depth: len(c.frames), pos: s.Name.NamePos}
	f.exp = &Expansion{Info: newInfo(), Decl: d, Call: s}
	c.info().Expansions[s] = f.exp
	for i, p := range d.Params {
		f.args[p.Name] = s.Args[i]
	}
	c.frames = append(c.frames, f)
	c.pushScope()
	for _, st := range d.Body.Stmts {
		c.stmt(st, false)
	}
	c.popScope()
	c.frames = c.frames[:len(c.frames)-1]
}

// frameFor returns the innermost inline frame binding name, or nil.
func (c *checker) frameFor(name string) *inlineFrame {
	if n := len(c.frames); n > 0 {
		f := c.frames[n-1]
		if _, ok := f.args[name]; ok {
			return f
		}
	}
	return nil
}

// inFrame evaluates fn in the context of f's call site.
func inFrameT[T any](c *checker, f *inlineFrame, fn func() T) T {
	savedScope, savedFrames := c.scope, c.frames
	c.scope, c.frames = f.scope, c.frames[:f.depth]
	defer func() { c.scope, c.frames = savedScope, savedFrames }()
	return fn()
}

func (c *checker) inFrame(f *inlineFrame, fn func() (int64, bool)) (int64, bool) {
	type pair struct {
		v  int64
		ok bool
	}
	p := inFrameT(c, f, func() pair { v, ok := fn(); return pair{v, ok} })
	return p.v, p.ok
}

// ltl checks the propositions of formula f, left to right.
func (c *checker) ltl(f ast.LTL) {
	ast.Inspect(f, func(n ast.Node) bool {
		if p, ok := n.(*ast.LTLProp); ok {
			c.cond(p.X)
			return false
		}
		return true
	})
}

// printfFormat warns about a printf format that SPIN's simulator does not
// print as written: a verb other than its %c %d %e %o %u %x (and %%),
// flags or a width ("bad print cmd"), missing arguments ("too few print
// args") and arguments the format does not use. Each % sequence but %%
// takes one argument, in SPIN as in gospin.
func (c *checker) printfFormat(s *ast.PrintfStmt) {
	if s.Format == nil {
		return
	}
	f := s.Format.Value
	at := func(i int) token.Pos { return s.Format.ValuePos + token.Pos(1+i) }
	uses := 0
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case '\\':
			i++
		case '%':
			j := i + 1
			for j < len(f) && (f[j] == '-' || f[j] == 'l' || '0' <= f[j] && f[j] <= '9') {
				j++
			}
			if j >= len(f) {
				c.warnf(at(i), "printf format ends with %%")
				break
			}
			verb := f[i : j+1]
			switch {
			case verb == "%%":
			case j == i+1 && strings.IndexByte("cdeoux", f[j]) >= 0:
				uses++
			case strings.IndexByte("cdeouxiX", f[j]) >= 0:
				uses++
				c.warnf(at(i), "printf verb %s: SPIN knows %%c %%d %%e %%o %%u %%x without flags or width (it prints \"bad print cmd\")", verb)
			default:
				uses++
				c.warnf(at(i), "unknown printf verb %s: SPIN knows %%c %%d %%e %%o %%u %%x (it prints \"bad print cmd\")", verb)
			}
			i = j
		}
	}
	switch n := len(s.Args); {
	case n < uses:
		c.warnf(s.Printf, "printf format uses %d arguments but %d given (SPIN: \"too few print args\"; the missing ones print as 0)", uses, n)
	case n > uses:
		c.warnf(s.Args[uses].Pos(), "printf has %d arguments but its format uses %d: the others are not printed", n, uses)
	}
}
