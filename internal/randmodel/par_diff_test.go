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
// once whoever takes it) and the same kinds of errors; reduced, the same
// kinds of errors as the full search and never more states, with -j 1's
// stack proviso, with the static proviso (-j N's default), whose -j 1
// and -j N searches store the same states and take the same transitions
// (its reduced graph is a function of the state), and on every other
// model with -j N's done proviso (-proviso search), and on every third
// with stubborn sets and the static proviso.
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
// reduced (by default -j 1's queue proviso, on the shared table's done
// bits), the same kinds of errors and never more states than the full
// search. Long run: -parbfsmodels N.
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
	var invalid, large, cut, withErr, parRed, seqRed, full, doneRed, doneSeq, stubRuns atomic.Int64
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		src := Generate(seed, Mixed(seed))
		merge := seed%2 == 0
		workers := 2 + int(seed%3)
		settings := func(reduce bool, workers int) verify.Settings {
			return verify.Settings{MaxDepth: 1 << 20, StopAfter: 0, AllTrails: false, HashLog2: 10, NoMerge: !merge, NoReduce: !reduce, MemLimitMB: memLimit >> 20, Workers: workers, BFS: bfs}
		}
		withProviso := func(s verify.Settings, p string) verify.Settings { s.Proviso = p; return s }
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
		// the static proviso with one worker: the reduced graph is a
		// function of the state, so the complete searches (-c0) store
		// the same states, and take the same transitions, as -j N's
		e, _, err := verifySource(src, withProviso(settings(true, 1), verify.ProvisoStatic))
		if err != nil {
			return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		// the done proviso with several workers (-proviso search), on
		// every other model
		f := d
		if seed%2 == 1 {
			if f, _, err = verifySource(src, withProviso(settings(true, workers), verify.ProvisoSearch)); err != nil {
				return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
			}
		}
		// stubborn sets with the static proviso (its marks on every
		// location), on every third model
		g := d
		if seed%3 == 0 {
			sg := settings(true, workers)
			sg.Stubborn = true
			if g, _, err = verifySource(src, sg); err != nil {
				return true, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
			}
			if g.Incomplete == "memory limit" {
				cut.Add(1)
				return false, ""
			}
			if kg, ka := violationKinds(g.Violations), violationKinds(a.Violations); kg != ka || !g.Complete || g.StatesStored > a.StatesStored {
				return true, fmt.Sprintf("seed %d (merge %v, -j %d): errors %q unreduced, %q stubborn static (%d states, full %d, complete %v)\n%s", seed, merge, workers, ka, kg, g.StatesStored, a.StatesStored, g.Complete, src)
			}
			stubRuns.Add(1)
		}
		if d.Workers != workers {
			return true, fmt.Sprintf("seed %d: reduced -j %d searched with %d workers", seed, workers, d.Workers)
		}
		ka, kc, kd := violationKinds(a.Violations), violationKinds(c.Violations), violationKinds(d.Violations)
		ke, kf := violationKinds(e.Violations), violationKinds(f.Violations)
		switch {
		case d.Incomplete == "memory limit" || f.Incomplete == "memory limit":
			cut.Add(1)
			return false, ""
		case !d.Complete || !e.Complete || !f.Complete:
			return true, fmt.Sprintf("seed %d: a reduced search is incomplete (%q -j %d static, %q -j 1 static, %q -j %d done)", seed, d.Incomplete, workers, e.Incomplete, f.Incomplete, workers)
		case kd != ka || kc != ka || ke != ka || kf != ka:
			return true, fmt.Sprintf("seed %d (merge %v, -j %d): errors %q unreduced, %q reduced, %q reduced static, %q reduced with -j %d (static), %q with -j %d (done)\n%s", seed, merge, workers, ka, kc, ke, kd, workers, kf, workers, src)
		case d.StatesStored > a.StatesStored || e.StatesStored > a.StatesStored || f.StatesStored > a.StatesStored:
			return true, fmt.Sprintf("seed %d: the reduced searches stored %d (-j %d static), %d (-j 1 static), %d (-j %d done) states, the full search %d\n%s", seed, d.StatesStored, workers, e.StatesStored, f.StatesStored, workers, a.StatesStored, src)
		case !bfs && (d.StatesStored != e.StatesStored || d.Transitions != e.Transitions):
			// (breadth-first, -j N keeps the queue proviso by default)
			return true, fmt.Sprintf("seed %d (merge %v, -j %d): the static proviso stored %d states, %d transitions with -j 1 and %d, %d with -j %d\n%s", seed, merge, workers, e.StatesStored, e.Transitions, d.StatesStored, d.Transitions, workers, src)
		}
		if seed%2 == 1 {
			doneRed.Add(f.StatesStored)
			doneSeq.Add(c.StatesStored)
		}
		if ka != "" {
			withErr.Add(1)
		}
		full.Add(a.StatesStored)
		seqRed.Add(c.StatesStored)
		parRed.Add(d.StatesStored)
		return true, ""
	})
	seqProviso, parProviso := "stack", "-j N and -j 1 with the static proviso"
	if bfs {
		seqProviso, parProviso = "queue", "-j N (queue proviso)"
	}
	t.Logf("%d models compared (%d rejected by the front end, %d too large, %d too large for several workers), %d with errors; states: %d full, %d reduced -j 1 (%s proviso), %d reduced %s",
		ran, invalid.Load(), large.Load(), cut.Load(), withErr.Load(), full.Load(), seqRed.Load(), seqProviso, parRed.Load(), parProviso)
	t.Logf("on the models with the done proviso too: %d states reduced -j 1 (stack proviso), %d reduced -j N (done proviso); %d models with stubborn sets -j N (static)", doneSeq.Load(), doneRed.Load(), stubRuns.Load())
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
