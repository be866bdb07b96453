package randmodel

import (
	"flag"
	"fmt"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/verify"
)

var nNPModels = flag.Int("randnp", 1000, "number of random models for TestNonProgressReductionDifferential (-short: 300)")

var endLabel = regexp.MustCompile(`(?m)^(\s*)end(\d+):`)

// withProgress turns some of a generated model's end labels into
// progress labels (those whose number is odd when odd, the others when
// not), so that its processes pass progress labels now and then.
func withProgress(src string, odd bool) string {
	return endLabel.ReplaceAllStringFunc(src, func(m string) string {
		sub := endLabel.FindStringSubmatch(m)
		n := 0
		fmt.Sscan(sub[2], &n)
		if (n%2 == 1) != odd {
			return m
		}
		return sub[1] + "progress" + sub[2] + ":"
	})
}

// checkNP searches src for non-progress cycles (-l), every error, with
// or without reduction (on the product with <>[] np_ in SI normal form,
// search/np.go). It returns the kinds of errors found, the states stored
// and whether the search was complete and reduced.
func checkNP(src string, merge, reduce bool) (kinds string, stored int64, complete, reduced bool, ok bool, err error) {
	sum, ok, err := verifySource(src, verify.Settings{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 10, NoMerge: !merge, NonProgress: true, NoReduce: !reduce, MemLimitMB: memLimit >> 20})
	if !ok || err != nil {
		return "", 0, false, false, ok, err
	}
	kinds = violationKinds(sum.Violations)
	return kinds, sum.StatesStored, sum.Complete, sum.Reduced, true, nil
}

// TestNonProgressReductionDifferential: random models with progress
// labels (withProgress), searched for non-progress cycles (-l) without
// reduction (pan's claim) and with it (the claim of <>[] np_ in SI normal
// form, the product reduced as for ltl properties): a non-progress cycle
// is found by both or neither, and so is an error of any kind (a search
// that stops at the first error in each state may meet others first:
// only their presence is compared where a cycle is found).
func TestNonProgressReductionDifferential(t *testing.T) {
	n := *nNPModels
	if testing.Short() {
		n = 300
	}
	var cycles, reducedRuns, full, red, smaller atomic.Int64
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		src := withProgress(Generate(seed, ClaimMix(seed)), seed%2 == 0)
		if !strings.Contains(src, "progress") {
			return false, ""
		}
		merge := seed%3 == 0
		ka, sa, ca, _, ok, err := checkNP(src, merge, false)
		if err != nil {
			return false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		if !ok || !ca {
			return false, ""
		}
		kb, sb, cb, rb, _, err := checkNP(src, merge, true)
		if err != nil {
			return false, fmt.Sprintf("seed %d: reduced search: %v\n%s", seed, err, src)
		}
		if !cb && kb == "" {
			return false, "" // beyond the memory limit: no verdict
		}
		na, nb := strings.Contains(ka, "non-progress"), strings.Contains(kb, "non-progress")
		if na != nb || (ka == "") != (kb == "") || !na && cb && ka != kb {
			return true, fmt.Sprintf("seed %d (merge %v): errors %q without reduction, %q with\n%s", seed, merge, ka, kb, src)
		}
		if na {
			cycles.Add(1)
		}
		if rb && cb && kb == "" {
			reducedRuns.Add(1)
			full.Add(sa)
			red.Add(sb)
			if sb < sa {
				smaller.Add(1)
			}
		}
		return true, ""
	})
	t.Logf("%d models with progress labels compared, %d with a non-progress cycle; %d without errors and reduced: states %d unreduced, %d reduced (fewer on %d)",
		ran, cycles.Load(), reducedRuns.Load(), full.Load(), red.Load(), smaller.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d models compared", ran, n)
	}
	if reducedRuns.Load() == 0 || smaller.Load() == 0 || cycles.Load() == 0 {
		t.Error("no search was reduced, none to fewer states, or none found a cycle")
	}
}
