package property

import (
	"fmt"

	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/promela/ast"
)

// SIClaim decides whether an ltl block can be checked with partial-order
// reduction and gives the never claim to use then: the Büchi automaton of
// the negated formula in Siegel's SI normal form (ltl.SINormalForm,
// minimised by ltl.SIMinimize and checked for Definition 12), with which
// reduction chosen per product state (V1) is sound (Theorem 1). It returns a nil
// claim and the reason when reduction must stay off: the formula is not
// stutter-invariant (its language, read through the claim, would change
// under the stuttering that reduction introduces), or it has too many
// propositions for the explicit alphabet.
func SIClaim(d *ast.LTLDecl) (*ast.NeverDecl, string, error) {
	a, props, reason, err := siAutomaton(d, "the SI normal form", func(nf *ltl.Formula) string {
		if !ltl.StutterInvariant(nf) {
			return "not stutter-invariant"
		}
		return ""
	})
	if err != nil || reason != "" {
		return nil, reason, err
	}
	markEnds(a)
	return siNeverClaim(a, props, d, "no SI normal form")
}

// siNeverClaim is the never claim of ltl block d from a in SI normal form,
// or the reason there is none: noSI where a has no SI normal form, or one
// too large.
func siNeverClaim(a *ltl.Automaton, props []ast.Expr, d *ast.LTLDecl, noSI string) (*ast.NeverDecl, string, error) {
	b := ltl.SINormalForm(a)
	if b == nil {
		return nil, noSI, nil
	}
	if n := claimTerms(b); n > maxClaimTerms {
		return nil, fmt.Sprintf("too large in SI normal form (%d guard terms)", n), nil
	}
	return NeverClaim(b, props, d.Name, d.LTLPos), "", nil
}

// SITranslator is a Translator that gives the SI normal form claim of an
// ltl block when there is one, else the ordinary claim (FromLTL).
func SITranslator(d *ast.LTLDecl) (*ast.NeverDecl, error) {
	c, _, err := SIClaim(d)
	if err != nil || c != nil {
		return c, err
	}
	return FromLTL(d)
}

// Invariant reports whether ltl block d is an invariant, [] p with p
// free of temporal operators. Its usual claim ends exactly when a state
// violating p is reached, so a search for the claim's end (no -a) may be
// reduced on the product with that claim as a safety search is: reduction
// with invisible steps and the stack proviso keeps some violating state
// reachable whenever one is.
func Invariant(d *ast.LTLDecl) bool {
	f, _ := FromAST(d.Formula)
	return ltl.Invariant(f)
}

// usualAutomaton is the automaton of ltl block d's usual claim
// (FromLTL), its NumProps the number of d's propositions, whose
// expressions it returns too; nil when there is none.
func usualAutomaton(d *ast.LTLDecl) (*ltl.Automaton, []ast.Expr) {
	a, props, err := negatedAutomaton(d, ltl.TryTranslate)
	if err != nil || len(a.States) == 0 {
		return nil, nil
	}
	a.NumProps = len(props)
	return a, props
}

// markEnds marks the states of a that NeverClaim writes as the claim's
// end (claimEnd) as ends (ltl.State.End), so that the states derived from
// them in the SI normal form or the closure under stuttering end the
// claim too: pan reports the claim's end at once, and the product need
// not go on to an accepting cycle there (from an end every word is
// accepted).
func markEnds(a *ltl.Automaton) {
	for q := range a.States {
		a.States[q].End = claimEnd(a, q)
	}
}

// claimEnd reports whether state q of a is one that NeverClaim writes as
// the claim's end: accepting, its only edge a true self-loop.
func claimEnd(a *ltl.Automaton, q int) bool {
	s := a.States[q]
	return s.Accepting && len(s.Edges) == 1 && s.Edges[0].To == q && s.Edges[0].Guard.IsTrue()
}

// LTLInert is ClaimInert for the usual claim of ltl block d (FromLTL):
// the claim has no end (claimEnd) reachable, and its first state loops on
// true.
func LTLInert(d *ast.LTLDecl) bool {
	a, _ := usualAutomaton(d)
	if a == nil || !loopsOnTrue(a) {
		return false
	}
	seen := map[int]bool{a.Init: true}
	todo := []int{a.Init}
	for len(todo) > 0 {
		q := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if claimEnd(a, q) {
			return false
		}
		for _, e := range a.States[q].Edges {
			if len(e.Guard) > 0 && !seen[e.To] {
				seen[e.To] = true
				todo = append(todo, e.To)
			}
		}
	}
	return true
}

// LTLWaits is NeverWaits for the usual claim of ltl block d (FromLTL):
// its first state has edges only to itself and to the claim's end
// (claimEnd). The claims of invariants [] p and of <> p (the claim waits
// while !p holds, and blocks after) are such.
func LTLWaits(d *ast.LTLDecl) bool {
	a, _ := usualAutomaton(d)
	if a == nil {
		return false
	}
	end := -1
	for _, e := range a.States[a.Init].Edges {
		if e.To != a.Init && claimEnd(a, e.To) {
			end = e.To
		}
	}
	return waits(a, end)
}
