package randmodel

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/simulate"
	"github.com/gospin/gospin/trail"
	"github.com/gospin/gospin/verify"
)

var nParAccModels = flag.Int("paraccmodels", 150, "number of random (model, ltl property) pairs for TestParallelAcceptanceDifferential (-short: 40; the long run: -paraccmodels 20000)")

// TestParallelAcceptanceDifferential checks the parallel acceptance-cycle
// search (CNDFS, verify -a -noreduce -j N) against the sequential nested
// search on random models with a random ltl property (the usual claim,
// assertions ignored), with 2, 3 or 4 workers: an acceptance cycle is
// found exactly when -j 1 finds one (the first error's kind is one that
// -j 1 finds with -e, since which error comes first depends on the
// order); a cycle's trail replays and ends where its cycle starts; a
// complete search without error stores no fewer states than -j 1 and
// makes red as many states as -j 1's nested searches store (more, in
// both, only where a claim stutter step reaches a state that is also
// reached otherwise: docs/parallel.md; counted). For a stutter-invariant
// property, the reduced search (the SI normal form claim, the static
// proviso) with several workers must give the verdict of the unreduced
// and the reduced search with one, with the stack or the static proviso,
// and without a cycle store the states of the static one
// (reducedVerdicts).
//
// Long run: go test ./internal/randmodel -run ParallelAcceptanceDifferential
// -paraccmodels 20000.
func TestParallelAcceptanceDifferential(t *testing.T) {
	n := *nParAccModels
	if testing.Short() {
		n = 40
	}
	var invalid, large, withCycle, equal, moreStored, seqStored, parStored atomic.Int64
	var reducedRuns, reducedParRuns, reducedStates, reducedStatesSeq, undecided atomic.Int64
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		r := rand.New(rand.NewSource(seed * 104729))
		model := Generate(seed, ClaimMix(seed))
		src := model + "ltl prop { " + randLTL(r, Default.Globals, labelProps(model)) + " }\n"
		merge := seed%2 == 0
		workers := 2 + int(seed%3)
		a, _, ok, err := runAcc(src, merge, false, 1, 1)
		switch {
		case err != nil:
			return false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		case !ok:
			invalid.Add(1)
			return false, ""
		case !a.Complete && len(a.Errors) == 0:
			large.Add(1)
			return false, ""
		}
		if msg := reducedVerdicts(src, merge, workers, seed, &reducedRuns, &reducedParRuns, &reducedStates, &reducedStatesSeq); msg != "" {
			return true, msg
		}
		b, e, _, err := runAcc(src, merge, false, workers, 1)
		if err != nil {
			return true, fmt.Sprintf("seed %d -j %d: %v\n%s", seed, workers, err, src)
		}
		if b.Incomplete == "memory limit" {
			large.Add(1)
			return false, ""
		}
		kind := func(res *search.Result) string {
			if len(res.Errors) == 0 {
				return ""
			}
			return res.Errors[0].Violation.Kind.String()
		}
		ka, kb := kind(a), kind(b)
		if ka != kb {
			// another error first: -j 1 must find it too
			all, _, _, err := runAcc(src, merge, false, 1, 0)
			if err != nil {
				return true, fmt.Sprintf("seed %d: -e: %v", seed, err)
			}
			found := false
			for _, x := range all.Errors {
				found = found || x.Violation.Kind.String() == kb
			}
			if !found && kb != "" && all.Incomplete != "" {
				// -e stopped too (a fatal run-time error ends any
				// search): the errors beyond it are not known
				undecided.Add(1)
				found = true
			}
			if kb == "" || !found {
				return true, fmt.Sprintf("seed %d (merge %v, -j %d): first error %q; -j 1 %q\n%s", seed, merge, workers, kb, ka, src)
			}
		}
		if len(b.Errors) > 0 {
			if b.Errors[0].Violation.Kind == pins.AcceptanceCycle {
				withCycle.Add(1)
			}
			if msg := replayCycle(e, b.Errors[0]); msg != "" {
				return true, fmt.Sprintf("seed %d (merge %v, -j %d): %s\n%s", seed, merge, workers, msg, src)
			}
			return true, ""
		}
		switch {
		case !b.Complete:
			return true, fmt.Sprintf("seed %d -j %d: incomplete (%s), -j 1 complete\n%s", seed, workers, b.Incomplete, src)
		case b.StatesStored < a.StatesStored || b.NestedStored < a.NestedStored || b.StatesStored == a.StatesStored && b.NestedStored != a.NestedStored:
			return true, fmt.Sprintf("seed %d (merge %v, -j %d): stored %d, red %d; -j 1 stored %d, nested %d\n%s", seed, merge, workers,
				b.StatesStored, b.NestedStored, a.StatesStored, a.NestedStored, src)
		case b.StatesStored > a.StatesStored:
			moreStored.Add(1)
		default:
			equal.Add(1)
		}
		seqStored.Add(a.StatesStored)
		parStored.Add(b.StatesStored)
		return true, ""
	})
	t.Logf("%d pairs compared (%d rejected by the front end, %d too large), %d with an acceptance cycle; without error: %d with -j 1's states stored, %d with more (states %d with -j 1, %d with -j N)",
		ran, invalid.Load(), large.Load(), withCycle.Load(), equal.Load(), moreStored.Load(), seqStored.Load(), parStored.Load())
	t.Logf("%d first errors of another kind than -j 1's, which -j 1 -e did not reach (it stopped at a fatal error)", undecided.Load())
	t.Logf("reduced (SI normal form claim, the static proviso with -j N and -j 1, same states; the stack proviso with -j 1): %d pairs with -j 1's verdict (%d reduced some state with -j N); states stored where they hold: %d with -j 1, %d with -j N",
		reducedRuns.Load(), reducedParRuns.Load(), reducedStatesSeq.Load(), reducedStates.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d pairs compared", ran, n)
	}
	if withCycle.Load() == 0 || equal.Load() == 0 || reducedParRuns.Load() == 0 {
		t.Error("no cycle found, or no search without error compared")
	}
}

