package ltl

import (
	"strconv"
	"strings"
)

// Op is the operator of a Formula node.
type Op uint8

// Operators. Unary ones have one argument, binary ones two; And and Or may
// have two or more arguments.
const (
	OpTrue Op = iota
	OpFalse
	OpProp // atomic proposition Prop
	OpNot
	OpAnd
	OpOr
	OpImplies
	OpEquiv
	OpNext
	OpUntil     // strong until
	OpRelease   // SPIN's V
	OpWeakUntil // W
	OpAlways
	OpEventually
)

// Formula is an LTL formula tree.
type Formula struct {
	Op   Op
	Prop int        // proposition index, for OpProp
	Args []*Formula // operands

	id int32 // interned id (internal use; 0 = not interned)
}

// Constructors of formula trees (no simplification).

// True is the constant true.
func True() *Formula { return &Formula{Op: OpTrue} }

// False is the constant false.
func False() *Formula { return &Formula{Op: OpFalse} }

// Prop is proposition number i.
func Prop(i int) *Formula { return &Formula{Op: OpProp, Prop: i} }

// Not is !f.
func Not(f *Formula) *Formula { return &Formula{Op: OpNot, Args: []*Formula{f}} }

// And is f && g.
func And(f, g *Formula) *Formula { return &Formula{Op: OpAnd, Args: []*Formula{f, g}} }

// Or is f || g.
func Or(f, g *Formula) *Formula { return &Formula{Op: OpOr, Args: []*Formula{f, g}} }

// Implies is f -> g.
func Implies(f, g *Formula) *Formula { return &Formula{Op: OpImplies, Args: []*Formula{f, g}} }

// Equiv is f <-> g.
func Equiv(f, g *Formula) *Formula { return &Formula{Op: OpEquiv, Args: []*Formula{f, g}} }

// Next is X f.
func Next(f *Formula) *Formula { return &Formula{Op: OpNext, Args: []*Formula{f}} }

// Until is f U g.
func Until(f, g *Formula) *Formula { return &Formula{Op: OpUntil, Args: []*Formula{f, g}} }

// Release is f V g.
func Release(f, g *Formula) *Formula { return &Formula{Op: OpRelease, Args: []*Formula{f, g}} }

// WeakUntil is f W g.
func WeakUntil(f, g *Formula) *Formula { return &Formula{Op: OpWeakUntil, Args: []*Formula{f, g}} }

// Always is [] f.
func Always(f *Formula) *Formula { return &Formula{Op: OpAlways, Args: []*Formula{f}} }

// Eventually is <> f.
func Eventually(f *Formula) *Formula { return &Formula{Op: OpEventually, Args: []*Formula{f}} }

// Negate returns !f.
func Negate(f *Formula) *Formula { return Not(f) }

// HasNext reports whether X occurs in f.
func (f *Formula) HasNext() bool {
	if f.Op == OpNext {
		return true
	}
	for _, a := range f.Args {
		if a.HasNext() {
			return true
		}
	}
	return false
}

// NumProps returns 1 + the largest proposition index in f (0 if none).
func (f *Formula) NumProps() int {
	n := 0
	if f.Op == OpProp {
		n = f.Prop + 1
	}
	for _, a := range f.Args {
		if m := a.NumProps(); m > n {
			n = m
		}
	}
	return n
}

// String prints f in SPIN syntax with propositions p0, p1, ...
func (f *Formula) String() string { return f.Format(nil) }

// Format prints f in SPIN syntax, naming proposition i names[i] (or pi).
func (f *Formula) Format(names []string) string {
	var b strings.Builder
	f.format(&b, names)
	return b.String()
}

func (f *Formula) format(b *strings.Builder, names []string) {
	switch f.Op {
	case OpTrue:
		b.WriteString("true")
	case OpFalse:
		b.WriteString("false")
	case OpProp:
		if f.Prop < len(names) {
			b.WriteString(names[f.Prop])
		} else {
			b.WriteString("p" + strconv.Itoa(f.Prop))
		}
	case OpNot, OpNext, OpAlways, OpEventually:
		b.WriteString([...]string{OpNot: "!", OpNext: "X ", OpAlways: "[]", OpEventually: "<>"}[f.Op])
		f.Args[0].formatArg(b, names)
	default:
		op := map[Op]string{OpAnd: " && ", OpOr: " || ", OpImplies: " -> ", OpEquiv: " <-> ",
			OpUntil: " U ", OpRelease: " V ", OpWeakUntil: " W "}[f.Op]
		for i, a := range f.Args {
			if i > 0 {
				b.WriteString(op)
			}
			a.formatArg(b, names)
		}
	}
}

func (f *Formula) formatArg(b *strings.Builder, names []string) {
	if len(f.Args) >= 2 {
		b.WriteByte('(')
		f.format(b, names)
		b.WriteByte(')')
		return
	}
	f.format(b, names)
}
