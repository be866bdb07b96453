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
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/verify"
)

var nParNPModels = flag.Int("parnpmodels", 60, "number of random models for TestParallelNonProgressReducedDifferential (-short: 30; the long run: -parnpmodels 5000)")

// TestParallelNonProgressReducedDifferential: random models with progress
// labels (withProgress), searched for non-progress cycles (-l, assertions
// ignored) with reduction on 2, 3 or 4 workers: CNDFS on the product
// with <>[] np_ in SI normal form, the static proviso
// (search.NonProgressSI passes on the back-edge facts). Where every
// error the unreduced -j 1 search finds with -e is a non-progress cycle,
// the reduced -j N search finds a cycle exactly when the unreduced
// -j 1 search does, and so do -j 1 reduced with the stack proviso and
// with the static one; a cycle's trail, rewritten for pan's claim and
// numbered for the model, replays on the model and ends where its cycle
// starts. Without a cycle -j N stores the states of -j 1 with the static
// proviso, makes red the states its nested searches store, and counts
// the same states reduced (each once). With -e the reduced -j N search
// goes on to the end: a cycle found exactly when there is one, every
// trail replays, and the states stored are those of -j 1 with the
// static proviso and -e.
//
// Long run: go test ./internal/randmodel -run
// ParallelNonProgressReducedDifferential -parnpmodels 5000.
func TestParallelNonProgressReducedDifferential(t *testing.T) {
	n := *nParNPModels
	if testing.Short() {
		n = 30
	}
	var invalid, large, other, cycles, equal, reducedSome, allErrs, seqStates, parStates atomic.Int64
	ran := forSeeds(t, n, 4*int64(n), func(seed int64) (bool, string) {
		src := withProgress(Generate(seed, ClaimMix(seed)), seed%2 == 0)
		if !strings.Contains(src, "progress") {
			return false, ""
		}
		merge := seed%2 == 0
		workers := 2 + int(seed%3)
		u, _, ok, err := runNP(src, merge, false, 1, 0, "")
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
		c, _, _, err := runNP(src, merge, true, 1, 1, "")
		if err != nil {
			return true, fmt.Sprintf("seed %d: reduced -j 1: %v\n%s", seed, err, src)
		}
		s, _, _, err := runNP(src, merge, true, 1, 1, verify.ProvisoStatic)
		if err != nil {
			return true, fmt.Sprintf("seed %d: reduced static -j 1: %v\n%s", seed, err, src)
		}
		d, e, _, err := runNP(src, merge, true, workers, 1, "")
		if err != nil {
			return true, fmt.Sprintf("seed %d: reduced -j %d: %v\n%s", seed, workers, err, src)
		}
		if c.Incomplete == "memory limit" || s.Incomplete == "memory limit" || d.Incomplete == "memory limit" {
			large.Add(1)
			return false, ""
		}
		found := func(r *search.Result) bool { return len(r.Errors) > 0 }
		if found(c) != cycle || found(s) != cycle || found(d) != cycle {
			return true, fmt.Sprintf("seed %d (merge %v): non-progress cycle unreduced %v, reduced -j 1 %v, reduced static -j 1 %v, reduced -j %d %v\n%s",
				seed, merge, cycle, found(c), found(s), workers, found(d), src)
		}
		if d.Reduced > 0 {
			reducedSome.Add(1)
		}
		if cycle {
			cycles.Add(1)
			if msg := replayCycle(e, d.Errors[0]); msg != "" {
				return true, fmt.Sprintf("seed %d (merge %v, reduced -j %d): %s\n%s", seed, merge, workers, msg, src)
			}
		} else if s.Complete && d.Complete {
			if s.StatesStored != d.StatesStored || s.NestedStored != d.NestedStored || s.Reduced != d.Reduced {
				return true, fmt.Sprintf("seed %d (merge %v): reduced -j %d stored %d, red %d, %d reduced; -j 1 static %d, nested %d, %d reduced\n%s", seed, merge, workers,
					d.StatesStored, d.NestedStored, d.Reduced, s.StatesStored, s.NestedStored, s.Reduced, src)
			}
			equal.Add(1)
			seqStates.Add(c.StatesStored)
			parStates.Add(d.StatesStored)
		}
		// -e: every error, each with its trail
		de, _, _, err := runNP(src, merge, true, workers, 0, "")
		if err != nil {
			return true, fmt.Sprintf("seed %d: reduced -j %d -e: %v\n%s", seed, workers, err, src)
		}
		se, _, _, err := runNP(src, merge, true, 1, -1, verify.ProvisoStatic)
		if err != nil {
			return true, fmt.Sprintf("seed %d: reduced static -j 1 -e: %v\n%s", seed, err, src)
		}
		if de.Incomplete == "memory limit" || se.Incomplete == "memory limit" {
			return true, ""
		}
		if found(de) != cycle || de.Complete != se.Complete || de.Complete && de.StatesStored != se.StatesStored {
			return true, fmt.Sprintf("seed %d (merge %v): reduced -j %d -e: %d errors, complete %v, stored %d; -j 1 static -e: %d errors, complete %v, stored %d; a cycle %v\n%s",
				seed, merge, workers, len(de.Errors), de.Complete, de.StatesStored, len(se.Errors), se.Complete, se.StatesStored, cycle, src)
		}
		if len(de.Errors) > 1 {
			allErrs.Add(1)
		}
		for k, x := range de.Errors {
			if msg := replayCycle(e, x); msg != "" {
				return true, fmt.Sprintf("seed %d (merge %v, reduced -j %d -e): error %d: %s\n%s", seed, merge, workers, k, msg, src)
			}
		}
		return true, ""
	})
	t.Logf("%d models with progress labels compared (%d rejected, %d too large, %d with an error of another kind), %d with a non-progress cycle, %d runs with several errors with -e; without error %d with -j 1 static's states, red states and reduced count; %d reduced some state with -j N; states stored where no cycle: %d -j 1 (stack proviso), %d -j N",
		ran, invalid.Load(), large.Load(), other.Load(), cycles.Load(), allErrs.Load(), equal.Load(), reducedSome.Load(), seqStates.Load(), parStates.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d models compared", ran, n)
	}
	if cycles.Load() == 0 || equal.Load() == 0 || reducedSome.Load() == 0 {
		t.Error("no cycle found, no search without error compared, or no state reduced")
	}
}

