package randmodel

import (
	"context"
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/verify"
)

var nLTLModels = flag.Int("randltl", 400, "number of random (model, ltl property) pairs for TestLTLReductionDifferential (-short: 200)")

// labelProps lists remote label propositions (P@end1) for the labels of
// the active proctypes of a generated model.
func labelProps(src string) []string {
	var out []string
	name := ""
	for _, line := range strings.Split(src, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "proctype ") || strings.HasPrefix(t, "init") || strings.HasPrefix(t, "active proctype ") {
			name = ""
			if rest, ok := strings.CutPrefix(t, "active proctype "); ok {
				if i := strings.IndexByte(rest, '('); i > 0 {
					name = rest[:i]
				}
			}
			continue
		}
		if name == "" {
			continue
		}
		if i := strings.IndexByte(t, ':'); i > 0 && strings.HasPrefix(t, "end") && !strings.Contains(t[:i], " ") {
			out = append(out, name+"@"+t[:i])
		}
	}
	return out
}

// randLTL draws an LTL formula in Promela's syntax over propositions on
// the globals of a Default model (values 0..2) and, one in four when the
// model has any, remote labels (labels). About one in six
// formulas has an X, which is not stutter-invariant in general (such
// properties are checked against the closure under stuttering of their
// claim).
func randLTL(r *rand.Rand, globals int, labels []string) string {
	prop := func() string {
		if len(labels) > 0 && r.Intn(4) == 0 {
			return "(" + labels[r.Intn(len(labels))] + ")"
		}
		g := fmt.Sprintf("g%d", r.Intn(globals))
		switch r.Intn(4) {
		case 0:
			return fmt.Sprintf("(%s == %d)", g, r.Intn(3))
		case 1:
			return fmt.Sprintf("(%s > 0)", g)
		case 2:
			return fmt.Sprintf("(%s != %d)", g, r.Intn(3))
		}
		return fmt.Sprintf("(g0 == g%d)", r.Intn(globals))
	}
	withX := r.Intn(6) == 0
	var gen func(d int) string
	gen = func(d int) string {
		if d == 0 || r.Intn(4) == 0 {
			return prop()
		}
		switch r.Intn(10) {
		case 0:
			return "!" + gen(d-1)
		case 1:
			return "(" + gen(d-1) + " && " + gen(d-1) + ")"
		case 2:
			return "(" + gen(d-1) + " || " + gen(d-1) + ")"
		case 3:
			return "(" + gen(d-1) + " -> " + gen(d-1) + ")"
		case 4:
			return "(" + gen(d-1) + " U " + gen(d-1) + ")"
		case 5:
			return "(" + gen(d-1) + " V " + gen(d-1) + ")"
		case 6, 7:
			return "[] " + gen(d-1)
		case 8:
			if withX {
				return "X " + gen(d-1)
			}
			return "<> " + gen(d-1)
		}
		return "<> " + gen(d-1)
	}
	return gen(3)
}

type ltlOutcome struct {
	kinds    string
	stored   int64
	complete bool
	reduced  bool
	si       bool // checked with the claim in SI normal form
	// closure: the property is not stutter-invariant and was checked with
	// the closure under stuttering of its claim, in SI normal form
	// (property.ClosureClaim; si is set too)
	closure bool
	// unconfirmed: errors of the closure that the claim does not have
	// along their trails (verify.Options.ClosureOf)
	unconfirmed int
	// leapSteps: steps taken inside leaps (-leap, leapFor)
	leapSteps int64
}

// verdict is whether the property was found violated.
func (o ltlOutcome) verdict() bool { return strings.Contains(o.kinds, "acceptance") }

// checkLTL verifies src's ltl property with -a (nested DFS), assertions
// and invalid end states ignored: reduce with the SI normal form claim
// when the property is stutter-invariant, else the usual claim.
func checkLTL(src string, merge, reduce bool) (o ltlOutcome, ok bool, err error) {
	return checkLTLClaim(src, merge, reduce, reduce, true)
}

