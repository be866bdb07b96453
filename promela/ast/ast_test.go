package ast

import (
	"testing"

	"github.com/gospin/gospin/promela/token"
)

func TestInspectAndEqual(t *testing.T) {
	mk := func(p token.Pos) *Model {
		x := &Ident{NamePos: p, Name: "x"}
		body := &Block{Lbrace: p, Stmts: []Stmt{
			&AssignStmt{LHS: x, Eq: p, RHS: &BinaryExpr{X: &IntLit{ValuePos: p, Value: 1, Raw: "1"}, OpPos: p, Op: token.ADD, Y: &Ident{NamePos: p, Name: "y"}}},
		}}
		return &Model{Decls: []Decl{&InitDecl{InitPos: p, Body: body}}}
	}
	a, b := mk(1), mk(99)
	if !Equal(a, b) {
		t.Errorf("trees differing only in positions are not Equal")
	}
	b.Decls[0].(*InitDecl).Body.Stmts[0].(*AssignStmt).LHS.(*Ident).Name = "z"
	if Equal(a, b) {
		t.Errorf("different names are Equal")
	}
	var names []string
	Inspect(a, func(n Node) bool {
		if id, ok := n.(*Ident); ok {
			names = append(names, id.Name)
		}
		return true
	})
	if len(names) != 2 || names[0] != "x" || names[1] != "y" {
		t.Errorf("Inspect visited %v", names)
	}
	n := 0
	Inspect(a, func(n2 Node) bool { n++; _, isInit := n2.(*InitDecl); return !isInit })
	if n != 2 { // the model and the init, whose children are skipped
		t.Errorf("pruned Inspect visited %d nodes", n)
	}
}
