package main

import (
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/verify"
)

// claimForReduction chooses how property p is checked by a search with
// options o. With partial-order reduction on and an acceptance search by
// nested DFS, a stutter-invariant ltl property is checked with its claim in
// SI normal form (o.ClaimSI), with which the search on the product is
// reduced (search/porltl.go); a replay must rebuild that claim, which the
// trail header "claim: si" says. Any other property keeps its usual claim,
// unreduced, and o.ReductionNote says why: a formula that is not
// stutter-invariant, or a never claim, which gospin does not analyse for
// stutter invariance (Holzmann and Kupferman's closure under stuttering is
// not implemented). Without -a the claim-end search is not reduced either;
// -scc, -f, -l and -bfs with a claim are never reduced.
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
