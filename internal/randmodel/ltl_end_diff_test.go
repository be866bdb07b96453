package randmodel

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/verify"
)

var nLTLEndModels = flag.Int("randltlend", 1000, "number of random (model, ltl property) pairs for TestLTLEndReductionDifferential (-short: 300)")

// endOutcome is the outcome of a search for an ltl property's claim's end
// (no -a), with the plan the reduced search followed.
type endOutcome struct {
	ltlOutcome
	plan string // "invariant", "inert", "closure" or "" (not reduced)
	bfs  bool   // searched breadth-first (bfsFor)
}

// checkLTLEnd verifies src's ltl property without -a, every error, the
// model's own assertions included: without reduction with the usual
// claim, or reduced as gospin verify does (property.PlanReduction): an
// invariant-style claim on the product with itself, an inert claim left
// out of the search, any other claim against the closure under
// stuttering of its runs and end, every error confirmed on the usual
// claim along its trail. A third of the reduced searches run
// breadth-first (bfsFor), with the queue proviso.
func checkLTLEnd(src string, merge, reduce bool) (o endOutcome, ok bool, err error) {
	fr := frontend.Load("rand.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		return o, false, nil
	}
	props := property.List(fr.Model)
	if len(props) != 1 {
		return o, false, nil
	}
	keepSteps := false // built without the claim with the steps it has with it (Plan.RemoteVars)
	build := func(p *property.Property, tr property.Translator) (*engine.Engine, error) {
		return buildWith(fr.Model, p, tr, merge, keepSteps)
	}
	bfs := reduce && bfsFor(src)
	opt := verify.Options{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 10, Reduce: reduce, Stubborn: reduce && stubbornFor(src), Leap: reduce && leapFor(src) && !bfs, BFS: bfs, MemLimit: memLimit}
	p, tr := &props[0], property.Translator(property.FromLTL)
	if reduce {
		plan := property.PlanReduction(fr.Model, p, false, false, property.FromLTL)
		opt.ClaimInvariant, opt.ClaimSI, opt.InertClaim = plan.Invariant, plan.SI, plan.Inert
		switch {
		case plan.Invariant:
			o.plan = "invariant"
		case plan.Inert:
			o.plan = "inert"
		case plan.Closure:
			o.plan = "closure"
		}
		if plan.Inert || plan.Closure {
			usual, err := build(p, property.FromLTL)
			if err != nil {
				return o, false, nil
			}
			opt.ClosureOf = usual
		}
		p, tr = plan.Prop, plan.Translator
		keepSteps = plan.RemoteVars
	}
	e, err := build(p, tr)
	if err != nil {
		return o, false, nil
	}
	sum, _, err := verify.Run(context.Background(), "rand.pml", e, opt)
	if err != nil {
		return o, true, fmt.Errorf("verify: %v", err)
	}
	kinds := violationKinds(sum.Violations)
	o.bfs = bfs
	o.ltlOutcome = ltlOutcome{kinds: kinds, stored: sum.StatesStored, complete: sum.Complete, reduced: sum.Reduced, closure: o.plan == "closure", unconfirmed: sum.Unconfirmed, leapSteps: sum.LeapSteps}
	return o, true, nil
}

// TestLTLEndReductionDifferential: random models, their own assertions
// kept, with a random ltl property (randLTL), searched for the claim's
// end (no -a) without reduction with the usual claim and with reduction
// as gospin verify does (checkLTLEnd). The claim's end must be found by
// both or neither, and so must an error of any kind, except that an
// error of the closure alone is no verdict (gospin verify then searches
// without reduction against the claim; counted). Where neither finds the
// claim's end and the closure had no error of its own, the kinds of
// errors must be the same (an error of the closure alone cuts the
// search where the claim goes on).
func TestLTLEndReductionDifferential(t *testing.T) {
	n := *nLTLEndModels
	if testing.Short() {
		n = 300
	}
	var invalid, large, leapt, breadth atomic.Int64
	type counts struct{ compared, ended, spurious, reduced, full, red atomic.Int64 }
	byPlan := map[string]*counts{"invariant": {}, "inert": {}, "closure": {}, "": {}}
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		merge := seed%2 == 0
		var a endOutcome
		src, _, ok, msg := drawPair(seed, 15485863, merge, randLTL, func(src string, merge, reduce bool) (ltlOutcome, bool, error) {
			o, ok, err := checkLTLEnd(src, merge, reduce)
			a = o
			return o.ltlOutcome, ok, err
		}, &invalid, &large)
		if !ok {
			return false, msg
		}
		b, _, err := checkLTLEnd(src, merge, true)
		if err != nil {
			return false, fmt.Sprintf("seed %d: reduced search: %v\n%s", seed, err, src)
		}
		if !b.complete && b.kinds == "" {
			large.Add(1)
			return false, "" // beyond the memory limit: no verdict
		}
		c := byPlan[b.plan]
		c.compared.Add(1)
		onlyClosure := b.closure && b.kinds == "" && b.unconfirmed > 0
		ea, eb := strings.Contains(a.kinds, "claim"), strings.Contains(b.kinds, "claim")
		switch {
		case onlyClosure:
			c.spurious.Add(1)
		case ea != eb || (a.kinds != "") != (b.kinds != ""):
			return true, fmt.Sprintf("seed %d (merge %v): errors %q without reduction, %q with (plan %q, %d unconfirmed)\n%s", seed, merge, a.kinds, b.kinds, b.plan, b.unconfirmed, src)
		case !ea && b.complete && b.unconfirmed == 0 && a.kinds != b.kinds:
			return true, fmt.Sprintf("seed %d (merge %v): errors %q without reduction, %q with (plan %q)\n%s", seed, merge, a.kinds, b.kinds, b.plan, src)
		}
		if ea {
			c.ended.Add(1)
		}
		if b.leapSteps > 0 {
			leapt.Add(1)
		}
		if b.bfs && b.reduced {
			breadth.Add(1)
		}
		if b.reduced && b.complete && b.kinds == "" && b.unconfirmed == 0 {
			c.reduced.Add(1)
			c.full.Add(a.stored)
			c.red.Add(b.stored)
		}
		return true, ""
	})
	t.Logf("%d (model, ltl property) pairs compared without -a (%d rejected, %d too large); leap sets took steps in %d; %d reduced searches breadth-first", ran, invalid.Load(), large.Load(), leapt.Load(), breadth.Load())
	for _, k := range []string{"invariant", "inert", "closure", ""} {
		c := byPlan[k]
		t.Logf("plan %q: %d compared, %d with the claim's end, %d with errors of the closure only; %d without errors and reduced: states %d unreduced, %d reduced",
			k, c.compared.Load(), c.ended.Load(), c.spurious.Load(), c.reduced.Load(), c.full.Load(), c.red.Load())
	}
	if ran < int64(n) {
		t.Errorf("only %d of %d pairs compared", ran, n)
	}
	if byPlan["closure"].reduced.Load() == 0 || byPlan["closure"].ended.Load() == 0 || breadth.Load() == 0 {
		t.Error("no search against the closure of a claim's runs and end was reduced, or none found the claim's end")
	}
}
