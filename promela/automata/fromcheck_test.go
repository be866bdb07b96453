package automata_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/promela/parser"
	"github.com/gospin/gospin/promela/token"
)

// TestLowerFromCheckedInlines lowers a model whose inline is called twice:
// each call's local t is a variable of its own (the checker's symbol per
// expansion), a parameter bound to a constant is folded with the
// checker's value, and a parameter bound to a variable reads it.
// SPIN 6.5.2 on this model (spin -a; gcc -O0 -DSAFETY; ./pan): 7 states,
// 7 transitions, errors: 0.
func TestLowerFromCheckedInlines(t *testing.T) {
	prog, errs := lower(t, `byte r;
inline add(v) { byte t = v + 1; r = r + t }
active proctype P() { byte a = 3; add(a); add(7); assert(r == 12) }`)
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	p := prog.Procs[0]
	var ts []*automata.Var
	for _, v := range p.Locals {
		if v.Name == "t" {
			ts = append(ts, v)
		}
	}
	if len(ts) != 2 || ts[0] == ts[1] {
		t.Fatalf("locals %d named t, want 2 distinct", len(ts))
	}
	if b, ok := ts[0].Init.(*automata.Binary); !ok || b.X.(*automata.Ref).Var.Name != "a" {
		t.Errorf("first t's initializer %#v, want a + 1", ts[0].Init)
	}
	if c, ok := ts[1].Init.(*automata.Const); !ok || c.V != 8 {
		t.Errorf("second t's initializer %#v, want the constant 8", ts[1].Init)
	}
}

// TestLowerOptionVariable: a variable declared in an if option is visible
// after fi (an option is no block in SPIN). SPIN 6.5.2 on this model: 9
// states, errors: 0 (and gospin verify gives the same).
func TestLowerOptionVariable(t *testing.T) {
	prog, errs := lower(t, `byte r;
active proctype P() {
	if
	:: true -> byte x = 1
	:: true -> byte y = 2
	fi;
	r = x + y;
	assert(r < 3)
}`)
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	names := map[string]bool{}
	for _, v := range prog.Procs[0].Locals {
		names[v.Name] = true
	}
	if !names["x"] || !names["y"] {
		t.Errorf("locals %v, want x and y", names)
	}
}

// TestLowerModelReportsCheckErrors: LowerModel runs the checker and stops
// at its errors, with their positions.
func TestLowerModelReportsCheckErrors(t *testing.T) {
	var errs diag.List
	m := parser.ParseFile(token.NewFile("m.pml", []byte("active proctype P() { x = 1 }")), &errs)
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	if prog := automata.LowerModel(m, &errs); prog != nil {
		t.Errorf("a model with an undefined name was lowered")
	}
	if got := errs.Error(); got != "m.pml:1:23: error: undefined: x" {
		t.Errorf("errors %q", got)
	}
}

// TestLowerTypedefMessage: a channel whose messages are a typedef carries
// the typedef's fields (the typedef the checker resolved). SPIN 6.5.2 on
// this model (spin -a; gcc -O0 -DSAFETY; ./pan): 6 states, 6 transitions,
// errors: 0 (gospin verify: the same).
func TestLowerTypedefMessage(t *testing.T) {
	prog, errs := lower(t, `typedef M { byte a; short b[2] }
chan c = [1] of { M, bit };
active proctype P() { M m; m.a = 1; c!m,1; c?m,_; assert(m.a == 1) }`)
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	cs := prog.Globals[0].Chan
	var kinds []string
	for _, f := range cs.Fields {
		kinds = append(kinds, f.Kind.String())
	}
	if got := strings.Join(kinds, " "); got != "byte short short bit" {
		t.Errorf("message fields %s, want byte short short bit", got)
	}
}

// FuzzLower: every model the checker accepts lowers without an internal
// error (a name, constant or expansion the checker did not record) and
// without a panic.
func FuzzLower(f *testing.F) {
	for _, dir := range []string{"../../testdata/engine", "../../testdata/accept", "../../examples"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.pml"))
		for _, p := range files {
			if src, err := os.ReadFile(p); err == nil {
				f.Add(string(src))
			}
		}
	}
	f.Add("byte r; inline f(v) { byte t = v; r = r + t }\nactive proctype P() { f(1); f(r) }")
	f.Fuzz(func(t *testing.T, src string) {
		cfg := &frontend.Config{ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }}
		r := frontend.Load("f.pml", []byte(src), cfg)
		if r.HasErrors() {
			return
		}
		var errs diag.List
		prog := automata.Lower(r.Program, &errs)
		for _, d := range errs.Items {
			if strings.Contains(d.Msg, "internal error") {
				t.Fatalf("%s\n%s", d, src)
			}
		}
		if prog == nil && !errs.HasErrors() {
			t.Fatalf("no program and no error\n%s", src)
		}
	})
}
