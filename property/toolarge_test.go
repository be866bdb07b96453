package property

import (
	"strconv"
	"strings"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/parser"
	"github.com/gospin/gospin/promela/token"
)

// TestLTLTooLarge: an ltl block whose automaton is beyond the translator's
// bound gives a "formula too large" error (or no SI/closure claim, with
// that reason), not a crash or exhausted memory.
func TestLTLTooLarge(t *testing.T) {
	var vars, parts []string
	for i := 0; i < 30; i++ {
		vars = append(vars, "bool b"+strconv.Itoa(i)+";")
		parts = append(parts, "<>[]b"+strconv.Itoa(i))
	}
	src := strings.Join(vars, "\n") + "\nltl big { " + strings.Join(parts, " || ") + " }\nactive proctype P() { b0 = 1 }\n"
	var errs diag.List
	m := parser.ParseFile(token.NewFile("t.pml", []byte(src)), &errs)
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	var d *ast.LTLDecl
	for _, x := range m.Decls {
		if l, ok := x.(*ast.LTLDecl); ok {
			d = l
		}
	}
	if d == nil {
		t.Fatal("no ltl block")
	}
	// The negation, a conjunction of []<>!bi, is what is translated:
	// check each entry point.
	if _, err := FromLTL(d); err == nil || !strings.HasPrefix(err.Error(), "formula too large") {
		t.Errorf("FromLTL: %v", err)
	}
	if _, err := TGBA(d); err == nil || !strings.HasPrefix(err.Error(), "formula too large") {
		t.Errorf("TGBA: %v", err)
	}
}
