package main

import (
	"fmt"

	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/verify"
)

// claimForReduction chooses how property p of model m is checked by a
// search with options o (property.PlanReduction), sets o accordingly and
// returns the plan, whose Prop is the property to build the model with
// (p, p with another never claim, or nil), and the translator for ltl
// blocks. A claim in SI normal
// form of an ltl property (o.ClaimSI) must be rebuilt by a replay, which
// the trail header "claim: si" says. With the closure under stuttering of
// a claim (o.ClaimSI without that header: usesClosure) gospin verify
// checks every error found against the usual claim, and searches without
// reduction against it when only errors of the closure were found
// (closureNote). Without -a, a claim that can neither end nor fail and
// never blocks the system is left out of the search (o.InertClaim,
// inertNote), whose trails are rewritten for the claim. -scc and -f with a
// claim are never reduced; -bfs (without -a) is, with the queue proviso.
func claimForReduction(m *ast.Model, p *property.Property, o *verify.Options, tr property.Translator) (property.Plan, property.Translator) {
	if p == nil || !o.Reduce || o.NonProgress || o.BFS && o.Accept || o.SCC || o.Fair {
		return property.Plan{Prop: p, Translator: tr}, tr
	}
	plan := property.PlanReduction(m, p, o.Accept, o.IgnoreAssert, tr)
	o.ClaimInvariant = plan.Invariant
	o.InertClaim = plan.Inert
	o.ClaimSI = plan.SI
	if !plan.Invariant && !plan.SI && !plan.Inert {
		o.ReductionNote = plan.Note
	}
	if plan.SI && !plan.Closure {
		h := map[string]string{"claim": "si"}
		for k, v := range o.TrailHeaders {
			h[k] = v
		}
		o.TrailHeaders = h
	}
	return plan, plan.Translator
}

// inertNote is the report's note for a search without -a that left out an
// inert claim (property.ClaimInert).
const inertNote = "the claim can neither end nor fail and its first state loops on true: without -a it reports nothing and prunes nothing, so the system was searched without it, its errors replayed with the claim"

// usesClosure reports whether claimForReduction chose the closure under
// stuttering for p (o.ClaimSI without the "claim: si" trail header).
func usesClosure(p *property.Property, o *verify.Options) bool {
	return p != nil && o.ClaimSI && o.TrailHeaders["claim"] != "si"
}

// closureNote is the report's note for a property checked against the
// closure under stuttering N' of its claim N, given the reduced search's
// summary (whose errors verify.Run kept only when N has them along their
// trails) and, when it found only errors that N does not have, the
// summary of the search without reduction against N that followed
// (Holzmann and Kupferman's algorithm). For a never claim (never), whose
// closure is taken without knowing whether it is closed already, only an
// error of the closure alone shows that it is not. Without -a (accept
// false) the closure is that of the claim's runs and end, which depend on
// more than its language: the note names the claim, not its language.
func closureNote(red, full *report.Summary, never, accept bool) string {
	not := "the claim is not closed under stuttering"
	if never && full == nil {
		not = "the never claim is not known to be closed under stuttering"
	}
	covers := "which accepts every run the claim accepts"
	if !accept {
		not = "the claim, searched for its end (no -a)"
		covers = "which ends, and follows the system, wherever the claim does"
	}
	switch {
	case full == nil && red.Errors > 0:
		return fmt.Sprintf("%s: checked with reduction against its closure under stuttering; the error found is one of the claim (checked along its trail, which replays with the claim)", not)
	case full == nil && red.Complete:
		return fmt.Sprintf("%s: checked with reduction against its closure under stuttering, %s", not, covers)
	case full == nil:
		return fmt.Sprintf("%s: the reduced search against its closure under stuttering did not complete", not)
	case full.Errors > 0:
		return fmt.Sprintf("%s: the error the reduced search found against its closure (%d states) is not one of the claim; the search without reduction against the claim finds one", not, red.StatesStored)
	default:
		return fmt.Sprintf("%s: the error the reduced search found against its closure (%d states) is not one of the claim; the search without reduction against the claim finds none", not, red.StatesStored)
	}
}
