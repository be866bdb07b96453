package verify

import (
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
// refuses (rendezvous, timeout). static asks for the static cycle proviso
// (the parallel search's: por.Config.Static).
func fairReduction(m Model, r *reduce.Reducer, cr pins.ClaimReducer, static bool, sopt *search.Options) (pins.Model, bool) {
	fr := reduce.ForFair(cr, r, m)
	if fr == nil {
		return m, false
	}
	fm, err := search.NewFair(m)
	if err != nil {
		return m, false
	}
	sopt.FairUnfolded = true
	return por.New(fm, fr, por.Config{Claim: true, Accept: true, Static: static}), true
}

// sccFair reports whether o asks for -scc -a -f, the SCC search that is
// reduced (sccFairReduction).
func sccFair(o *Options) bool {
	return o.SCC && o.Fair && o.Accept && !o.NonProgress
}

// sccFairReduction is fairReduction for the SCC search with weak
// fairness (-scc -a -f): m's product with its claim (in SI normal form)
// wrapped in a reduction layer with the ample sets narrowed as for
// -a -f (reduce.ForFairMarks), not unfolded: the SCC search gives each
// process an acceptance mark, computed on the unreduced product
// (search/scc_reduced.go), and binds the layer with its own stack as the
// proviso's. docs/por-ltl.md, "Weak fairness", says why the reduced graph
// keeps a fair accepting component. It returns m unreduced where
// ForFair refuses (rendezvous, timeout). static asks for the static
// cycle proviso (the parallel search's, UFSCC).
func sccFairReduction(m Model, r *reduce.Reducer, cr pins.ClaimReducer, static bool) (pins.Model, bool) {
	fr := reduce.ForFairMarks(cr, r, m)
	if fr == nil {
		return m, false
	}
	return por.New(m, fr, por.Config{Claim: true, Accept: true, Static: static}), true
}

// fairNonProgressReduction is fairReduction for a non-progress search
// with weak fairness (-l -f): prod, m's product with <>[] np_ in SI
// normal form (search.NonProgressSI, with cr its reducer built on pr),
// unfolded for fairness and wrapped in a reduction layer with the ample
// sets narrowed as for -a -f (reduce.ForFairNonProgress). The argument of
// docs/por-ltl.md, "Weak fairness", holds for any claim in SI normal
// form, this one included. It returns m unreduced where the narrowing
// refuses (rendezvous, timeout). With scc (-scc -l -f) the product is
// not unfolded: the SCC search gives each process a fairness mark
// (search/scc_reduced.go). static asks for the static cycle proviso (the
// parallel search's).
func fairNonProgressReduction(m Model, prod pins.Model, pr pins.ProgressReducer, cr pins.ClaimReducer, scc, static bool, sopt *search.Options) (pins.Model, bool) {
	fr := reduce.ForFairNonProgress(pr, cr, m, !scc)
	if fr == nil {
		return m, false
	}
	if scc {
		// not unfolded: the SCC search's fairness marks
		sopt.NPProductOf = m
		return por.New(prod, fr, por.Config{Claim: true, Accept: true, Static: static}), true
	}
	fm, err := search.NewFairNonProgress(prod, m)
	if err != nil {
		return m, false
	}
	sopt.FairUnfolded, sopt.NPProductOf = true, m
	return por.New(fm, fr, por.Config{Claim: true, Accept: true, Static: static}), true
}

// fairPlanUndone says whether newPlan must drop the claim it chose for
// reduction (o before and after claimForReduction): the search has weak
// fairness, and model e (built with that claim) is one that
// fairReduction will not reduce, so the property's usual claim serves
// as before. The claim of an invariant (after.ClaimInvariant) stays:
// it has no accepting cycle, so weak fairness changes nothing, and
// reduction (verify.reduction) searches the product as -a does, on any
// model.
func fairPlanUndone(before, after *Options, e reduce.FairFacts) bool {
	chose := after.ClaimSI || after.ClaimInvariant || after.InertClaim
	return chose && before.Fair && !after.ClaimInvariant && !reduce.FairReducible(e)
}

// unreducedNote is the report's note for a search that asked for
// reduction (the default) and runs without it in a configuration with
// weak fairness, non-progress cycles, -scc or acceptance through accept
// labels without a claim: why, with the section of
// docs/por-ltl.md that says more; "" for the others (whose notes, where
// they have one, come from the plan).
func unreducedNote(m Model, opt Options, claim bool) string {
	e, _ := m.(reduce.FairFacts)
	switch {
	case opt.SCC && (opt.Accept || opt.NonProgress) && !opt.Fair:
		return "-scc -a checks the property on its generalized Büchi automaton, which is not reduced (with -f, or with -l, -scc is; docs/por-ltl.md, \"What is not reduced\")"
	case opt.NonProgress && opt.BFS:
		return "-bfs -l is a breadth-first search of the non-progress product, which finds no cycles; it is not reduced (docs/por-ltl.md, \"What is not reduced\")"
	case opt.Fair && e != nil && !reduce.FairReducible(e):
		return "weak fairness (-f) on a model with a rendezvous channel or timeout is searched without reduction (docs/por-ltl.md, \"Weak fairness\", F2)"
	case opt.Accept && !claim:
		return "acceptance cycles through accept labels without a never claim are searched without reduction (docs/por-ltl.md, \"What is not reduced\")"
	}
	return ""
}