// runAcc checks src's ltl property with -a, unreduced, assertions
// ignored, with the given workers and error limit; it returns the
// search's result and the engine (ok false when the front end rejects
// src).
func runAcc(src string, merge, reduce bool, workers, stopAfter int) (*search.Result, *engine.Engine, bool, error) {
	return runAccProviso(src, merge, reduce, workers, stopAfter, "")
}

// runAccProviso is runAcc with the reduction's cycle proviso
// (verify.Options.Proviso).
func runAccProviso(src string, merge, reduce bool, workers, stopAfter int, proviso string) (*search.Result, *engine.Engine, bool, error) {
	fr := frontend.Load("rand.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		return nil, nil, false, nil
	}
	props := property.List(fr.Model)
	if len(props) != 1 {
		return nil, nil, false, nil
	}
	tr := property.Translator(property.FromLTL)
	if reduce {
		c, _, err := property.SIClaim(props[0].LTL)
		if err != nil || c == nil {
			return nil, nil, false, nil
		}
		tr = func(*ast.LTLDecl) (*ast.NeverDecl, error) { return c, nil }
	}
	pm, err := property.Model(fr.Model, &props[0], tr)
	if err != nil {
		return nil, nil, false, nil
	}
	var errs diag.List
	prog := automata.LowerModel(pm, &errs)
	if errs.HasErrors() || prog == nil {
		return nil, nil, false, nil
	}
	e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: merge})
	if err != nil {
		return nil, nil, false, nil
	}
	var notes strings.Builder
	opt := verify.Options{MaxDepth: 1 << 20, StopAfter: stopAfter, HashLog2: 10, Accept: true, IgnoreAssert: true, MemLimit: memLimit, Workers: workers, Notes: &notes,
		Reduce: reduce, ClaimSI: reduce, Proviso: proviso}
	sum, res, err := verify.Run(context.Background(), "rand.pml", e, opt)
	if err != nil {
		return nil, nil, true, fmt.Errorf("verify: %v", err)
	}
	if workers > 1 && sum.Workers != workers {
		return nil, nil, true, fmt.Errorf("-j %d searched with %d workers: %s", workers, sum.Workers, notes.String())
	}
	return res, e, true, nil
}

