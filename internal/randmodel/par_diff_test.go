package randmodel

import (
	"flag"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/verify"
)

var (
	nParModels    = flag.Int("parmodels", 150, "number of random models for the parallel search's differential test (-short: 40; the long run: -parmodels 20000)")
	nParBFSModels = flag.Int("parbfsmodels", 100, "number of random models for the parallel breadth-first search's differential test (-short: 30)")
)

// TestParallelDifferential checks the parallel search (gospin verify -j,
// package parsearch) against the sequential one on random models, with
// 2, 3 or 4 workers: unreduced, the same states stored, transitions and
// errors (every error, -e: each step and each stored state is checked
// once whoever takes it) and the same kinds of errors; reduced (the
// done proviso), the same kinds of errors as the full search and never
// more states.
//
// Long run: go test ./internal/randmodel -run ParallelDifferential
// -parmodels 20000 (docs/parallel.md gives the last one's figures).
func TestParallelDifferential(t *testing.T) {
	n := *nParModels
	if testing.Short() {
		n = 40
	}
	parallelDifferential(t, n, false)
}

// TestParallelBFSDifferential is TestParallelDifferential for the
// breadth-first search (-bfs -j N, parsearch/bfs.go): unreduced, the
// same figures and errors as the sequential breadth-first search;
// reduced (the queue proviso on the shared table's done bits), the same
// kinds of errors. Long run: -parbfsmodels N.
func TestParallelBFSDifferential(t *testing.T) {
	n := *nParBFSModels
	if testing.Short() {
		n = 30
	}
	parallelDifferential(t, n, true)
}

// parallelDifferential compares n random models' searches with one
// worker and with several, depth-first or breadth-first.
func parallelDifferential(t *testing.T, n int, bfs bool) {
	var invalid, large, cut, withErr, parRed, seqRed, full atomic.Int64
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		src := Generate(seed, Mixed(seed))
		merge := seed%2 == 0
		workers := 2 + int(seed%3)
		settings := func(reduce bool, workers int) verify.Settings {
			return verify.Settings{MaxDepth: 1 << 20, StopAfter: 0, AllTrails: false, HashLog2: 10, NoMerge: !merge, NoReduce: !reduce, MemLimitMB: memLimit >> 20, Workers: workers, BFS: bfs}
		}
		a, ok, err := verifySource(src, settings(false, 1))
		if err != nil {
			return false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		if !ok {
			invalid.Add(1)
			return false, ""
		}
		if !a.Complete {
			large.Add(1)
			return false, ""
		}
		b, _, err := verifySource(src, settings(false, workers))
		if err != nil {
			return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		if b.Incomplete == "memory limit" {
			// several workers need more memory than one (an arena chunk
			// each): a model near the limit is not compared
			cut.Add(1)
			return false, ""
		}
		if b.Workers != workers {
			return true, fmt.Sprintf("seed %d: -j %d searched with %d workers", seed, workers, b.Workers)
		}
		if msg := sameSearch(a, b); msg != "" {
			return true, fmt.Sprintf("seed %d (merge %v, -j %d): %s\n%s", seed, merge, workers, msg, src)
		}
		c, _, err := verifySource(src, settings(true, 1))
		if err != nil {
			return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		d, _, err := verifySource(src, settings(true, workers))
		if err != nil {
			return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		if d.Workers != workers {
			return true, fmt.Sprintf("seed %d: reduced -j %d searched with %d workers", seed, workers, d.Workers)
		}
		ka, kc, kd := violationKinds(a.Violations), violationKinds(c.Violations), violationKinds(d.Violations)
		switch {
		case d.Incomplete == "memory limit":
			cut.Add(1)
			return false, ""
		case !d.Complete:
			return true, fmt.Sprintf("seed %d: the reduced parallel search is incomplete (%s)", seed, d.Incomplete)
		case kd != ka || kc != ka:
			return true, fmt.Sprintf("seed %d (merge %v, -j %d): errors %q unreduced, %q reduced, %q reduced with -j %d\n%s", seed, merge, workers, ka, kc, kd, workers, src)
		case d.StatesStored > a.StatesStored:
			return true, fmt.Sprintf("seed %d: the reduced parallel search stored %d states, the full search %d\n%s", seed, d.StatesStored, a.StatesStored, src)
		}
		if ka != "" {
			withErr.Add(1)
		}
		full.Add(a.StatesStored)
		seqRed.Add(c.StatesStored)
		parRed.Add(d.StatesStored)
		return true, ""
	})
	t.Logf("%d models compared (%d rejected by the front end, %d too large, %d too large for several workers), %d with errors; states: %d full, %d reduced -j 1, %d reduced -j N",
		ran, invalid.Load(), large.Load(), cut.Load(), withErr.Load(), full.Load(), seqRed.Load(), parRed.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d models compared", ran, n)
	}
}

// sameSearch compares a complete unreduced search with one worker (a)
// and with several (b): "" when they agree.
func sameSearch(a, b *report.Summary) string {
	switch {
	case !b.Complete:
		return fmt.Sprintf("incomplete with several workers (%s)", b.Incomplete)
	case a.StatesStored != b.StatesStored || a.Transitions != b.Transitions || a.StatesMatched != b.StatesMatched:
		return fmt.Sprintf("states stored %d, matched %d, transitions %d with one worker; %d, %d, %d with several",
			a.StatesStored, a.StatesMatched, a.Transitions, b.StatesStored, b.StatesMatched, b.Transitions)
	case a.Errors != b.Errors || violationKinds(a.Violations) != violationKinds(b.Violations):
		return fmt.Sprintf("errors %d (%s) with one worker, %d (%s) with several", a.Errors, violationKinds(a.Violations), b.Errors, violationKinds(b.Violations))
	}
	return ""
}
