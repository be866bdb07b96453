package randmodel

import (
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/store"
	"github.com/gospin/gospin/verify"
)

// TestParallelLossyDifferential checks the lossy stores shared by the
// workers (store.SharedHC, store.SharedBitstate) on random models, with
// 2, 3 or 4 workers against the exact search with one: hash compaction
// of 64 bits (2^16 cells, far from full on these models) stores, matches
// and takes exactly the states and transitions of -j 1 and finds the same
// errors (-e); bitstate (2^22 bits, k 3) finds the same kinds of errors
// and never more states than exist but for a few (a state that two workers
// insert at the same moment may be counted by both); reduced with 64-bit hash compaction (the done
// proviso on the cells' done bits), the same kinds of errors as the full
// search and never more states. 16 models by default (-short: 6; each
// lossy run's report computes the storage advice, a tenth of a second);
// -parmodels N for a long run.
func TestParallelLossyDifferential(t *testing.T) {
	n := 16
	if *nParModels != 150 {
		n = *nParModels
	}
	if testing.Short() {
		n = 6
	}
	var compared, withErr, bits, exact, redHC, redExact atomic.Int64
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
		hc := store.Config{Mode: store.ModeHC, Log2: 16, Seed: uint64(seed)}
		b, _, err := verifySource(src, settings(false, workers, hc))
		if err != nil {
			return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		if b.Incomplete == "memory limit" {
			return false, ""
		}
		if msg := sameSearch(a, b); msg != "" {
			return true, fmt.Sprintf("seed %d (-store hc, -j %d): %s\n%s", seed, workers, msg, src)
		}
		bs := store.Config{Mode: store.ModeBitstate, Log2: 22, Seed: uint64(seed)}
		c, _, err := verifySource(src, settings(false, workers, bs))
		if err != nil {
			return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		ka, kc := violationKinds(a.Violations), violationKinds(c.Violations)
		if !c.Complete || kc != ka || c.StatesStored > a.StatesStored+8 {
			return true, fmt.Sprintf("seed %d (-store bitstate, -j %d): complete %v, errors %q, states %d; exact -j 1: errors %q, states %d\n%s",
				seed, workers, c.Complete, kc, c.StatesStored, ka, a.StatesStored, src)
		}
		d, _, err := verifySource(src, settings(true, workers, hc))
		if err != nil {
			return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		e, _, err := verifySource(src, settings(true, workers, store.Config{}))
		if err != nil {
			return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		if kd := violationKinds(d.Violations); !d.Complete || kd != ka || d.StatesStored > a.StatesStored {
			return true, fmt.Sprintf("seed %d (reduced, -store hc, -j %d): complete %v, errors %q, states %d; full: %q, %d\n%s",
				seed, workers, d.Complete, kd, d.StatesStored, ka, a.StatesStored, src)
		}
		if ka != "" {
			withErr.Add(1)
		}
		compared.Add(1)
		exact.Add(a.StatesStored)
		bits.Add(c.StatesStored)
		redHC.Add(d.StatesStored)
		redExact.Add(e.StatesStored)
		return true, ""
	})
	t.Logf("%d models compared, %d with errors; states: %d exact -j 1, %d bitstate -j N; reduced -j N: %d hc, %d exact",
		ran, withErr.Load(), exact.Load(), bits.Load(), redHC.Load(), redExact.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d models compared", ran, n)
	}
}