// checkLTLClaim is checkLTL with the choice of the claim (si: the SI
// normal form when there is one) apart from that of reduction.
//
// confirm: with the closure under stuttering and reduction, errors are
// checked against the usual claim along their trails, as gospin verify
// does (verify.Options.ClosureOf); without it the closure's own errors
// are reported.
func checkLTLClaim(src string, merge, reduce, si, confirm bool) (o ltlOutcome, ok bool, err error) {
	fr := frontend.Load("rand.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		return o, false, nil
	}
	props := property.List(fr.Model)
	if len(props) != 1 {
		return o, false, nil
	}
	opt := verify.Options{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 10, Accept: true, IgnoreAssert: true, MemLimit: memLimit}
	tr := property.Translator(property.FromLTL)
	opt.Reduce = reduce
	opt.Stubborn = reduce && stubbornFor(src)
	opt.Leap = reduce && leapFor(src)
	if si {
		if c, _, err := property.SIClaim(props[0].LTL); err == nil && c != nil {
			tr = func(*ast.LTLDecl) (*ast.NeverDecl, error) { return c, nil }
			opt.ClaimSI = true
			o.si = true
		} else if c, _, err := property.ClosureClaim(props[0].LTL); err == nil && c != nil {
			tr = func(*ast.LTLDecl) (*ast.NeverDecl, error) { return c, nil }
			opt.ClaimSI = true
			o.si, o.closure = true, true
		}
	}
	pm, err := property.Model(fr.Model, &props[0], tr)
	if err != nil {
		return o, false, nil
	}
	if o.closure && reduce && confirm {
		// as gospin verify: errors are checked against the usual claim
		um, err := property.Model(fr.Model, &props[0], property.FromLTL)
		if err != nil {
			return o, false, nil
		}
		var errs diag.List
		uprog := automata.LowerModel(um, &errs)
		if errs.HasErrors() || uprog == nil {
			return o, false, nil
		}
		ue, err := engine.NewWithOptions(uprog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: merge})
		if err != nil {
			return o, false, nil
		}
		opt.ClosureOf = ue
	}
	var errs diag.List
	prog := automata.LowerModel(pm, &errs)
	if errs.HasErrors() || prog == nil {
		return o, false, nil
	}
	e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: merge})
	if err != nil {
		return o, false, nil
	}
	sum, _, err := verify.Run(context.Background(), "rand.pml", e, opt)
	if err != nil {
		return o, true, fmt.Errorf("verify: %v", err)
	}
	vs := append([]report.Violation(nil), sum.Violations...)
	for i := range vs {
		if vs[i].Kind == "claim-end" {
			vs[i].Kind = "acceptance-cycle" // the SI normal form has no claim end: the same verdict
		}
	}
	return ltlOutcome{kinds: violationKinds(vs), stored: sum.StatesStored, complete: sum.Complete, reduced: sum.Reduced, si: o.si, closure: o.closure, unconfirmed: sum.Unconfirmed, leapSteps: sum.LeapSteps}, true, nil
}

