package randmodel

import (
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/store"
	"github.com/gospin/gospin/verify"
)

// TestParallelTreeDifferential checks tree compression shared by the
// workers (-store tree -j N, store.SharedTree) on random models, with 2,
// 3 or 4 workers against the exact search with one: unreduced with -e,
// the same states, matches, transitions and errors as -j 1; reduced (the
// done proviso on the root table's done bits), the same kinds of errors
// as the full search and never more states. 16 models by default
// (-short: 6); -parmodels N for a long run.
func TestParallelTreeDifferential(t *testing.T) {
	n := 16
	if *nParModels != 150 {
		n = *nParModels
	}
	if testing.Short() {
		n = 6
	}
	var compared, withErr, full, reduced atomic.Int64
	tree := store.Config{Mode: store.ModeTree}
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		src := Generate(seed, Mixed(seed))
		workers := 2 + int(seed%3)
		settings := func(reduce bool, workers int, st store.Config) verify.Settings {
			return verify.Settings{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 10, NoReduce: !reduce, MemLimitMB: memLimit >> 20, Workers: workers, Storage: st}
		}
		a, ok, err := verifySource(src, settings(false, 1, store.Config{}))
		if err != nil {
			return false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		if !ok || !a.Complete {
			return false, ""
		}
		b, _, err := verifySource(src, settings(false, workers, tree))
		if err != nil {
			return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		if b.Incomplete == "memory limit" {
			return false, ""
		}
		if msg := sameSearch(a, b); msg != "" || b.Workers != workers {
			return true, fmt.Sprintf("seed %d (-store tree, -j %d, %d searched): %s\n%s", seed, workers, b.Workers, msg, src)
		}
		d, _, err := verifySource(src, settings(true, workers, tree))
		if err != nil {
			return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		ka := violationKinds(a.Violations)
		if kd := violationKinds(d.Violations); !d.Complete || kd != ka || d.StatesStored > a.StatesStored {
			return true, fmt.Sprintf("seed %d (reduced, -store tree, -j %d): complete %v, errors %q, states %d; full: %q, %d\n%s",
				seed, workers, d.Complete, kd, d.StatesStored, ka, a.StatesStored, src)
		}
		if ka != "" {
			withErr.Add(1)
		}
		compared.Add(1)
		full.Add(a.StatesStored)
		reduced.Add(d.StatesStored)
		return true, ""
	})
	t.Logf("%d models compared, %d with errors; states: %d full, %d reduced -store tree -j N", ran, withErr.Load(), full.Load(), reduced.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d models compared", ran, n)
	}
}
