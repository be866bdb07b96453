package property

import (
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/parser"
	"github.com/gospin/gospin/promela/token"

	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/promela/ast"
)

// TestNeverClaimEndsLast: a state that ends the claim (accept_all: skip)
// is the last statement of the claim's body. A labelled statement falls
// through to the next one, so an accept_all in the middle made the claim
// of !(p && X q) continue into the next state's if instead of ending (its
// language shrank: nested DFS missed violations).
func TestNeverClaimEndsLast(t *testing.T) {
	for _, src := range []string{"p && X q", "[] p", "p U q", "X X p", "[] (p -> <> q)"} {
		f, names, err := ltl.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		a := ltl.Translate(ltl.Negate(f), ltl.Options{})
		var props []ast.Expr
		for _, n := range names {
			props = append(props, &ast.Ident{Name: n})
		}
		d := NeverClaim(a, props, nil, 0)
		stmts := d.Body.Stmts
		for i, s := range stmts {
			ls, ok := s.(*ast.LabeledStmt)
			if !ok {
				t.Fatalf("%s: statement %d is not labelled", src, i)
			}
			es, ok := ls.Stmt.(*ast.ExprStmt)
			if !ok {
				continue
			}
			if lit, ok := es.X.(*ast.IntLit); ok && lit.Value == 1 && i != len(stmts)-1 {
				if _, next := stmts[i+1].(*ast.LabeledStmt).Stmt.(*ast.ExprStmt); !next {
					t.Errorf("%s: the claim's end (%s) falls through to statement %d", src, ls.Label.Name, i+1)
				}
			}
		}
	}
}

// TestClosureClaimBound: a claim too large to close under stuttering in
// reasonable time gets no closure claim and a reason; a small one gets one.
func TestClosureClaimBound(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"X (x == 1)", true},
		{"(a U (b && X c)) U (d && X X (e U (f && X (g || h))))", false},
	} {
		var errs diag.List
		m := parser.ParseFile(token.NewFile("f.pml", []byte("ltl f { "+c.src+" }")), &errs)
		if errs.HasErrors() {
			t.Fatal(errs.Error())
		}
		d := m.Decls[0].(*ast.LTLDecl)
		claim, why, err := ClosureClaim(d)
		if err != nil {
			t.Fatal(err)
		}
		if (claim != nil) != c.want || claim == nil && why == "" {
			t.Errorf("%s: claim %v, reason %q", c.src, claim != nil, why)
		}
	}
}
