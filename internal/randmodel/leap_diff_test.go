package randmodel

import (
	"flag"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/verify"
)

var nLeapModels = flag.Int("leapmodels", 600, "number of random models for the leap-set differential test (-short: 100)")

// leapOutcome verifies src without reduction, with ample sets and with
// leap sets, and returns the error kinds (all errors, sorted) and states
// stored of each; ok is false when the front end rejects src or a search
// is cut by the memory limit.
func leapOutcome(t *testing.T, src string, merge bool) (kinds [3]string, stored [3]int64, ok bool) {
	for i, mode := range []struct{ reduce, leap bool }{{false, false}, {true, false}, {true, true}} {
		sum, ok, err := verifySource(src, verify.Settings{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 10, NoMerge: !merge, NoReduce: !mode.reduce, Leap: mode.leap, MemLimitMB: memLimit >> 20})
		if !ok {
			return kinds, stored, false
		}
		if err != nil {
			t.Errorf("%v\n%s", err, src)
			return kinds, stored, false
		}
		if !sum.Complete {
			return kinds, stored, false
		}
		kinds[i], stored[i] = violationKinds(sum.Violations), sum.StatesStored
	}
	return kinds, stored, true
}

// TestLeapDifferential checks on random models that leap sets find the
// same kinds of errors (invalid end states, assertion violations, run-time
// errors) as the full search, and never store more states than it.
func TestLeapDifferential(t *testing.T) {
	n := *nLeapModels
	if testing.Short() {
		n = 100
	}
	var withErr, fewer atomic.Int64
	var full, ample, leap atomic.Int64
	ran := forSeeds(t, n, int64(n), func(seed int64) (bool, string) {
		seed += 1_000_000 // other models than TestReductionDifferential's
		src := Generate(seed, Mixed(seed))
		kinds, stored, ok := leapOutcome(t, src, seed%2 == 0)
		if !ok {
			return false, ""
		}
		if kinds[0] != "" {
			withErr.Add(1)
		}
		if stored[2] < stored[1] {
			fewer.Add(1)
		}
		full.Add(stored[0])
		ample.Add(stored[1])
		leap.Add(stored[2])
		if kinds[2] != kinds[0] || stored[2] > stored[0] {
			return true, fmt.Sprintf("seed %d: errors %q and %d states without reduction, %q and %d with leap sets\n%s", seed, kinds[0], stored[0], kinds[2], stored[2], src)
		}
		return true, ""
	})
	t.Logf("%d models, %d with errors; leap sets store fewer states than ample sets on %d; states: full %d, ample sets %d, leap sets %d", ran, withErr.Load(), fewer.Load(), full.Load(), ample.Load(), leap.Load())
	if ran < int64(n)/2 {
		t.Errorf("only %d of %d models ran", ran, n)
	}
}
