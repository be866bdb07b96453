package ltl

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
func (a *aut) powerset() *aut {
	if a.tc == nil || a.np > maxWDBAProps || a.n > 64 {
		return nil
	}
	nl := 1 << uint(a.np)
	succ := make([][]uint64, a.n) // succ[q][letter] = successor set
	for q := 0; q < a.n; q++ {
		succ[q] = make([]uint64, nl)
		for _, e := range a.edges[q] {
			for l := 0; l < nl; l++ {
				if e.t[l/64]>>(uint(l)%64)&1 != 0 {
					succ[q][l] |= 1 << uint(e.dst)
				}
			}
		}
	}
	index := map[uint64]int{}
	var sets []uint64
	var delta [][]int // delta[P][letter] = P'
	add := func(s uint64) int {
		if i, ok := index[s]; ok {
			return i
		}
		index[s] = len(sets)
		sets = append(sets, s)
		return len(sets) - 1
	}
	add(1 << uint(a.init))
	for i := 0; i < len(sets); i++ {
		if len(sets) > maxWDBAStates {
			return nil
		}
		s := sets[i]
		row := make([]int, nl)
		for l := 0; l < nl; l++ {
			var t uint64
			for x := s; x != 0; x &= x - 1 {
				q := trailing(x)
				t |= succ[q][l]
			}
			row[l] = add(t)
		}
		delta = append(delta, row)
	}
	n := len(sets)
	w := &aut{n: n, nacc: 1, np: a.np, tc: a.tc, sacc: make([]bool, n), edges: make([][]edge, n)}
	for p := 0; p < n; p++ {
		tabs := map[int]ttab{}
		var order []int
		for l := 0; l < nl; l++ {
			d := delta[p][l]
			t, ok := tabs[d]
			if !ok {
				t = a.tc.zero()
				tabs[d] = t
				order = append(order, d)
			}
			t[l/64] |= 1 << (uint(l) % 64)
		}
		for _, d := range order {
			w.edges[p] = append(w.edges[p], edge{dst: d, t: tabs[d], g: ttGuard})
		}
	}
	// Accepting SCCs of the powerset automaton.
	comp, nc := w.sccs()
	members := make([][]int, nc)
	for p := 0; p < n; p++ {
		members[comp[p]] = append(members[comp[p]], p)
	}
	for c := 0; c < nc; c++ {
		// Product of the SCC with a.
		type pq struct{ p, q int }
		pidx := map[pq]int{}
		var ps []pq
		prod := &aut{sacc: nil}
		get := func(x pq) int {
			if i, ok := pidx[x]; ok {
				return i
			}
			pidx[x] = len(ps)
			ps = append(ps, x)
			prod.edges = append(prod.edges, nil)
			return len(ps) - 1
		}
		for _, p := range members[c] {
			for x := sets[p]; x != 0; x &= x - 1 {
				get(pq{p, trailing(x)})
			}
		}
		if len(ps) > 20000 {
			return nil
		}
		for i := 0; i < len(ps); i++ {
			x := ps[i]
			for l := 0; l < nl; l++ {
				p2 := delta[x.p][l]
				if comp[p2] != c {
					continue
				}
				for y := succ[x.q][l]; y != 0; y &= y - 1 {
					j := get(pq{p2, trailing(y)})
					prod.edges[i] = append(prod.edges[i], edge{dst: j})
				}
			}
			if len(ps) > 20000 {
				return nil
			}
		}
		prod.n = len(ps)
		prod.sacc = make([]bool, prod.n)
		for i, x := range ps {
			prod.sacc[i] = a.sacc[x.q]
		}
		pc, pn := prod.sccs()
		pacc, _, _ := prod.sccInfo(pc, pn)
		accepting := false
		for _, x := range pacc {
			if x {
				accepting = true
				break
			}
		}
		for _, p := range members[c] {
			w.sacc[p] = accepting
		}
	}
	return w
}

func trailing(x uint64) int {
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}

// interEmpty decides whether L(a) ∩ L(b) is empty (state-based automata
// with truth tables over the same propositions).
func interEmpty(a, b *aut) bool {
	type pq struct{ p, q int }
	idx := map[pq]int{}
	var ps []pq
	g := &aut{nacc: 2}
	get := func(x pq) int {
		if i, ok := idx[x]; ok {
			return i
		}
		idx[x] = len(ps)
		ps = append(ps, x)
		g.edges = append(g.edges, nil)
		return len(ps) - 1
	}
	get(pq{a.init, b.init})
	for i := 0; i < len(ps); i++ {
		x := ps[i]
		var m uint64
		if a.sacc[x.p] {
			m |= 1
		}
		if b.sacc[x.q] {
			m |= 2
		}
		for _, e := range a.edges[x.p] {
			for _, f := range b.edges[x.q] {
				inter := false
				for k := range e.t {
					if e.t[k]&f.t[k] != 0 {
						inter = true
						break
					}
				}
				if inter {
					j := get(pq{e.dst, f.dst})
					g.edges[i] = append(g.edges[i], edge{dst: j, marks: m})
				}
			}
		}
	}
	g.n = len(ps)
	comp, nc := g.sccs()
	acc, _, _ := g.sccInfo(comp, nc)
	for _, x := range acc {
		if x {
			return false
		}
	}
	return true
}

// ttGuard stands for the guard of an edge whose truth table is the
// reference (the DNF is computed on export).
var ttGuard = Guard{{}}

// deterministic reports whether the guards of the edges leaving each state
// are pairwise disjoint.
func (a *aut) deterministic() bool {
	for q := 0; q < a.n; q++ {
		es := a.edges[q]
		for i := range es {
			for j := i + 1; j < len(es); j++ {
				for k := range es[i].t {
					if es[i].t[k]&es[j].t[k] != 0 {
						return false
					}
				}
			}
		}
	}
	return true
}

// tryWDBA returns a reduced weak DBA equivalent to pos (whose complement
// is recognized by neg), or nil.
func tryWDBA(pos, neg *aut) *aut {
	w := pos.powerset()
	if w == nil {
		return nil
	}
	if !interEmpty(w, neg) {
		return nil
	}
	comp := &aut{n: w.n, init: w.init, edges: w.edges, nacc: 1, np: w.np, tc: w.tc, sacc: make([]bool, w.n)}
	for i := range comp.sacc {
		comp.sacc[i] = !w.sacc[i]
	}
	if !interEmpty(pos, comp) {
		return nil
	}
	w = w.filter()
	if w.n > 1 || len(w.edges[0]) > 0 {
		w = w.reduceSim()
	}
	return w
}
