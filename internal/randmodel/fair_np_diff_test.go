package randmodel

import (
	"flag"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/verify"
)

var nFairNPModels = flag.Int("randfairnp", 100, "number of random models for TestFairNonProgressReductionDifferential (-short: 100)")

// fairNPSource is random model seed with progress labels (withProgress),
// made reducible under weak fairness most of the time as fairSource
// does: the rendezvous channel gets a buffer and timeout becomes true
// except on every tenth seed, and a process is run by the others on
// every third.
func fairNPSource(seed int64) string {
	c := ClaimMix(seed)
	c.Spawn = seed%3 == 0
	src := withProgress(Generate(seed, c), seed%2 == 0)
	if seed%10 != 0 {
		src = strings.ReplaceAll(src, "chan qr = [0]", "chan qr = [1]")
		src = strings.ReplaceAll(src, "timeout", "true")
	}
	return src
}

// TestFairNonProgressReductionDifferential: random models with progress
// labels searched for weakly fair non-progress cycles (-l -f -A) without
// reduction (pan's claim, unfolded for fairness) and with it (the claim
// of <>[] np_ in SI normal form, unfolded, the ample sets narrowed as
// for -a -f: docs/por-ltl.md, "Weak fairness"): a fair non-progress
// cycle is found by both or neither. -randfairnp N for a longer run.
func TestFairNonProgressReductionDifferential(t *testing.T) {
	n := *nFairNPModels
	if testing.Short() {
		n = 100
	}
	var cycles, reducedRuns, full, red, smaller atomic.Int64
	check := func(src string, merge, reduce bool) (kinds string, stored int64, complete, reduced, ok bool, err error) {
		sum, ok, err := verifySource(src, verify.Settings{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 10, NoMerge: !merge,
			NonProgress: true, Fair: true, IgnoreAssert: true, NoReduce: !reduce, MemLimitMB: memLimit >> 20})
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
		merge := seed%3 == 0
		ka, sa, ca, _, ok, err := check(src, merge, false)
		if err != nil {
			return false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		if !ok || !ca {
			return false, ""
		}
		kb, sb, cb, rb, _, err := check(src, merge, true)
		if err != nil {
			return false, fmt.Sprintf("seed %d: reduced search: %v\n%s", seed, err, src)
		}
		if !cb && kb == "" {
			return false, "" // beyond the memory limit: no verdict
		}
		na, nb := strings.Contains(ka, "non-progress"), strings.Contains(kb, "non-progress")
		if na != nb {
			return true, fmt.Sprintf("seed %d (merge %v): -l -f: errors %q without reduction, %q with\n%s", seed, merge, ka, kb, src)
		}
		if na {
			cycles.Add(1)
		}
		if rb && cb {
			reducedRuns.Add(1)
			full.Add(sa)
			red.Add(sb)
			if sb < sa {
				smaller.Add(1)
			}
		}
		return true, ""
	})
	t.Logf("%d models with progress labels compared, %d with a fair non-progress cycle; %d searches reduced: states %d unreduced, %d reduced (fewer on %d)",
		ran, cycles.Load(), reducedRuns.Load(), full.Load(), red.Load(), smaller.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d models compared", ran, n)
	}
	if reducedRuns.Load() == 0 || smaller.Load() == 0 || cycles.Load() == 0 {
		t.Error("no search was reduced, none to fewer states, or none found a cycle")
	}
}

var nBFSNPModels = flag.Int("randbfsnp", 150, "number of random models for TestBFSNonProgressReductionDifferential (-short: 100)")

// TestBFSNonProgressReductionDifferential: random models with progress
// labels searched breadth-first with -l (-bfs -l, which finds no cycles:
// the errors of the non-progress product's states and steps) without
// reduction (pan's claim) and with it (the product with <>[] np_ in SI
// normal form, reduced with the queue proviso): the same kinds of errors.
// Every fifth model is searched with -f too (-bfs -l -f: the reduced
// search drops the fairness unfolding, which changes nothing a search
// without cycles reports).
// -randbfsnp N for a longer run.
func TestBFSNonProgressReductionDifferential(t *testing.T) {
	n := *nBFSNPModels
	if testing.Short() {
		n = 100
	}
	var withErrors, reducedRuns, full, red, smaller atomic.Int64
	check := func(src string, merge, fair, reduce bool) (kinds string, stored int64, complete, reduced, ok bool, err error) {
		sum, ok, err := verifySource(src, verify.Settings{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 10, NoMerge: !merge,
			NonProgress: true, BFS: true, Fair: fair, NoReduce: !reduce, MemLimitMB: memLimit >> 20})
		if !ok || err != nil {
			return "", 0, false, false, ok, err
		}
		return violationKinds(sum.Violations), sum.StatesStored, sum.Complete, sum.Reduced, true, nil
	}
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		c := Default
		if seed%2 == 0 {
			c = ClaimMix(seed)
		}
		src := withProgress(Generate(seed, c), seed%4 < 2)
		merge, fair := seed%3 == 1, seed%5 == 0
		ka, sa, ca, _, ok, err := check(src, merge, fair, false)
		if err != nil {
			return false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		if !ok || !ca {
			return false, ""
		}
		kb, sb, cb, rb, _, err := check(src, merge, fair, true)
		if err != nil {
			return false, fmt.Sprintf("seed %d: reduced search: %v\n%s", seed, err, src)
		}
		if !cb {
			return false, "" // beyond the memory limit: no verdict
		}
		if ka != kb {
			return true, fmt.Sprintf("seed %d (merge %v): -bfs -l: errors %q without reduction, %q with\n%s", seed, merge, ka, kb, src)
		}
		if ka != "" {
			withErrors.Add(1)
		}
		if rb {
			reducedRuns.Add(1)
			full.Add(sa)
			red.Add(sb)
			if sb < sa {
				smaller.Add(1)
			}
		}
		return true, ""
	})
	t.Logf("%d models compared, %d with errors; %d searches reduced: states %d unreduced, %d reduced (fewer on %d)",
		ran, withErrors.Load(), reducedRuns.Load(), full.Load(), red.Load(), smaller.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d models compared", ran, n)
	}
	if reducedRuns.Load() == 0 || smaller.Load() == 0 || withErrors.Load() == 0 {
		t.Error("no search was reduced, none to fewer states, or none found an error")
	}
}
