package search

import (
	"testing"

	"github.com/gospin/gospin/ltl"
)

// TestNPSIClaim: npSIClaim is the SI normal form of pan's non-progress
// claim (ltl.SINormalForm of its automaton), state for state and edge for
// edge, in the same order.
func TestNPSIClaim(t *testing.T) {
	guard := func(on int8) ltl.Guard {
		switch on {
		case 1:
			return ltl.Guard{ltl.Cube{Pos: 1}}
		case 0:
			return ltl.Guard{ltl.Cube{Neg: 1}}
		}
		return ltl.Guard{ltl.Cube{}}
	}
	toAutomaton := func(c *npClaim) *ltl.Automaton {
		a := &ltl.Automaton{NumProps: 1}
		for q, es := range c.edges {
			s := ltl.State{Accepting: c.accepting[q]}
			for _, e := range es {
				s.Edges = append(s.Edges, ltl.Edge{To: int(e.to), Guard: guard(e.on)})
			}
			a.States = append(a.States, s)
		}
		return a
	}
	want := ltl.SINormalForm(toAutomaton(npPan))
	got := toAutomaton(npSIClaim)
	if len(want.States) != len(got.States) {
		t.Fatalf("%d states, SINormalForm has %d", len(got.States), len(want.States))
	}
	for q := range want.States {
		w, g := want.States[q], got.States[q]
		if w.Accepting != g.Accepting || len(w.Edges) != len(g.Edges) {
			t.Fatalf("state %d: accepting %v, %d edges; SINormalForm: %v, %d", q, g.Accepting, len(g.Edges), w.Accepting, len(w.Edges))
		}
		for i := range w.Edges {
			for v := uint64(0); v < 2; v++ {
				if w.Edges[i].To != g.Edges[i].To || w.Edges[i].Guard.Eval(v) != g.Edges[i].Guard.Eval(v) {
					t.Fatalf("state %d edge %d: to %d; SINormalForm: to %d (letter %d)", q, i, g.Edges[i].To, w.Edges[i].To, v)
				}
			}
		}
	}
}