// TestLTLReductionDifferential: random models with a random ltl property
// over their globals, checked with -a without reduction (the usual claim)
// and with reduction (the claim in SI normal form, V1 on the product, when
// the property is stutter-invariant; else the closure under stuttering
// of the claim in SI normal form, Holzmann and Kupferman): the verdicts
// must agree, except that a violation of the closure need not be one of
// the claim (gospin verify then searches without reduction against the
// claim: counted, not a disagreement). With the SI normal form claim or
// the closure, the searches with and without reduction must agree.
func TestLTLReductionDifferential(t *testing.T) {
	n := *nLTLModels
	if testing.Short() {
		n = 200
	}
	var invalid, large, violated, reducedRuns, smaller, full, siFull, red, labelled, leapt atomic.Int64
	var closureRuns, closureHolds, closureConfirmed, closureSpurious, closureFull, closureRed atomic.Int64
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		merge := seed%2 == 0
		src, a, ok, msg := drawPair(seed, 7919, merge, randLTL, checkLTL, &invalid, &large)
		if !ok {
			return false, msg
		}
		b, _, err := checkLTL(src, merge, true)
		if err != nil {
			return false, fmt.Sprintf("seed %d: reduced search: %v\n%s", seed, err, src)
		}
		if !b.complete && !b.verdict() {
			// The SI normal form claim has no end: where the usual
			// claim ends the search early, its product may be
			// beyond the memory limit (the nested search reaches
			// an accepting state's cycle only when it backtracks
			// from it). No verdict to compare.
			large.Add(1)
			return false, ""
		}
		// The property's verdict must not change (a violation that
		// an incomplete search found is a verdict); the other
		// errors (run-time errors in states the claim lets the
		// search reach) may depend on the claim, so they are
		// compared between the two searches with the same claim.
		if b.closure {
			closureRuns.Add(1)
			switch {
			case b.verdict():
				closureConfirmed.Add(1)
			case b.unconfirmed > 0:
				closureSpurious.Add(1)
			default:
				closureHolds.Add(1)
			}
		}
		if a.verdict() != b.verdict() && !(b.closure && !b.verdict() && b.unconfirmed > 0) {
			return true, fmt.Sprintf("seed %d (merge %v): errors %q without reduction, %q with\n%s", seed, merge, a.kinds, b.kinds, src)
		}
		if b.si {
			c, _, err := checkLTLClaim(src, merge, false, true, true)
			bb := b
			if b.closure && err == nil {
				// the closure's own errors, reduced, against
				// those of the closure unreduced
				bb, _, err = checkLTLClaim(src, merge, true, true, false)
			}
			if b.reduced && b.complete && !b.closure {
				siFull.Add(c.stored)
			}
			same := c.kinds == bb.kinds
			if !c.complete || !bb.complete {
				same = c.verdict() == bb.verdict() || !c.complete && !c.verdict()
			}
			if err != nil || !same {
				return true, fmt.Sprintf("seed %d (merge %v): with the SI normal form claim, errors %q without reduction, %q with (%v)\n%s", seed, merge, c.kinds, bb.kinds, err, src)
			}
		}
		if strings.Contains(a.kinds, "acceptance") {
			violated.Add(1)
		}
		if b.closure && !b.verdict() && b.unconfirmed == 0 && b.complete && b.reduced {
			closureFull.Add(a.stored)
			closureRed.Add(b.stored)
		}
		if b.leapSteps > 0 {
			leapt.Add(1)
		}
		if b.reduced && b.complete && strings.Contains(src, "@") && !b.closure {
			labelled.Add(1)
		}
		if b.reduced && b.complete && !b.closure {
			reducedRuns.Add(1)
			full.Add(a.stored)
			red.Add(b.stored)
			if b.stored < a.stored {
				smaller.Add(1)
			}
		}
		return true, ""
	})
	t.Logf("%d (model, property) pairs compared (%d rejected, %d too large), %d violated; %d checked with reduction (%d with remote labels; smaller than with the usual claim unreduced on %d); states stored on those: usual claim %d, SI normal form claim %d, SI claim reduced %d",
		ran, invalid.Load(), large.Load(), violated.Load(), reducedRuns.Load(), labelled.Load(), smaller.Load(), full.Load(), siFull.Load(), red.Load())
	t.Logf("not stutter-invariant: %d checked against the closure under stuttering of their claim: %d hold, %d violations confirmed along their trails on the claim, %d violations of the closure only (then the search without reduction decides); states stored where they hold: usual claim unreduced %d, closure reduced %d",
		closureRuns.Load(), closureHolds.Load(), closureConfirmed.Load(), closureSpurious.Load(), closureFull.Load(), closureRed.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d pairs compared", ran, n)
	}
	t.Logf("leap sets (-leap) took steps in %d reduced searches", leapt.Load())
	if reducedRuns.Load() == 0 || leapt.Load() == 0 {
		t.Error("no search was reduced, or none with leaps")
	}
}

// randInvariant draws [] p (or, one in four, <> p) for a formula p
// without temporal operators
// over the globals and remote labels of a generated model.
func randInvariant(r *rand.Rand, globals int, labels []string) string {
	var gen func(d int) string
	gen = func(d int) string {
		if d == 0 || r.Intn(3) == 0 {
			if len(labels) > 0 && r.Intn(4) == 0 {
				return "(" + labels[r.Intn(len(labels))] + ")"
			}
			g := fmt.Sprintf("g%d", r.Intn(globals))
			switch r.Intn(3) {
			case 0:
				return fmt.Sprintf("(%s != %d)", g, r.Intn(3))
			case 1:
				return fmt.Sprintf("(%s < 2)", g)
			}
			return fmt.Sprintf("(g0 <= g%d)", r.Intn(globals))
		}
		switch r.Intn(3) {
		case 0:
			return "!" + gen(d-1)
		case 1:
			return "(" + gen(d-1) + " && " + gen(d-1) + ")"
		}
		return "(" + gen(d-1) + " || " + gen(d-1) + ")"
	}
	if r.Intn(4) == 0 {
		// its claim waits while !p holds and blocks after
		// (property.LTLWaits): it only prunes the search
		return "<> " + gen(2)
	}
	return "[] " + gen(2)
}

// checkInvariant verifies src's invariant property without -a (the
// search for the claim's end, every error), with or without reduction.
func checkInvariant(src string, merge, reduce bool) (o ltlOutcome, ok bool, err error) {
	fr := frontend.Load("rand.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		return o, false, nil
	}
	props := property.List(fr.Model)
	if len(props) != 1 || !property.LTLWaits(props[0].LTL) {
		return o, false, nil
	}
	pm, err := property.Model(fr.Model, &props[0], property.FromLTL)
	if err != nil {
		return o, false, nil
	}
	var errs diag.List
	prog := automata.LowerModel(pm, &errs)
	if errs.HasErrors() || prog == nil {
		return o, false, nil
	}
	e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: merge})
	if err != nil {
		return o, false, nil
	}
	opt := verify.Options{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 10, Reduce: reduce, Stubborn: reduce && stubbornFor(src), Leap: reduce && leapFor(src), ClaimInvariant: true, MemLimit: memLimit}
	sum, _, err := verify.Run(context.Background(), "rand.pml", e, opt)
	if err != nil {
		return o, true, fmt.Errorf("verify: %v", err)
	}
	kinds := violationKinds(sum.Violations)
	return ltlOutcome{kinds: kinds, stored: sum.StatesStored, complete: sum.Complete, reduced: sum.Reduced, leapSteps: sum.LeapSteps}, true, nil
}

