package randmodel

import (
	"context"
	"flag"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/verify"
)

var nParFairModels = flag.Int("parfairmodels", 150, "number of random (model, ltl property) pairs for TestParallelFairDifferential (-short: 40)")

// TestParallelFairDifferential checks the parallel search of weak
// fairness (verify -a -f -noreduce -j N: CNDFS on the model unfolded for
// fairness, parsearch.Run) against the sequential nested search on
// random models with a random ltl property, with 2, 3 or 4 workers: a
// fair acceptance cycle (or the claim's end) is found exactly when -j 1
// finds one, and a complete search without one stores -j 1's states.
// Every other pair is searched with reduction (verify/fair.go's layer,
// the static proviso with several workers): a cycle is found exactly when
// the unreduced -j 1 search finds one, and a complete search without one
// stores what -j 1 -proviso static does (the reduced graph does not
// depend on the workers).
// Long run: -parfairmodels N.
func TestParallelFairDifferential(t *testing.T) {
	n := *nParFairModels
	if testing.Short() {
		n = 40
	}
	var invalid, large, withCycle, sameStates, reducedPairs, layered atomic.Int64
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		src := fairSource(seed)
		c, ok := loadFair(src)
		if !ok {
			invalid.Add(1)
			return false, ""
		}
		merge := seed%2 == 0
		reduced := seed/2%2 == 1
		workers := 2 + int(seed%3)
		search := func(workers int, reduce bool, proviso string) (*report.Summary, error) {
			s := verify.Settings{MaxDepth: 1 << 20, StopAfter: 1, HashLog2: 10, NoMerge: !merge, NoReduce: !reduce,
				Accept: true, Fair: true, IgnoreAssert: true, SelfLoops: true, MemLimitMB: 16, Workers: workers, Proviso: proviso}
			sum, err := verify.Check(context.Background(), c.vs, c.prop, s)
			if err == nil && sum.Workers != workers {
				err = fmt.Errorf("-j %d searched with %d workers", workers, sum.Workers)
			}
			return sum, err
		}
		check := func(workers int) (*report.Summary, error) { return search(workers, reduced, "") }
		a, err := search(1, false, "")
		if err != nil {
			return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		if !a.Complete && a.Errors == 0 {
			large.Add(1)
			return false, ""
		}
		b, err := check(workers)
		if err != nil {
			return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		if b.Incomplete == "memory limit" {
			large.Add(1)
			return false, ""
		}
		found := func(s *report.Summary) bool { return len(s.Violations) > 0 }
		switch {
		case found(a) != found(b):
			return true, fmt.Sprintf("seed %d (merge %v, -j %d): error %q with -j 1, %q with -j %d\n%s", seed, merge, workers,
				violationKinds(a.Violations), violationKinds(b.Violations), workers, src)
		case found(a):
			withCycle.Add(1)
		case reduced:
			s, err := search(1, true, verify.ProvisoStatic)
			if err != nil {
				return true, fmt.Sprintf("seed %d: -j 1 -proviso static: %v\n%s", seed, err, src)
			}
			if !b.Complete || b.StatesStored != s.StatesStored {
				return true, fmt.Sprintf("seed %d (merge %v, reduced, -j %d): complete %v, %d states; -j 1 -proviso static %d\n%s", seed, merge, workers, b.Complete, b.StatesStored, s.StatesStored, src)
			}
			reducedPairs.Add(1)
			if b.Reduced {
				layered.Add(1)
			}
		case !b.Complete || b.StatesStored != a.StatesStored:
			return true, fmt.Sprintf("seed %d (merge %v, -j %d): complete %v, %d states; -j 1 %d\n%s", seed, merge, workers, b.Complete, b.StatesStored, a.StatesStored, src)
		default:
			sameStates.Add(1)
		}
		return true, ""
	})
	t.Logf("%d pairs compared (%d rejected, %d too large), %d with a fair acceptance cycle, %d unreduced complete with -j 1's states, %d reduced complete with -j 1 -proviso static's (%d under the reduction layer)",
		ran, invalid.Load(), large.Load(), withCycle.Load(), sameStates.Load(), reducedPairs.Load(), layered.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d pairs compared", ran, n)
	}
}
