package search

import "github.com/gospin/gospin/pins"

// npModel is the product of a model with pan's non-progress claim (-l):
//
//	S0: if :: np_ -> goto S1 :: true -> goto S0 fi   (S0 not accepting)
//	S1: if :: np_ -> goto S1 fi                      (S1 accepting)
//
// where np_ holds when no process is at a progress label, or with the
// claim of the same language <>[] np_ in Siegel's SI normal form
// (npSIClaim), on which the search may be reduced (npReducer). An
// acceptance cycle of the product is a non-progress cycle of the model.
// As with any never claim, the claim moves first at every step; when the
// model has no successor the path ends (a deadlock is not a non-progress
// cycle, and invalid end states are not reported).
type npModel struct {
	m     pins.Model
	claim *npClaim
	info  pins.Info
	buf   []byte
	tr    pins.Transition
	// the system's successors of the state being expanded: their bytes
	// end to end (succs, the i-th ending at ends[i]) and their
	// transitions; collect appends one
	succs   []byte
	ends    []int
	trs     []pins.Transition
	collect func(t *pins.Transition, succ []byte) bool
}

// npClaim is a claim over the one proposition np_: the edges of each
// state, in the order the claim tries them, each on np_ (on 1), on !np_
// (on 0) or on true (on -1); a transition's Claim is the edge's index in
// its state.
type npClaim struct {
	edges     [][]npEdge
	accepting []bool
}

type npEdge struct {
	on int8
	to byte
}

// npPan is pan's non-progress claim.
var npPan = &npClaim{
	edges:     [][]npEdge{{{1, 1}, {-1, 0}}, {{1, 1}}},
	accepting: []bool{false, true},
}

// npSIClaim is the claim of <>[] np_ in SI normal form (ltl.SINormalForm
// of npPan's automaton; TestNPSIClaim checks that it is): 0 is s_init;
// 1 was entered on !np_ and 2 on np_, each looping on its letter; 3
// guesses that np_ holds for ever (the (np_, 2) state), accepting. The
// edges into 3 come first, as in SINormalForm.
var npSIClaim = &npClaim{
	edges: [][]npEdge{
		{{1, 3}, {0, 1}, {1, 2}},
		{{1, 3}, {1, 2}, {0, 1}},
		{{0, 1}, {1, 2}},
		{{1, 3}},
	},
	accepting: []bool{false, false, false, true},
}

func newNPModel(m pins.Model, claim *npClaim) *npModel {
	n := &npModel{m: m, claim: claim}
	if i := m.Info(); i != nil {
		n.info = *i
	}
	n.info.Claim = true
	return n
}

func (n *npModel) Initial(dst []byte) ([]byte, error) {
	s, err := n.m.Initial(dst)
	if err != nil {
		return nil, err
	}
	return append(s, 0), nil
}

func (n *npModel) Info() *pins.Info { return &n.info }

func (n *npModel) Status(s []byte) pins.StateStatus {
	st := n.m.Status(s[:len(s)-1]) &^ (pins.Accepting | pins.ClaimEnded)
	if n.claim.accepting[s[len(s)-1]&^npMidAtomic] {
		st |= pins.Accepting
	}
	return st
}

func (n *npModel) Next(s []byte, yield func(t *pins.Transition, succ []byte) bool) {
	sys := s[: len(s)-1 : len(s)-1]
	if s[len(s)-1]&npMidAtomic != 0 {
		n.nextInAtomic(sys, s[len(s)-1]&^npMidAtomic, yield)
		return
	}
	var letter int8
	if n.m.Status(sys)&pins.Progress == 0 {
		letter = 1
	}
	// the system's successors, generated once: every claim move enabled
	// on the letter takes them all, in the claim's order
	n.succs, n.trs, n.ends = n.succs[:0], n.trs[:0], n.ends[:0]
	if n.collect == nil {
		n.collect = func(t *pins.Transition, succ []byte) bool {
			n.succs = append(n.succs, succ...)
			n.trs = append(n.trs, *t)
			n.ends = append(n.ends, len(n.succs))
			return true
		}
	}
	collected := false
	for id, e := range n.claim.edges[s[len(s)-1]] {
		if e.on >= 0 && e.on != letter {
			continue
		}
		if !collected {
			n.m.Next(sys, n.collect)
			collected = true
		}
		if len(n.trs) == 0 && n.claim == npPan {
			// the system cannot move: pan's claim stutters (npstutter.go)
			if !n.stutter(sys, e.to, yield) {
				return
			}
			continue
		}
		start := 0
		for i := range n.trs {
			n.buf = append(append(n.buf[:0], n.succs[start:n.ends[i]]...), e.to|npAtomicMark(&n.trs[i]))
			start = n.ends[i]
			n.tr = n.trs[i]
			n.tr.Claim = id
			if !yield(&n.tr, n.buf) {
				return
			}
		}
	}
}

// NonProgressSI returns the product of m with the claim of <>[] np_ in
// Siegel's SI normal form (npSIClaim), on which a non-progress search may
// be reduced as an acceptance search on a product with a claim in SI
// normal form (package por, Config.Claim and Config.Accept; Siegel's
// Theorem 1: <>[] np_ is stutter-invariant), and the dependency facts of
// that product built on pr, the system's: a search with
// Options.NonProgress and Options.NPProductOf m walks it (or a layer over
// it) and rewrites its counterexamples for pan's claim (ClaimTrailAnyK).
// pr must not postpone a process's steps across a progress label's view
// (no late locations).
//
// When pr also gives the back-edge facts of the static cycle proviso
// (pins.BackEdger), so does the product's reducer, with pr's answers: a
// product step is a move of the claim together with a step of the
// system whose Group is the system's (the claim has no stutter step on
// npSIClaim), and the claim's moves change no process's location, so a
// cycle of the product's reduced graph still has a marked system step
// (docs/parallel.md, "Reduced -l in parallel").
func NonProgressSI(m pins.Model, pr pins.ProgressReducer) (pins.Model, pins.ClaimReducer) {
	if be, ok := pr.(pins.BackEdger); ok {
		return newNPModel(m, npSIClaim), npBackReducer{npReducer{pr}, be}
	}
	return newNPModel(m, npSIClaim), npReducer{pr}
}

// npBackReducer is npReducer for a system reducer with back-edge facts
// (pins.BackEdger), which it passes on.
type npBackReducer struct {
	npReducer
	be pins.BackEdger
}

var _ pins.BackEdger = npBackReducer{}

// BackEdge implements pins.BackEdger: the system's fact for group g.
func (r npBackReducer) BackEdge(g int) bool { return r.be.BackEdge(g) }

// npReducer is the pins.ClaimReducer of a non-progress search on the
// product with npSIClaim: the system's reducer applied to the system's
// part of the state.
type npReducer struct {
	pr pins.ProgressReducer
}

func (r npReducer) SafeProcs(s []byte, dst []bool) []bool {
	return r.pr.SafeProcs(s[:len(s)-1], dst)
}

func (r npReducer) Visible(g int) bool { return r.pr.ProgressVisible(g) }

func (r npReducer) ClaimLoc(s []byte) (int, bool) {
	q := int(s[len(s)-1] &^ npMidAtomic)
	return q, npSIClaim.accepting[q]
}

// npCounter counts the processes of an npModel state.
type npCounter struct{ pc pins.ProcCounter }

func (c npCounter) NumProcs(s []byte) int { return c.pc.NumProcs(s[:len(s)-1]) }
