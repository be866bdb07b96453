package property

import (
	"fmt"

	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/promela/ast"
)

// ClosureClaim gives, for an ltl block whose formula is not
// stutter-invariant, the never claim with which the acceptance search may
// still be reduced (Holzmann and Kupferman): the closure under stuttering
// N' of the usual claim N (ltl.StutterClosure), in Siegel's SI normal
// form (ltl.SINormalForm), with which the V1 selection on the product is
// sound. L(N) ⊆ L(N'), so a product with N' without accepting cycle
// proves the property; a counterexample of N' need not be one of N and
// must be checked against N. It returns a nil claim and the reason when
// there is none: too many propositions for the explicit alphabet.
func ClosureClaim(d *ast.LTLDecl) (*ast.NeverDecl, string, error) {
	a, props, reason, err := siAutomaton(d, "the closure under stuttering", nil)
	if err != nil || reason != "" {
		return nil, reason, err
	}
	if len(a.States)<<uint(len(props)) > maxClosureSize {
		// the closure has up to 2·|states|·2^|props| states, and its SI
		// normal form as many times the letters again: seconds of
		// construction beyond this
		return nil, fmt.Sprintf("too large for the closure under stuttering (%d states, %d propositions)", len(a.States), len(props)), nil
	}
	markEnds(a)
	c := ltl.StutterClosure(a)
	if c == nil {
		return nil, "no closure under stuttering", nil
	}
	return siNeverClaim(c, props, d, "no SI normal form of the closure under stuttering")
}

// maxClaimTerms bounds the guard terms (cubes over the propositions) of a
// claim built in SI normal form or as a closure: beyond it the claim's
// text, and the model built with it, take gigabytes (a never claim with
// eight propositions and three states gave 807,072 terms and 5 seconds of
// construction in the random tests), and the search is left unreduced.
const maxClaimTerms = 50000

// claimTerms counts the guard terms of b's edges.
func claimTerms(b *ltl.Automaton) int {
	n := 0
	for _, s := range b.States {
		for _, e := range s.Edges {
			n += len(e.Guard)
		}
	}
	return n
}

// maxClosureSize bounds states × letters of a claim that ClosureClaim
// closes under stuttering.
const maxClosureSize = 1024

// ltlEndClosureClaim is NeverEndClosureClaim for the usual claim of ltl
// block d (FromLTL): the closure under stuttering of its automaton with
// the claim's ends (claimEnd) as the only accepting states, in SI normal
// form, every state kept, for a search without -a. It returns a nil claim
// and the reason when there is none.
func ltlEndClosureClaim(d *ast.LTLDecl) (*ast.NeverDecl, string) {
	a, props := usualAutomaton(d)
	switch {
	case a == nil:
		return nil, "the claim has no automaton"
	case len(props) > ltl.MaxSIProps:
		return nil, fmt.Sprintf("the claim has %d propositions (at most %d for the closure under stuttering)", len(props), ltl.MaxSIProps)
	}
	markEnds(a)
	return closureClaim(&ast.NeverDecl{NeverPos: d.LTLPos, Name: d.Name}, a, props, "", true)
}
