package ltl

import "math/bits"

// Weak deterministic Büchi automata for obligation properties (Dax,
// Eisinger, Klaedtke, ATVA 2007): the powerset construction of a Büchi
// automaton, with an SCC of subsets accepting iff the product of that SCC
// with the automaton has an accepting cycle. The result is used only when
// it is shown equivalent to the original (emptiness of W ∩ A(!f) and of
// A(f) ∩ complement(W)), i.e. when the language is an obligation.

const (
	maxWDBAProps  = 6
	maxWDBAStates = 200
)

// powerset builds the candidate weak DBA of a (state-based, with truth
// tables, at most 64 states). It returns nil when it grows too large.
func (a *Automaton) powerset() *Automaton {
	n := len(a.States)
	if a.tc == nil || a.NumProps > maxWDBAProps || n > 64 {
		return nil
	}
	nl := 1 << uint(a.NumProps)
	succ := make([][]uint64, n) // succ[q][letter] = successor set
	for q := range a.States {
		succ[q] = make([]uint64, nl)
		for _, e := range a.States[q].Edges {
			for l := 0; l < nl; l++ {
				if e.t.has(l) {
					succ[q][l] |= 1 << uint(e.To)
				}
			}
		}
	}
	sets, delta := subsets(succ, a.Init, nl)
	if sets == nil {
		return nil
	}
	w := &Automaton{States: make([]State, len(sets)), NumSets: 1, NumProps: a.NumProps, tc: a.tc}
	for p := range w.States {
		w.States[p].Edges = rowEdges(a.tc, delta[p])
	}
	// Accepting SCCs of the powerset automaton.
	comp, nc := w.sccs()
	members := make([][]int, nc)
	for p := range w.States {
		members[comp[p]] = append(members[comp[p]], p)
	}
	for c := 0; c < nc; c++ {
		accepting, ok := a.sccProductAccepts(sets, delta, succ, comp, c, members[c])
		if !ok {
			return nil
		}
		for _, p := range members[c] {
			w.States[p].Accepting = accepting
		}
	}
	return w
}

// subsets runs the subset construction from {init} over letters
// 0..nl-1: sets lists the subsets reached, delta[P][letter] = P'. It
// returns nil beyond maxWDBAStates subsets.
func subsets(succ [][]uint64, init, nl int) (sets []uint64, delta [][]int) {
	index := map[uint64]int{}
	add := func(s uint64) int {
		if i, ok := index[s]; ok {
			return i
		}
		index[s] = len(sets)
		sets = append(sets, s)
		return len(sets) - 1
	}
	add(1 << uint(init))
	for i := 0; i < len(sets); i++ {
		if len(sets) > maxWDBAStates {
			return nil, nil
		}
		s := sets[i]
		row := make([]int, nl)
		for l := 0; l < nl; l++ {
			var t uint64
			for x := s; x != 0; x &= x - 1 {
				t |= succ[trailing(x)][l]
			}
			row[l] = add(t)
		}
		delta = append(delta, row)
	}
	return sets, delta
}

// rowEdges returns the edges of a deterministic state whose successor
// on letter l is row[l]: one edge per target, in the order of the
// letters, with its truth table.
func rowEdges(tc *ttctx, row []int) []Edge {
	tabs := map[int]ttab{}
	var order []int
	for l, d := range row {
		t, ok := tabs[d]
		if !ok {
			t = tc.zero()
			tabs[d] = t
			order = append(order, d)
		}
		t.set(l)
	}
	var es []Edge
	for _, d := range order {
		es = append(es, Edge{To: d, t: tabs[d], Guard: ttGuard})
	}
	return es
}

// sccProductAccepts reports whether the product of SCC c of the powerset
// automaton (its members ms) with a has an accepting cycle; ok is false
// when the product grows beyond 20,000 states.
func (a *Automaton) sccProductAccepts(sets []uint64, delta [][]int, succ [][]uint64, comp []int, c int, ms []int) (accepting, ok bool) {
	type pq struct{ p, q int }
	pidx := map[pq]int{}
	var ps []pq
	prod := &Automaton{}
	get := func(x pq) int {
		if i, ok := pidx[x]; ok {
			return i
		}
		pidx[x] = len(ps)
		ps = append(ps, x)
		prod.States = append(prod.States, State{Accepting: a.States[x.q].Accepting})
		return len(ps) - 1
	}
	for _, p := range ms {
		for x := sets[p]; x != 0; x &= x - 1 {
			get(pq{p, trailing(x)})
		}
	}
	if len(ps) > 20000 {
		return false, false
	}
	for i := 0; i < len(ps); i++ {
		x := ps[i]
		for l := range delta[x.p] {
			p2 := delta[x.p][l]
			if comp[p2] != c {
				continue
			}
			for y := succ[x.q][l]; y != 0; y &= y - 1 {
				j := get(pq{p2, trailing(y)})
				prod.States[i].Edges = append(prod.States[i].Edges, Edge{To: j})
			}
		}
		if len(ps) > 20000 {
			return false, false
		}
	}
	pc, pn := prod.sccs()
	pacc, _, _ := prod.sccInfo(pc, pn)
	for _, x := range pacc {
		if x {
			return true, true
		}
	}
	return false, true
}

func trailing(x uint64) int { return bits.TrailingZeros64(x) }

// deterministic reports whether the guards (truth tables) of the edges
// leaving each state are pairwise disjoint.
func (a *Automaton) deterministic() bool {
	for q := range a.States {
		es := a.States[q].Edges
		for i := range es {
			for j := i + 1; j < len(es); j++ {
				if es[i].t.meets(es[j].t) {
					return false
				}
			}
		}
	}
	return true
}

// tryWDBA returns a reduced weak DBA equivalent to pos (whose complement
// is recognized by neg), or nil.
func tryWDBA(pos, neg *Automaton) *Automaton {
	w := pos.powerset()
	if w == nil {
		return nil
	}
	if !product(w, neg).isEmpty() {
		return nil
	}
	comp := w.shell(len(w.States))
	for i := range comp.States {
		comp.States[i] = State{Edges: w.States[i].Edges, Accepting: !w.States[i].Accepting}
	}
	if !product(pos, comp).isEmpty() {
		return nil
	}
	w = w.filter()
	if len(w.States) > 1 || len(w.States[0].Edges) > 0 {
		w = w.reduceSim()
	}
	return w
}
