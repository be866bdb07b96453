package por

import (
	"github.com/gospin/gospin/pins"
)

// Leap sets on the product with a claim (Config.Leap with Config.Claim:
// -a with a claim in SI normal form, or the claim of an invariant).
//
// At a product state u where several processes p1..pk each qualify as
// u's ample set (prodPOR: safe, invisible, no step into an atomic
// sequence, no rendezvous), a leap takes one step of each, in that
// order, and stores only the state at its end. The search does this
// with the depth-first walker unchanged: u keeps the steps of p1 only;
// their successors are marked as intermediate states (leapMid), which
// the walker explores without storing, as it does atomic sequences; an
// intermediate state after i steps keeps the steps of p(i+1) only; the
// successors after pk's step are stored. So the leaps are explored as
// a reduced graph G_L whose nodes are the stored product states and the
// intermediate ones, each intermediate node named by its leap and its
// place in it, and the ample set of a node is a function of the node.
//
// Why this keeps every accepting lasso (Siegel's Theorem 1, read on
// G_L):
//
//   - C0, C1, C2 hold at every node. At u by the checks of a single
//     process (prodPOR). At the node after p1..pi have moved, p(i+1)'s
//     steps are the same transitions as at u and form an ample set there:
//     C1 at u for p(i+1)'s set says that no path from u that avoids it
//     (p1..pi's steps, then any continuation) runs a transition dependent
//     on it first; so no such path from the intermediate node does. Its
//     steps are invisible, as at u.
//   - C3': every cycle of G_L contains a fully expanded node. Intermediate
//     nodes have one parent, so a cycle passes through stored nodes, and
//     in the depth-first search some stored node v on it is entered from
//     the end of a leap or a single step of a node u explored while v was
//     on the stack. A leap is chosen at u only when no state where one of
//     its leaps ends is on the outer stack (chooseLeap computes them all),
//     and single ample sets keep their own stack proviso; so u is fully
//     expanded.
//   - Siegel's proof uses the graph only through these conditions, the
//     finiteness of the reduced space (G_L is finite: the leaps of a state
//     are finitely many) and the choice being a function of the node
//     (recorded per stored state, and derived from the leap's start and
//     the place in it for an intermediate node).
//   - Every cycle of G_L through an accepting node passes through an
//     accepting stored node, so nested DFS over the stored states (whose
//     edges are paths of G_L, fixed by the recorded choices for the outer
//     and the nested searches alike) finds an accepting lasso when G_L
//     has one. A step of a leap into an accepting claim state that the
//     claim was not in already ends the leap: that state is stored
//     (staysInLeap). Where the claim accepts and stays, it loops on the
//     letter the leap keeps, its only edge on that letter in SI normal
//     form, so it accepts at the leap's end too, which is stored.
//
// For the claim of an invariant (no acceptance), the same graph keeps a
// violating state reachable: the classical argument (take the path to
// it, move its first ample step forward or take an invisible one) needs
// only C0-C2 at each node and C3' on the graph.
//
// Unlike the safety search's leaps (leapsafety.go), a leap is refused when one
// of its ends is on the stack, rather than extended (van der Schoot's
// Section 4.3).

// leapChoice + i records, as a product state's choice, the leap over the
// processes of leap list i (stubborn choices are below it).
const leapChoice = 1 << 16

// leapSets interns the ordered process lists of the leaps chosen on a
// product: a state's recorded choice is leapChoice plus the list's index.
// The outer and the nested searches share it.
type leapSets struct {
	lists [][]int32
	ids   map[string]int32
	key   []byte // the lookup key, reused: a list is looked up at every leap state
}

// maxLeapProduct bounds the number of successors a state gets from the
// product of its ample sets; beyond it the state takes one ample set only.
const maxLeapProduct = 4096

func newLeapSets() *leapSets {
	return &leapSets{ids: map[string]int32{}}
}

func (ls *leapSets) intern(list []int32) int32 {
	key := ls.key[:0]
	for _, pid := range list {
		key = append(key, byte(pid))
	}
	ls.key = key
	if id, ok := ls.ids[string(key)]; ok {
		return id
	}
	id := int32(len(ls.lists))
	ls.lists = append(ls.lists, append([]int32(nil), list...))
	ls.ids[string(key)] = id
	return id
}

// leapCtx says, for a node on the stack, which leap it is expanding and
// which place of the leap's list its kept steps are (set -1: no leap goes
// on through the node's successors).
type leapCtx struct {
	set, at int32
}

// leapState is a binding's leap state.
type leapState struct {
	ctx    []leapCtx // by stack position
	lex    buffer    // intermediate states of the leaps being chosen
	cands  []int32
	counts []int
	bufs   [2][]byte
	spans  [2][]leapSpan
}

type leapSpan struct{ off, n int }

// inLeap reports whether the state about to be reduced (at depth
// p.x.Depth) is an intermediate state of a leap, and if so which leap list
// and place its kept steps are. It also clears the state's own context.
func (p *view) inLeap() (int32, int32, bool) {
	pos := p.x.Depth
	for len(p.ctx) <= pos {
		p.ctx = append(p.ctx, leapCtx{set: -1})
	}
	p.ctx[pos] = leapCtx{set: -1}
	if !p.x.Intermediate || pos == 0 {
		return 0, 0, false
	}
	c := p.ctx[pos-1]
	if c.set < 0 {
		return 0, 0, false // an atomic sequence's state
	}
	return c.set, c.at + 1, true
}

