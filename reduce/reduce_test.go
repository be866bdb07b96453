package reduce

import (
	"strings"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
)

func build(t *testing.T, src string) *engine.Engine {
	t.Helper()
	fr := frontend.Load("t.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		t.Fatalf("front end: %v", fr.Diags.Error())
	}
	var errs diag.List
	prog := automata.Lower(fr.Program, &errs)
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	e, err := engine.NewWithOptions(prog, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// safeTexts maps each statement's text to whether it is safe.
func safeTexts(t *testing.T, src string) map[string]bool {
	e := build(t, src)
	r := New(e)
	if r == nil {
		t.Fatal("reduction not allowed")
	}
	out := map[string]bool{}
	for i, g := range e.Info().Groups {
		out[g.Text] = r.SafeGroups[i]
	}
	return out
}

func TestSafeStatements(t *testing.T) {
	got := safeTexts(t, `
byte g;
chan c = [1] of { byte };
proctype Q() { skip }
active proctype P() {
	byte l, m;
	chan lc = [1] of { byte };
	l = 1;
	g = 2;
	c!l;
	lc!m;
	(l == 1);
	(g == 1);
	assert(l < 3);
	assert(g < 3);
	run Q();
	atomic { m = 1; g = 3 };
	d_step { m = 2; l = 3 };
	(_nr_pr > 0);
	timeout;
	printf("%d\n", _pid)
}`)
	want := map[string]bool{
		"l = 1": true, "g = 2": false, "c!l": false, "lc!m": false,
		"((l==1))": true, "((g==1))": false, "assert((l<3))": true, "assert((g<3))": false,
		"(run Q())": false, "m = 1": false, "g = 3": false, "((_nr_pr>0))": false, "(timeout)": false, "-end-": false,
	}
	for text, w := range want {
		s, ok := got[text]
		if !ok {
			t.Errorf("no statement %q in %v", text, got)
			continue
		}
		if s != w {
			t.Errorf("%q: safe=%v, want %v", text, s, w)
		}
	}
	// the d_step of local assignments is safe
	for text, s := range got {
		if len(text) > 6 && text[:6] == "D_STEP" && !s {
			t.Errorf("%q: not safe", text)
		}
	}
}

func TestNotAllowed(t *testing.T) {
	for _, src := range []string{
		`active proctype P() { byte x; x = 1 } active proctype Q() { P[0]:x == 1 }`,
		`active proctype P() { L: skip } active proctype Q() { P[0]@L }`,
		`active proctype P() { enabled(0) }`,
		`active proctype P() provided (true) { skip }`,
		`active proctype P() { _last == 0 }`,
	} {
		if r := New(build(t, src)); r != nil {
			t.Errorf("%s: reduction allowed", src)
		}
	}
}

// TestSafeProcsAllocs: examining a state allocates nothing once the
// scratch space has grown.
func TestSafeProcsAllocs(t *testing.T) {
	e := build(t, `chan a = [2] of { byte }; chan b = [2] of { byte };
active proctype P() { byte i; do :: i < 3 -> a!i; i++ :: else -> break od }
active proctype Q() { byte x; do :: a?x -> b!x od }
active proctype R() { byte y; do :: b?y -> y++ od }
init { run P() }`)
	r := New(e)
	if r == nil {
		t.Fatal("no reducer")
	}
	s, err := e.Initial(nil)
	if err != nil {
		t.Fatal(err)
	}
	var dst []bool
	dst = r.SafeProcs(s, dst)
	if n := testing.AllocsPerRun(100, func() { dst = r.SafeProcs(s, dst) }); n != 0 {
		t.Errorf("SafeProcs allocates %v times per state", n)
	}
	if len(dst) != 4 {
		t.Errorf("SafeProcs gave %d processes, want 4", len(dst))
	}
}

// TestRendezvousOnlyLocs: with no buffered channel in the model, a
// location whose only condition is a channel operation is unsafe once per
// model (opSafe could never pass); one buffered channel anywhere keeps it
// conditional, and the same state is then still judged per state.
func TestRendezvousOnlyLocs(t *testing.T) {
	const body = `
active proctype P() {
	chan lc = [%s] of { byte };
	byte x;
	lc!1;
	lc?x
}
active proctype Q() { byte y; y = 1; y = 2 }
`
	for _, tc := range []struct {
		cap  string
		kind uint8
	}{{"0", unsafeLoc}, {"1", condLoc}} {
		e := build(t, strings.Replace(body, "%s", tc.cap, 1))
		r := New(e)
		if r == nil {
			t.Fatalf("cap %s: no reducer", tc.cap)
		}
		var p int = -1
		for tag, pt := range r.lay.Procs {
			if pt.Name == "P" {
				p = tag
			}
		}
		if p < 0 {
			t.Fatalf("cap %s: no proctype P", tc.cap)
		}
		found := false
		for loc, l := range r.lay.Procs[p].Locs {
			for _, tr := range l.Out {
				if e.Info().Groups[tr.ID].Text != "lc!1" {
					continue
				}
				found = true
				if got := r.locs[p][loc].kind; got != tc.kind {
					t.Errorf("cap %s: location of lc!1 has class %d, want %d", tc.cap, got, tc.kind)
				}
			}
		}
		if !found {
			t.Fatalf("cap %s: no lc!1 transition", tc.cap)
		}
		// in the initial state: P at the send; safe with a buffer (Q
		// holds no chan), never with a rendezvous channel
		init, err := e.Initial(nil)
		if err != nil {
			t.Fatal(err)
		}
		safe := r.SafeProcs(init, nil)
		if len(safe) < 1 || safe[0] != (tc.kind == condLoc) {
			t.Errorf("cap %s: SafeProcs(initial) = %v", tc.cap, safe)
		}
	}
}