// TestInvariantReductionDifferential: random models with a random
// invariant [] p, searched for the claim's end (no -a) with and without
// reduction on the product with the usual claim: the claim's end found by
// both or neither, and without it the same errors (assertions, run-time
// errors).
func TestInvariantReductionDifferential(t *testing.T) {
	n := *nLTLModels
	if testing.Short() {
		n = 200
	}
	var invalid, large, violated, reducedRuns, full, red, leapt atomic.Int64
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		merge := seed%2 == 1
		src, a, ok, msg := drawPair(seed, 104729, merge, randInvariant, checkInvariant, &invalid, &large)
		if !ok {
			return false, msg
		}
		b, _, err := checkInvariant(src, merge, true)
		if err != nil || !b.complete {
			return false, fmt.Sprintf("seed %d: reduced search: %v (complete %v)\n%s", seed, err, b.complete, src)
		}
		// The claim's end must be found by both or neither; where
		// neither finds it, the other errors must be the same.
		// Where both do, an error met only on a step after the
		// invariant fails (beside the claim's move to its end) is
		// out of the property's scope and may be cut off.
		ca, cb := strings.Contains(a.kinds, "claim"), strings.Contains(b.kinds, "claim")
		if ca != cb || !ca && a.kinds != b.kinds {
			return true, fmt.Sprintf("seed %d (merge %v): errors %q without reduction, %q with\n%s", seed, merge, a.kinds, b.kinds, src)
		}
		if ca {
			violated.Add(1)
		}
		if b.leapSteps > 0 {
			leapt.Add(1)
		}
		if b.reduced {
			reducedRuns.Add(1)
			full.Add(a.stored)
			red.Add(b.stored)
		}
		return true, ""
	})
	t.Logf("%d (model, invariant) pairs compared (%d rejected, %d too large), %d with the claim's end; %d reduced: states stored %d without reduction, %d with; leap sets took steps in %d",
		ran, invalid.Load(), large.Load(), violated.Load(), reducedRuns.Load(), full.Load(), red.Load(), leapt.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d pairs compared", ran, n)
	}
	if reducedRuns.Load() == 0 || leapt.Load() == 0 {
		t.Error("no search was reduced, or none with leaps")
	}
}

// drawPair draws seed's pair of a model (randmodel.ClaimMix) and a
// property over its globals and remote labels (prop, from a generator
// seeded with seed*mult), and checks it without reduction. ok is false
// when the pair is not to be compared: the front end rejected it
// (counted in invalid), its search did not complete (large), or it
// failed (msg).
func drawPair(seed, mult int64, merge bool, prop func(*rand.Rand, int, []string) string, check func(src string, merge, reduce bool) (ltlOutcome, bool, error), invalid, large *atomic.Int64) (src string, a ltlOutcome, ok bool, msg string) {
	r := rand.New(rand.NewSource(seed * mult))
	model := Generate(seed, ClaimMix(seed))
	src = model + "ltl prop { " + prop(r, Default.Globals, labelProps(model)) + " }\n"
	a, ok, err := check(src, merge, false)
	switch {
	case err != nil:
		return src, a, false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
	case !ok:
		invalid.Add(1)
		return src, a, false, ""
	case !a.complete:
		large.Add(1)
		return src, a, false, ""
	}
	return src, a, true, ""
}

// stubbornFor says whether the reduced searches of the claim tests use
// stubborn sets (-stubborn) for model src: for half of the models, by a
// hash of the text.
func stubbornFor(src string) bool {
	h := fnv.New32a()
	h.Write([]byte(src))
	return h.Sum32()%2 == 1
}

// bfsFor says whether the reduced searches for a claim's end (no -a) of
// the claim tests run breadth-first (-bfs, the queue proviso) for model
// src: for a third of the models, by a hash of the text.
func bfsFor(src string) bool {
	h := fnv.New32a()
	h.Write([]byte(src))
	return h.Sum32()>>2%3 == 0
}

// leapFor says whether the reduced searches of the claim tests use leap
// sets (-leap) for model src: for half of the models, by another bit of
// the hash than stubbornFor's.
func leapFor(src string) bool {
	h := fnv.New32a()
	h.Write([]byte(src))
	return h.Sum32()>>1%2 == 1
}