// runNP searches src for non-progress cycles (-l), assertions ignored,
// with or without reduction, with the given workers, error limit (0: -e,
// a trail for every error; -1: every error, the first one's trail) and
// cycle proviso; it returns the search's
// result and the engine (ok false when the front end rejects src).
func runNP(src string, merge, reduce bool, workers, stopAfter int, proviso string) (*search.Result, *engine.Engine, bool, error) {
	return runNPWith(src, npSearch{merge: merge, reduce: reduce, workers: workers, stopAfter: stopAfter, proviso: proviso})
}

// runNPFair is runNP, with weak fairness (-l -f) where fair is set.
func runNPFair(src string, merge, reduce, fair bool, workers, stopAfter int, proviso string) (*search.Result, *engine.Engine, bool, error) {
	return runNPWith(src, npSearch{merge: merge, reduce: reduce, fair: fair, workers: workers, stopAfter: stopAfter, proviso: proviso})
}

// npSearch is a non-progress search of runNPWith: statement merging,
// reduction (with proviso), weak fairness, the SCC-based search, the
// workers, and the errors to stop after (0: -e; -1: none, without
// every trail).
type npSearch struct {
	merge, reduce, fair, scc bool
	workers, stopAfter       int
	proviso                  string
}

// runNPWith is runNP for search c.
func runNPWith(src string, c npSearch) (*search.Result, *engine.Engine, bool, error) {
	fr := frontend.Load("rand.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		return nil, nil, false, nil
	}
	var errs diag.List
	prog := automata.LowerModel(fr.Model, &errs)
	if errs.HasErrors() || prog == nil || prog.Never != nil {
		return nil, nil, false, nil
	}
	e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: c.merge})
	if err != nil {
		return nil, nil, false, nil
	}
	var notes strings.Builder
	opt := verify.Options{MaxDepth: 1 << 20, StopAfter: max(c.stopAfter, 0), AllTrails: c.stopAfter == 0, HashLog2: 10, NonProgress: true, IgnoreAssert: true, MemLimit: memLimit,
		Workers: c.workers, Notes: &notes, Reduce: c.reduce, Proviso: c.proviso, Fair: c.fair, SCC: c.scc}
	sum, res, err := verify.Run(context.Background(), "rand.pml", e, opt)
	if err != nil {
		return nil, nil, true, fmt.Errorf("verify: %v", err)
	}
	if c.workers > 1 && sum.Workers != c.workers {
		return nil, nil, true, fmt.Errorf("-j %d searched with %d workers: %s", c.workers, sum.Workers, notes.String())
	}
	return res, e, true, nil
}
