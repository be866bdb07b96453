package ltl

import "github.com/gospin/gospin/promela/ast"

// FromAST converts the parser's LTL tree into a Formula. Each distinct
// proposition (ast.Equal expressions share one index) becomes Prop(i); the
// returned slice holds the Promela expression of proposition i.
func FromAST(f ast.LTL) (*Formula, []ast.Expr) {
	var props []ast.Expr
	var conv func(n ast.LTL) *Formula
	conv = func(n ast.LTL) *Formula {
		switch n := n.(type) {
		case *ast.LTLParen:
			return conv(n.X)
		case *ast.LTLConst:
			if n.Value {
				return True()
			}
			return False()
		case *ast.LTLProp:
			for i, e := range props {
				if ast.Equal(e, n.X) {
					return Prop(i)
				}
			}
			props = append(props, n.X)
			return Prop(len(props) - 1)
		case *ast.LTLUnary:
			x := conv(n.X)
			switch n.Op {
			case ast.LTLNot:
				return Not(x)
			case ast.LTLAlways:
				return Always(x)
			case ast.LTLEventually:
				return Eventually(x)
			case ast.LTLNext:
				return Next(x)
			}
		case *ast.LTLBinary:
			x, y := conv(n.X), conv(n.Y)
			switch n.Op {
			case ast.LTLAnd:
				return And(x, y)
			case ast.LTLOr:
				return Or(x, y)
			case ast.LTLImplies:
				return Implies(x, y)
			case ast.LTLEquiv:
				return Equiv(x, y)
			case ast.LTLUntil:
				return Until(x, y)
			case ast.LTLWeakUntil:
				return WeakUntil(x, y)
			case ast.LTLRelease:
				return Release(x, y)
			}
		}
		panic("ltl.FromAST: unexpected LTL node")
	}
	return conv(f), props
}
