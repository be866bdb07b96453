package randmodel

import (
	"flag"
	"fmt"
	"testing"

	"github.com/gospin/gospin/store"
	"github.com/gospin/gospin/verify"
)

var nStorageModels = flag.Int("storagemodels", 60, "number of random models for the storage differential test (-short: 40)")

// TestStorageDifferential checks on random models (every error, with and
// without reduction, depth-first and every third breadth-first) that tree
// compression and 64-bit hash compaction store exactly the states of the
// exact store and find the same kinds of errors, and that bitstate (k=8,
// far from full) does too wherever it stored as many states.
func TestStorageDifferential(t *testing.T) {
	n := *nStorageModels
	if testing.Short() {
		n = 40
	}
	modes := []store.Config{{Mode: store.ModeTree}, {Mode: store.ModeHC, Mem: 2 << 20}, {Mode: store.ModeBitstate, Mem: 1 << 20, K: 8}}
	ran := forSeeds(t, n, 2*int64(n), func(seed int64) (bool, string) {
		src := Generate(seed, Mixed(seed))
		s := verify.Settings{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 10, NoMerge: seed%2 == 0, NoReduce: seed%4 < 2, BFS: seed%3 == 0, MemLimitMB: memLimit >> 20}
		want, ok, err := verifySource(src, s)
		if !ok || err != nil || !want.Complete {
			return false, ""
		}
		for _, m := range modes {
			s.Storage = m
			got, _, err := verifySource(src, s)
			if err != nil {
				return true, fmt.Sprintf("%s: %v", m.Mode, err)
			}
			if m.Mode == store.ModeBitstate && got.StatesStored < want.StatesStored {
				continue // an omission: only the counts say so
			}
			if got.StatesStored != want.StatesStored || got.Transitions != want.Transitions || violationKinds(got.Violations) != violationKinds(want.Violations) {
				return true, fmt.Sprintf("%s: %d states, %d transitions, errors %q; exact %d, %d, %q", m.Mode, got.StatesStored, got.Transitions, violationKinds(got.Violations), want.StatesStored, want.Transitions, violationKinds(want.Violations))
			}
		}
		return true, ""
	})
	if ran < int64(n) {
		t.Errorf("only %d of %d models compared", ran, n)
	}
}
