package randmodel

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/verify"
)

var nNeverModels = flag.Int("randnever", 200, "number of random (model, never claim) pairs for TestNeverReductionDifferential (-short: 100)")

// randNever writes a random never claim in one of the shapes people write
// them: SPIN's (a labelled if per state, every option a goto), do loops
// whose options without goto stay in the state, with else, skip, goto
// alone, break into the next state, assert, and a last state whose
// options may end the claim. A third of the claims check an invariant
// (one loop that ends or fails an assertion when a condition fails).
func randNever(r *rand.Rand, globals int, labels, procs []string) string {
	prop := func() string {
		if len(labels) > 0 && r.Intn(4) == 0 {
			return "(" + labels[r.Intn(len(labels))] + ")"
		}
		if len(procs) > 0 && r.Intn(4) == 0 {
			// a local of another process: its steps on it are local ones,
			// which reduction may postpone unless they are visible
			return fmt.Sprintf("(%s:l%d == %d)", procs[r.Intn(len(procs))], r.Intn(Default.Locals), r.Intn(3))
		}
		g := fmt.Sprintf("g%d", r.Intn(globals))
		switch r.Intn(3) {
		case 0:
			return fmt.Sprintf("(%s == %d)", g, r.Intn(3))
		case 1:
			return fmt.Sprintf("(%s > 0)", g)
		}
		return fmt.Sprintf("(g0 != g%d)", r.Intn(globals))
	}
	guard := func() string {
		switch r.Intn(7) {
		case 0:
			return "!" + prop()
		case 1:
			return "(" + prop() + " && " + prop() + ")"
		case 2:
			return "(" + prop() + " || !" + prop() + ")"
		case 3:
			return "(1)"
		}
		return prop()
	}
	var b strings.Builder
	b.WriteString("never {\n")
	if r.Intn(3) == 0 {
		switch r.Intn(5) {
		case 3:
			// blocks when the condition fails: it only prunes
			fmt.Fprintf(&b, "\tdo :: %s od\n", guard())
		case 4:
			fmt.Fprintf(&b, "accept:\tdo :: %s :: %s -> break od\n", guard(), guard())
		case 0:
			fmt.Fprintf(&b, "\tdo :: assert(%s) od\n", guard())
		case 1:
			fmt.Fprintf(&b, "\tdo :: %s :: %s -> break od\n", guard(), guard())
		default:
			fmt.Fprintf(&b, "S0:\tif :: %s -> goto S0 :: %s -> goto fin fi;\nfin:\t(1)\n", guard(), guard())
		}
		b.WriteString("}\n")
		return b.String()
	}
	n := 1 + r.Intn(3)
	name := make([]string, n)
	for i := range name {
		name[i] = fmt.Sprintf("S%d", i)
		if r.Intn(3) == 0 {
			name[i] = "accept_" + name[i]
		}
	}
	spin := r.Intn(2) == 0
	// one in four claims waits in its first state and cannot end or fail,
	// as the claims of liveness properties do (property.ClaimInert)
	waits := r.Intn(4) == 0
	ends := false
	for i := 0; i < n; i++ {
		var opts []string
		if waits && i == 0 {
			if spin {
				opts = append(opts, "(1) -> goto "+name[0])
			} else {
				opts = append(opts, "skip")
			}
		}
		for k := 1 + r.Intn(3); k > 0; k-- {
			to := r.Intn(n + 1)
			if waits {
				to = r.Intn(n)
			}
			target := "fin"
			if to < n {
				target = name[to]
			} else {
				ends = true
			}
			switch {
			case spin:
				opts = append(opts, guard()+" -> goto "+target)
			case to == i && r.Intn(2) == 0:
				opts = append(opts, guard()) // stays: the loop goes round
			case r.Intn(8) == 0:
				opts = append(opts, "goto "+target)
			case r.Intn(8) == 0 && !waits:
				opts = append(opts, "assert("+guard()+")")
			default:
				opts = append(opts, guard()+" -> goto "+target)
			}
		}
		if !spin && i+1 < n && r.Intn(3) == 0 {
			opts = append(opts, guard()+" -> break") // into the next state
		}
		if !spin && r.Intn(4) == 0 {
			opts = append(opts, "else -> goto "+name[r.Intn(n)])
		}
		kw, end := "do", "od"
		if spin {
			kw, end = "if", "fi"
		}
		fmt.Fprintf(&b, "%s:\t%s\n", name[i], kw)
		for _, o := range opts {
			fmt.Fprintf(&b, "\t:: %s\n", o)
		}
		fmt.Fprintf(&b, "\t%s;\n", end)
	}
	if ends {
		b.WriteString("fin:\t(1)\n")
	} else {
		b.WriteString("\t(0)\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// activeProcs lists the active proctypes of a generated model (one
// instance each, so that P:l names a local of one process).
func activeProcs(src string) []string {
	var out []string
	for _, line := range strings.Split(src, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "active proctype "); ok {
			if i := strings.IndexByte(rest, '('); i > 0 {
				out = append(out, rest[:i])
			}
		}
	}
	return out
}

type neverOutcome struct {
	kinds     string
	stored    int64
	complete  bool
	reduced   bool
	closure   bool // checked against the closure of the claim
	invariant bool // the claim waits in its first state, and perhaps ends (property.NeverWaits)
	inert     bool // the claim was left out of a search without -a (property.ClaimInert)
	// unconfirmed: errors of the closure that the claim does not have
	// along their trails
	unconfirmed int
	leapSteps   int64 // steps taken inside leaps (-leap, leapFor)
}

// withoutA counts the claims searched without -a of one kind.
type withoutA struct {
	compared, violated, spurious, reduced, full, red atomic.Int64
}

// verdict is whether the claim found a violation: an acceptance cycle,
// its end, or (in the claim) an assertion; the models' own assertions
// are made conditions (noAsserts).
func (o neverOutcome) verdict() bool {
	return strings.Contains(o.kinds, "acceptance") || strings.Contains(o.kinds, "claim-end") || strings.Contains(o.kinds, "assertion")
}

// noAsserts makes the assertions of a generated model conditions that
// always hold, so that every assertion violation is the claim's.
func noAsserts(model string) string { return strings.ReplaceAll(model, "assert(", "(1 || ") }

// checkNever verifies src's never claim with -a (accept) or without:
// unreduced with the claim itself, or reduced as gospin verify does
// (property.PlanReduction).
func checkNever(src string, merge, reduce, accept bool) (o neverOutcome, ok bool, err error) {
	fr := frontend.Load("rand.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		return o, false, nil
	}
	props := property.List(fr.Model)
	if len(props) != 1 || props[0].Kind != property.Never {
		return o, false, nil
	}
	keepSteps := false // build without the claim with the steps it has with it (Plan.RemoteVars)
	build := func(d *ast.NeverDecl) (*engine.Engine, error) {
		p := props[0]
		p.Never = d
		pp := &p
		if d == nil {
			pp = nil // the model without its claim
		}
		return buildWith(fr.Model, pp, nil, merge, keepSteps)
	}
	// without -a, a third of the reduced searches run breadth-first
	bfs := reduce && !accept && bfsFor(src)
	opt := verify.Options{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 10, Accept: accept, Reduce: reduce, Stubborn: reduce && stubbornFor(src), Leap: reduce && leapFor(src) && !bfs, BFS: bfs, MemLimit: memLimit}
	claim := props[0].Never
	o.invariant = property.NeverWaits(fr.Model, claim, false)
	if reduce {
		// as gospin verify (property.PlanReduction)
		plan := property.PlanReduction(fr.Model, &props[0], accept, false, nil)
		opt.ClaimInvariant, opt.ClaimSI, o.closure = plan.Invariant, plan.SI, plan.Closure
		if plan.Closure {
			orig, err := build(claim)
			if err != nil {
				return o, false, nil
			}
			opt.ClosureOf = orig
		}
		switch {
		case plan.Inert:
			// the search runs without the claim, its errors replayed
			// with it
			orig, err := build(claim)
			if err != nil {
				return o, false, nil
			}
			opt.InertClaim, opt.ClosureOf = true, orig
			o.inert = true
			claim = nil
			keepSteps = plan.RemoteVars
		default:
			claim = plan.Prop.Never
		}
	}
	e, err := build(claim)
	if err != nil {
		return o, true, fmt.Errorf("claim: %v", err)
	}
	sum, _, err := verify.Run(context.Background(), "rand.pml", e, opt)
	if err != nil {
		return o, true, fmt.Errorf("verify: %v", err)
	}
	kinds := violationKinds(sum.Violations)
	o.kinds, o.stored, o.complete, o.reduced, o.unconfirmed = kinds, sum.StatesStored, sum.Complete, sum.Reduced, sum.Unconfirmed
	o.leapSteps = sum.LeapSteps
	return o, true, nil
}

// TestNeverReductionDifferential: random models with a random never
// claim written by hand (randNever), checked with -a without reduction
// against the claim, and with reduction as gospin verify does
// (property.PlanReduction): a claim that checks an invariant with itself,
// as a safety search; any other against the closure under stuttering of
// the claim read as an automaton (property.NeverClosureClaim; Holzmann and
// Kupferman), whose errors are kept only when the claim has them along
// their trails. The claim is violated in both or in neither, except that
// an error of the closure alone is no verdict (gospin verify then
// searches without reduction against the claim; counted).
//
// The same pairs with the models' own assertions, which a search with a
// claim checks along the runs the claim follows, are then checked with
// -a and without, unreduced and reduced: an error in both or in neither.
// Without -a the plan is an invariant's for claims that wait in their
// first state (property.NeverWaits), the search without the claim for
// claims that can neither end nor fail and never block
// (property.ClaimInert; then the errors must be the same kinds), and
// otherwise the closure of the claim's runs and end
// (property.NeverEndClosureClaim); a third of those searches run
// breadth-first (bfsFor).
func TestNeverReductionDifferential(t *testing.T) {
	n := *nNeverModels
	if testing.Short() {
		n = 100
	}
	var reduced, holds, confirmed, spurious, assertsA atomic.Int64
	var full, red, inerts, inertFull, inertRed, leapt atomic.Int64
	// claims searched without -a on the product: invariant-style ones
	// (property.NeverWaits) and the others, against the closure of their
	// runs and end (property.NeverEndClosureClaim)
	var invariants, endClosure withoutA
	ran := forSeeds(t, n, 3*int64(n), func(seed int64) (bool, string) {
		r := rand.New(rand.NewSource(seed * 104729))
		withAsserts := Generate(seed, ClaimMix(seed))
		model := noAsserts(withAsserts)
		claim := randNever(r, Default.Globals, labelProps(model), activeProcs(model))
		src, srcA := model+claim, withAsserts+claim
		merge := seed%2 == 0
		a, ok, err := checkNever(src, merge, false, true)
		if err != nil {
			return false, fmt.Sprintf("seed %d: %v\n%s", seed, err, src)
		}
		if !ok || !a.complete && !a.verdict() {
			return false, ""
		}
		b, _, err := checkNever(src, merge, true, true)
		if err != nil {
			return false, fmt.Sprintf("seed %d: reduced search: %v\n%s", seed, err, src)
		}
		if !b.complete && !b.verdict() {
			return false, "" // the closure's product beyond the memory limit: no verdict
		}
		if b.closure {
			switch {
			case b.verdict():
				confirmed.Add(1)
			case b.unconfirmed > 0:
				spurious.Add(1)
			default:
				holds.Add(1)
			}
		}
		if a.verdict() != b.verdict() && !(b.closure && !b.verdict() && b.unconfirmed > 0) {
			return true, fmt.Sprintf("seed %d (merge %v): errors %q without reduction, %q with (closure %v, %d unconfirmed)\n%s", seed, merge, a.kinds, b.kinds, b.closure, b.unconfirmed, src)
		}
		if b.leapSteps > 0 {
			leapt.Add(1)
		}
		if b.reduced && b.complete && !b.verdict() && b.unconfirmed == 0 {
			reduced.Add(1)
			full.Add(a.stored)
			red.Add(b.stored)
		}
		// with the models' own assertions, which the claim sees only
		// along the runs it follows ("if within scope of claim"): any
		// error in both or in neither, with -a and without
		for _, accept := range []bool{true, false} {
			c, _, err1 := checkNever(srcA, merge, false, accept)
			d, _, err2 := checkNever(srcA, merge, true, accept)
			if err1 != nil || err2 != nil {
				return true, fmt.Sprintf("seed %d (-a %v): with the model's assertions: %v %v\n%s", seed, accept, err1, err2, srcA)
			}
			if !c.complete && c.kinds == "" || !d.complete && d.kinds == "" {
				continue // no verdict
			}
			onlyClosure := d.closure && d.kinds == "" && d.unconfirmed > 0
			if (c.kinds != "") != (d.kinds != "") && !onlyClosure {
				return true, fmt.Sprintf("seed %d (merge %v, -a %v): with the model's assertions, errors %q without reduction, %q with (closure %v, invariant %v, inert %v, %d unconfirmed)\n%s", seed, merge, accept, c.kinds, d.kinds, d.closure, d.invariant, d.inert, d.unconfirmed, srcA)
			}
			if accept {
				assertsA.Add(1)
				continue
			}
			if d.inert {
				// the claim left out of the search: the same errors
				inerts.Add(1)
				inertFull.Add(c.stored)
				inertRed.Add(d.stored)
				if d.unconfirmed > 0 {
					return true, fmt.Sprintf("seed %d (merge %v): without -a, %d errors of the search without the inert claim do not replay with it\n%s", seed, merge, d.unconfirmed, srcA)
				}
				if c.kinds != d.kinds {
					return true, fmt.Sprintf("seed %d (merge %v): without -a, errors %q with the claim, %q without the inert claim\n%s", seed, merge, c.kinds, d.kinds, srcA)
				}
				continue
			}
			counts := &endClosure
			if d.invariant {
				counts = &invariants
			}
			counts.compared.Add(1)
			switch {
			case onlyClosure:
				counts.spurious.Add(1)
			case d.kinds != "":
				counts.violated.Add(1)
			case d.reduced && d.complete:
				counts.reduced.Add(1)
				counts.full.Add(c.stored)
				counts.red.Add(d.stored)
			}
		}
		return true, ""
	})
	t.Logf("%d (model, never claim) pairs compared; against the closure: %d hold, %d violations confirmed on the claim, %d violations of the closure only; states where they hold and the search was reduced (%d): claim unreduced %d, closure reduced %d",
		ran, holds.Load(), confirmed.Load(), spurious.Load(), reduced.Load(), full.Load(), red.Load())
	t.Logf("with the models' own assertions, -a: %d compared", assertsA.Load())
	for _, c := range []struct {
		what string
		n    *withoutA
	}{{"invariant-style claims", &invariants}, {"other claims (against the closure of their runs and end)", &endClosure}} {
		t.Logf("without -a, %s: %d compared, %d violated, %d with errors of the closure only; %d holding and reduced: states %d unreduced, %d reduced",
			c.what, c.n.compared.Load(), c.n.violated.Load(), c.n.spurious.Load(), c.n.reduced.Load(), c.n.full.Load(), c.n.red.Load())
	}
	t.Logf("inert claims without -a (left out of the search): %d compared: states %d with the claim unreduced, %d without it reduced", inerts.Load(), inertFull.Load(), inertRed.Load())
	t.Logf("leap sets (-leap) took steps in %d of the reduced searches with -a", leapt.Load())
	if ran < int64(n) {
		t.Errorf("only %d of %d pairs compared", ran, n)
	}
	if reduced.Load() == 0 || invariants.reduced.Load() == 0 || endClosure.reduced.Load() == 0 || inerts.Load() == 0 {
		t.Error("no search was reduced")
	}
}
