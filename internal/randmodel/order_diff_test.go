package randmodel

import (
	"context"
	"flag"
	"fmt"
	"io"

	"testing"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/simulate"
	"github.com/gospin/gospin/trail"
	"github.com/gospin/gospin/verify"
)

var nOrderModels = flag.Int("ordermodels", 100, "number of random models for the search-order differential test (-short: 30)")

// TestOrderDifferential checks on random models that the search orders
// (pins.Reorder: pan's -DP_REVERSE, -DT_REVERSE, -DP_RAND, -DT_RAND) change
// nothing but the order: without reduction every order stores exactly the
// states and transitions of SPIN's order, with reduction (ample or
// stubborn sets) every order finds the kinds of errors the full search
// finds, and the first error's trail, found in a shuffled order, replays
// to an error on the model alone.
func TestOrderDifferential(t *testing.T) {
	n := *nOrderModels
	if testing.Short() {
		n = 30
	}
	orders := []pins.Order{
		{Procs: pins.Reversed},
		{Trans: pins.Reversed},
		{Procs: pins.Shuffled, Trans: pins.Shuffled, Seed: 11},
		{Procs: pins.Shuffled, Seed: 12},
	}
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		src := Generate(seed, Mixed(seed))
		base := verify.Settings{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 10, NoMerge: seed%2 == 0, NoReduce: true, BFS: seed%5 == 0, MemLimitMB: memLimit >> 20}
		want, ok, err := verifySource(src, base)
		if !ok || err != nil || !want.Complete {
			return false, ""
		}
		for i, o := range orders {
			s := base
			s.Order = o
			got, _, err := verifySource(src, s)
			if err != nil {
				return true, fmt.Sprintf("seed %d, %v: %v", seed, o, err)
			}
			if got.StatesStored != want.StatesStored || got.Transitions != want.Transitions || violationKinds(got.Violations) != violationKinds(want.Violations) {
				return true, fmt.Sprintf("seed %d, %v: %d states, %d transitions, errors %q; SPIN's order %d, %d, %q", seed, o, got.StatesStored, got.Transitions, violationKinds(got.Violations), want.StatesStored, want.Transitions, violationKinds(want.Violations))
			}
			// reduced, in this order: the same kinds of errors
			s.NoReduce, s.Stubborn, s.BFS = false, i%2 == 1, false
			red, _, err := verifySource(src, s)
			if err != nil {
				return true, fmt.Sprintf("seed %d, %v, reduced: %v", seed, o, err)
			}
			if red.Complete && violationKinds(red.Violations) != violationKinds(want.Violations) {
				return true, fmt.Sprintf("seed %d, %v, reduced (stubborn %v): errors %q, the full search %q", seed, o, s.Stubborn, violationKinds(red.Violations), violationKinds(want.Violations))
			}
		}
		if want.Errors > 0 {
			if msg := replayFirst(src, base, orders[2]); msg != "" {
				return true, fmt.Sprintf("seed %d: %s", seed, msg)
			}
		}
		return true, ""
	})
	if ran < int64(n) {
		t.Errorf("only %d of %d models compared", ran, n)
	}
}

// replayFirst finds the first error of src in order o and replays its
// trail on the model alone; it says what went wrong, or "".
func replayFirst(src string, s verify.Settings, o pins.Order) string {
	fr := frontend.Load("rand.pml", []byte(src), &frontend.Config{})
	vs := verify.NewSource("rand.pml", fr)
	s.Order, s.StopAfter, s.SelfLoops = o, 1, true
	var tr *trail.Trail
	s.OnTrail = func(t *trail.Trail) {
		if tr == nil {
			tr = t
		}
	}
	sum, err := verify.Check(context.Background(), vs, nil, s)
	if err != nil || sum.Errors == 0 {
		return fmt.Sprintf("%v: %v, %+v", o, err, sum)
	}
	if tr == nil {
		return "" // an error without a trail (at the initial state)
	}
	e, _, err := verify.SimModel(vs, tr, nil)
	if err != nil {
		return fmt.Sprintf("%v: SimModel: %v", o, err)
	}
	res, err := simulate.Run(e, simulate.Options{Mode: simulate.Replay, Trail: tr, Output: io.Discard})
	if err != nil || !res.Failed() {
		return fmt.Sprintf("%v: the trail of %q does not replay to an error: %v %+v", o, sum.Violations[0].Message, err, res)
	}
	return ""
}
