package parsearch_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/gospin/gospin/parsearch"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/store"
)

// TestGridTree: tree compression shared by the workers (-store tree -j N,
// store.SharedTree). Complete searches store, match and take exactly
// what -j 1 does with the sequential tree, on states of one tree class
// (4 counters: 4 words) and of a deeper one (13 counters: 8 words), with
// a window of 2 frames, so that the workers read nearly every state of
// their stacks back from the tree (StateOf) to regenerate its
// successors; the first error's trail leads to it; -e finds every
// violating step; a small memory limit stops the search cleanly
// ("memory limit", the store within the limit).
func TestGridTree(t *testing.T) {
	defer parsearch.SetWindow(2)()
	tree := store.Config{Mode: store.ModeTree}
	for _, c := range []struct{ k, n, states int }{{4, 12, 20736}, {13, 2, 8192}} {
		g := newGrid(c.k, c.n, -1, true)
		o := opts(g, 1)
		o.Storage = tree
		seq, err := parsearch.Run(context.Background(), g, o)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := seq.States.(*store.Tree); !ok || seq.StatesStored != int64(c.states) {
			t.Fatalf("-j 1: %T, %d states", seq.States, seq.StatesStored)
		}
		for _, j := range []int{2, 3, 8} {
			g := newGrid(c.k, c.n, -1, true)
			o := opts(g, j)
			o.Storage = tree
			res, err := parsearch.Run(context.Background(), g, o)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := res.States.(*store.SharedTree); !ok {
				t.Fatalf("-j %d: the store is a %T", j, res.States)
			}
			if !res.Complete || res.StatesStored != seq.StatesStored || res.Transitions != seq.Transitions ||
				res.StatesMatched != seq.StatesMatched || res.States.Len() != c.states {
				t.Errorf("%d counters, -j %d: complete %v, stored %d (Len %d), matched %d, transitions %d; -j 1: %d, %d, %d",
					c.k, j, res.Complete, res.StatesStored, res.States.Len(), res.StatesMatched, res.Transitions, seq.StatesStored, seq.StatesMatched, seq.Transitions)
			}
			n := 0
			res.States.Each(func(idx uint64, s []byte) bool {
				if len(s) != c.k {
					t.Fatalf("Each: state %v", s)
				}
				n++
				return true
			})
			if n != c.states {
				t.Errorf("-j %d: Each visits %d states", j, n)
			}
		}
	}
	// the first error, with a trail that leads to it; then -e
	g := newGrid(3, 9, 5, false)
	o := opts(g, 3)
	o.Storage = tree
	res, err := parsearch.Run(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 1 || res.Errors[0].Trail == nil {
		t.Fatalf("%d errors (%s), want one with a trail", len(res.Errors), res.Incomplete)
	}
	if _, ok := replay(g, res.Errors[0].Trail); !ok {
		t.Errorf("the trail does not replay")
	}
	g = newGrid(3, 9, 4, true)
	o = opts(g, 3)
	o.Storage, o.StopAfter, o.AllTrails = tree, 0, true
	if res, err = parsearch.Run(context.Background(), g, o); err != nil {
		t.Fatal(err)
	}
	if !res.Complete || len(res.Errors) != 3 || res.StatesStored != 729 {
		t.Fatalf("-e: %d errors, %d states, complete %v; want 3, 729", len(res.Errors), res.StatesStored, res.Complete)
	}
	for _, e := range res.Errors {
		if end, ok := replay(g, e.Trail); !ok || !allEqual(end, 4) {
			t.Errorf("%v: the trail does not lead to it (%v)", e.Violation.Kind, end)
		}
	}
	// the memory limit: 4e9 states in 8 MB
	big := newGrid(6, 40, -1, true)
	o = opts(big, 2)
	o.Storage, o.MemLimit = tree, 8<<20
	res, err = parsearch.Run(context.Background(), big, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || res.Incomplete != "memory limit" || res.Store.Memory() > 8<<20 || res.StatesStored < 100000 {
		t.Errorf("memory limit: %q, %d bytes, %d states", res.Incomplete, res.Store.Memory(), res.StatesStored)
	}
}

// TestCNDFSTree: CNDFS (-a -j N) on the shared tree store, whose state
// indices are its root table's (a store.Shared's), so the colours'
// bit sets (bits.go) serve it: on random graphs a cycle is found exactly
// when the graph has one, its trail is one, and without a cycle the
// states stored and made red are the sequential search's.
func TestCNDFSTree(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 2011))
	graphs := 120
	if testing.Short() {
		graphs = 40
	}
	cycles := 0
	for g := range graphs {
		n := 2 + r.IntN(60)
		b := randomBuchi(r, n, 1+r.IntN(3), r.Float64()*0.3)
		want := b.hasAcceptingCycle()
		seq, err := search.Run(context.Background(), b.clone(), buchiOpts(b, 1).Options)
		if err != nil {
			t.Fatal(err)
		}
		if want {
			cycles++
		}
		j := 2 + g%3
		o := buchiOpts(b, j)
		o.Storage = store.Config{Mode: store.ModeTree}
		res, err := parsearch.Run(context.Background(), b.clone(), o)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := res.States.(*store.SharedTree); !ok {
			t.Fatalf("the store is a %T", res.States)
		}
		if got := len(res.Errors) > 0; got != want {
			t.Fatalf("graph %d (%d nodes) -j %d: cycle %v, want %v", g, n, j, got, want)
		}
		if want {
			if err := b.checkCycle(res.Errors[0]); err != nil {
				t.Fatalf("graph %d -j %d: %v", g, j, err)
			}
			continue
		}
		if !res.Complete || res.StatesStored != seq.StatesStored || res.NestedStored != seq.NestedStored {
			t.Fatalf("graph %d -j %d: complete %v, stored %d + %d red; -j 1: %d + %d nested", g, j, res.Complete,
				res.StatesStored, res.NestedStored, seq.StatesStored, seq.NestedStored)
		}
	}
	if cycles == 0 || cycles == graphs {
		t.Errorf("%d of %d graphs have a cycle: the test is unbalanced", cycles, graphs)
	}
}
