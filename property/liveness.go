package property

import (
	"github.com/gospin/gospin/internal/reach"
	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/promela/ast"
)

// NeedsAcceptance reports whether property p of model m can be violated
// by a run that a search without acceptance cycles (pan without -a) does
// not find: whether its never claim (p's own, read as an automaton by
// ClaimAutomaton, or its ltl formula's usual claim, FromLTL's), has an
// accepting state on a cycle that is not the claim's end. A safety
// property's claim reports its violations by reaching its end (as for
// [] p, whose accept_all state ends the claim), found without -a; a
// liveness property's (<> p, [] <> p) only by an accepting cycle. A claim
// that cannot be read as an automaton needs it when it has an accept
// label at all (SPIN's rule for its warning).
func NeedsAcceptance(m *ast.Model, p *Property, tr Translator) bool {
	if p == nil {
		return false
	}
	if p.Kind == LTL {
		if tr == nil || p.LTL == nil {
			return false
		}
		a, _ := usualAutomaton(p.LTL)
		if a == nil {
			return false
		}
		markEnds(a)
		return acceptingCycle(a, -1)
	}
	d := p.Never
	if d == nil {
		return false
	}
	a, _, end, why := readClaim(m, d, true)
	if a == nil || why != "" {
		return hasAcceptLabel(d)
	}
	return acceptingCycle(a, end)
}

// acceptingCycle reports whether a state reachable from a's initial state,
// accepting and not an end (end: the claim's end, -1 if none), lies on a
// cycle.
func acceptingCycle(a *ltl.Automaton, end int) bool {
	reachable := func(from int) []bool {
		return reach.From(len(a.States), from, func(q int, push func(int)) {
			for _, e := range a.States[q].Edges {
				push(e.To)
			}
		}, nil)
	}
	if a.Init < 0 || a.Init >= len(a.States) {
		return false
	}
	live := reachable(a.Init)
	for q, st := range a.States {
		if !live[q] || !st.Accepting || st.End || q == end {
			continue
		}
		for _, e := range st.Edges {
			if e.To >= 0 && e.To < len(a.States) && (e.To == q || reachable(e.To)[q]) {
				return true
			}
		}
	}
	return false
}

// hasAcceptLabel reports whether claim d has a label starting with
// "accept".
func hasAcceptLabel(d *ast.NeverDecl) bool {
	found := false
	ast.Inspect(d, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok && len(l.Label.Name) >= 6 && l.Label.Name[:6] == "accept" {
			found = true
		}
		return !found
	})
	return found
}
