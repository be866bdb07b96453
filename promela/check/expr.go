package check

import (
	"fmt"
	"strings"

	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/token"
)

// operand describes the value of a checked expression.
type operand struct {
	ok     bool   // false after an error (suppresses follow-on errors)
	node   *tnode // type, for unification
	sym    *Symbol
	array  bool // a whole array, not indexed
	lvalue bool
	konst  bool
	val    int64
	probe  bool // full/nfull/empty/nempty: only in conditions
	what   string
}

func bad() operand { return operand{} }

func (o operand) kind() tkind {
	if o.node == nil {
		return tVar
	}
	return find(o.node).kind
}

func (o operand) isChan() bool   { return o.kind() == tChan && !o.array }
func (o operand) isMtype() bool  { return o.kind() == tMtype && !o.array }
func (o operand) isStruct() bool { return o.kind() == tStruct && !o.array }
func (o operand) isNumeric() bool {
	return !o.array && (o.kind() == tNum || o.kind() == tLit || o.kind() == tMtype)
}

func num() operand { return operand{ok: true, node: numType("int")} }

func (c *checker) describeOp(o operand) string {
	switch {
	case o.array:
		return "an array"
	case o.isChan():
		return "a channel"
	case o.isStruct():
		return "a " + find(o.node).name + " structure"
	case o.isMtype():
		return "an mtype value"
	}
	return "a number"
}

// scalar reports arrays and structures used where a single value is needed.
func (c *checker) scalar(o operand, e ast.Expr) bool {
	if !o.ok {
		return false
	}
	if o.array {
		c.errorf(e.Pos(), "array %s used without an index", exprString(e))
		return false
	}
	if o.isStruct() {
		c.errorf(e.Pos(), "%s is a %s structure, not a value", exprString(e), find(o.node).name)
		return false
	}
	return true
}

// numeric checks that e is a number (or mtype or bool).
func (c *checker) numeric(e ast.Expr, what string) operand {
	o := c.expr(e)
	if c.scalar(o, e) && o.isChan() {
		c.errorf(e.Pos(), "%s: %s is a channel, not a number", what, exprString(e))
		return bad()
	}
	return o
}

// arith checks an operand of an arithmetic or bitwise operator.
func (c *checker) arith(o operand, e ast.Expr, op token.Token) {
	if !c.scalar(o, e) {
		return
	}
	if o.isChan() {
		c.errorf(e.Pos(), "arithmetic on channel %s", exprString(e))
	} else if o.isMtype() {
		c.warnf(e.Pos(), "arithmetic on mtype value %s (operator %s)", exprString(e), op)
	}
}

// cond checks an expression used as a condition: a statement, a guard,
// an assert, an ltl proposition. Channel probes (full, empty, ...) may
// appear here, combined only with && and ||, as in SPIN's grammar.
func (c *checker) cond(e ast.Expr) operand {
	switch x := e.(type) {
	case *ast.BinaryExpr:
		if x.Op == token.LAND || x.Op == token.LOR {
			// a chain of && and || iteratively, as in expr
			spine := []*ast.BinaryExpr{x}
			for {
				b, ok := spine[len(spine)-1].X.(*ast.BinaryExpr)
				if !ok || b.Op != token.LAND && b.Op != token.LOR {
					break
				}
				spine = append(spine, b)
			}
			last := spine[len(spine)-1]
			l := c.cond(last.X)
			c.scalar(l, last.X)
			for i := len(spine) - 1; i >= 0; i-- {
				r := c.cond(spine[i].Y)
				c.scalar(r, spine[i].Y)
				l = c.foldBinary(spine[i], l, r)
			}
			return l
		}
	case *ast.ParenExpr:
		o := c.cond(x.X)
		if o.konst {
			c.info().Consts[x] = o.val
		}
		return o
	case *ast.CallExpr:
		if isProbe(x.Fun) {
			c.probe(x)
			return num()
		}
	}
	return c.expr(e)
}

// condValue is cond for the right-hand side of an assignment, where
// SPIN's grammar also allows probes.
func (c *checker) condValue(e ast.Expr) operand {
	switch x := e.(type) {
	case *ast.BinaryExpr:
		if x.Op == token.LAND || x.Op == token.LOR {
			return c.cond(e)
		}
	case *ast.CallExpr:
		if isProbe(x.Fun) {
			return c.cond(e)
		}
	}
	return c.expr(e)
}

