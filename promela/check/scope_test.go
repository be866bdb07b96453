package check

import (
	"strings"
	"testing"

	"github.com/gospin/gospin/promela/ast"
)

// SPIN 6.5.2's scope rules for local declarations (sym.c: lookup finds a
// name declared in an enclosing block of the same proctype, or a global;
// setptype then reports "redeclaration of 'x'"). Each case was run
// through `spin -a case.pml`: wantErr is whether SPIN reported
// "Error: redeclaration of ..."; the accepted ones were verified with
// gcc -DSAFETY and ./pan (no errors).
func TestSpinScopeRules(t *testing.T) {
	cases := []struct {
		name, src string
		wantErr   string // "" when SPIN accepts the model
	}{
		{"if options share the proctype's scope", `byte r;
active proctype P() { if :: true -> int x = 1; r = x :: true -> int x = 2; r = x fi }`, "2:69: x redeclared in this scope"},
		{"do options too", `byte r;
active proctype P() { do :: byte y = 5; r = y; break od; do :: byte y = 6; r = y; break od }`, "2:69: y redeclared in this scope"},
		{"a variable of an option is visible after fi", `byte r;
active proctype P() { if :: true -> byte x = 1 :: true -> byte y = 2 fi; r = x + y }`, ""},
		{"a block may not redeclare a visible local", `active proctype P() { byte x = 1; { byte x = 5; x++ }; x++ }`, "1:42: x redeclared: a local variable"},
		{"nor a global", `byte x;
active proctype P() { { byte x = 2; x++ }; x++ }`, "2:30: x redeclared: a global variable"},
		{"a top-level local may not have a global's name", `byte x;
active proctype P() { byte x = 2; x++ }`, "2:28: x redeclared: a global variable"},
		{"nor a parameter", `byte x;
proctype Q(byte x) { x++ }
init { run Q(1) }`, "2:17: x redeclared: a global variable"},
		{"nested blocks", `byte r;
active proctype P() { { byte y = 5; { byte y = 6; r = y } } }`, "2:44: y redeclared: a local variable"},
		{"sibling blocks may reuse a name", `byte r;
active proctype P() { { byte y = 5; r = y }; { byte y = 6; r = r + y } }`, ""},
		{"a block's name may be declared after it", `byte r;
active proctype P() { { byte y = 5; r = y }; byte y = 7; r = y }`, ""},
		{"atomic and d_step are blocks", `byte r;
active proctype P() { atomic { byte y = 5; r = y }; d_step { byte y = 6; r = r + y } }`, ""},
		{"an inline's locals are new at each call", `byte r;
inline f(v) { byte t = v; r = r + t }
active proctype P() { f(1); f(2) }`, ""},
		{"but not beside the caller's", `byte r;
inline f(v) { byte t = v; r = r + t }
active proctype P() { byte t = 4; f(1); r = t }`, "2:20: t redeclared: a local variable"},
		{"two proctypes may use the same name", `active proctype Q() { byte x = 1; x++ }
active proctype P() { byte x = 2; x++ }`, ""},
	}
	for _, c := range cases {
		_, errs := checkSrc(t, c.src, Options{})
		got := strings.Join(messages(errs, 0), "\n")
		if c.wantErr == "" {
			if got != "" {
				t.Errorf("%s: SPIN accepts it, the checker says:\n%s", c.name, got)
			}
			continue
		}
		if !strings.Contains(got, c.wantErr) {
			t.Errorf("%s: want an error %q (SPIN: redeclaration), got:\n%s", c.name, c.wantErr, got)
		}
	}
}

// TestExpansionTables checks the side tables of inline expansions: each
// call has its own, a parameter use maps to the argument of its call,
// and a local of the inline is a new symbol at each call.
func TestExpansionTables(t *testing.T) {
	src := `byte r;
inline add(v) { byte t = v + 1; r = r + t }
active proctype P() { byte a = 3; add(a); add(7) }`
	p, errs := checkSrc(t, src, Options{})
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	if len(p.Expansions) != 2 {
		t.Fatalf("%d expansions, want 2", len(p.Expansions))
	}
	var calls []*Expansion
	ast.Inspect(p.Model, func(n ast.Node) bool {
		if c, ok := n.(*ast.InlineCall); ok {
			calls = append(calls, p.Expansions[c])
		}
		return true
	})
	decl := calls[0].Decl
	spec := decl.Body.Stmts[0].(*ast.VarDecl).Vars[0]
	v := spec.Init.(*ast.BinaryExpr).X.(*ast.Ident)
	t1, t2 := calls[0].Uses[spec.Name], calls[1].Uses[spec.Name]
	if t1 == nil || t2 == nil || t1 == t2 {
		t.Errorf("the inline's local t: symbols %p and %p, want two different ones", t1, t2)
	}
	if a, ok := calls[0].Args[v].(*ast.Ident); !ok || a.Name != "a" || p.Uses[a] == nil || p.Uses[a].Name != "a" {
		t.Errorf("first call: v stands for %v, want the caller's a", calls[0].Args[v])
	}
	if a, ok := calls[1].Args[v].(*ast.IntLit); !ok || a.Value != 7 {
		t.Errorf("second call: v stands for %v, want 7", calls[1].Args[v])
	}
	if got, ok := calls[1].Consts[spec.Init]; !ok || got != 8 {
		t.Errorf("second call: v + 1 folded to %d, %v; want 8", got, ok)
	}
	if _, ok := calls[0].Consts[spec.Init]; ok {
		t.Errorf("first call: a + 1 is not a constant")
	}
}