// assertsIgnored is a model whose steps fail no assertion: the searches of
// these tests ignore assertions (IgnoreAssert), and so must their
// replays, which would stop at a failing one.
type assertsIgnored struct {
	*engine.Engine
	yield func(t *pins.Transition, s []byte) bool
}

func (n *assertsIgnored) strip(yield func(t *pins.Transition, s []byte) bool) func(t *pins.Transition, s []byte) bool {
	return func(t *pins.Transition, s []byte) bool {
		if t.Violation != nil && t.Violation.Kind == pins.Assertion {
			u := *t
			u.Violation = nil
			return yield(&u, s)
		}
		return yield(t, s)
	}
}

func (n *assertsIgnored) Next(s []byte, yield func(t *pins.Transition, s []byte) bool) {
	n.Engine.Next(s, n.strip(yield))
}

func (n *assertsIgnored) NextStutter(s []byte, yield func(t *pins.Transition, s []byte) bool) {
	n.Engine.NextStutter(s, n.strip(yield))
}

// replayCycle replays the trail of error x on e (assertions ignored): ""
// when it replays and, for a cycle, ends in the state where its cycle
// starts.
func replayCycle(eng *engine.Engine, x search.Error) string {
	e := &assertsIgnored{Engine: eng}
	tr := trail.New()
	tr.Steps, tr.CycleStart = x.Trail, x.CycleStart
	// as verify writes a depth-first search's trail: a state a stutter
	// step reached is expanded with the system still to move
	tr.Set(trail.ClaimStutter, "pan")
	rr, err := simulate.Run(e, simulate.Options{Mode: simulate.Replay, Trail: tr})
	if err != nil {
		return "replay: " + err.Error()
	}
	if rr.End == simulate.TrailMismatch {
		return fmt.Sprintf("the trail does not replay (step %d of %d)", rr.Steps, len(x.Trail))
	}
	if x.CycleStart < 0 {
		return ""
	}
	pre := trail.New()
	pre.Steps = x.Trail[:x.CycleStart]
	pre.Set(trail.ClaimStutter, "pan")
	pr, err := simulate.Run(e, simulate.Options{Mode: simulate.Replay, Trail: pre})
	if err != nil {
		return "replay: " + err.Error()
	}
	if string(pr.State) != string(rr.State) {
		return fmt.Sprintf("the cycle's trail (%d steps) does not end where its cycle starts (step %d)", len(x.Trail), x.CycleStart)
	}
	return ""
}