func negatedProbe(t token.Token) string {
	switch t {
	case token.FULL:
		return "nfull"
	case token.NFULL:
		return "full"
	case token.EMPTY:
		return "nempty"
	}
	return "empty"
}

func isProbe(t token.Token) bool {
	return t == token.FULL || t == token.NFULL || t == token.EMPTY || t == token.NEMPTY
}

func (c *checker) probe(x *ast.CallExpr) {
	for _, a := range x.Args {
		o := c.expr(a)
		if o.ok && !o.isChan() {
			c.errorf(a.Pos(), "%s(%s): %s is not a channel", x.Fun, exprString(a), exprString(a))
		}
	}
}

// lvalue checks a variable reference that is assigned to.
func (c *checker) lvalue(e ast.Expr) operand {
	if id, ok := e.(*ast.Ident); ok && id.Name == "_" && c.frameFor("_") == nil {
		c.info().Uses[id] = c.global.syms["_"]
		return operand{ok: true, node: newVar(), lvalue: true}
	}
	o := c.expr(e)
	if !o.ok {
		return o
	}
	if !o.lvalue {
		if o.sym != nil && o.sym.Kind == BuiltinSym {
			c.errorf(e.Pos(), "cannot assign to predefined variable %s", o.sym.Name)
		} else if o.sym != nil && o.sym.Kind == MtypeSym {
			c.errorf(e.Pos(), "cannot assign to mtype constant %s", o.sym.Name)
		} else {
			c.errorf(e.Pos(), "cannot assign to %s (not a variable)", exprString(e))
		}
		return bad()
	}
	if !c.scalar(o, e) {
		return bad()
	}
	return o
}

// assignable checks that value v can be stored in a variable of type t.
func (c *checker) assignable(t *tnode, v operand, pos token.Pos, target string) {
	if !v.ok || t == nil {
		return
	}
	if v.array {
		c.errorf(pos, "array used without an index in the value assigned to %s", target)
		return
	}
	if v.probe {
		return
	}
	tt := find(t)
	vk := v.kind()
	switch {
	case tt.kind == tChan && vk != tChan:
		if v.konst && strings.Contains(target, ".") {
			return // SPIN accepts a constant in a channel field
		}
		c.errorf(pos, "invalid assignment to channel %s: %s is not a channel", target, c.describeOp(v))
	case tt.kind == tStruct || vk == tStruct:
		if tt.kind != vk || tt.name != find(v.node).name {
			c.errorf(pos, "cannot assign %s to %s", c.describeOp(v), target)
		}
	case tt.kind == tMtype && vk == tMtype:
		vn := find(v.node).name
		if tt.name != vn && (tt.name != "" || v.konst) {
			c.errorf(pos, "%s is %s but the value is %s", target, mtypeName(tt.name), mtypeName(vn))
		}
	case tt.kind == tChan:
		if m := c.u.try(t, v.node); m != nil && !c.poisoned[find(tt.msg)] && !c.poisoned[find(find(v.node).msg)] {
			c.poisoned[find(tt.msg)] = true
			c.poisoned[find(find(v.node).msg)] = true
			c.typeIssuef(pos, "channel types differ in assignment to %s: %s", target, c.mismatchText(m, t, v.node))
		}
	}
}

func mtypeName(sub string) string {
	if sub == "" {
		return "mtype"
	}
	return "mtype:" + sub
}

