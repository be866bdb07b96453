package automata_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
)

func lower(t *testing.T, src string) (*automata.Program, *diag.List) {
	t.Helper()
	r := frontend.Load("m.pml", []byte(src), nil)
	if r.HasErrors() {
		t.Fatal(r.Diags.Error())
	}
	var errs diag.List
	return automata.Lower(r.Model, &errs), &errs
}

func TestLowerAndDOT(t *testing.T) {
	prog, errs := lower(t, `byte x;
active [2] proctype P() {
	do
	:: x < 3 -> x++
	:: else -> break
	od;
end:	skip
}
init { atomic { x = 0; x = 1 } }
never { do :: x < 5 od }`)
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	if len(prog.Procs) != 3 || prog.Never == nil {
		t.Fatalf("%d procs, never %v", len(prog.Procs), prog.Never)
	}
	p := prog.Procs[0]
	if p.Name != "P" || p.Active != 2 {
		t.Errorf("proc %s active %d", p.Name, p.Active)
	}
	ends := 0
	for _, l := range p.Locs {
		if l.Flags&automata.EndLoc != 0 {
			ends++
		}
	}
	if ends == 0 {
		t.Errorf("no end location in P")
	}
	atomicTrans := 0
	for _, tr := range prog.Trans {
		if tr.Atomic {
			atomicTrans++
		}
	}
	if atomicTrans == 0 {
		t.Errorf("init's atomic sequence has no atomic transition")
	}
	var b bytes.Buffer
	if err := automata.WriteDOT(&b, prog); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"digraph", "cluster_0", "label=\"P\"", "x = (x+1)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("DOT lacks %q", want)
		}
	}
}

func TestLowerErrors(t *testing.T) {
	_, errs := lower(t, "trace { skip }\ninit { skip }")
	if !errs.HasErrors() || !strings.Contains(errs.Error(), "trace") {
		t.Errorf("trace: %v", errs.Error())
	}
}

// TestInlineLabels: a label in an inline expanded several times is each
// expansion's own (no "label redeclared"), also beside a label of the
// proctype with the same name; from outside, the proctype's label is
// meant (see docs/frontend.md).
func TestInlineLabels(t *testing.T) {
	prog, errs := lower(t, `byte x;
inline bump(v) { if :: v > 2 -> goto out :: else -> skip fi; v++; out: skip }
active proctype P() {
	bump(x); bump(x);
out:	x < 5;
	bump(x);
	if :: x < 4 -> goto out :: else fi
}`)
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	p := prog.Procs[0]
	n := 0
	for _, loc := range p.Locs {
		for _, l := range loc.Labels {
			if l == "out" {
				n++
			}
		}
	}
	if n != 4 {
		t.Errorf("%d locations labelled out, want 4 (three expansions and the proctype's)", n)
	}
	if id, ok := p.Labels["out"]; !ok || p.Locs[id].Pos.Line != 5 {
		t.Errorf("out from outside is not the proctype's label (line 5): %v", p.Locs[id].Pos)
	}
}
