package por

import (
	"slices"

	"github.com/gospin/gospin/pins"
)

// Reduction on the product of the system with a never claim
// (Config.Claim, with a pins.ClaimReducer, which also says which
// transitions the claim can see). With Config.Accept it reduces the
// acceptance search (nested DFS) on the product. The caller vouches that the claim is in Siegel's SI normal
// form (ltl.SINormalForm), for which the selection below (his V1) is
// sound (Theorem 1); with any other claim it need not be (his Fig. 1
// and 3). Without Config.Accept (a search for the claim's end) the
// caller vouches either that the claim is the usual claim of an
// invariant [] p: it stays in its initial state until it reads a state
// violating p, so the selection is the safety search's, with p's
// variables visible, and keeps a violating state reachable whenever one
// is (invisible steps, C1, the stack proviso); or that the claim is in
// SI normal form with every state kept (ltl.SINormalFormPrefixes). Then
// the claim's runs on finite words are closed under stuttering from
// every state it can be in: reading the letter it entered its state on
// once more leads to that state or to its twin, which has its other
// edges. The classical argument for safety then holds on the product:
// a path of the full product to the claim's end, or to a failing
// assertion of the system, is turned into one of the reduced product by
// moving a step of the kept process to its front (C1: it is independent
// of the steps before it; C2: it changes no letter, so the claim's run
// only stutters differently) or, when the path has none, by taking one
// first (the same path follows from there); the stack proviso (C3')
// bounds how often the second case can repeat before a fully expanded
// state is met. Siegel's Theorem 1 gives the same for the acceptance of
// the claim with its end as the only accepting state (an accepting sink:
// the product always has a successor there).

// The ample-set selection on the product with a claim.
//
// The ample set is a function of the source product state (q, s), where
// q is the claim's state and s the system's (Siegel's V1): Next yields,
// for every claim move from q enabled in s, the system steps from s; we
// keep, over all the claim moves, exactly the system steps of one process
// p, which is amp(q, s) = en_p(s) combined with every claim move. p must
// satisfy:
//
//   - C1: every transition at p's location is safe (Reducer), so p's
//     steps are independent of every other process's and no other process
//     can enable one of p's disabled transitions;
//   - C2: p's enabled transitions are invisible: none may change a slot
//     the claim reads (ClaimReducer.Visible), so they never change the
//     letter the claim reads;
//   - no step of p enters an atomic sequence, is a timeout or an
//     atomicity loss (as for safety);
//   - C3: the stack proviso over all kept successors: none is on the
//     outer search's stack, else the next candidate, else full expansion,
//     so that every cycle of the reduced product has a fully expanded
//     state (Siegel's C3').
//
// Claim stutter steps (Pid -1: the claim moves alone because no process
// can move, even with timeout) are never reduced: if any successor is one,
// the state is expanded fully. System enabledness does not depend on the
// claim's state, so then every process is blocked and the full set is
// the only set there is (C0).
//
// Nested search (Holzmann, Peled and Yannakakis): the nested searches
// must explore the same reduced graph as the outer one, or the nested
// DFS's argument (a state visited by an earlier nested search cannot reach
// a later seed on a cycle) fails for the edges one side has and the other
// lacks. So the choice made when the outer search first expands a state
// is recorded by store index (choice: the process kept, -1 for full
// expansion, stubbornChoice + a stubborn set's seed, or leapChoice + a
// leap list, porltl_leap.go), and every later expansion of that state
// applies it: the
// outer search's regeneration of dropped successors, and the nested
// searches, which look the state up by its outer (flag 0) entry. Every
// state a nested search expands was expanded by the outer search first
// (nested searches start in post-order, from states whose reduced
// successors have all been visited); one that was not (cut by the depth
// limit) is expanded fully, which only adds real paths. The stack proviso
// is checked against the outer stack only, which is enough for the
// reduced graph (fixed by the recorded choices) to satisfy C3.
// reduceProduct restricts ex.succs[lo:hi], the successors of the product
// state state, to the recorded or a newly chosen ample set.
func (p *view) reduceProduct(state []byte, lo, hi int) int {
	idx, found := p.x.Index, p.x.Known
	if p.leaps != nil {
		if set, i, ok := p.inLeap(); ok {
			return p.leapLevel(state, lo, hi, set, i)
		}
	}
	var c int32
	if p.be != nil {
		// the static proviso: the choice is a function of the state,
		// made again at each expansion, by every search and worker
		// alike; nothing is recorded. (A state inside an atomic
		// sequence, never stored, has the steps of one process only, or
		// an atomicity loss: chooseProduct expands it fully.)
		c = p.chooseProduct(state, lo, hi)
		if c >= 0 && !p.nested {
			p.reduced++
		}
		return p.applyChoice(state, lo, hi, c)
	}
	if !found {
		idx, found = p.c.Lookup(state)
	}
	if !found {
		return hi // an intermediate state, or one the outer search cut
	}
	c, ok := p.getChoice(idx)
	if !ok {
		if p.nested {
			return hi
		}
		c = p.chooseProduct(state, lo, hi)
		p.setChoice(idx, c)
		if c >= 0 {
			p.reduced++
		}
	}
	return p.applyChoice(state, lo, hi, c)
}

