package randmodel

import (
	"flag"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/verify"
)

var nFairSCCModels = flag.Int("randfairscc", 150, "number of random (model, ltl property) pairs for TestFairSCCReductionDifferential (-short: 100)")

// TestFairSCCReductionDifferential: random models with a random ltl
// property (fairSource), checked with -a -f by nested DFS without
// reduction and with -scc -a -f with reduction (the product with the
// claim in SI normal form, bound by the SCC search, one fairness mark
// per process computed on the unreduced product: docs/por-ltl.md, "Weak
// fairness"): whether a fair acceptance cycle exists (or the claim's
// end) must agree. -randfairscc N for a longer run.
func TestFairSCCReductionDifferential(t *testing.T) {
	n := *nFairSCCModels
	if testing.Short() {
		n = 100
	}
	var large, violated, reduced, full, red, smaller atomic.Int64
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		src := fairSource(seed)
		merge := seed%2 == 1
		a, ok, err := checkFairSearch(src, merge, true, false)
		switch {
		case err != nil:
			return false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		case !ok:
			return false, ""
		case !a.complete:
			large.Add(1)
			return false, ""
		}
		b, _, err := checkFairSearch(src, merge, false, true)
		if err != nil {
			return false, fmt.Sprintf("seed %d: -scc reduced: %v\n%s", seed, err, src)
		}
		if !b.complete && !b.verdict() {
			large.Add(1)
			return false, ""
		}
		if a.verdict() != b.verdict() {
			return true, fmt.Sprintf("seed %d (merge %v): -a -f: errors %q by nested DFS without reduction, %q by -scc with\n%s", seed, merge, a.kinds, b.kinds, src)
		}
		if a.verdict() {
			violated.Add(1)
		}
		if b.reduced && b.complete {
			reduced.Add(1)
			full.Add(a.stored)
			red.Add(b.stored)
			if b.stored < a.stored {
				smaller.Add(1)
			}
		}
		return true, ""
	})
	t.Logf("%d pairs compared (%d too large), %d with a fair acceptance cycle; %d -scc searches reduced, fewer states on %d; states %d (nested DFS, unreduced) -> %d (-scc, reduced)",
		ran, large.Load(), violated.Load(), reduced.Load(), smaller.Load(), full.Load(), red.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d pairs compared", ran, n)
	}
	if reduced.Load() == 0 || violated.Load() == 0 {
		t.Errorf("no search was reduced, or none found a cycle")
	}
}

var nSCCNPModels = flag.Int("randsccnp", 100, "number of random models for TestSCCNonProgressReductionDifferential (-short: 100)")

// TestSCCNonProgressReductionDifferential: random models with progress
// labels (fairNPSource), searched for non-progress cycles by nested DFS
// without reduction (pan's claim) and by the SCC search with reduction
// (-scc -l: the product with <>[] np_ in SI normal form bound by the SCC
// search), with weak fairness (-f: the narrowed ample sets and one mark
// per process computed on the unreduced product) on every other seed: a
// (fair) non-progress cycle is found by both or neither. -randsccnp N
// for a longer run.
func TestSCCNonProgressReductionDifferential(t *testing.T) {
	n := *nSCCNPModels
	if testing.Short() {
		n = 100
	}
	var cycles, reducedRuns, fairRuns, full, red atomic.Int64
	check := func(src string, merge, fair, scc, reduce bool) (kinds string, stored int64, complete, reduced, ok bool, err error) {
		sum, ok, err := verifySource(src, verify.Settings{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 10, NoMerge: !merge,
			NonProgress: true, Fair: fair, SCC: scc, IgnoreAssert: true, NoReduce: !reduce, MemLimitMB: memLimit >> 20})
		if !ok || err != nil {
			return "", 0, false, false, ok, err
		}
		return violationKinds(sum.Violations), sum.StatesStored, sum.Complete, sum.Reduced, true, nil
	}
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		src := fairNPSource(seed)
		if !strings.Contains(src, "progress") {
			return false, ""
		}
		merge, fair := seed%3 == 2, seed%2 == 0
		ka, sa, ca, _, ok, err := check(src, merge, fair, false, false)
		if err != nil {
			return false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		if !ok || !ca {
			return false, ""
		}
		kb, sb, cb, rb, _, err := check(src, merge, fair, true, true)
		if err != nil {
			return false, fmt.Sprintf("seed %d: -scc reduced: %v\n%s", seed, err, src)
		}
		if !cb && kb == "" {
			return false, ""
		}
		na, nb := strings.Contains(ka, "non-progress"), strings.Contains(kb, "non-progress")
		if na != nb {
			return true, fmt.Sprintf("seed %d (merge %v, fair %v): -l: errors %q by nested DFS without reduction, %q by -scc with\n%s", seed, merge, fair, ka, kb, src)
		}
		if na {
			cycles.Add(1)
		}
		if rb && cb {
			reducedRuns.Add(1)
			if fair {
				fairRuns.Add(1)
			}
			full.Add(sa)
			red.Add(sb)
		}
		return true, ""
	})
	t.Logf("%d models compared, %d with a non-progress cycle; %d -scc searches reduced (%d with -f): states %d (nested DFS, unreduced) -> %d (-scc, reduced)",
		ran, cycles.Load(), reducedRuns.Load(), fairRuns.Load(), full.Load(), red.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d models compared", ran, n)
	}
	if fairRuns.Load() == 0 || reducedRuns.Load() == fairRuns.Load() || cycles.Load() == 0 {
		t.Error("no search was reduced with and without -f, or none found a cycle")
	}
}
