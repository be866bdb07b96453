package randmodel

import (
	"context"
	"flag"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/verify"
)

var nModels = flag.Int("randmodels", 2000, "number of random models for the differential test (-short: 300)")

// memLimit bounds each search: the few models with very large state
// spaces (one in 2,000 has millions of states) are skipped, so that the
// test's time goes into many models.
const memLimit = 6 << 20

type outcome struct {
	kinds    string // the error kinds found (all errors, sorted)
	stored   int64
	complete bool
	reduced  bool
}

// check verifies src; ok is false when the front end rejects it.
func check(src string, merge, reduce, bfs bool) (o outcome, ok bool, err error) {
	return checkStub(src, merge, reduce, bfs, false)
}

// checkStub is check with stubborn sets (verify.Options.Stubborn) when
// stubborn is set.
func checkStub(src string, merge, reduce, bfs, stubborn bool) (o outcome, ok bool, err error) {
	// every error, so that the set of error kinds is compared (the first
	// error found may differ: the reduced search explores in another order)
	sum, ok, err := verifySource(src, verify.Settings{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 10, NoMerge: !merge, NoReduce: !reduce, Stubborn: stubborn, BFS: bfs, MemLimitMB: memLimit >> 20})
	if !ok || err != nil {
		return outcome{}, ok, err
	}
	kinds := violationKinds(sum.Violations)
	return outcome{kinds: kinds, stored: sum.StatesStored, complete: sum.Complete, reduced: sum.Reduced}, true, nil
}

// verifySource verifies the random model src, which has no never claim
// or ltl property (with NonProgress, pan's non-progress claim), as gospin
// verify does with settings s (verify.Check); ok is false when the front
// end rejects it.
func verifySource(src string, s verify.Settings) (sum *report.Summary, ok bool, err error) {
	fr := frontend.Load("rand.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		return nil, false, nil
	}
	if _, err := verify.Lower(fr); err != nil {
		return nil, false, nil
	}
	// gospin against itself: a model pan would refuse at start-up (an
	// unconditional self-loop) is compared all the same
	s.SelfLoops = true
	vs := verify.NewSource("rand.pml", fr)
	if len(vs.Properties()) > 0 {
		return nil, true, fmt.Errorf("the model has a never claim or ltl property")
	}
	if sum, err = verify.Check(context.Background(), vs, nil, s); err != nil {
		return nil, true, fmt.Errorf("verify: %v", err)
	}
	return sum, true, nil
}

// TestReductionDifferential checks on random models that partial-order
// reduction finds the same kinds of errors as the full search, depth-first
// and breadth-first (every other model), and never stores more states.
// The models are checked by one worker per CPU.
//
// Each model is also checked with stubborn sets (-stubborn), depth-first
// and (every other model) breadth-first: the same error kinds, never
// more states than the full search.
//
// Long runs (-randmodels 100000): at commit 0561fde, 100,000 models, the
// ample sets without a disagreement but 3 deadlocks missed by stubborn
// sets (seeds 41920, 66336, 86692: the readiness of a rendezvous partner,
// fixed in 8fd2cf2); at commit 8fd2cf2, 100,001 models (534 skipped as too
// large), 63,534 with errors, no disagreement; states 93.34 M full,
// 60.35 M ample (fewer on 79,894 models), 52.08 M stubborn (fewer than
// ample on 58,342).
func TestReductionDifferential(t *testing.T) {
	n := *nModels
	if testing.Short() {
		n = 300
	}
	var invalid, large, withErr, smaller, reducedBFS atomic.Int64
	var full, red atomic.Int64
	stubSmaller.Store(0)
	stubStored.Store(0)
	// seeds until n models have been compared (a few are skipped as too
	// large; the workers may overshoot n by a few)
	ran := forSeeds(t, n, 2*int64(n), func(seed int64) (bool, string) {
		return differ(seed, &invalid, &large, &withErr, &smaller, &reducedBFS, &full, &red)
	})
	t.Logf("%d models compared (%d rejected by the front end, %d too large), %d with errors; reduction smaller on %d (depth-first), %d breadth-first searches reduced; states %d -> %d",
		ran, invalid.Load(), large.Load(), withErr.Load(), smaller.Load(), reducedBFS.Load(), full.Load(), red.Load())
	t.Logf("stubborn sets: states %d, fewer than the ample sets on %d models; %d breadth-first searches cut by the memory limit (not compared)", stubStored.Load(), stubSmaller.Load(), bfsCut.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d models compared", ran, n)
	}
}

