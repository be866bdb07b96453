package main

import (
	"fmt"

	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/verify"
)

// claimForReduction chooses how property p is checked by a search with
// options o. With partial-order reduction on and an acceptance search by
// nested DFS, a stutter-invariant ltl property is checked with its claim in
// SI normal form (o.ClaimSI), with which the search on the product is
// reduced (search/porltl.go); a replay must rebuild that claim, which the
// trail header "claim: si" says. An ltl property that is not
// stutter-invariant is checked with reduction against the closure under
// stuttering of its claim, in SI normal form (property.ClosureClaim; Holzmann
// and Kupferman), with o.ClaimSI and no "claim: si" header (usesClosure):
// gospin verify writes no trail for that search, and an error it finds is
// checked by a search without reduction against the usual claim
// (closureNote). A never claim keeps its usual claim, unreduced, and
// o.ReductionNote says why: gospin does not close never claims under
// stuttering. Without -a the claim-end search is reduced only for ltl
// invariants; -scc, -f, -l and -bfs with a claim are never reduced.
func claimForReduction(p *property.Property, o *verify.Options, tr property.Translator) property.Translator {
	if p != nil && o.Reduce && !o.Accept && !o.NonProgress && !o.BFS && p.Kind == property.LTL && property.Invariant(p.LTL) {
		o.ClaimInvariant = true // the usual claim; see verify.Options
		return tr
	}
	if p == nil || !o.Reduce || !o.Accept || o.SCC || o.Fair || o.NonProgress || o.BFS {
		return tr
	}
	if p.Kind == property.Never {
		o.ReductionNote = "a never claim is not known to be stutter-invariant"
		return tr
	}
	if tr == nil {
		return tr
	}
	c, why, err := property.SIClaim(p.LTL)
	if err == nil && c == nil && why == "not stutter-invariant" {
		if cc, _, err := property.ClosureClaim(p.LTL); err == nil && cc != nil {
			// Holzmann and Kupferman: reduce against the claim's closure
			// under stuttering; a counterexample is checked afterwards
			// (closureFollowUp)
			o.ClaimSI = true
			return func(*ast.LTLDecl) (*ast.NeverDecl, error) { return cc, nil }
		}
	}
	if err != nil || c == nil {
		if why != "" {
			o.ReductionNote = "the property is " + why
			if why[0] >= '0' && why[0] <= '9' {
				o.ReductionNote = "the property has " + why
			}
		}
		return tr
	}
	o.ClaimSI = true
	h := map[string]string{"claim": "si"}
	for k, v := range o.TrailHeaders {
		h[k] = v
	}
	o.TrailHeaders = h
	return func(*ast.LTLDecl) (*ast.NeverDecl, error) { return c, nil }
}

// usesClosure reports whether claimForReduction chose the closure under
// stuttering for p (o.ClaimSI without the "claim: si" trail header).
func usesClosure(p *property.Property, o *verify.Options) bool {
	return p != nil && p.Kind == property.LTL && o.ClaimSI && o.TrailHeaders["claim"] != "si"
}

// closureNote is the report's note for a property checked against the
// closure under stuttering N' of its claim N, given the reduced search's
// summary (whose errors verify.Run kept only when N has them along their
// trails) and, when it found only errors that N does not have, the
// summary of the search without reduction against N that followed
// (Holzmann and Kupferman's algorithm).
func closureNote(red, full *report.Summary) string {
	const not = "the claim is not closed under stuttering"
	switch {
	case full == nil && red.Errors > 0:
		return fmt.Sprintf("%s: checked with reduction against its closure under stuttering; the error found is one of the claim (checked along its trail, which replays with the claim)", not)
	case full == nil && red.Complete:
		return fmt.Sprintf("%s: checked with reduction against its closure under stuttering, which accepts every run the claim accepts", not)
	case full == nil:
		return fmt.Sprintf("%s: the reduced search against its closure under stuttering did not complete", not)
	case full.Errors > 0:
		return fmt.Sprintf("%s: the error the reduced search found against its closure (%d states) is not one of the claim; the search without reduction against the claim finds one", not, red.StatesStored)
	default:
		return fmt.Sprintf("%s: the error the reduced search found against its closure (%d states) is not one of the claim; the search without reduction against the claim finds none", not, red.StatesStored)
	}
}
