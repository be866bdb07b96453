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
// Long run: -parfairmodels N.
func TestParallelFairDifferential(t *testing.T) {
	n := *nParFairModels
	if testing.Short() {
		n = 40
	}
	var invalid, large, withCycle, sameStates atomic.Int64
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		src := fairSource(seed)
		c, ok := loadFair(src)
		if !ok {
			invalid.Add(1)
			return false, ""
		}
		merge := seed%2 == 0
		workers := 2 + int(seed%3)
		check := func(workers int) (*report.Summary, error) {
			s := verify.Settings{MaxDepth: 1 << 20, StopAfter: 1, HashLog2: 10, NoMerge: !merge, NoReduce: true,
				Accept: true, Fair: true, IgnoreAssert: true, SelfLoops: true, MemLimitMB: 16, Workers: workers}
			sum, err := verify.Check(context.Background(), c.vs, c.prop, s)
			if err == nil && sum.Workers != workers {
				err = fmt.Errorf("-j %d searched with %d workers", workers, sum.Workers)
			}
			return sum, err
		}
		a, err := check(1)
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
		case !b.Complete || b.StatesStored != a.StatesStored:
			return true, fmt.Sprintf("seed %d (merge %v, -j %d): complete %v, %d states; -j 1 %d\n%s", seed, merge, workers, b.Complete, b.StatesStored, a.StatesStored, src)
		default:
			sameStates.Add(1)
		}
		return true, ""
	})
	t.Logf("%d pairs compared (%d rejected, %d too large), %d with a fair acceptance cycle, %d complete with -j 1's states",
		ran, invalid.Load(), large.Load(), withCycle.Load(), sameStates.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d pairs compared", ran, n)
	}
}