// reducedVerdicts compares, for a stutter-invariant property (one with
// an SI normal form claim), the reduced search with several workers
// (CNDFS, the static proviso) with the reduced and the unreduced
// search of one worker (without a cycle, the static proviso's states and
// count of reduced states with one worker), when every error the unreduced one finds (-e) is
// an acceptance cycle: the same verdict, and a cycle's trail that
// replays and closes. It returns a message on a disagreement.
func reducedVerdicts(src string, merge bool, workers int, seed int64, runs, parReduced, states, statesSeq *atomic.Int64) string {
	c, _, ok, err := runAcc(src, merge, true, 1, 1)
	if err != nil {
		return fmt.Sprintf("seed %d: reduced: %v\n%s", seed, err, src)
	}
	if !ok {
		return "" // no SI normal form claim
	}
	all, _, _, err := runAcc(src, merge, false, 1, 0)
	if err != nil {
		return fmt.Sprintf("seed %d: -e: %v\n%s", seed, err, src)
	}
	cycle := false
	for _, x := range all.Errors {
		if x.Violation.Kind != pins.AcceptanceCycle {
			return "" // another error may come first
		}
		cycle = true
	}
	if !all.Complete && !cycle {
		return ""
	}
	d, e, _, err := runAcc(src, merge, true, workers, 1)
	if err != nil {
		return fmt.Sprintf("seed %d: reduced -j %d: %v\n%s", seed, workers, err, src)
	}
	if d.Incomplete == "memory limit" || c.Incomplete == "memory limit" {
		return ""
	}
	found := func(r *search.Result) bool {
		return len(r.Errors) > 0 && r.Errors[0].Violation.Kind == pins.AcceptanceCycle
	}
	// the static proviso with one worker: the nested search walks the
	// reduced graph of CNDFS (a function of the state), so without a
	// cycle both store the same states
	s, _, _, err := runAccProviso(src, merge, true, 1, 1, verify.ProvisoStatic)
	if err != nil {
		return fmt.Sprintf("seed %d: reduced static: %v\n%s", seed, err, src)
	}
	if s.Incomplete == "memory limit" {
		return ""
	}
	if found(c) != cycle || found(d) != cycle || found(s) != cycle {
		return fmt.Sprintf("seed %d (merge %v): acceptance cycle unreduced %v, reduced -j 1 %v, reduced static -j 1 %v, reduced -j %d %v\n%s", seed, merge, cycle, found(c), found(s), workers, found(d), src)
	}
	if !cycle && s.Complete && d.Complete && (s.StatesStored != d.StatesStored || s.Reduced != d.Reduced) {
		// (CNDFS counts a state reduced once, however often the
		// workers expand it, blue and red)
		return fmt.Sprintf("seed %d (merge %v): the static proviso stored %d states (%d reduced) with -j 1, %d (%d) with -j %d\n%s", seed, merge, s.StatesStored, s.Reduced, d.StatesStored, d.Reduced, workers, src)
	}
	if cycle {
		if msg := replayCycle(e, d.Errors[0]); msg != "" {
			return fmt.Sprintf("seed %d (merge %v, reduced -j %d): %s\n%s", seed, merge, workers, msg, src)
		}
	} else if d.Complete && c.Complete {
		states.Add(d.StatesStored)
		statesSeq.Add(c.StatesStored)
	}
	runs.Add(1)
	if d.Reduced > 0 {
		parReduced.Add(1)
	}
	return ""
}