// message checks a send (recv false) or receive on ch with args.
func (c *checker) message(ch ast.Expr, args []ast.Expr, recv bool, pos token.Pos) {
	co := c.expr(ch)
	nodes := make([]*tnode, len(args))
	okArgs := true
	for i, a := range args {
		var o operand
		if recv || c.inTrace {
			// a trace sequence matches messages: `_` and variables
			// in its sends match any value (pan compares only constants)
			o = c.recvArg(a)
		} else {
			o = c.expr(a)
			if o.ok && o.array {
				c.errorf(a.Pos(), "array %s used without an index", exprString(a))
				o = bad()
			}
		}
		if !o.ok {
			okArgs = false
			continue
		}
		nodes[i] = o.node
		if o.konst && o.node != nil && find(o.node).kind == tNum {
			nodes[i] = litType()
		}
		if nodes[i] == nil {
			nodes[i] = newVar()
		}
	}
	if !co.ok {
		return
	}
	if !c.scalar(co, ch) {
		return
	}
	if !co.isChan() {
		c.errorf(ch.Pos(), "%s is not a channel", exprString(ch))
		return
	}
	if !okArgs {
		return
	}
	msg := find(co.node).msg
	tuple := newTuple(nodes)
	if m := c.u.try(msg, tuple); m != nil && !c.poisoned[find(msg)] {
		c.poisoned[find(msg)] = true
		if m.arity {
			p := newTypePrinter(msg, tuple)
			text := fmt.Sprintf("arguments of different lengths used for the same channel %s: %s vs %s", exprString(ch), p.String(msg), p.String(tuple))
			if !recv && len(find(m.b).fields) > len(find(m.a).fields) && find(m.a) == find(msg) {
				c.errorf(pos, "too many values sent on channel %s (%d, the channel takes %d): %s", exprString(ch), len(args), len(find(msg).fields), text)
			} else {
				c.typeIssuef(pos, "%s", text)
			}
		} else {
			c.typeIssuef(pos, "message type mismatch on channel %s: %s", exprString(ch), c.mismatchText(m, msg, tuple))
		}
	} else if len(c.u.soft) > 0 {
		s := c.u.soft[0]
		c.warnf(pos, "message on channel %s mixes mtype types: %s vs %s", exprString(ch), mtypeName(s.a.name), mtypeName(s.b.name))
	}
}

// mismatchText describes a failed unification of a and b.
func (c *checker) mismatchText(m *mismatch, a, b *tnode) string {
	p := newTypePrinter(a, b, m.a, m.b)
	s := p.String(a) + " vs " + p.String(b)
	if find(m.a) != find(a) || find(m.b) != find(b) {
		s += fmt.Sprintf(" (%s vs %s)", p.String(m.a), p.String(m.b))
	}
	return s
}

// recvArg checks one receive argument: a variable, a constant, eval(e) or _.
func (c *checker) recvArg(e ast.Expr) operand {
	switch x := e.(type) {
	case *ast.Ident:
		if x.Name == "_" && c.frameFor("_") == nil {
			return operand{ok: true, node: newVar()}
		}
	case *ast.EvalExpr:
		o := c.expr(x.X)
		c.scalar(o, x.X)
		o.lvalue = false
		return o
	case *ast.UnaryExpr:
		if x.Op == token.SUB {
			if _, ok := c.fold(x); ok {
				return operand{ok: true, node: litType(), konst: true}
			}
		}
	}
	o := c.expr(e)
	if !o.ok {
		return o
	}
	if o.konst {
		return o
	}
	if !o.lvalue {
		c.errorf(e.Pos(), "receive argument %s must be a variable, a constant, eval(...) or _", exprString(e))
		return bad()
	}
	if o.array {
		c.errorf(e.Pos(), "array %s used without an index", exprString(e))
		return bad()
	}
	return o
}