// stubborn sets' figures of TestReductionDifferential, and the number of
// breadth-first searches cut by the memory limit (not compared)
var stubSmaller, stubStored, bfsCut atomic.Int64

// differ checks one model: compared is false when it was not compared
// (rejected by the front end, too large, or a search failed), and msg
// describes a disagreement or failure, or is "".
func differ(seed int64, invalid, large, withErr, smaller, reducedBFS, full, red *atomic.Int64) (compared bool, msg string) {
	src := Generate(seed, Mixed(seed))
	merge := seed%2 == 0
	a, ok, err := check(src, merge, false, false)
	if err != nil {
		return false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
	}
	if !ok {
		invalid.Add(1)
		return false, ""
	}
	if !a.complete {
		large.Add(1)
		return false, ""
	}
	b, _, err := check(src, merge, true, false)
	if err != nil {
		return false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
	}
	if !b.complete {
		return false, fmt.Sprintf("seed %d: incomplete reduced search", seed)
	}
	if a.kinds != b.kinds {
		return true, fmt.Sprintf("seed %d (merge %v): errors %q without reduction, %q with\n%s", seed, merge, a.kinds, b.kinds, src)
	}
	if b.stored > a.stored {
		return true, fmt.Sprintf("seed %d: reduction stored %d states, full search %d\n%s", seed, b.stored, a.stored, src)
	}
	d, _, err := checkStub(src, merge, true, false, true)
	if err != nil {
		return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
	}
	if !d.complete {
		return true, fmt.Sprintf("seed %d: incomplete stubborn search", seed)
	}
	if a.kinds != d.kinds {
		return true, fmt.Sprintf("seed %d (merge %v): errors %q without reduction, %q with stubborn sets\n%s", seed, merge, a.kinds, d.kinds, src)
	}
	if d.stored > a.stored {
		return true, fmt.Sprintf("seed %d: stubborn sets stored %d states, full search %d\n%s", seed, d.stored, a.stored, src)
	}
	stubStored.Add(d.stored)
	if d.stored < b.stored {
		stubSmaller.Add(1)
	}
	if seed%2 == 1 {
		c, _, err := checkStub(src, merge, true, true, true)
		if err != nil {
			return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		// breadth-first searches store more states than depth-first
		// ones: one cut by the memory limit is not compared
		if !c.complete {
			bfsCut.Add(1)
		} else if a.kinds != c.kinds {
			return true, fmt.Sprintf("seed %d (merge %v): errors %q without reduction, %q with breadth-first stubborn sets\n%s", seed, merge, a.kinds, c.kinds, src)
		}
		c, _, err = check(src, merge, true, true)
		if err != nil {
			return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		if !c.complete {
			bfsCut.Add(1)
		} else if a.kinds != c.kinds {
			return true, fmt.Sprintf("seed %d (merge %v): errors %q without reduction, %q with breadth-first reduction\n%s", seed, merge, a.kinds, c.kinds, src)
		}
		if c.reduced {
			reducedBFS.Add(1)
		}
	}
	if a.kinds != "" {
		withErr.Add(1)
	}
	if b.stored < a.stored {
		smaller.Add(1)
	}
	full.Add(a.stored)
	red.Add(b.stored)
	return true, ""
}