// applyChoice restricts ex.succs[lo:hi] to choice c (a pid, -1, or a
// stubborn or leap choice) and returns the new end.
func (p *view) applyChoice(state []byte, lo, hi int, c int32) int {
	ex := &p.ex
	if c < 0 {
		return hi
	}
	if c >= leapChoice {
		return p.leapLevel(state, lo, hi, c-leapChoice, 0)
	}
	if c >= stubbornChoice {
		// the stubborn set grown from seed c-stubbornChoice: a function
		// of the product state, so it is the same set every time
		set, ok := p.stub.StubbornProcs(state, int(c-stubbornChoice), p.inSet)
		p.inSet = set
		if !ok {
			return hi // cannot happen: it formed when chosen
		}
		return p.keepSet(lo, hi, set)
	}
	// keep the steps of process c, in order
	p.marks = p.marks[:0]
	for i := lo; i < hi; i++ {
		p.marks = append(p.marks, ex.succs[i].tr.Pid == int(c))
	}
	return p.keepMarked(lo, hi, p.marks)
}

// getChoice returns the choice recorded for the state at store index idx:
// in its aux byte (0 not chosen yet, 1 full expansion, 2+pid, 255 in the
// map after all), or in the map when the store keeps none.
func (p *view) getChoice(idx uint64) (int32, bool) {
	if aux := p.c.Aux(idx); aux != nil {
		switch b := aux[0]; b {
		case 0:
			return 0, false
		case 255: // kept in the map
		default:
			return int32(b) - 2, true
		}
	}
	return p.choice.Get(idx)
}

// setChoice records choice c (a pid, -1, or a stubborn or leap choice)
// for the state at store index idx.
func (p *view) setChoice(idx uint64, c int32) {
	if aux := p.c.Aux(idx); aux != nil {
		if c < 253 {
			aux[0] = byte(c + 2)
			return
		}
		aux[0] = 255 // beyond the byte: in the map
	}
	p.choice.Set(idx, c)
}

// chooseProduct picks the process whose steps form the ample set of the
// product state, or -1 for full expansion.
func (p *view) chooseProduct(state []byte, lo, hi int) int32 {
	ex := &p.ex
	if hi-lo < 2 {
		return -1
	}
	one := true
	for i := lo; i < hi; i++ {
		sc := &ex.succs[i]
		if sc.tr.Flags&(pins.Timeout|pins.AtomicLost) != 0 || sc.tr.Pid < 0 || sc.tr.Group < 0 {
			return -1
		}
		one = one && sc.tr.Pid == ex.succs[lo].tr.Pid
	}
	if one {
		return -1
	}
	p.safe = p.r.SafeProcs(state, p.safe)
	if p.leaps != nil {
		if set, ok := p.chooseLeap(state, lo, hi); ok {
			return leapChoice + set
		}
	}
	provisoOnly := false
	tried := p.tried[:0]
	for i := lo; i < hi; i++ {
		pid := ex.succs[i].tr.Pid
		if slices.Contains(tried, pid) {
			continue
		}
		tried = append(tried, pid)
		p.tried = tried
		switch p.productCandidate(pid, lo, hi) {
		case accepted:
			return int32(pid)
		case proviso:
			provisoOnly = true
		}
	}
	if p.stub != nil {
		if seed, ok := p.productStubborn(state, lo, hi); ok {
			return stubbornChoice + int32(seed)
		}
	}
	if provisoOnly {
		p.fallbacks++
	}
	return -1
}

// stubbornChoice + seed records the stubborn set grown from seed as a
// product state's choice (pids are below 256).
const stubbornChoice = 1000

// productStubborn tries each process with a step as the seed of a
// stubborn set (StubbornReducer, with -stubborn) where no single process
// qualifies, and returns the seed of the smallest proper set whose steps
// pass the ample set's checks on the product: invisible (C2), no step
// into an atomic sequence, a rendezvous inside the set or outside it
// entirely, and no successor on the outer stack (C3). A member's step
// that writes what the claim reads makes the claim join the set, and a
// set with the claim is refused, so the members' disabled statements are
// invisible too. The set is persistent in the system (Valmari's D1, D2),
// so with these checks it satisfies the conditions of Siegel's Theorem 1
// as an ample set does.
func (p *view) productStubborn(state []byte, lo, hi int) (int, bool) {
	ex := &p.ex
	best := p.smallestStubborn(state, lo, hi, func(k int) bool {
		sc := &ex.succs[k]
		if sc.tr.Flags&pins.InAtomic != 0 || p.cr.Visible(sc.tr.Group) {
			return false
		}
		return !p.fails(sc)
	})
	return best, best >= 0
}

// productCandidate says whether process pid's steps form the ample set
// of the product state whose successors are ex.succs[lo:hi]: rejected,
// rejected by the stack proviso alone, or accepted.
func (p *view) productCandidate(pid, lo, hi int) int {
	ex := &p.ex
	if !p.productAmple(pid, lo, hi) {
		return rejected
	}
	if p.hc != nil {
		for k := lo; k < hi; k++ {
			if ex.succs[k].tr.Pid == pid {
				p.prefetch(k, k+1)
			}
		}
	}
	for k := lo; k < hi; k++ {
		sc := &ex.succs[k]
		if sc.tr.Pid != pid {
			continue
		}
		if p.fails(sc) {
			return proviso
		}
	}
	return accepted
}

// productAmple reports whether process pid's steps among ex.succs[lo:hi]
// form an ample set of the product state by every check of prodPOR but
// the stack proviso: pid is safe (C1), and none of its steps is visible
// (C2), enters an atomic sequence or is a rendezvous (which a safe
// process never takes part in).
func (p *view) productAmple(pid, lo, hi int) bool {
	ex := &p.ex
	if pid < 0 || pid >= len(p.safe) || !p.safe[pid] {
		return false
	}
	for k := lo; k < hi; k++ {
		sc := &ex.succs[k]
		if sc.tr.Pid != pid {
			continue
		}
		if sc.tr.Flags&pins.InAtomic != 0 || sc.tr.Pid2 >= 0 || p.cr.Visible(sc.tr.Group) {
			return false
		}
	}
	return true
}
