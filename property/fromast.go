package property

import (
	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/promela/ast"
)

// FromAST converts the parser's LTL tree into an ltl.Formula (it was
// ltl.FromAST: package ltl knows no Promela syntax tree). Each distinct
// proposition (ast.Equal expressions share one index) becomes ltl.Prop(i); the
// returned slice holds the Promela expression of proposition i.
func FromAST(f ast.LTL) (*ltl.Formula, []ast.Expr) {
	var props []ast.Expr
	var conv func(n ast.LTL) *ltl.Formula
	conv = func(n ast.LTL) *ltl.Formula {
		switch n := n.(type) {
		case *ast.LTLParen:
			return conv(n.X)
		case *ast.LTLConst:
			if n.Value {
				return ltl.True()
			}
			return ltl.False()
		case *ast.LTLProp:
			for i, e := range props {
				if ast.Equal(e, n.X) {
					return ltl.Prop(i)
				}
			}
			props = append(props, n.X)
			return ltl.Prop(len(props) - 1)
		case *ast.LTLUnary:
			x := conv(n.X)
			switch n.Op {
			case ast.LTLNot:
				return ltl.Not(x)
			case ast.LTLAlways:
				return ltl.Always(x)
			case ast.LTLEventually:
				return ltl.Eventually(x)
			case ast.LTLNext:
				return ltl.Next(x)
			}
		case *ast.LTLBinary:
			x, y := conv(n.X), conv(n.Y)
			switch n.Op {
			case ast.LTLAnd:
				return ltl.And(x, y)
			case ast.LTLOr:
				return ltl.Or(x, y)
			case ast.LTLImplies:
				return ltl.Implies(x, y)
			case ast.LTLEquiv:
				return ltl.Equiv(x, y)
			case ast.LTLUntil:
				return ltl.Until(x, y)
			case ast.LTLWeakUntil:
				return ltl.WeakUntil(x, y)
			case ast.LTLRelease:
				return ltl.Release(x, y)
			}
		}
		panic("property.FromAST: unexpected LTL node")
	}
	return conv(f), props
}
