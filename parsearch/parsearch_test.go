package parsearch_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gospin/gospin/parsearch"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/store"
)

// grid is a test model: k counters, each below n; process i increments
// counter i (wrapping to 0 when wrap is set). A step into a state whose
// counters all equal bad violates an assertion (when bad >= 0); a state
// where no counter can move is an invalid end state unless valid. Its
// n^k states are all reachable (with wrap, on cycles).
type grid struct {
	k, n, bad int
	wrap      bool
	succ      []byte
	info      pins.Info
}

func newGrid(k, n, bad int, wrap bool) *grid {
	g := &grid{k: k, n: n, bad: bad, wrap: wrap}
	for i := 0; i < k; i++ {
		g.info.Groups = append(g.info.Groups, pins.Group{ProcType: "p", Text: "x++"})
	}
	return g
}

func (g *grid) Initial(dst []byte) ([]byte, error) { return append(dst[:0], make([]byte, g.k)...), nil }

func (g *grid) Next(s []byte, yield func(t *pins.Transition, succ []byte) bool) {
	for i := g.k - 1; i >= 0; i-- {
		v := int(s[i]) + 1
		if v == g.n {
			if !g.wrap {
				continue
			}
			v = 0
		}
		g.succ = append(g.succ[:0], s...)
		g.succ[i] = byte(v)
		t := pins.Transition{Pid: i, Group: i, Pid2: -1, Group2: -1, Claim: -1}
		if g.bad >= 0 && allEqual(g.succ, byte(g.bad)) {
			t.Violation = &pins.Violation{Kind: pins.Assertion, Message: "assertion violated"}
		}
		if !yield(&t, g.succ) {
			return
		}
	}
}

func allEqual(s []byte, v byte) bool {
	for _, b := range s {
		if b != v {
			return false
		}
	}
	return true
}

func (g *grid) Status(s []byte) pins.StateStatus { return 0 }
func (g *grid) Info() *pins.Info                 { return &g.info }

func opts(g *grid, workers int) parsearch.Options {
	return parsearch.Options{
		Options: search.Options{MaxDepth: 1 << 20, StopAfter: 1, HashLog2: 4},
		Workers: workers,
		Clone:   func() (pins.Model, error) { return newGrid(g.k, g.n, g.bad, g.wrap), nil },
	}
}

// replay follows trail on a fresh grid and returns the state it ends in
// and whether every step exists.
func replay(g *grid, trail []search.Step) ([]byte, bool) {
	m := newGrid(g.k, g.n, g.bad, g.wrap)
	s, _ := m.Initial(nil)
	for _, st := range trail {
		found := false
		m.Next(s, func(t *pins.Transition, succ []byte) bool {
			if t.Pid == st.Pid && t.Group == st.Group {
				s, found = append([]byte(nil), succ...), true
				return false
			}
			return true
		})
		if !found {
			return nil, false
		}
	}
	return s, true
}

// TestGridComplete: a complete search with several workers stores the
// n^k states and takes the k*n^k transitions of the sequential one.
func TestGridComplete(t *testing.T) {
	g := newGrid(4, 12, -1, true) // 20,736 states, cycles everywhere
	seq, err := parsearch.Run(context.Background(), g, opts(g, 1))
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range []int{2, 3, 8} {
		g := newGrid(4, 12, -1, true)
		res, err := parsearch.Run(context.Background(), g, opts(g, j))
		if err != nil {
			t.Fatal(err)
		}
		if !res.Complete || res.StatesStored != 20736 || res.StatesStored != seq.StatesStored ||
			res.Transitions != seq.Transitions || res.StatesMatched != seq.StatesMatched || res.States.Len() != 20736 {
			t.Errorf("-j %d: complete %v, stored %d (Len %d), matched %d, transitions %d; -j 1: %d, %d, %d",
				j, res.Complete, res.StatesStored, res.States.Len(), res.StatesMatched, res.Transitions, seq.StatesStored, seq.StatesMatched, seq.Transitions)
		}
	}
}