// TestParallelNonProgressDifferential: random models with progress
// labels (withProgress), searched for non-progress cycles (-l,
// unreduced) with 2, 3 or 4 workers (CNDFS on pan's non-progress
// product) and with one: the first error's kind is one that -j 1 finds
// with -e; a complete search without error has -j 1's states stored and
// visited. The default count is -paraccmodels (40 with -short).
func TestParallelNonProgressDifferential(t *testing.T) {
	n := *nParAccModels
	if testing.Short() {
		n = 40
	}
	var invalid, large, withCycle, equal, undecided atomic.Int64
	ran := forSeeds(t, n, 4*int64(n), func(seed int64) (bool, string) {
		src := withProgress(Generate(seed, ClaimMix(seed)), seed%2 == 0)
		if !strings.Contains(src, "progress") {
			return false, ""
		}
		merge := seed%2 == 0
		workers := 2 + int(seed%3)
		settings := func(workers, stopAfter int) verify.Settings {
			return verify.Settings{MaxDepth: 1 << 20, StopAfter: stopAfter, HashLog2: 10, NoMerge: !merge, NonProgress: true, NoReduce: true, MemLimitMB: memLimit >> 20, Workers: workers}
		}
		a, ok, err := verifySource(src, settings(1, 1))
		switch {
		case err != nil:
			return false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		case !ok:
			invalid.Add(1)
			return false, ""
		case !a.Complete && a.Errors == 0:
			large.Add(1)
			return false, ""
		}
		b, _, err := verifySource(src, settings(workers, 1))
		if err != nil {
			return true, fmt.Sprintf("seed %d -j %d: %v\n%s", seed, workers, err, src)
		}
		if b.Incomplete == "memory limit" {
			large.Add(1)
			return false, ""
		}
		if b.Workers != workers {
			return true, fmt.Sprintf("seed %d: -j %d searched with %d workers", seed, workers, b.Workers)
		}
		ka, kb := violationKinds(a.Violations), violationKinds(b.Violations)
		if ka != kb {
			all, _, err := verifySource(src, settings(1, 0))
			if err != nil {
				return true, fmt.Sprintf("seed %d: -e: %v", seed, err)
			}
			if kb != "" && !strings.Contains(violationKinds(all.Violations), kb) && all.Incomplete != "" {
				// -e stopped too (a fatal run-time error ends any
				// search): the errors beyond it are not known
				undecided.Add(1)
			} else if kb == "" || !strings.Contains(violationKinds(all.Violations), kb) {
				return true, fmt.Sprintf("seed %d (merge %v, -j %d): errors %q; -j 1 %q (-e %q)\n%s", seed, merge, workers, kb, ka, violationKinds(all.Violations), src)
			}
		}
		if strings.Contains(kb, "non-progress") {
			withCycle.Add(1)
		}
		if b.Errors == 0 {
			if !b.Complete || a.StatesStored != b.StatesStored || a.StatesVisited != b.StatesVisited {
				return true, fmt.Sprintf("seed %d (merge %v, -j %d): complete %v, stored %d (%d visited); -j 1 %d (%d)\n%s", seed, merge, workers,
					b.Complete, b.StatesStored, b.StatesVisited, a.StatesStored, a.StatesVisited, src)
			}
			equal.Add(1)
		}
		return true, ""
	})
	t.Logf("%d models with progress labels compared (%d rejected, %d too large), %d with a non-progress cycle first, %d without error with -j 1's states stored and visited; %d first errors of another kind than -j 1's, which -j 1 -e did not reach (it stopped at a fatal error)",
		ran, invalid.Load(), large.Load(), withCycle.Load(), equal.Load(), undecided.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d models compared", ran, n)
	}
	if withCycle.Load() == 0 || equal.Load() == 0 {
		t.Error("no cycle found, or no search without error compared")
	}
}