// leapLevel keeps, at a node of a leap over list set whose state is
// state, the steps of the list's process at place at, marks them as
// intermediate states when more of the list follows (staysInLeap), and
// returns the new end.
func (p *view) leapLevel(state []byte, lo, hi int, set, at int32) int {
	ex := &p.ex
	list := p.leaps.lists[set]
	pid := int(list[at])
	p.marks = p.marks[:0]
	some := false
	for k := lo; k < hi; k++ {
		m := ex.succs[k].tr.Pid == pid
		some = some || m
		p.marks = append(p.marks, m)
	}
	if !some {
		// cannot happen (the process's steps are independent of the
		// leap's earlier ones): a fully expanded node, whose successors
		// are stored
		return hi
	}
	n := p.keepMarked(lo, hi, p.marks)
	if int(at)+1 < len(list) {
		p.ctx[p.x.Depth] = leapCtx{set: set, at: at}
		from, _ := p.cr.ClaimLoc(state)
		for k := lo; k < n; k++ {
			sc := &ex.succs[k]
			if p.staysInLeap(from, ex.bytes(sc)) && sc.tr.Flags&pins.InAtomic == 0 {
				sc.tr.Flags |= pins.InLeap
			}
		}
	}
	return n
}

// staysInLeap reports whether a successor (bytes to) of a node of a leap
// whose claim is at location from, not at the leap's end, is an
// intermediate state of the leap. In an acceptance search it is not when
// the claim accepts there and has moved: the leap stops, so that the
// state is stored and can seed a nested search. Where the claim accepts
// and has not moved, it loops on the letter the leap's invisible steps
// keep, and in SI normal form that edge is its only one on the letter
// (Definition 12 (2)): it stays there to the leap's end, which is stored
// and accepting, and every cycle through the intermediate state passes
// through that end.
func (p *view) staysInLeap(from int, to []byte) bool {
	if !p.cfg.Accept {
		return true // no acceptance: only the claim's end matters
	}
	loc, acc := p.cr.ClaimLoc(to)
	return !acc || loc == from
}

// chooseLeap returns the leap list for product state state, whose
// successors are ex.succs[lo:hi] (p.safe filled in), when at least two
// processes qualify as its ample set, their leaps are not too many
// (maxLeapProduct) and none ends on the outer stack.
func (p *view) chooseLeap(state []byte, lo, hi int) (int32, bool) {
	ex := &p.ex
	pp := &p.leapState
	pp.cands, pp.counts = pp.cands[:0], pp.counts[:0]
	for k := lo; k < hi; k++ {
		pid := ex.succs[k].tr.Pid
		seen := false
		for i, c := range pp.cands {
			if int(c) == pid {
				pp.counts[i]++
				seen = true
			}
		}
		if !seen && p.productAmple(pid, lo, hi) {
			pp.cands = append(pp.cands, int32(pid))
			pp.counts = append(pp.counts, 1)
		}
	}
	product := 1
	for i, n := range pp.counts {
		product *= n
		if product > maxLeapProduct {
			pp.cands = pp.cands[:i]
			break
		}
	}
	if len(pp.cands) < 2 || !p.leapProviso(state, lo, hi, pp.cands) {
		return 0, false
	}
	return p.leaps.intern(pp.cands), true
}

// leapProviso follows the leaps over list from product state state,
// whose successors are ex.succs[lo:hi], as the search will (leapLevel), and
// reports whether none of the stored states where they end is on the
// outer stack.
func (p *view) leapProviso(state []byte, lo, hi int, list []int32) bool {
	ex := &p.ex
	pp := &p.leapState
	lex := &pp.lex
	defer lex.release(0)
	// the states of the current place of the leaps: bufs[c], spans[c]
	c := 0
	pp.bufs[c], pp.spans[c] = pp.bufs[c][:0], pp.spans[c][:0]
	from, _ := p.cr.ClaimLoc(state)
	for k := lo; k < hi; k++ {
		sc := &ex.succs[k]
		if sc.tr.Pid != int(list[0]) {
			continue
		}
		b := ex.bytes(sc)
		if !p.staysInLeap(from, b) {
			if p.closes(b) {
				return false
			}
			continue
		}
		pp.spans[c] = append(pp.spans[c], leapSpan{len(pp.bufs[c]), len(b)})
		pp.bufs[c] = append(pp.bufs[c], b...)
	}
	for at := 1; at < len(list); at++ {
		last, n := at+1 == len(list), 1-c
		pp.bufs[n], pp.spans[n] = pp.bufs[n][:0], pp.spans[n][:0]
		for _, sp := range pp.spans[c] {
			st := pp.bufs[c][sp.off : sp.off+sp.n]
			lex.release(0)
			a, b := lex.expand(p.m.Next, st)
			some := false
			for k := a; k < b && !some; k++ {
				some = lex.succs[k].tr.Pid == int(list[at])
			}
			if !some {
				continue // a fully expanded node: every cycle through it is fine
			}
			from, _ := p.cr.ClaimLoc(st)
			for k := a; k < b; k++ {
				sc := &lex.succs[k]
				if sc.tr.Pid != int(list[at]) {
					continue
				}
				bb := lex.bytes(sc)
				if last || sc.tr.Flags&pins.InAtomic != 0 || !p.staysInLeap(from, bb) {
					if p.closes(bb) {
						return false
					}
					continue
				}
				pp.spans[n] = append(pp.spans[n], leapSpan{len(pp.bufs[n]), len(bb)})
				pp.bufs[n] = append(pp.bufs[n], bb...)
			}
		}
		c = n
	}
	return true
}
