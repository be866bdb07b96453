package property

import (
	"github.com/gospin/gospin/promela/ast"
)

// Plan says how a property is checked by a search on the product with
// partial-order reduction (PlanReduction).
type Plan struct {
	// Prop is the property to build the model with: the property itself,
	// or, for a never claim checked against its closure, a copy with that
	// claim.
	Prop *Property
	// Translator gives an ltl block's claim.
	Translator Translator
	// Invariant: the usual claim, which checks an invariant; the search
	// for its end is reduced as a safety search (verify's ClaimInvariant).
	Invariant bool
	// SI: the claim is in Siegel's SI normal form, so that the acceptance
	// search is reduced on the product (verify's ClaimSI). Trails of an
	// ltl property found so replay with that claim ("claim: si"), unless
	// Closure.
	SI bool
	// Closure: the claim is the closure under stuttering of the
	// property's claim (Holzmann and Kupferman), in SI normal form: an
	// error found must be checked against the property's usual claim
	// along its trail (verify's ClosureOf), and the search without
	// reduction against that claim decides when it finds only errors of
	// the closure. Without accept it is the closure of the claim's runs
	// and end (NeverEndClosureClaim).
	Closure bool
	// Inert (without accept): the claim can neither end nor fail and
	// never blocks the system (ClaimInert), so the search runs on the
	// model without it (Prop is nil), reduced as a claim-free safety
	// search, with invalid end states unchecked as pan does with a claim;
	// its errors are replayed with the claim (verify's ClosureOf).
	Inert bool
	// RemoteVars (with Inert): the claim reads a local variable of a
	// process (P:v), which turns statement merging and dead-variable
	// reset off for the whole model (as in SPIN). The model without the
	// claim must be built with both off too, so that its steps are those
	// of the model with it and its trails can be rewritten for that one.
	RemoteVars bool
	// Note, when nothing is reduced, says why.
	Note string
}

// PlanReduction chooses how property p of model m is checked with
// reduction, in an acceptance search (accept, -a: nested DFS) or a search
// for the claim's end; tr is the usual translator of ltl blocks. The
// choices, each sound (docs/por-ltl.md):
//
//   - an invariant (an ltl [] p: Invariant; a never claim that stays in
//     its first state, not accepting, until it ends: NeverInvariant)
//     keeps its usual claim, and the search is reduced as a safety
//     search; without accept, so does any claim that stays in its first
//     state or moves to its end, if it has one (NeverWaits, LTLWaits:
//     <> p as well);
//   - otherwise, without accept, a claim that can neither end nor fail
//     and whose first state loops on true (ClaimInert, LTLInert: the
//     claims of liveness properties, as a rule) is left out of the search, which is
//     then the system's safety search; any other claim (a never claim
//     read as an automaton, or an ltl block's usual claim) is searched
//     against the closure under stuttering of its runs and its end
//     (NeverEndClosureClaim: accept labels dropped, every state kept),
//     in SI normal form, its errors confirmed on the claim (Closure);
//   - a stutter-invariant ltl property gets its claim in SI normal form
//     (SIClaim), one that is not gets the closure under stuttering of its
//     claim (ClosureClaim);
//   - a never claim read as an automaton over its conditions gets the
//     closure of that automaton (NeverClosureClaim): whether it is closed
//     under stuttering already is not known.
//
// The caller decides whether reduction applies at all (not with -scc,
// -f, -l, breadth-first or non-progress searches).
func PlanReduction(m *ast.Model, p *Property, accept, ignoreAssert bool, tr Translator) Plan {
	plan := Plan{Prop: p, Translator: tr}
	if p == nil {
		return plan
	}
	if p.Kind == Never {
		return planNever(m, p, accept, ignoreAssert, plan)
	}
	if Invariant(p.LTL) {
		plan.Invariant = true
		return plan
	}
	if !accept {
		switch {
		case tr == nil:
		case LTLWaits(p.LTL):
			// without -a acceptance does not matter: a claim that waits
			// in its first state, and perhaps ends, checks an invariant
			plan.Invariant = true
		case LTLInert(p.LTL):
			plan.Prop, plan.Inert, plan.RemoteVars = nil, true, readsRemoteVars(p.LTL)
		default:
			c, why := ltlEndClosureClaim(p.LTL)
			if c == nil {
				plan.Note = why
				break
			}
			plan.Translator = func(*ast.LTLDecl) (*ast.NeverDecl, error) { return c, nil }
			plan.SI, plan.Closure = true, true
		}
		return plan
	}
	if tr == nil {
		return plan
	}
	c, why, err := SIClaim(p.LTL)
	if err == nil && c == nil && why == "not stutter-invariant" {
		if cc, _, err := ClosureClaim(p.LTL); err == nil && cc != nil {
			plan.Translator = func(*ast.LTLDecl) (*ast.NeverDecl, error) { return cc, nil }
			plan.SI, plan.Closure = true, true
			return plan
		}
	}
	if err != nil || c == nil {
		if why != "" {
			plan.Note = "the property is " + why
			if why[0] >= '0' && why[0] <= '9' {
				plan.Note = "the property has " + why
			}
		}
		return plan
	}
	plan.Translator = func(*ast.LTLDecl) (*ast.NeverDecl, error) { return c, nil }
	plan.SI = true
	return plan
}

// planNever is PlanReduction for a never claim, read as an automaton once.
func planNever(m *ast.Model, p *Property, accept, ignoreAssert bool, plan Plan) Plan {
	a, props, end, why := readClaim(m, p.Never, ignoreAssert)
	switch {
	case invariantShape(a, end), !accept && a != nil && waits(a, end):
		// without -a acceptance does not matter: a claim that waits in
		// its first state, and perhaps ends, checks an invariant
		plan.Invariant = true
	case !accept && inertShape(a, end):
		plan.Prop, plan.Inert, plan.RemoteVars = nil, true, readsRemoteVars(p.Never)
	default:
		c, why := closureClaim(p.Never, a, props, why, !accept)
		if c == nil {
			plan.Note = why
			break
		}
		q := *p
		q.Never = c
		plan.Prop, plan.SI, plan.Closure = &q, true, true
	}
	return plan
}

// readsRemoteVars reports whether n reads a local of a process (P:v).
func readsRemoteVars(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if _, ok := x.(*ast.RemoteVar); ok {
			found = true
		}
		return !found
	})
	return found
}