func (c *checker) expr(e ast.Expr) operand {
	switch x := e.(type) {
	case *ast.IntLit:
		c.info().Consts[x] = x.Value
		return operand{ok: true, node: numType("int"), konst: true, val: x.Value}
	case *ast.Ident:
		return c.ident(x)
	case *ast.ParenExpr:
		o := c.expr(x.X)
		o.lvalue = false
		if o.konst {
			c.info().Consts[x] = o.val
		}
		return o
	case *ast.UnaryExpr:
		if call, ok := ast.Unparen(x.X).(*ast.CallExpr); ok && isProbe(call.Fun) && x.Op == token.NOT {
			c.probe(call)
			c.errorf(x.OpPos, "a channel probe cannot be negated (use %s instead)", negatedProbe(call.Fun))
			return num()
		}
		o := c.expr(x.X)
		if o.ok {
			if x.Op == token.NOT && o.probe {
				c.errorf(x.OpPos, "a channel probe cannot be negated")
			}
			c.arith(o, x.X, x.Op)
		}
		// fold from the operand's value, not by walking the subtree
		// again: linear in the size of the expression
		if o.ok && o.konst {
			if v, ok := UnOp(x.Op, o.val); ok {
				c.info().Consts[x] = v
				return operand{ok: true, node: numType("int"), konst: true, val: v}
			}
		}
		return num()
	case *ast.BinaryExpr:
		// A long chain a+b+c+... is a left-deep tree: walk its left
		// spine with a loop, so that the recursion depth is that of the
		// expression's nesting, not the number of its operators.
		spine := []*ast.BinaryExpr{x}
		left := x.X
		for {
			b, ok := left.(*ast.BinaryExpr)
			if !ok {
				break
			}
			spine = append(spine, b)
			left = b.X
		}
		l := c.expr(left)
		for i := len(spine) - 1; i >= 0; i-- {
			l = c.binary(spine[i], l, c.expr(spine[i].Y))
		}
		return l
	case *ast.CondExpr:
		cnd := c.expr(x.Cond)
		c.scalar(cnd, x.Cond)
		t := c.expr(x.Then)
		f := c.expr(x.Else)
		c.scalar(t, x.Then)
		c.scalar(f, x.Else)
		if t.ok && f.ok && t.isChan() && f.isChan() {
			if m := c.u.try(t.node, f.node); m != nil {
				c.errorf(x.Lparen, "the two channels of a conditional expression have different types: %s", c.mismatchText(m, t.node, f.node))
			}
		} else if t.ok && f.ok && t.isChan() != f.isChan() {
			c.errorf(x.Lparen, "conditional expression mixes a channel and a non-channel")
		}
		if cnd.ok && cnd.konst {
			if k := f; cnd.val != 0 && t.ok && t.konst || cnd.val == 0 && k.ok && k.konst {
				if cnd.val != 0 {
					k = t
				}
				c.info().Consts[x] = k.val
				return operand{ok: true, node: numType("int"), konst: true, val: k.val}
			}
		}
		if t.ok {
			t.lvalue = false
			t.konst = false
			return t
		}
		return num()
	case *ast.IndexExpr:
		o := c.expr(x.X)
		idx := c.expr(x.Index)
		if c.scalar(idx, x.Index) && idx.isChan() {
			c.errorf(x.Index.Pos(), "channel %s used as an array index", exprString(x.Index))
		}
		if !o.ok {
			return bad()
		}
		if !o.array {
			c.errorf(x.Lbrack, "%s is not an array", exprString(x.X))
			return bad()
		}
		if idx.konst && o.sym != nil && o.sym.Len > 0 && (idx.val < 0 || idx.val >= int64(o.sym.Len)) {
			c.errorf(x.Index.Pos(), "index %d out of range for %s[%d]", idx.val, exprString(x.X), o.sym.Len)
		}
		o.array = false
		return o
	case *ast.SelectorExpr:
		o := c.expr(x.X)
		if !o.ok {
			return bad()
		}
		if o.array {
			c.errorf(x.X.Pos(), "array %s used without an index", exprString(x.X))
			return bad()
		}
		if !o.isStruct() {
			c.errorf(x.Sel.NamePos, "%s is not a structure (it has no field %s)", exprString(x.X), x.Sel.Name)
			return bad()
		}
		td := c.prog.Typedefs[find(o.node).name]
		if td == nil {
			return bad()
		}
		f := td.Field(x.Sel.Name)
		if f == nil {
			c.errorf(x.Sel.NamePos, "typedef %s has no field %s", td.Name, x.Sel.Name)
			return bad()
		}
		c.info().Uses[x.Sel] = f
		return operand{ok: true, node: f.node, sym: f, array: f.Len > 0, lvalue: o.lvalue}
	case *ast.RemoteLabel:
		p := c.remoteProc(x.Proc, x.Index)
		if p != nil {
			c.remoteLabels = append(c.remoteLabels, pendingGoto{proc: p, label: x.Label})
		}
		return num()
	case *ast.RemoteVar:
		p := c.remoteProc(x.Proc, x.Index)
		if p == nil {
			return bad()
		}
		s := p.Local(x.Var.Name)
		if s == nil {
			c.errorf(x.Var.NamePos, "proctype %s has no local variable %s", p.Name, x.Var.Name)
			return bad()
		}
		s.Used = true
		c.info().Uses[x.Var] = s
		return operand{ok: true, node: s.node, sym: s, array: s.Len > 0}
	case *ast.RunExpr:
		return c.runExpr(x)
	case *ast.CallExpr:
		if isProbe(x.Fun) {
			c.probe(x)
			c.errorf(x.FunPos, "%s() can only be used in a condition, combined with && or ||", x.Fun)
			return operand{ok: true, node: numType("int"), probe: true}
		}
		for _, a := range x.Args {
			o := c.expr(a)
			if x.Fun == token.LEN {
				if o.ok && !o.isChan() {
					c.errorf(a.Pos(), "len(%s): %s is not a channel", exprString(a), exprString(a))
				}
			} else if c.scalar(o, a) && o.isChan() {
				c.errorf(a.Pos(), "%s(%s): expected a process number, not a channel", x.Fun, exprString(a))
			}
		}
		return num()
	case *ast.PollExpr:
		c.message(x.Chan, x.Args, true, x.OpPos)
		return num()
	case *ast.EvalExpr:
		c.errorf(x.Eval, "eval() can only be used in receive arguments")
		c.expr(x.X)
		return num()
	case *ast.TimeoutExpr:
		return num()
	case *ast.InlineCallExpr:
		if _, ok := c.prog.Inlines[x.Name.Name]; ok {
			c.errorf(x.Name.NamePos, "inline %s cannot be used as an expression", x.Name.Name)
		} else {
			c.errorf(x.Name.NamePos, "undefined function %s", x.Name.Name)
		}
		return bad()
	case *ast.CCode:
		c.errorf(x.CPos, "embedded C code is not supported (%s)", x.Kind)
		return bad()
	case *ast.StringLit:
		c.errorf(x.ValuePos, "a string cannot be used as a value")
		return bad()
	case *ast.ChanType:
		c.errorf(x.Lbrack, "a channel initializer [N] of {...} can only appear in a declaration")
		return bad()
	}
	c.errorf(e.Pos(), "unexpected expression %T", e)
	return bad()
}

