package property

import (
	"testing"

	"github.com/gospin/gospin/promela/ast"
)

func TestFromAST(t *testing.T) {
	x := &ast.Ident{Name: "x"}
	y := &ast.Ident{Name: "y"}
	x2 := &ast.Ident{Name: "x"}
	// [] (x -> <> (y U x)) with a parenthesized part and a repeated x.
	f := &ast.LTLUnary{Op: ast.LTLAlways, X: &ast.LTLParen{X: &ast.LTLBinary{
		X:  &ast.LTLProp{X: x},
		Op: ast.LTLImplies,
		Y: &ast.LTLUnary{Op: ast.LTLEventually, X: &ast.LTLBinary{
			X: &ast.LTLProp{X: y}, Op: ast.LTLUntil, Y: &ast.LTLProp{X: x2}}},
	}}}
	g, props := FromAST(f)
	if len(props) != 2 {
		t.Fatalf("props = %d, want 2", len(props))
	}
	if got := g.String(); got != "[](p0 -> <>(p1 U p0))" {
		t.Errorf("FromAST = %s", got)
	}
	c, _ := FromAST(&ast.LTLBinary{X: &ast.LTLConst{Value: true}, Op: ast.LTLWeakUntil, Y: &ast.LTLUnary{Op: ast.LTLNot, X: &ast.LTLConst{Value: false}}})
	if got := c.String(); got != "true W !false" {
		t.Errorf("FromAST = %s", got)
	}
}
