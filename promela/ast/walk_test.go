package ast_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/parser"
	"github.com/gospin/gospin/promela/token"
)

// reflectInspect is the reflective walk Inspect replaced: every field of
// a node whose type is a node (or a slice of them), in field order. The
// test checks that Inspect's explicit cases visit exactly what it visits,
// so that a field added to a node and not to Inspect is caught.
func reflectInspect(n ast.Node, f func(ast.Node) bool) {
	if n == nil || reflect.ValueOf(n).IsNil() || !f(n) {
		return
	}
	v := reflect.ValueOf(n).Elem()
	nodeType := reflect.TypeOf((*ast.Node)(nil)).Elem()
	var visit func(fv reflect.Value)
	visit = func(fv reflect.Value) {
		switch fv.Kind() {
		case reflect.Interface, reflect.Pointer:
			if !fv.IsNil() && fv.Type().Implements(nodeType) {
				reflectInspect(fv.Interface().(ast.Node), f)
			}
		case reflect.Slice:
			for j := 0; j < fv.Len(); j++ {
				visit(fv.Index(j))
			}
		}
	}
	for i := 0; i < v.NumField(); i++ {
		visit(v.Field(i))
	}
}

func TestInspectVisitsEveryChild(t *testing.T) {
	var files []string
	for _, pat := range []string{"../../testdata/*.pml", "../../testdata/*/*.pml", "../../examples/*.pml", "../format/testdata/*.pml"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) < 20 {
		t.Fatalf("only %d models found", len(files))
	}
	kinds := map[reflect.Type]bool{}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var errs diag.List
		m := parser.ParseFile(token.NewFile(path, src), &errs)
		var got, want []ast.Node
		ast.Inspect(m, func(n ast.Node) bool { got = append(got, n); kinds[reflect.TypeOf(n)] = true; return true })
		reflectInspect(m, func(n ast.Node) bool { want = append(want, n); return true })
		if len(got) != len(want) {
			t.Fatalf("%s: Inspect visits %d nodes, the reflective walk %d", path, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: node %d: Inspect visits %T at %d, the reflective walk %T at %d", path, i, got[i], got[i].Pos(), want[i], want[i].Pos())
			}
		}
	}
	if len(kinds) < 40 {
		t.Errorf("the models exercise only %d node types", len(kinds))
	}
}

func TestInspectPrunes(t *testing.T) {
	src := []byte("active proctype P() { int x; x = x + 1 }")
	var errs diag.List
	m := parser.ParseFile(token.NewFile("p.pml", src), &errs)
	n := 0
	ast.Inspect(m, func(nd ast.Node) bool {
		n++
		_, isProc := nd.(*ast.ProcDecl)
		return !isProc
	})
	if n != 2 { // the model and the proctype
		t.Errorf("visited %d nodes, want 2", n)
	}
}
