package randmodel

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/parsearch"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/verify"
)

var nParSCCNPModels = flag.Int("parsccnpmodels", 60, "number of random models for TestParallelSCCNonProgressDifferential (-short: 20)")

// TestParallelSCCNonProgressDifferential checks the parallel SCC-based
// search of non-progress cycles (verify -scc -l -j N: UFSCC on pan's
// non-progress product, with and without -f) against -j 1 on
// random models with progress labels, with 2, 3 or 4 workers: a cycle is
// found exactly when -j 1 finds one, and its trail, numbered for the
// model as -j 1's (search.NPTrails), replays on the model and ends where
// its cycle starts; without one, -j 1's states are stored. Every other
// model is searched with -j N reduced (on the product with <>[] np_ in
// SI normal form, the static proviso), against the unreduced -j 1
// search's verdict and, without a cycle, -j 1 -proviso static's states.
// Long run: -parsccnpmodels N.
func TestParallelSCCNonProgressDifferential(t *testing.T) {
	if !parsearch.UFSCC {
		t.Skip("the parallel SCC search is off: GOSPIN_UFSCC=0 in the environment (docs/parallel.md)")
	}
	n := *nParSCCNPModels
	if testing.Short() {
		n = 20
	}
	var invalid, large, other, cycles, equal, reducedRuns atomic.Int64
	ran := forSeeds(t, n, 4*int64(n), func(seed int64) (bool, string) {
		src := fairNPSource(seed)
		merge, fair := seed%2 == 0, seed%4 < 2
		reduced := seed/4%2 == 1
		workers := 2 + int(seed%3)
		u, e, ok, err := runSCCNP(src, merge, fair, false, 1, 0, "")
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
		one, _, _, err := runSCCNP(src, merge, fair, false, 1, 1, "")
		if err != nil {
			return true, fmt.Sprintf("seed %d: -j 1: %v\n%s", seed, err, src)
		}
		d, _, _, err := runSCCNP(src, merge, fair, reduced, workers, 1, "")
		if err != nil {
			return true, fmt.Sprintf("seed %d: -j %d: %v\n%s", seed, workers, err, src)
		}
		if d.Incomplete == "memory limit" {
			large.Add(1)
			return false, ""
		}
		desc := fmt.Sprintf("seed %d (merge %v, fair %v, reduced %v, -j %d)", seed, merge, fair, reduced, workers)
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
			if one, _, _, err = runSCCNP(src, merge, fair, true, 1, 1, verify.ProvisoStatic); err != nil {
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

// runSCCNP searches src with -scc -l (reduced where reduce is set, with
// the given proviso; -f where fair) on the given workers, stopping after
// stopAfter errors (0: -e).
func runSCCNP(src string, merge, fair, reduce bool, workers, stopAfter int, proviso string) (*search.Result, *engine.Engine, bool, error) {
	fr := frontend.Load("rand.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		return nil, nil, false, nil
	}
	var errs diag.List
	prog := automata.LowerModel(fr.Model, &errs)
	if errs.HasErrors() || prog == nil || prog.Never != nil {
		return nil, nil, false, nil
	}
	e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: merge})
	if err != nil {
		return nil, nil, false, nil
	}
	var notes strings.Builder
	opt := verify.Options{MaxDepth: 1 << 20, StopAfter: stopAfter, AllTrails: stopAfter == 0, HashLog2: 10, NonProgress: true, SCC: true, Fair: fair,
		IgnoreAssert: true, MemLimit: memLimit, Workers: workers, Notes: &notes, Reduce: reduce, Proviso: proviso}
	sum, res, err := verify.Run(context.Background(), "rand.pml", e, opt)
	if err != nil {
		return nil, nil, true, fmt.Errorf("verify: %v", err)
	}
	if workers > 1 && sum.Workers != workers {
		return nil, nil, true, fmt.Errorf("-j %d searched with %d workers: %s", workers, sum.Workers, notes.String())
	}
	return res, e, true, nil
}
