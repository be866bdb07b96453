package property

import (
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/parser"
	"github.com/gospin/gospin/promela/token"
)

func TestListAndModel(t *testing.T) {
	src := `byte x;
never { skip }
ltl { [] x < 3 }
never p { x > 0 }
ltl q { <> x == 2 }
ltl { x == 1 }
active proctype P() { x++ }`
	var errs diag.List
	m := parser.ParseFile(token.NewFile("t.pml", []byte(src)), &errs)
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	props := List(m)
	var names []string
	for _, p := range props {
		names = append(names, p.Name)
	}
	want := []string{"never_0", "ltl_0", "p", "q", "ltl_1"}
	if len(names) != len(want) {
		t.Fatalf("names %v", names)
	}
	for i := range want {
		if names[i] != want[i] {
			t.Errorf("names %v, want %v", names, want)
			break
		}
	}
	pm, err := Model(m, Find(props, "p"), nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range pm.Decls {
		switch d := d.(type) {
		case *ast.NeverDecl:
			n++
			if d.Name == nil || d.Name.Name != "p" {
				t.Errorf("wrong claim kept")
			}
		case *ast.LTLDecl:
			t.Errorf("ltl block kept")
		}
	}
	if n != 1 {
		t.Errorf("%d claims", n)
	}
	if _, err := Model(m, Find(props, "q"), nil); err == nil {
		t.Errorf("ltl without a translator: no error")
	}
	none, _ := Model(m, nil, nil)
	if len(none.Decls) != 2 {
		t.Errorf("model without claims has %d decls", len(none.Decls))
	}
}
