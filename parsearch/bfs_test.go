package parsearch_test

import (
	"context"
	"testing"

	"github.com/gospin/gospin/parsearch"
	"github.com/gospin/gospin/store"
)

// TestBFSComplete: a complete breadth-first search with several workers
// stores, matches and reaches the depth of the sequential one, with each
// storage mode.
func TestBFSComplete(t *testing.T) {
	for _, mode := range []string{store.ModeExact, store.ModeHC, store.ModeBitstate} {
		g := newGrid(4, 12, -1, true) // 20,736 states, cycles everywhere
		o := opts(g, 1)
		o.BFS = true
		o.Storage = store.Config{Mode: mode, Mem: 1 << 24}
		seq, err := parsearch.Run(context.Background(), g, o)
		if err != nil {
			t.Fatal(err)
		}
		if seq.StatesStored != 20736 {
			t.Fatalf("%s -j 1: %d states stored, want 20736", mode, seq.StatesStored)
		}
		for _, j := range []int{2, 3, 8} {
			g := newGrid(4, 12, -1, true)
			o := opts(g, j)
			o.BFS = true
			o.Storage = store.Config{Mode: mode, Mem: 1 << 24}
			res, err := parsearch.Run(context.Background(), g, o)
			if err != nil {
				t.Fatal(err)
			}
			if mode == store.ModeBitstate {
				// two workers that insert one new state into a shared bit
				// array at once may both count it, and both expand it
				// (store.SharedBitstate): a few more states and transitions
				if !res.Complete || res.StatesStored < seq.StatesStored || res.StatesStored > seq.StatesStored+100 {
					t.Errorf("bitstate -j %d: complete %v, stored %d; -j 1: %d", j, res.Complete, res.StatesStored, seq.StatesStored)
				}
				continue
			}
			if !res.Complete || res.StatesStored != seq.StatesStored || res.Transitions != seq.Transitions ||
				res.StatesMatched != seq.StatesMatched || res.DepthReached != seq.DepthReached {
				t.Errorf("%s -j %d: complete %v, stored %d, matched %d, transitions %d, depth %d; -j 1: %d, %d, %d, %d",
					mode, j, res.Complete, res.StatesStored, res.StatesMatched, res.Transitions, res.DepthReached,
					seq.StatesStored, seq.StatesMatched, seq.Transitions, seq.DepthReached)
			}
		}
	}
}

// TestBFSShortestTrail: the first error of a breadth-first search with
// several workers has a shortest trail, which replays to the error.
func TestBFSShortestTrail(t *testing.T) {
	for _, j := range []int{1, 2, 4} {
		g := newGrid(3, 10, 6, false) // the assertion fails at 6,6,6: 18 steps
		o := opts(g, j)
		o.BFS = true
		res, err := parsearch.Run(context.Background(), g, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Errors) != 1 || res.Complete {
			t.Fatalf("-j %d: %d errors, complete %v; want 1 error, stopped", j, len(res.Errors), res.Complete)
		}
		e := res.Errors[0]
		if len(e.Trail) != 18 || e.Depth != 18 {
			t.Errorf("-j %d: trail of %d steps at depth %d, want 18", j, len(e.Trail), e.Depth)
		}
		if s, ok := replay(g, e.Trail); !ok || !allEqual(s, 6) {
			t.Errorf("-j %d: the trail replays to %v (ok %v), want 6,6,6", j, s, ok)
		}
	}
}

// TestBFSInvalidEnd: the grid without wrap ends in one state where no
// counter moves, an invalid end state at depth k*(n-1), found by every
// worker count; with AllTrails and no stop every error is one.
func TestBFSInvalidEnd(t *testing.T) {
	for _, j := range []int{1, 2, 3} {
		g := newGrid(3, 5, -1, false)
		o := opts(g, j)
		o.BFS = true
		o.StopAfter = 0
		res, err := parsearch.Run(context.Background(), g, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Errors) != 1 || res.Errors[0].Depth != 12 || res.StatesStored != 125 {
			t.Fatalf("-j %d: %d errors (first at depth %d), %d states; want 1 at 12, 125 states", j, len(res.Errors), res.Errors[0].Depth, res.StatesStored)
		}
		if s, ok := replay(g, res.Errors[0].Trail); !ok || !allEqual(s, 4) {
			t.Errorf("-j %d: the trail replays to %v (ok %v), want 4,4,4", j, s, ok)
		}
	}
}

// TestBFSDepthLimit: a depth limit cuts the search at the same depth
// whatever the number of workers, and says so.
func TestBFSDepthLimit(t *testing.T) {
	var want int64
	for _, j := range []int{1, 2, 4} {
		g := newGrid(3, 10, -1, true)
		o := opts(g, j)
		o.BFS = true
		o.MaxDepth = 7
		res, err := parsearch.Run(context.Background(), g, o)
		if err != nil {
			t.Fatal(err)
		}
		if j == 1 {
			want = res.StatesStored
		}
		if res.Complete || !res.DepthLimitHit || res.StatesStored != want || res.DepthReached != 7 {
			t.Errorf("-j %d: complete %v, limit hit %v, %d states (-j 1: %d), depth %d", j, res.Complete, res.DepthLimitHit, res.StatesStored, want, res.DepthReached)
		}
	}
}

// TestBFSCancel: a cancelled search ends, incomplete, with its figures.
func TestBFSCancel(t *testing.T) {
	g := newGrid(6, 40, -1, true)
	o := opts(g, 2)
	o.BFS = true
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := parsearch.Run(ctx, g, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || res.Incomplete == "" {
		t.Errorf("cancelled: complete %v, incomplete %q", res.Complete, res.Incomplete)
	}
}

// TestBFSMemoryLimit: a breadth-first search that reaches the store's
// memory limit ends with "memory limit" and its figures, whatever the
// number of workers.
func TestBFSMemoryLimit(t *testing.T) {
	for _, j := range []int{1, 2, 4} {
		g := newGrid(6, 40, -1, true) // 4.1e9 states
		o := opts(g, j)
		o.BFS = true
		o.MemLimit = 3 << 20
		res, err := parsearch.Run(context.Background(), g, o)
		if err != nil {
			t.Fatal(err)
		}
		if res.Complete || res.Incomplete != "memory limit" || res.StatesStored == 0 || res.Store.Memory() > 3<<20 {
			t.Errorf("-j %d: complete %v, %q, %d states, %d bytes", j, res.Complete, res.Incomplete, res.StatesStored, res.Store.Memory())
		}
	}
}
