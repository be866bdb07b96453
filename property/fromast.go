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
			if op, ok := ltlOps[n.Op]; ok {
				return &ltl.Formula{Op: op, Args: []*ltl.Formula{conv(n.X)}}
			}
		case *ast.LTLBinary:
			if op, ok := ltlOps[n.Op]; ok {
				return &ltl.Formula{Op: op, Args: []*ltl.Formula{conv(n.X), conv(n.Y)}}
			}
		}
		panic("property.FromAST: unexpected LTL node")
	}
	return conv(f), props
}

// ltlOps maps the parser's LTL operators to the formula's.
var ltlOps = map[ast.LTLOp]ltl.Op{
	ast.LTLNot: ltl.OpNot, ast.LTLAlways: ltl.OpAlways, ast.LTLEventually: ltl.OpEventually, ast.LTLNext: ltl.OpNext,
	ast.LTLAnd: ltl.OpAnd, ast.LTLOr: ltl.OpOr, ast.LTLImplies: ltl.OpImplies, ast.LTLEquiv: ltl.OpEquiv,
	ast.LTLUntil: ltl.OpUntil, ast.LTLWeakUntil: ltl.OpWeakUntil, ast.LTLRelease: ltl.OpRelease,
}
