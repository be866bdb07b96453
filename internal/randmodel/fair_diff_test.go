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
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/verify"
)

var nFairModels = flag.Int("randfair", 300, "number of random (model, ltl property) pairs for TestFairReductionDifferential (-short: 100)")

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

// checkFair verifies src's ltl property as gospin verify -a -f -A (with
// reduction unless noReduce); ok is false when the front end rejects it.
func checkFair(src string, merge, noReduce bool) (o ltlOutcome, ok bool, err error) {
	return checkFairSearch(src, merge, noReduce, false)
}

// checkFairSearch is checkFair, with the SCC-based search (-scc) when
// scc.
func checkFairSearch(src string, merge, noReduce, scc bool) (o ltlOutcome, ok bool, err error) {
	fr := frontend.Load("rand.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		return o, false, nil
	}
	if _, err := verify.Lower(fr); err != nil {
		return o, false, nil
	}
	vs := verify.NewSource("rand.pml", fr)
	props := vs.Properties()
	if len(props) != 1 {
		return o, false, nil
	}
	s := verify.Settings{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 10, NoMerge: !merge, NoReduce: noReduce,
		Accept: true, Fair: true, SCC: scc, IgnoreAssert: true, SelfLoops: true, MemLimitMB: memLimit >> 20}
	sum, err := verify.Check(context.Background(), vs, &props[0], s)
	if err != nil {
		return o, true, fmt.Errorf("verify: %v", err)
	}
	vs2 := append([]report.Violation(nil), sum.Violations...)
	for i := range vs2 {
		if vs2[i].Kind == "claim-end" {
			vs2[i].Kind = "acceptance-cycle" // the SI normal form has no claim end: the same verdict
		}
	}
	return ltlOutcome{kinds: violationKinds(vs2), stored: sum.StatesStored, complete: sum.Complete, reduced: sum.Reduced}, true, nil
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
func TestFairReductionDifferential(t *testing.T) {
	n := *nFairModels
	if testing.Short() {
		n = 100
	}
	var invalid, large, violated, reduced, full, red, smaller, compared atomic.Int64
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		src := fairSource(seed)
		merge := seed%2 == 0
		a, ok, err := checkFair(src, merge, true)
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
		b, _, err := checkFair(src, merge, false)
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