// TestGridErrors: the first error stops every worker with a trail that
// leads to it; -c3 stops at the third; -e (StopAfter 0) finds every
// violating step, as many as the sequential search; without wrapping the
// last state is an invalid end state.
func TestGridErrors(t *testing.T) {
	g := newGrid(3, 9, 5, false)
	o := opts(g, 3)
	res, err := parsearch.Run(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 1 || res.Incomplete != "stopped at error" || res.Errors[0].Trail == nil {
		t.Fatalf("errors %d (%s), want one with a trail", len(res.Errors), res.Incomplete)
	}
	// the first error found: a step into (5,5,5), or the invalid end
	// state (8,8,8) that a worker may meet first
	e := res.Errors[0]
	if end, ok := replay(g, e.Trail); !ok || e.Depth != len(e.Trail) ||
		!(e.Violation.Kind == pins.Assertion && allEqual(end, 5) || e.Violation.Kind == pins.InvalidEndState && allEqual(end, 8)) {
		t.Errorf("the trail (%d steps, depth %d) does not lead to the %v: %v %v", len(e.Trail), e.Depth, e.Violation.Kind, end, ok)
	}
	o.StopAfter = 3
	if res, _ = parsearch.Run(context.Background(), g, o); len(res.Errors) != 3 {
		t.Errorf("-c3: %d errors", len(res.Errors))
	}
	seq, _ := parsearch.Run(context.Background(), g, parsearch.Options{Options: search.Options{MaxDepth: 1 << 20}, Workers: 1})
	o.StopAfter, o.AllTrails = 0, true
	res, _ = parsearch.Run(context.Background(), g, o)
	// 3 steps into (5,5,5), and the invalid end state (8,8,8)
	if !res.Complete || len(res.Errors) != len(seq.Errors) || len(res.Errors) != 4 {
		t.Fatalf("-e: %d errors, complete %v; -j 1: %d", len(res.Errors), res.Complete, len(seq.Errors))
	}
	for _, e := range res.Errors {
		end, ok := replay(g, e.Trail)
		if !ok || !allEqual(end, 5) && !(e.Violation.Kind == pins.InvalidEndState && allEqual(end, 8)) {
			t.Errorf("%v: the trail does not lead to it (%v)", e.Violation.Kind, end)
		}
	}
}

// TestGridLimits: the depth limit, the memory limit, cancellation and the
// time limit stop every worker, with the statistics so far.
func TestGridLimits(t *testing.T) {
	g := newGrid(4, 12, -1, true)
	o := opts(g, 2)
	o.MaxDepth = 10
	res, err := parsearch.Run(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || !res.DepthLimitHit || res.Incomplete != "depth limit" || res.DepthReached > 9 || res.StatesStored == 0 {
		t.Errorf("-m10: complete %v, depth %d, %q, %d states", res.Complete, res.DepthReached, res.Incomplete, res.StatesStored)
	}
	big := newGrid(6, 40, -1, true) // 4e9 states: never finishes
	o = opts(big, 2)
	o.MemLimit = 3 << 20
	res, err = parsearch.Run(context.Background(), big, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || res.Incomplete != "memory limit" || res.Store.Memory() > 3<<20 || res.StatesStored == 0 {
		t.Errorf("memory limit: %q, %d bytes, %d states", res.Incomplete, res.Store.Memory(), res.StatesStored)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err = parsearch.Run(ctx, big, opts(big, 3))
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || res.Incomplete != "time limit" || time.Since(start) > 10*time.Second {
		t.Errorf("time limit: %q after %v", res.Incomplete, time.Since(start))
	}
	ctx, stop := context.WithCancelCause(context.Background())
	time.AfterFunc(100*time.Millisecond, func() { stop(&search.StopCause{Reason: "terminated"}) })
	res, _ = parsearch.Run(ctx, big, opts(big, 2))
	if res.Incomplete != "terminated" {
		t.Errorf("cancelled: %q", res.Incomplete)
	}
	ctx, cancel2 := context.WithCancel(context.Background())
	cancel2()
	res, _ = parsearch.Run(ctx, big, opts(big, 2))
	if res.Complete || res.Incomplete != "interrupted" && !errors.Is(ctx.Err(), context.Canceled) {
		t.Errorf("interrupted: %q", res.Incomplete)
	}
}

// TestGridWindowed: with a window of 2 frames every worker drops and
// regenerates the successors of nearly its whole stack (and donates
// dropped frames, generating their successors again): complete searches
// still store, match and take exactly what -j 1 does, and -e finds every
// violating step, with trails that lead to their errors.
func TestGridWindowed(t *testing.T) {
	defer parsearch.SetWindow(2)()
	g := newGrid(4, 12, -1, true)
	seq, err := parsearch.Run(context.Background(), g, opts(g, 1))
	if err != nil {
		t.Fatal(err)
	}
	g6 := newGrid(6, 5, -1, true) // 15,625 states
	seq6, err := parsearch.Run(context.Background(), g6, opts(g6, 1))
	if err != nil {
		t.Fatal(err)
	}
	// several rounds: which frames are donated, dropped and popped back
	// to (an item's root, which keeps its successors) depends on timing
	for round := 0; round < 6; round++ {
		j := []int{2, 3, 8}[round%3]
		g := newGrid(4, 12, -1, true)
		res, err := parsearch.Run(context.Background(), g, opts(g, j))
		if err != nil {
			t.Fatal(err)
		}
		g6 := newGrid(6, 5, -1, true)
		r6, err := parsearch.Run(context.Background(), g6, opts(g6, j))
		if err != nil || !r6.Complete || r6.StatesStored != 15625 || r6.Transitions != seq6.Transitions {
			t.Errorf("-j %d, 6 counters: complete %v, stored %d, transitions %d (%v); -j 1: %d", j, r6.Complete, r6.StatesStored, r6.Transitions, err, seq6.Transitions)
		}
		if !res.Complete || res.StatesStored != 20736 || res.Transitions != seq.Transitions ||
			res.StatesMatched != seq.StatesMatched || res.DepthReached < 100 {
			t.Errorf("-j %d: complete %v, stored %d, matched %d, transitions %d, depth %d; -j 1: %d, %d, %d",
				j, res.Complete, res.StatesStored, res.StatesMatched, res.Transitions, res.DepthReached, seq.StatesStored, seq.StatesMatched, seq.Transitions)
		}
	}
	// -e: the 3 steps into (4,4,4) (counters of 9 with wrapping: no
	// invalid end state), every trail leading to its error
	g = newGrid(3, 9, 4, true)
	o := opts(g, 3)
	o.StopAfter, o.AllTrails = 0, true
	res, err := parsearch.Run(context.Background(), g, o)
	if err != nil {
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
}

// TestGridLossy: the lossy stores shared by the workers (-store hc,
// bitstate). With 64-bit signatures in a table far from full, hash
// compaction stores, matches and takes exactly what -j 1 does (no
// collision among 20,736 states is to be expected: about 1e-11); with a
// window of 2 frames the workers regenerate the successors of dropped
// frames from the bytes their stacks keep (the store gives none back).
// Bitstate with a large array: every state, and never more than exist
// (a state counted twice needs two workers to set its bits at the same
// moment: the count may then exceed the states by a few, not more);
// with a tiny array it omits states and stays complete. -e finds every
// violating step with both.
func TestGridLossy(t *testing.T) {
	defer parsearch.SetWindow(2)()
	g := newGrid(4, 12, -1, true)
	seq, err := parsearch.Run(context.Background(), g, opts(g, 1))
	if err != nil {
		t.Fatal(err)
	}
	for round, j := range []int{2, 3, 8, 2} {
		g := newGrid(4, 12, -1, true)
		o := opts(g, j)
		o.Storage = store.Config{Mode: store.ModeHC, Log2: 18, Seed: uint64(round)}
		res, err := parsearch.Run(context.Background(), g, o)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := res.States.(store.Lossy); !ok || !res.Complete || res.StatesStored != 20736 ||
			res.Transitions != seq.Transitions || res.StatesMatched != seq.StatesMatched || res.DepthReached < 100 {
			t.Errorf("hc -j %d: lossy %v, complete %v, stored %d, matched %d, transitions %d, depth %d; -j 1: %d, %d, %d",
				j, ok, res.Complete, res.StatesStored, res.StatesMatched, res.Transitions, res.DepthReached, seq.StatesStored, seq.StatesMatched, seq.Transitions)
		}
		g = newGrid(4, 12, -1, true)
		o = opts(g, j)
		o.Storage = store.Config{Mode: store.ModeBitstate, Log2: 24, Seed: uint64(round)}
		res, err = parsearch.Run(context.Background(), g, o)
		if err != nil {
			t.Fatal(err)
		}
		// (omissions below; above, two workers that insert one new state
		// at once may both count it, store.SharedBitstate: rare, not
		// bounded by the number of workers; 3 of 20,736 seen with -j 2)
		if !res.Complete || res.StatesStored < 20736-20 || res.StatesStored > 20736+64 {
			t.Errorf("bitstate -j %d: complete %v, stored %d of 20736", j, res.Complete, res.StatesStored)
		}
		g = newGrid(4, 12, -1, true)
		o = opts(g, j)
		o.Storage = store.Config{Mode: store.ModeBitstate, Mem: 1024, K: 2}
		res, err = parsearch.Run(context.Background(), g, o)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Complete || res.StatesStored >= 20736 || res.States.(store.Lossy).Omission().ExpectedOmitted < 1 {
			t.Errorf("bitstate in 1 KB -j %d: complete %v, stored %d of 20736 (all of them in 8,192 bits?)", j, res.Complete, res.StatesStored)
		}
	}
	for _, mode := range []string{store.ModeHC, store.ModeBitstate} {
		g := newGrid(3, 9, 4, true)
		o := opts(g, 3)
		o.StopAfter, o.AllTrails = 0, true
		o.Storage = store.Config{Mode: mode, Log2: 20}
		res, err := parsearch.Run(context.Background(), g, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Errors) != 3 {
			t.Errorf("-store %s -e: %d errors, want the 3 steps into (4,4,4)", mode, len(res.Errors))
		}
		for _, e := range res.Errors {
			if s, ok := replay(g, e.Trail); !ok || !allEqual(s, 4) {
				t.Errorf("-store %s: trail %v ends in %v (replays: %v)", mode, e.Trail, s, ok)
			}
		}
	}
}

// TestGridHCFull: a hash-compaction table that fills up (256 cells for
// 20,736 states) stops every worker with "memory limit", as the
// sequential search does, not with an error.
func TestGridHCFull(t *testing.T) {
	g := newGrid(4, 12, -1, true)
	o := opts(g, 3)
	o.Storage = store.Config{Mode: store.ModeHC, Log2: 8}
	res, err := parsearch.Run(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || res.Incomplete != "memory limit" || res.StatesStored > 256 {
		t.Errorf("complete %v (%q), stored %d in 256 cells", res.Complete, res.Incomplete, res.StatesStored)
	}
}