// TestParallelInvariantDifferential: random models with a random
// invariant [] p (randInvariant, assertions ignored), checked with -a as
// gospin verify does: reduced, an invariant's claim makes it a search
// for the claim's end on the reduced product (ClaimInvariant), which the
// parallel safety search covers with the static proviso. With 2, 3 or 4
// workers the claim's end is found exactly when the unreduced -j 1
// search finds it, where that search finds no error of another kind
// (-e); so does -j 1 with the static proviso, which stores -j N's states
// when the claim holds. The default count is -paraccmodels (40 with -short).
func TestParallelInvariantDifferential(t *testing.T) {
	n := *nParAccModels
	if testing.Short() {
		n = 40
	}
	var invalid, other, violated, reducedRuns atomic.Int64
	ran := forSeeds(t, n, 4*int64(n), func(seed int64) (bool, string) {
		r := rand.New(rand.NewSource(seed * 7727))
		model := Generate(seed, ClaimMix(seed))
		src := model + "ltl inv { " + randInvariant(r, Default.Globals, labelProps(model)) + " }\n"
		merge := seed%2 == 0
		workers := 2 + int(seed%3)
		fr := frontend.Load("rand.pml", []byte(src), &frontend.Config{})
		if fr.HasErrors() {
			invalid.Add(1)
			return false, ""
		}
		props := property.List(fr.Model)
		if len(props) != 1 {
			invalid.Add(1)
			return false, ""
		}
		proviso := ""
		run := func(reduce bool, workers, stopAfter int) (*report.Summary, bool, error) {
			opt := verify.Options{MaxDepth: 1 << 20, StopAfter: stopAfter, HashLog2: 10, Accept: true, IgnoreAssert: true, MemLimit: memLimit, Workers: workers, Reduce: reduce, Proviso: proviso}
			p, tr, keep := &props[0], property.Translator(property.FromLTL), false
			if reduce {
				plan := property.PlanReduction(fr.Model, p, true, true, property.FromLTL)
				if !plan.Invariant {
					return nil, false, nil
				}
				opt.ClaimInvariant, opt.ClaimSI = true, plan.SI
				p, tr, keep = plan.Prop, plan.Translator, plan.RemoteVars
			}
			e, err := buildWith(fr.Model, p, tr, merge, keep)
			if err != nil {
				return nil, false, nil
			}
			sum, _, err := verify.Run(context.Background(), "rand.pml", e, opt)
			return sum, err == nil, err
		}
		all, ok, err := run(false, 1, 0)
		switch {
		case err != nil:
			return false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		case !ok:
			invalid.Add(1)
			return false, ""
		case !all.Complete && all.Errors == 0:
			return false, ""
		}
		kinds := violationKinds(all.Violations)
		end := strings.Contains(kinds, "claim-end") || strings.Contains(kinds, "acceptance")
		for _, k := range strings.Split(kinds, " ") {
			if k != "" && k != "claim-end" && k != "acceptance-cycle" {
				other.Add(1)
				return false, ""
			}
		}
		c, ok, err := run(true, 1, 1)
		if err != nil || !ok {
			if err != nil {
				return true, fmt.Sprintf("seed %d: reduced: %v\n%s", seed, err, src)
			}
			return false, "" // not an invariant's claim
		}
		d, _, err := run(true, workers, 1)
		if err != nil {
			return true, fmt.Sprintf("seed %d: reduced -j %d: %v\n%s", seed, workers, err, src)
		}
		if d.Workers != workers {
			return true, fmt.Sprintf("seed %d: -j %d searched with %d workers", seed, workers, d.Workers)
		}
		if c.Incomplete == "memory limit" || d.Incomplete == "memory limit" {
			return false, ""
		}
		proviso = verify.ProvisoStatic
		st, _, err := run(true, 1, 1)
		if err != nil {
			return true, fmt.Sprintf("seed %d: reduced static: %v\n%s", seed, err, src)
		}
		found := func(s *report.Summary) bool { return s.Errors > 0 }
		if found(c) != end || found(d) != end || found(st) != end {
			return true, fmt.Sprintf("seed %d (merge %v): claim violated unreduced %v, reduced -j 1 %v, reduced static -j 1 %v, reduced -j %d %v (%s)\n%s", seed, merge, end, found(c), found(st), workers, found(d), violationKinds(d.Violations), src)
		}
		if !end && st.Complete && d.Complete && st.StatesStored != d.StatesStored {
			// the static proviso, -j N's: a function of the state
			return true, fmt.Sprintf("seed %d (merge %v): the static proviso stored %d states with -j 1, %d with -j %d\n%s", seed, merge, st.StatesStored, d.StatesStored, workers, src)
		}
		if end {
			violated.Add(1)
		}
		if d.Reduced {
			reducedRuns.Add(1)
		}
		return true, ""
	})
	t.Logf("%d (model, invariant) pairs compared (%d rejected, %d with other errors), %d violated, %d with reduction on with -j N",
		ran, invalid.Load(), other.Load(), violated.Load(), reducedRuns.Load())
	if ran < int64(n)/2 || violated.Load() == 0 || reducedRuns.Load() == 0 {
		t.Errorf("only %d pairs compared (%d violated, %d reduced)", ran, violated.Load(), reducedRuns.Load())
	}
}
