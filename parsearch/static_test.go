package parsearch_test

import (
	"context"
	"testing"

	"github.com/gospin/gospin/parsearch"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/por"
	"github.com/gospin/gospin/search"
)

// locGrid is grid with a transition group per counter and value (the
// "location" the step leaves: i*n + v), every process safe, and the back
// edges of each counter's cycle the steps from n-1 (its wrap), for the
// static cycle proviso (pins.BackEdger). Its assertion is process 0's
// own: the step of counter 0 to bad violates it.
type locGrid struct{ *grid }

var assertion = pins.Violation{Kind: pins.Assertion, Message: "assertion violated"}

func (g locGrid) Next(s []byte, yield func(t *pins.Transition, succ []byte) bool) {
	g.grid.Next(s, func(t *pins.Transition, succ []byte) bool {
		u := *t
		u.Group = t.Pid*g.n + int(s[t.Pid])
		u.Violation = nil
		if t.Pid == 0 && int(succ[0]) == g.bad {
			u.Violation = &assertion
		}
		return yield(&u, succ)
	})
}

func (g locGrid) SafeProcs(s []byte, dst []bool) []bool {
	dst = dst[:0]
	for range g.k {
		dst = append(dst, true)
	}
	return dst
}

func (g locGrid) BackEdge(group int) bool { return group%g.n == g.n-1 }

func staticGrid(k, n, bad int) pins.Model {
	g := locGrid{newGrid(k, n, bad, true)}
	return por.New(g, g, por.Config{Static: true})
}

// TestStaticReduced: the parallel safety search of a model reduced with
// the static proviso (no done bits; the stack windowed, so that frames
// generate their successors again) stores and takes exactly what the
// sequential search of the same reduced model does, in every round (the
// reduced set is a function of the state), fewer states than the full
// n^k, and finds the assertion that a cycle of reduced states would hide
// without the proviso.
func TestStaticReduced(t *testing.T) {
	defer parsearch.SetWindow(2)()
	o := func(k, n, bad, workers int) parsearch.Options {
		return parsearch.Options{
			Options: search.Options{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 4},
			Workers: workers,
			Clone:   func() (pins.Model, error) { return staticGrid(k, n, bad), nil },
		}
	}
	seq, err := search.Run(context.Background(), staticGrid(5, 6, 3), o(5, 6, 3, 1).Options)
	if err != nil {
		t.Fatal(err)
	}
	if !seq.Complete || seq.StatesStored >= 7776 || seq.Reduced == 0 || len(seq.Errors) == 0 {
		t.Fatalf("-j 1: complete %v, %d states of 7,776, %d reduced, %d errors", seq.Complete, seq.StatesStored, seq.Reduced, len(seq.Errors))
	}
	for round := range 6 {
		j := []int{2, 3, 8}[round%3]
		res, err := parsearch.Run(context.Background(), staticGrid(5, 6, 3), o(5, 6, 3, j))
		if err != nil {
			t.Fatal(err)
		}
		if !res.Complete || res.StatesStored != seq.StatesStored || res.Transitions != seq.Transitions || len(res.Errors) != len(seq.Errors) {
			t.Errorf("-j %d: complete %v, stored %d, transitions %d, errors %d; -j 1: %d, %d, %d",
				j, res.Complete, res.StatesStored, res.Transitions, len(res.Errors), seq.StatesStored, seq.Transitions, len(seq.Errors))
		}
	}
}

// allMarked is locGrid with every step marked as a back edge: the static
// proviso refuses every candidate, so every state where two counters can
// move is expanded fully for the proviso alone (a fallback).
type allMarked struct{ locGrid }

func (allMarked) BackEdge(int) bool { return true }

// TestGiveUpWeakProviso: with Options.GiveUpWeakProviso, a search whose
// static proviso expands most states fully for the proviso alone ends
// early with ErrWeakProviso (verify's default then searches with one
// worker), and one whose proviso never does completes; without it, both
// complete. No bad state: the give-up comes before any error.
func TestGiveUpWeakProviso(t *testing.T) {
	weak := func() pins.Model {
		g := allMarked{locGrid{newGrid(3, 24, -1, true)}}
		return por.New(g, g, por.Config{Static: true})
	}
	strong := func() pins.Model { return staticGrid(3, 24, -1) }
	for _, c := range []struct {
		name   string
		model  func() pins.Model
		giveUp bool
		want   error
	}{
		{"weak, give up", weak, true, parsearch.ErrWeakProviso},
		{"weak, go on", weak, false, nil},
		{"strong, give up", strong, true, nil},
	} {
		o := parsearch.Options{
			Options:           search.Options{MaxDepth: 1 << 20, HashLog2: 4},
			Workers:           2,
			Clone:             func() (pins.Model, error) { return c.model(), nil },
			GiveUpWeakProviso: c.giveUp,
		}
		res, err := parsearch.Run(context.Background(), c.model(), o)
		if err != c.want {
			t.Fatalf("%s: error %v, want %v", c.name, err, c.want)
		}
		if err == nil && (!res.Complete || res.StatesStored == 0) {
			t.Errorf("%s: complete %v, %d states", c.name, res.Complete, res.StatesStored)
		}
		if c.name == "weak, go on" && res.ProvisoFallbacks*parsearch.WeakDen <= res.StatesStored {
			t.Errorf("%s: %d fallbacks in %d states: the proviso is not weak here", c.name, res.ProvisoFallbacks, res.StatesStored)
		}
	}
}
