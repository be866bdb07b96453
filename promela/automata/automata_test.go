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
	return automata.Lower(r.Program, &errs), &errs
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

// TestLowerTrace: a trace or notrace sequence is lowered to an automaton
// of its own, outside Procs and Trans; its sends match like receives.
func TestLowerTrace(t *testing.T) {
	prog, errs := lower(t, "chan c = [1] of { byte, byte };\nnotrace { c!1,_; c?_,2 }\ninit { c!1,2; c?_,_ }")
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	tr := prog.Trace
	if tr == nil || !prog.NoTrace || tr.Kind != automata.TraceSeq || tr.Name != ":notrace:" {
		t.Fatalf("trace %+v, notrace %v", tr, prog.NoTrace)
	}
	for _, p := range prog.Procs {
		if p == tr {
			t.Errorf("the trace sequence is among the processes")
		}
	}
	for _, x := range prog.Trans {
		if x.Proc == tr {
			t.Errorf("trace transition %q in Program.Trans", x.Text)
		}
	}
	first := tr.Locs[tr.Start].Out
	if len(first) != 1 || first[0].Kind != automata.TSend || first[0].ID != -1 || len(first[0].RArgs) != 2 || first[0].RArgs[0].Match == nil || !first[0].RArgs[1].Wild {
		t.Errorf("first transition of the sequence: %+v", first)
	}
	if tr.Locs[tr.End].Flags&automata.EndLoc == 0 {
		t.Errorf("the end of the sequence is not an end location")
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
