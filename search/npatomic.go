package search

import "github.com/gospin/gospin/pins"

// pan's non-progress claim and atomic sequences (pan -l): the claim moves
// before a step of the system that starts at the claim's turn, and not
// again until the system leaves the atomic sequence that step entered
// (pan's trace: one claim move, then the atomic sequence's steps, then
// the claim's turn). So np_ is read where an atomic sequence starts, never
// in its middle: a progress label passed inside an atomic sequence does
// not count as progress. The product's claim byte carries npMidAtomic in
// the intermediate states of an atomic sequence (which the search expands
// at once and never stores): there the claim keeps its state.

// npMidAtomic marks the claim byte of an intermediate state.
const npMidAtomic = 0x80

// npAtomicMark is npMidAtomic when step t leaves the system inside an
// atomic sequence, else 0.
func npAtomicMark(t *pins.Transition) byte {
	if t.Flags&pins.InAtomic != 0 {
		return npMidAtomic
	}
	return 0
}

// nextInAtomic yields the successors of an intermediate state, sys with
// the claim in state c: the system's steps, the claim still.
func (n *npModel) nextInAtomic(sys []byte, c byte, yield func(t *pins.Transition, succ []byte) bool) {
	n.m.Next(sys, func(t *pins.Transition, succ []byte) bool {
		n.buf = append(append(n.buf[:0], succ...), c|npAtomicMark(t))
		n.tr = *t
		n.tr.Claim = -1
		return yield(&n.tr, n.buf)
	})
}
