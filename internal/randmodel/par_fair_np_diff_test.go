package randmodel

import (
	"flag"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/verify"
)

var nParFairNPModels = flag.Int("parfairnpmodels", 60, "number of random models for TestParallelFairNonProgressDifferential (-short: 20)")

// TestParallelFairNonProgressDifferential checks the parallel search of
// weakly fair non-progress cycles (verify -l -f -j N: CNDFS on pan's
// non-progress product unfolded for fairness, or, reduced, on the
// product with <>[] np_ in SI normal form unfolded under verify/fair.go's
// layer with the static proviso) against the unreduced sequential
// search, on random models with progress labels made reducible under
// fairness as fairNPSource does, with 2, 3 or 4 workers, every other
// model reduced. Where every error the unreduced -j 1 search finds
// with -e is a non-progress cycle: -j N finds a cycle exactly when -j 1
// does, its trail (rewritten for pan's claim and numbered for the model)
// replays and ends where its cycle starts, and so does -j 1's; without
// a cycle -j N stores the states of -j 1 (unreduced) or of -j 1 with the
// static proviso (reduced).
// Long run: -parfairnpmodels N.
func TestParallelFairNonProgressDifferential(t *testing.T) {
	n := *nParFairNPModels
	if testing.Short() {
		n = 20
	}
	var invalid, large, other, cycles, equal, reducedRuns atomic.Int64
	ran := forSeeds(t, n, 4*int64(n), func(seed int64) (bool, string) {
		src := fairNPSource(seed)
		merge := seed%2 == 0
		reduced := seed/2%2 == 1
		workers := 2 + int(seed%3)
		u, e, ok, err := runNPFair(src, merge, false, true, 1, 0, "")
		switch {
		case err != nil:
			return false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		case !ok:
			invalid.Add(1)
			return false, ""
		case !u.Complete && len(u.Errors) == 0, u.Incomplete == "memory limit":
			large.Add(1)
			return false, ""
		}
		cycle := false
		for _, x := range u.Errors {
			if x.Violation.Kind != pins.NonProgressCycle {
				other.Add(1)
				return false, "" // another error may come first
			}
			cycle = true
		}
		one, _, _, err := runNPFair(src, merge, false, true, 1, 1, "")
		if err != nil {
			return true, fmt.Sprintf("seed %d: -j 1: %v\n%s", seed, err, src)
		}
		d, _, _, err := runNPFair(src, merge, reduced, true, workers, 1, "")
		if err != nil {
			return true, fmt.Sprintf("seed %d: -j %d (reduced %v): %v\n%s", seed, workers, reduced, err, src)
		}
		if d.Incomplete == "memory limit" {
			large.Add(1)
			return false, ""
		}
		if reduced {
			reducedRuns.Add(1)
		}
		found := func(r *search.Result) bool { return len(r.Errors) > 0 }
		if found(d) != cycle {
			return true, fmt.Sprintf("seed %d (merge %v, reduced %v): fair non-progress cycle -j 1 %v, -j %d %v\n%s", seed, merge, reduced, cycle, workers, found(d), src)
		}
		if cycle {
			cycles.Add(1)
			if msg := replayCycle(e, one.Errors[0]); msg != "" {
				return true, fmt.Sprintf("seed %d (merge %v, -j 1): %s\n%s", seed, merge, msg, src)
			}
			if msg := replayCycle(e, d.Errors[0]); msg != "" {
				return true, fmt.Sprintf("seed %d (merge %v, reduced %v, -j %d): %s\n%s", seed, merge, reduced, workers, msg, src)
			}
			return true, ""
		}
		want := one
		if reduced {
			if want, _, _, err = runNPFair(src, merge, true, true, 1, 1, verify.ProvisoStatic); err != nil {
				return true, fmt.Sprintf("seed %d: -j 1 -proviso static: %v\n%s", seed, err, src)
			}
		}
		if want.Complete && (!d.Complete || d.StatesStored != want.StatesStored) {
			return true, fmt.Sprintf("seed %d (merge %v, reduced %v): -j %d complete %v, %d states; -j 1 %d\n%s", seed, merge, reduced, workers, d.Complete, d.StatesStored, want.StatesStored, src)
		}
		equal.Add(1)
		return true, ""
	})
	t.Logf("%d models compared (%d rejected, %d too large, %d with an error of another kind), %d reduced with -j N, %d with a fair non-progress cycle (trails of -j 1 and -j N replay), %d without one storing -j 1's states",
		ran, invalid.Load(), large.Load(), other.Load(), reducedRuns.Load(), cycles.Load(), equal.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d models compared", ran, n)
	}
}
