package property

import (
	"fmt"

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

// fromDecl converts the formula of an ltl block as FromAST does; it is an
// error for the block to have more propositions than the 64 of the
// translator's explicit alphabet.
func fromDecl(d *ast.LTLDecl) (*ltl.Formula, []ast.Expr, error) {
	f, props := FromAST(d.Formula)
	if len(props) > 64 {
		return nil, nil, fmt.Errorf("too many propositions (%d; at most 64)", len(props))
	}
	return f, props, nil
}

// siAutomaton is the Büchi automaton of the negation of ltl block d's
// formula, for a claim in SI normal form (which: what it is for), with
// the propositions' expressions; or the reason there is none: too many
// propositions, refuse's reason for the negated formula (refuse may be
// nil), or a formula too large to translate.
func siAutomaton(d *ast.LTLDecl, which string, refuse func(*ltl.Formula) string) (*ltl.Automaton, []ast.Expr, string, error) {
	f, props, err := fromDecl(d)
	if err != nil {
		return nil, nil, "", err
	}
	if len(props) > ltl.MaxSIProps {
		return nil, nil, fmt.Sprintf("%d propositions (at most %d for %s)", len(props), ltl.MaxSIProps, which), nil
	}
	nf := ltl.Negate(f)
	if refuse != nil {
		if reason := refuse(nf); reason != "" {
			return nil, nil, reason, nil
		}
	}
	a, err := ltl.TryTranslate(nf, ltl.Options{})
	if err != nil {
		return nil, nil, err.Error(), nil
	}
	a.NumProps = len(props)
	return a, props, "", nil
}

// negatedAutomaton translates the negation of ltl block d's formula (the
// claim's automaton) with translate; it returns the propositions'
// expressions too. An error is too many propositions or a formula too
// large to translate.
func negatedAutomaton(d *ast.LTLDecl, translate func(*ltl.Formula, ltl.Options) (*ltl.Automaton, error)) (*ltl.Automaton, []ast.Expr, error) {
	f, props, err := fromDecl(d)
	if err != nil {
		return nil, nil, err
	}
	a, err := translate(ltl.Negate(f), ltl.Options{})
	return a, props, err
}

// ltlOps maps the parser's LTL operators to the formula's.
var ltlOps = map[ast.LTLOp]ltl.Op{
	ast.LTLNot: ltl.OpNot, ast.LTLAlways: ltl.OpAlways, ast.LTLEventually: ltl.OpEventually, ast.LTLNext: ltl.OpNext,
	ast.LTLAnd: ltl.OpAnd, ast.LTLOr: ltl.OpOr, ast.LTLImplies: ltl.OpImplies, ast.LTLEquiv: ltl.OpEquiv,
	ast.LTLUntil: ltl.OpUntil, ast.LTLWeakUntil: ltl.OpWeakUntil, ast.LTLRelease: ltl.OpRelease,
}
