package randmodel

import (
	"flag"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/parsearch"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/verify"
)

var (
	nParFairNPModels = flag.Int("parfairnpmodels", 60, "number of random models for TestParallelFairNonProgressDifferential (-short: 20)")
	nParSCCNPModels  = flag.Int("parsccnpmodels", 60, "number of random models for TestParallelSCCNonProgressDifferential (-short: 20)")
)

// TestParallelFairNonProgressDifferential checks the parallel search of
// weakly fair non-progress cycles (verify -l -f -j N: CNDFS on pan's
// non-progress product unfolded for fairness, or, reduced, on the
// product with <>[] np_ in SI normal form unfolded under verify/fair.go's
// layer with the static proviso) against the unreduced sequential
// search (parallelNPDifferential). Long run: -parfairnpmodels N.
func TestParallelFairNonProgressDifferential(t *testing.T) {
	parallelNPDifferential(t, *nParFairNPModels, false, func(int64) bool { return true })
}

// TestParallelSCCNonProgressDifferential is
// TestParallelFairNonProgressDifferential for the SCC-based search
// (verify -scc -l -j N: UFSCC), with -f on one model in two. Long run:
// -parsccnpmodels N.
func TestParallelSCCNonProgressDifferential(t *testing.T) {
	if !parsearch.UFSCC {
		t.Skip("the parallel SCC search is off: GOSPIN_UFSCC=0 in the environment (docs/parallel.md)")
	}
	parallelNPDifferential(t, *nParSCCNPModels, true, func(seed int64) bool { return seed%4 < 2 })
}

// parallelNPDifferential compares the parallel non-progress search (-l,
// -scc -l where scc; -f where fairOf says) with 2, 3 or 4 workers, every
// other model reduced (the static proviso), against the unreduced -j 1
// search on n random models with progress labels made reducible under
// fairness (fairNPSource). Where every error the unreduced -j 1 search
// finds with -e is a non-progress cycle: -j N finds a cycle exactly when
// -j 1 does; the trails of both, rewritten for pan's claim and numbered
// for the model (search.NPTrails), replay on the model and end where
// their cycle starts; without a cycle -j N stores the states of -j 1
// (unreduced) or of -j 1 with the static proviso (reduced).
func parallelNPDifferential(t *testing.T, n int, scc bool, fairOf func(seed int64) bool) {
	if testing.Short() {
		n = 20
	}
	var invalid, large, other, cycles, equal, reducedRuns atomic.Int64
	ran := forSeeds(t, n, 4*int64(n), func(seed int64) (bool, string) {
		src := fairNPSource(seed)
		c := npSearch{merge: seed%2 == 0, fair: fairOf(seed), scc: scc, workers: 1}
		reduced := seed/4%2 == 1
		workers := 2 + int(seed%3)
		all := c
		all.stopAfter = 0
		u, e, ok, err := runNPWith(src, all)
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
		for _, x := range u.Errors {
			if x.Violation.Kind != pins.NonProgressCycle {
				other.Add(1)
				return false, "" // another error may come first
			}
		}
		c.stopAfter = 1
		one, _, _, err := runNPWith(src, c)
		if err != nil {
			return true, fmt.Sprintf("seed %d: -j 1: %v\n%s", seed, err, src)
		}
		par := c
		par.workers, par.reduce = workers, reduced
		d, _, _, err := runNPWith(src, par)
		if err != nil {
			return true, fmt.Sprintf("seed %d: -j %d: %v\n%s", seed, workers, err, src)
		}
		if d.Incomplete == "memory limit" {
			large.Add(1)
			return false, ""
		}
		desc := fmt.Sprintf("seed %d (merge %v, fair %v, scc %v, reduced %v, -j %d)", seed, c.merge, c.fair, scc, reduced, workers)
		if reduced {
			reducedRuns.Add(1)
		}
		if len(one.Errors) > 0 != (len(d.Errors) > 0) {
			return true, fmt.Sprintf("%s: non-progress cycle -j 1 %v, -j N %v\n%s", desc, len(one.Errors) > 0, len(d.Errors) > 0, src)
		}
		if len(d.Errors) > 0 {
			cycles.Add(1)
			for name, x := range map[string]search.Error{"-j 1": one.Errors[0], "-j N": d.Errors[0]} {
				if msg := replayCycle(e, x); msg != "" {
					return true, fmt.Sprintf("%s: %s: %s\n%s", desc, name, msg, src)
				}
			}
			return true, ""
		}
		if reduced {
			static := c
			static.reduce, static.proviso = true, verify.ProvisoStatic
			if one, _, _, err = runNPWith(src, static); err != nil {
				return true, fmt.Sprintf("%s: -j 1 -proviso static: %v\n%s", desc, err, src)
			}
		}
		if one.Complete && (!d.Complete || d.StatesStored != one.StatesStored) {
			return true, fmt.Sprintf("%s: complete %v, %d states; -j 1 %d\n%s", desc, d.Complete, d.StatesStored, one.StatesStored, src)
		}
		equal.Add(1)
		return true, ""
	})
	t.Logf("%d models compared (%d rejected, %d too large, %d with an error of another kind, %d reduced with -j N), %d with a non-progress cycle (trails of -j 1 and -j N replay), %d without one storing -j 1's states",
		ran, invalid.Load(), large.Load(), other.Load(), reducedRuns.Load(), cycles.Load(), equal.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d models compared", ran, n)
	}
}
