package search

import "github.com/gospin/gospin/pins"

// pan's non-progress claim where the system cannot move (pan -l, compiled
// with -DNP). The claim is a claim like any other (docs/spin-semantics.md,
// S1, S2): when the system has no move after a claim move, the claim
// moves again in its place (a stutter step, pan's tau&128), and the state
// so reached is stored with the system still to move. pan's np_ is false
// after a stutter step (pangen2.c tm_predef_np: np_ is
// !(o_pm&4) && !(tau&128)), so a stutter step can only take the claim's
// (1) move, from its first state to itself: the path never reaches the
// accepting state and no non-progress cycle goes through a stutter step;
// only the counts change (pan matches the state reached once more, and
// stores it when it is new). Only the search with pan's claim (npPan)
// stutters; the reduced search on npSIClaim keeps its counts.

// stutter yields the claim's stutter moves from claim state c, the
// system's part of the state being sys; it returns false when yield
// asked to stop.
func (n *npModel) stutter(sys []byte, c byte, yield func(t *pins.Transition, succ []byte) bool) bool {
	for id, e := range n.claim.edges[c] {
		if e.on == 1 {
			continue // np_ is false after a stutter step
		}
		n.buf = append(append(n.buf[:0], sys...), e.to)
		n.tr = pins.Transition{Pid: -1, Group: -1, Pid2: -1, Group2: -1, Claim: id}
		if !yield(&n.tr, n.buf) {
			return false
		}
	}
	return true
}

// NextStutter implements pins.StutterModel: in a state that a stutter
// step reached the system still cannot move, so each successor is one
// more stutter move of the claim. With npSIClaim it is Next.
func (n *npModel) NextStutter(s []byte, yield func(t *pins.Transition, succ []byte) bool) {
	if n.claim != npPan {
		n.Next(s, yield)
		return
	}
	if s[len(s)-1]&npMidAtomic != 0 {
		n.Next(s, yield)
		return
	}
	n.stutter(s[:len(s)-1:len(s)-1], s[len(s)-1], yield)
}

// claimMover is implemented by models whose claim may move in a state
// that has no successor (pan -l's claim, whose move on np_ finds no
// system move and no stutter move after it).
type claimMover interface {
	claimMoves(s []byte) bool
}

// panMoved reports, for a state without successors, whether pan executed
// a transition from it (a claim move that led nowhere): pan marks a state
// accepting for its nested search in the code of a move (o_pm&2), so it
// starts a nested search only from an accepting state it moved from.
func panMoved(m pins.Model, s []byte) bool {
	cm, ok := m.(claimMover)
	return ok && cm.claimMoves(s)
}

// claimMoves implements claimMover: the claim has a move on the state's
// letter (np_ when no process is at a progress label).
func (n *npModel) claimMoves(s []byte) bool {
	c := s[len(s)-1]
	if c&npMidAtomic != 0 {
		return false
	}
	var letter int8
	if n.m.Status(s[:len(s)-1])&pins.Progress == 0 {
		letter = 1
	}
	for _, e := range n.claim.edges[c] {
		if e.on < 0 || e.on == letter {
			return true
		}
	}
	return false
}
