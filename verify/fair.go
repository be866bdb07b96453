package verify

import (
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/por"
	"github.com/gospin/gospin/reduce"
	"github.com/gospin/gospin/search"
)

// fairReduction returns the model an acceptance search with weak
// fairness (-a -f) walks with reduction: m's product with its claim (in
// SI normal form) unfolded for fairness (search.NewFair), wrapped in a
// reduction layer that chooses its ample sets on the unfolded states from
// purely local steps only (reduce.ForFair); docs/por-ltl.md, "Weak
// fairness", says why the reduced graph keeps a fair acceptance cycle
// whenever the full one has one. It returns m unreduced where ForFair
// refuses (rendezvous, timeout).
func fairReduction(m Model, r *reduce.Reducer, cr pins.ClaimReducer, sopt *search.Options) (pins.Model, bool) {
	fr := reduce.ForFair(cr, r, m)
	if fr == nil {
		return m, false
	}
	fm, err := search.NewFair(m)
	if err != nil {
		return m, false
	}
	sopt.FairUnfolded = true
	return por.New(fm, fr, por.Config{Claim: true, Accept: true}), true
}

// fairPlanUndone says whether newPlan must drop the claim it chose for
// reduction (o before and after claimForReduction): the search has weak
// fairness, and model e (built with that claim) is one that
// fairReduction will not reduce, so the property's usual claim serves
// as before.
func fairPlanUndone(before, after *Options, e *engine.Engine) bool {
	chose := after.ClaimSI || after.ClaimInvariant || after.InertClaim
	return chose && before.Fair && !reduce.FairReducible(e)
}
