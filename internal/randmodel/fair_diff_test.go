package randmodel

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/verify"
)

// nFairModels: 2,000 pairs compared by default (the seeds that the front
// end rejects or that are too large for -randfairmb are not counted):
// each pair's model is loaded once for both searches and the store's
// first chunk is small, so 2,000 pairs take about 14.3 s of CPU
// (GOMAXPROCS=1, 2026-11-26), where 300 took 3.5 s before.
var nFairModels = flag.Int("randfair", 2000, "number of random (model, ltl property) pairs for TestFairReductionDifferential (-short: 100)")

// fairSource is random model src with its ltl property, made reducible
// under weak fairness most of the time: the rendezvous channel qr gets a
// buffer and timeout becomes true, except on every tenth seed (where the
// reduction must step aside: verify.fairReduction), and with a process
// run by the others on every third seed.
func fairSource(seed int64) string {
	r := rand.New(rand.NewSource(seed * 104729))
	c := ClaimMix(seed)
	c.Spawn = seed%3 == 0 // runs and deaths (never in an ample set under -f)
	model := Generate(seed, c)
	if seed%10 != 0 {
		model = strings.ReplaceAll(model, "chan qr = [0]", "chan qr = [1]")
		model = strings.ReplaceAll(model, "timeout", "true")
	}
	return model + "ltl prop { " + randLTL(r, Default.Globals, labelProps(model)) + " }\n"
}

// fairMemMB bounds each search of TestFairReductionDifferential (and
// TestFairSCCReductionDifferential), in MiB: a pair whose unreduced search
// does not complete within it is counted as too large and not compared.
var fairMemMB = flag.Int("randfairmb", 2, "memory of each search of the -f differential tests, in MiB (pairs beyond it are skipped as too large)")

// fairCase is a random model with its ltl property, loaded (parsed,
// checked, lowered) once for all the searches that check it.
type fairCase struct {
	vs   *verify.Source
	prop *property.Property
}

// loadFair loads src; ok is false when the front end rejects it or it
// has not exactly one property.
func loadFair(src string) (c fairCase, ok bool) {
	fr := frontend.Load("rand.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		return c, false
	}
	if _, err := verify.Lower(fr); err != nil {
		return c, false
	}
	vs := verify.NewSource("rand.pml", fr)
	props := vs.Properties()
	if len(props) != 1 {
		return c, false
	}
	return fairCase{vs: vs, prop: &props[0]}, true
}

// checkFair verifies src's ltl property as gospin verify -a -f -A (with
// reduction unless noReduce); ok is false when the front end rejects it.
func checkFair(src string, merge, noReduce bool) (o ltlOutcome, ok bool, err error) {
	return checkFairSearch(src, merge, noReduce, false)
}

// checkFairSearch is checkFair, with the SCC-based search (-scc) when
// scc.
func checkFairSearch(src string, merge, noReduce, scc bool) (o ltlOutcome, ok bool, err error) {
	c, ok := loadFair(src)
	if !ok {
		return o, false, nil
	}
	o, err = c.check(merge, noReduce, scc)
	return o, true, err
}

// check verifies the case as gospin verify -a -f -A -compress (with
// reduction unless noReduce, -scc when scc). -compress: the states are
// stored zero-suppressed without the random walk that decides it (2,000
// steps, more than a small model's whole search).
func (c fairCase) check(merge, noReduce, scc bool) (o ltlOutcome, err error) {
	s := verify.Settings{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 10, NoMerge: !merge, NoReduce: noReduce,
		Accept: true, Fair: true, SCC: scc, IgnoreAssert: true, SelfLoops: true, Compress: true, MemLimitMB: int64(*fairMemMB)}
	sum, err := verify.Check(context.Background(), c.vs, c.prop, s)
	if err != nil {
		return o, fmt.Errorf("verify: %v", err)
	}
	vs2 := append([]report.Violation(nil), sum.Violations...)
	for i := range vs2 {
		if vs2[i].Kind == "claim-end" {
			vs2[i].Kind = "acceptance-cycle" // the SI normal form has no claim end: the same verdict
		}
	}
	return ltlOutcome{kinds: violationKinds(vs2), stored: sum.StatesStored, complete: sum.Complete, reduced: sum.Reduced}, nil
}

// TestFairReductionDifferential: random models with a random ltl
// property, checked with -a -f (weak fairness) without and with
// partial-order reduction (docs/por-ltl.md, "Weak fairness"): whether a
// fair acceptance cycle exists (or the claim's end) must agree.
//
// Long run (-randfair 20000) at commit 377d05d: 20,001 pairs compared
// (3,607 rejected, 1,106 too large), 10,511 with a fair acceptance cycle,
// 17,587 searches reduced, no disagreement (743 s on two loaded cores).
// Again at b26fcda (the unfolding's copy-1 entry, deaths in F1): 20,002
// pairs (3,591 rejected, 1,065 too large), 10,528 with a fair acceptance
// cycle, 17,714 reduced, no disagreement (1,556 s, load about 20).
// At 2a72f10 (each search within 2 MiB, -randfairmb): 2,000 pairs (395
// rejected, 120 too large), 1,054 with a fair acceptance cycle, 1,769
// reduced, no disagreement (14.3 s CPU with GOMAXPROCS=1).
func TestFairReductionDifferential(t *testing.T) {
	n := *nFairModels
	if testing.Short() {
		n = 100
	}
	var invalid, large, violated, reduced, full, red, smaller, compared atomic.Int64
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		src := fairSource(seed)
		merge := seed%2 == 0
		c, ok := loadFair(src)
		var a ltlOutcome
		var err error
		if ok {
			a, err = c.check(merge, true, false)
		}
		switch {
		case err != nil:
			return false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		case !ok:
			invalid.Add(1)
			return false, ""
		case !a.complete:
			large.Add(1)
			return false, ""
		}
		b, err := c.check(merge, false, false)
		if err != nil {
			return false, fmt.Sprintf("seed %d: reduced: %v\n%s", seed, err, src)
		}
		if !b.complete && !b.verdict() {
			large.Add(1)
			return false, ""
		}
		if a.verdict() != b.verdict() {
			return true, fmt.Sprintf("seed %d (merge %v): -a -f: errors %q without reduction, %q with\n%s", seed, merge, a.kinds, b.kinds, src)
		}
		if a.verdict() {
			violated.Add(1)
		}
		if b.reduced && b.complete {
			reduced.Add(1)
			full.Add(a.stored)
			red.Add(b.stored)
			if b.stored < a.stored {
				smaller.Add(1)
			}
		}
		if c := compared.Add(1); c%2000 == 0 {
			t.Logf("%d pairs compared so far (seed %d), no disagreement", c, seed) // for long runs
		}
		return true, ""
	})
	t.Logf("%d pairs compared (%d rejected, %d too large), %d with a fair acceptance cycle; %d searches reduced, fewer states on %d; states %d -> %d",
		ran, invalid.Load(), large.Load(), violated.Load(), reduced.Load(), smaller.Load(), full.Load(), red.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d pairs compared", ran, n)
	}
	if reduced.Load() == 0 {
		t.Errorf("no search was reduced")
	}
}