func (c *checker) ident(x *ast.Ident) operand {
	if f := c.frameFor(x.Name); f != nil {
		c.info().Args[x] = f.args[x.Name]
		return inFrameT(c, f, func() operand { return c.expr(f.args[x.Name]) })
	}
	s := c.scope.lookup(x.Name)
	if s == nil {
		if _, ok := c.prog.procs[x.Name]; ok {
			c.errorf(x.NamePos, "%s is a proctype, not a variable", x.Name)
		} else if _, ok := c.prog.Inlines[x.Name]; ok {
			c.errorf(x.NamePos, "%s is an inline, not a variable", x.Name)
		} else {
			c.errorf(x.NamePos, "undefined: %s", x.Name)
		}
		return bad()
	}
	c.info().Uses[x] = s
	s.Used = true
	switch s.Kind {
	case MtypeSym:
		c.info().Consts[x] = s.Value
		return operand{ok: true, node: s.node, sym: s, konst: true, val: s.Value}
	case BuiltinSym:
		if s.Name == "_" {
			c.errorf(x.NamePos, "_ can only be used as a receive argument")
			return bad()
		}
		if (s.Name == "np_" || s.Name == "_last") && c.proc != nil && c.proc.Kind == Proctype {
			// allowed, but only meaningful in claims
		}
		return operand{ok: true, node: s.node, sym: s, lvalue: s.Name == "_priority"}
	}
	if c.inLTL && !s.Global {
		c.errorf(x.NamePos, "%s is a local variable: use a remote reference (proctype:var) in an ltl formula", x.Name)
	}
	return operand{ok: true, node: s.node, sym: s, array: s.Len > 0, lvalue: true}
}

func (c *checker) remoteProc(name *ast.Ident, index ast.Expr) *Proc {
	if index != nil {
		c.numeric(index, "process index")
	}
	p := c.prog.procs[name.Name]
	if p == nil {
		c.errorf(name.NamePos, "undefined proctype %s", name.Name)
	} else {
		c.prog.ProcRefs[name] = p
	}
	return p
}

func (c *checker) runExpr(x *ast.RunExpr) operand {
	switch {
	case c.proc == nil || c.proc.Kind == Never || c.proc.Kind == Trace:
		c.errorf(x.Run, "run can only be used in a proctype or init")
	case c.inVarInit:
		c.errorf(x.Run, "run cannot be used in a variable initializer")
	}
	if x.Priority != nil {
		c.priority(x.Priority)
	}
	p := c.prog.procs[x.Proc.Name]
	if p != nil && p.Kind == Proctype {
		c.prog.ProcRefs[x.Proc] = p
	}
	if p == nil || p.Kind != Proctype {
		c.errorf(x.Proc.NamePos, "undefined proctype %s", x.Proc.Name)
		for _, a := range x.Args {
			c.expr(a)
		}
		return num()
	}
	// Parameters are known once the proctype's header has been checked;
	// a proctype run before its declaration is checked against its
	// declaration directly.
	params := p.Params
	if params == nil {
		params = c.declareParamsEarly(p)
	}
	if len(x.Args) != len(params) {
		c.errorf(x.Proc.NamePos, "proctype %s expects %d arguments but %d supplied", p.Name, len(params), len(x.Args))
	}
	for i, a := range x.Args {
		o := c.expr(a)
		if i < len(params) {
			c.assignable(params[i].node, o, a.Pos(), "parameter "+params[i].Name+" of "+p.Name)
		} else {
			c.scalar(o, a)
		}
	}
	return num()
}

// declareParamsEarly declares the parameters of a proctype that is run
// before its declaration has been checked.
func (c *checker) declareParamsEarly(p *Proc) []*Symbol {
	d := p.Decl.(*ast.ProcDecl)
	if len(d.Params) == 0 {
		return nil
	}
	saved, savedFrames := c.scope, c.frames
	c.scope, c.frames = c.global, nil // the header is read outside any inline expansion
	sc := &scope{parent: c.global, syms: map[string]*Symbol{}}
	for _, pd := range d.Params {
		for _, s := range c.varDecl(pd, sc, nil) {
			s.Param = true
			s.Proc = p
			p.Params = append(p.Params, s)
		}
	}
	c.scope, c.frames = saved, savedFrames
	p.earlyParams = true
	return p.Params
}

// exprString renders a (simple) expression for messages.
func exprString(e ast.Expr) string {
	var b strings.Builder
	writeExpr(&b, e)
	return b.String()
}

func writeExpr(b *strings.Builder, e ast.Expr) {
	switch x := e.(type) {
	case *ast.Ident:
		b.WriteString(x.Name)
	case *ast.IntLit:
		b.WriteString(x.Raw)
	case *ast.ParenExpr:
		b.WriteString("(")
		writeExpr(b, x.X)
		b.WriteString(")")
	case *ast.UnaryExpr:
		b.WriteString(x.Op.String())
		writeExpr(b, x.X)
	case *ast.BinaryExpr:
		writeExpr(b, x.X)
		b.WriteString(" " + x.Op.String() + " ")
		writeExpr(b, x.Y)
	case *ast.IndexExpr:
		writeExpr(b, x.X)
		b.WriteString("[")
		writeExpr(b, x.Index)
		b.WriteString("]")
	case *ast.SelectorExpr:
		writeExpr(b, x.X)
		b.WriteString("." + x.Sel.Name)
	case *ast.RemoteVar:
		b.WriteString(x.Proc.Name)
		if x.Index != nil {
			b.WriteString("[")
			writeExpr(b, x.Index)
			b.WriteString("]")
		}
		b.WriteString(":" + x.Var.Name)
	case *ast.CallExpr:
		b.WriteString(x.Fun.String() + "(")
		for i, a := range x.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			writeExpr(b, a)
		}
		b.WriteString(")")
	default:
		b.WriteString("expression")
	}
}

// binary checks the binary expression x whose operands, already checked,
// are l and r, and folds it when both are constants.
func (c *checker) binary(x *ast.BinaryExpr, l, r operand) operand {
	switch x.Op {
	case token.EQL, token.NEQ:
		c.scalar(l, x.X)
		c.scalar(r, x.Y)
		if l.ok && r.ok && l.isChan() != r.isChan() && !l.konst && !r.konst {
			c.errorf(x.OpPos, "comparison of a channel with a non-channel")
		}
	case token.LAND, token.LOR:
		c.scalar(l, x.X)
		c.scalar(r, x.Y)
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		for _, p := range []struct {
			o operand
			e ast.Expr
		}{{l, x.X}, {r, x.Y}} {
			if c.scalar(p.o, p.e) && p.o.isChan() {
				c.errorf(p.e.Pos(), "channel %s compared with %s", exprString(p.e), x.Op)
			}
		}
	default:
		if l.ok {
			c.arith(l, x.X, x.Op)
		}
		if r.ok {
			c.arith(r, x.Y, x.Op)
		}
		if (x.Op == token.QUO || x.Op == token.REM) && r.konst && r.val == 0 {
			c.errorf(x.OpPos, "division by zero")
		}
	}
	return c.foldBinary(x, l, r)
}

// foldBinary folds x when its operands l and r are constants, and
// records its value.
func (c *checker) foldBinary(x *ast.BinaryExpr, l, r operand) operand {
	if l.ok && r.ok && l.konst && r.konst {
		if v, ok := binop(x.Op, l.val, r.val); ok {
			c.info().Consts[x] = v
			return operand{ok: true, node: numType("int"), konst: true, val: v}
		}
	}
	return num()
}
