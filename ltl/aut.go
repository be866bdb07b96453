package ltl

// Internal automata: transition-based generalized Büchi (sacc == nil,
// acceptance marks on edges, nacc sets) or state-based Büchi (sacc != nil).

type edge struct {
	dst   int
	g     Guard
	marks uint64
	t     ttab // truth table of g, when the automaton has one
}

type aut struct {
	n, init int
	edges   [][]edge
	nacc    int
	sacc    []bool
	np      int
	tc      *ttctx // non-nil when guards have truth tables
}

func (a *aut) allMarks() uint64 {
	if a.nacc >= 64 {
		return ^uint64(0)
	}
	return uint64(1)<<uint(a.nacc) - 1
}

// emark is the effective acceptance of edge e from q (state-based: the
// acceptance of q).
func (a *aut) emark(q int, e *edge) uint64 {
	if a.sacc != nil {
		if a.sacc[q] {
			return 1
		}
		return 0
	}
	return e.marks
}

func (a *aut) numEdges() int {
	n := 0
	for _, es := range a.edges {
		n += len(es)
	}
	return n
}

// sccs computes strongly connected components (Tarjan).
func (a *aut) sccs() ([]int, int) {
	index := make([]int, a.n)
	low := make([]int, a.n)
	on := make([]bool, a.n)
	comp := make([]int, a.n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	next, nc := 0, 0
	var visit func(q int)
	visit = func(q int) {
		index[q], low[q] = next, next
		next++
		stack = append(stack, q)
		on[q] = true
		for _, e := range a.edges[q] {
			d := e.dst
			if index[d] < 0 {
				visit(d)
				low[q] = min(low[q], low[d])
			} else if on[d] {
				low[q] = min(low[q], index[d])
			}
		}
		if low[q] == index[q] {
			for {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				on[x] = false
				comp[x] = nc
				if x == q {
					break
				}
			}
			nc++
		}
	}
	for q := 0; q < a.n; q++ {
		if index[q] < 0 {
			visit(q)
		}
	}
	return comp, nc
}

// sccInfo returns, per SCC, whether it is accepting and whether every
// internal edge carries all marks (weak accepting SCC).
func (a *aut) sccInfo(comp []int, nc int) (acc, weak, nontriv []bool) {
	acc = make([]bool, nc)
	weak = make([]bool, nc)
	nontriv = make([]bool, nc)
	union := make([]uint64, nc)
	for c := range weak {
		weak[c] = true
	}
	all := a.allMarks()
	for q := 0; q < a.n; q++ {
		c := comp[q]
		for i := range a.edges[q] {
			e := &a.edges[q][i]
			if comp[e.dst] != c {
				continue
			}
			nontriv[c] = true
			if a.sacc == nil {
				union[c] |= e.marks
				if e.marks != all {
					weak[c] = false
				}
			}
		}
		if a.sacc != nil {
			if a.sacc[q] {
				union[c] = 1
			} else {
				weak[c] = false
			}
		}
	}
	for c := range acc {
		if a.sacc != nil {
			acc[c] = nontriv[c] && union[c] == 1
		} else {
			acc[c] = nontriv[c] && union[c] == all
		}
		weak[c] = weak[c] && acc[c]
	}
	return
}

// filter removes states that cannot reach an accepting cycle and empty
// edges, strips acceptance outside accepting SCCs, and renumbers the
// states in BFS order from the initial state.
func (a *aut) filter() *aut {
	for q := range a.edges {
		es := a.edges[q][:0]
		for _, e := range a.edges[q] {
			if len(e.g) > 0 && (e.t == nil || !e.t.empty()) {
				es = append(es, e)
			}
		}
		a.edges[q] = es
	}
	comp, nc := a.sccs()
	acc, weak, _ := a.sccInfo(comp, nc)
	// Tarjan numbers SCCs in reverse topological order: successors first.
	live := make([]bool, nc)
	for q := 0; q < a.n; q++ {
		_ = q
	}
	order := make([][]int, nc)
	for q := 0; q < a.n; q++ {
		order[comp[q]] = append(order[comp[q]], q)
	}
	for c := 0; c < nc; c++ {
		live[c] = acc[c]
		if !live[c] {
			for _, q := range order[c] {
				for _, e := range a.edges[q] {
					if live[comp[e.dst]] {
						live[c] = true
					}
				}
			}
		}
	}
	all := a.allMarks()
	for q := 0; q < a.n; q++ {
		c := comp[q]
		es := a.edges[q][:0]
		for _, e := range a.edges[q] {
			if !live[comp[e.dst]] {
				continue
			}
			if a.sacc == nil {
				if comp[e.dst] != c || !acc[c] {
					e.marks = 0
				} else if weak[c] {
					e.marks = all
				}
			}
			es = append(es, e)
		}
		a.edges[q] = es
		if a.sacc != nil {
			a.sacc[q] = a.sacc[q] && acc[c]
		}
	}
	if a.sacc != nil {
		a.saturateAcceptance(comp, order, acc)
	}
	if !live[comp[a.init]] {
		return &aut{n: 1, edges: [][]edge{nil}, nacc: a.nacc, sacc: boolsIf(a.sacc != nil, 1), np: a.np, tc: a.tc}
	}
	return a.bfs(nil)
}

func boolsIf(b bool, n int) []bool {
	if !b {
		return nil
	}
	return make([]bool, n)
}

// bfs renumbers the states reachable from init; redirect (optional) maps
// each state to its representative.
func (a *aut) bfs(redirect []int) *aut {
	rd := func(q int) int {
		if redirect != nil {
			return redirect[q]
		}
		return q
	}
	num := make([]int, a.n)
	for i := range num {
		num[i] = -1
	}
	b := &aut{nacc: a.nacc, np: a.np, tc: a.tc}
	var order []int
	start := rd(a.init)
	num[start] = 0
	order = append(order, start)
	for i := 0; i < len(order); i++ {
		q := order[i]
		var es []edge
		for _, e := range a.edges[q] {
			d := rd(e.dst)
			if num[d] < 0 {
				num[d] = len(order)
				order = append(order, d)
			}
			e.dst = num[d]
			es = append(es, e)
		}
		b.edges = append(b.edges, es)
	}
	b.n = len(order)
	if a.sacc != nil {
		b.sacc = make([]bool, b.n)
		for i, q := range order {
			b.sacc[i] = a.sacc[q]
		}
	}
	b.mergeParallel()
	return b
}

// mergeParallel merges edges with the same destination (and marks). The
// guards of a group are concatenated, then simplified once (merging them
// one by one cost time cubic in the group's size: conjunctions of many
// []<> subformulas give thousands of parallel edges).
func (a *aut) mergeParallel() {
	type key struct {
		dst   int
		marks uint64
	}
	for q := range a.edges {
		if len(a.edges[q]) < 2 {
			continue
		}
		idx := make(map[key]int, len(a.edges[q]))
		var es []edge
		var merged []bool
		for _, e := range a.edges[q] {
			k := key{dst: e.dst}
			if a.sacc == nil {
				k.marks = e.marks
			}
			j, ok := idx[k]
			if !ok {
				idx[k] = len(es)
				es = append(es, e)
				merged = append(merged, false)
				continue
			}
			if a.tc != nil {
				t := append(ttab(nil), es[j].t...)
				for k := range t {
					t[k] |= e.t[k]
				}
				es[j].t = t
				es[j].g = ttGuard
				continue
			}
			if !merged[j] {
				es[j].g = append(Guard(nil), es[j].g...)
				merged[j] = true
			}
			es[j].g = append(es[j].g, e.g...)
		}
		for j := range es {
			if merged[j] {
				es[j].g = simplifyDNF(es[j].g)
			}
		}
		a.edges[q] = es
	}
}

// withTT attaches truth tables to the guards when there are few
// propositions.
func (a *aut) withTT() bool {
	if a.tc != nil {
		return true
	}
	if a.np > maxTT {
		return false
	}
	a.tc = newTT(a.np)
	for q := range a.edges {
		for i := range a.edges[q] {
			a.edges[q][i].t = a.tc.guard(a.edges[q][i].g)
		}
	}
	return true
}

// simulation computes the direct simulation preorder: sim[q][r] means r
// simulates q. It returns nil when the automaton is too large.
func (a *aut) simulation() [][]bool { return a.simulationWith(nil) }

// simulationWith computes the simulation preorder restricted to the pairs
// allowed by ok (nil: all pairs).
func (a *aut) simulationWith(ok func(q, r int) bool) [][]bool {
	ne := a.numEdges()
	if a.tc == nil || ne*ne*a.tc.w > 8_000_000 {
		return nil
	}
	sim := make([][]bool, a.n)
	for q := range sim {
		sim[q] = make([]bool, a.n)
		for r := range sim[q] {
			sim[q][r] = true
			if a.sacc != nil && a.sacc[q] && !a.sacc[r] && len(a.edges[q]) > 0 {
				sim[q][r] = false
			}
			if ok != nil && !ok(q, r) {
				sim[q][r] = false
			}
		}
	}
	// Pre-filter: r must read every letter q reads.
	reads := make([]ttab, a.n)
	for q := 0; q < a.n; q++ {
		reads[q] = a.tc.zero()
		for _, e := range a.edges[q] {
			for k := range e.t {
				reads[q][k] |= e.t[k]
			}
		}
	}
	for q := 0; q < a.n; q++ {
		for r := 0; r < a.n; r++ {
			if sim[q][r] && q != r && !reads[q].subset(reads[r]) {
				sim[q][r] = false
			}
		}
	}
	u := a.tc.zero()
	for changed := true; changed; {
		changed = false
		for q := 0; q < a.n; q++ {
			for r := 0; r < a.n; r++ {
				if q == r || !sim[q][r] {
					continue
				}
				for i := range a.edges[q] {
					e := &a.edges[q][i]
					em := a.emark(q, e)
					for k := range u {
						u[k] = 0
					}
					for j := range a.edges[r] {
						f := &a.edges[r][j]
						if em&^a.emark(r, f) == 0 && sim[e.dst][f.dst] {
							for k := range u {
								u[k] |= f.t[k]
							}
						}
					}
					if !e.t.subset(u) {
						sim[q][r] = false
						changed = true
						break
					}
				}
			}
		}
	}
	return sim
}

// reduceSim quotients the automaton by simulation equivalence and prunes
// edges to strictly simulated successors (little brothers).
func (a *aut) reduceSim() *aut {
	if !a.withTT() {
		return a
	}
	for iter := 0; iter < 4; iter++ {
		sim := a.simulation()
		if sim == nil {
			return a
		}
		rep := make([]int, a.n)
		merged := false
		for q := 0; q < a.n; q++ {
			rep[q] = q
			for r := 0; r < q; r++ {
				if sim[q][r] && sim[r][q] {
					rep[q] = rep[r]
					merged = true
					break
				}
			}
		}
		if merged {
			// Keep the edges of the representatives only.
			b := &aut{n: a.n, init: a.init, edges: make([][]edge, a.n), nacc: a.nacc, sacc: a.sacc, np: a.np, tc: a.tc}
			for q := 0; q < a.n; q++ {
				if rep[q] == q {
					b.edges[q] = a.edges[q]
				}
			}
			a = b.bfs(rep).filter()
			continue
		}
		// Prune little brothers.
		pruned := false
		for q := 0; q < a.n; q++ {
			es := a.edges[q]
			nt := make([]ttab, len(es))
			for i := range es {
				nt[i] = es[i].t
				for j := range es {
					if i == j {
						continue
					}
					d1, d2 := es[i].dst, es[j].dst
					m1, m2 := a.emark(q, &es[i]), a.emark(q, &es[j])
					if m1&^m2 != 0 {
						continue
					}
					if (d1 != d2 && sim[d1][d2] && !sim[d2][d1]) || (d1 == d2 && m1 != m2) {
						t := append(ttab(nil), nt[i]...)
						for k := range t {
							t[k] &^= es[j].t[k]
						}
						nt[i] = t
					}
				}
			}
			for i := range es {
				if !nt[i].equal(es[i].t) {
					es[i].t = nt[i]
					es[i].g = ttGuard
					pruned = true
				}
			}
		}
		if !pruned {
			return a
		}
		a = a.filter()
	}
	return a
}

// degeneralize converts a TGBA into a state-based Büchi automaton, with
// levels only inside non-weak accepting SCCs, level skipping, and reuse of
// an existing level when entering an SCC.
func (a *aut) degeneralize(order []int, mode int) *aut {
	comp, nc := a.sccs()
	acc, weak, _ := a.sccInfo(comp, nc)
	k := a.nacc
	type key struct{ q, l int }
	index := map[key]int{}
	var keys []key
	firstLevel := map[int]int{}
	b := &aut{nacc: 1, np: a.np, tc: a.tc}
	get := func(q, l int) int {
		kk := key{q, l}
		if i, ok := index[kk]; ok {
			return i
		}
		i := len(keys)
		index[kk] = i
		keys = append(keys, kk)
		if _, ok := firstLevel[q]; !ok {
			firstLevel[q] = l
		}
		c := comp[q]
		b.sacc = append(b.sacc, acc[c] && (weak[c] || l == k))
		b.edges = append(b.edges, nil)
		return i
	}
	levelled := func(q int) bool { c := comp[q]; return acc[c] && !weak[c] }
	if mode == 2 && levelled(a.init) {
		get(a.init, k)
	} else {
		get(a.init, 0)
	}
	for i := 0; i < len(keys); i++ {
		q, l := keys[i].q, keys[i].l
		for _, e := range a.edges[q] {
			d := e.dst
			nl := 0
			if levelled(d) {
				if comp[d] == comp[q] {
					nl = l
					if nl == k {
						nl = 0
					}
					for nl < k && e.marks>>uint(order[nl])&1 != 0 {
						nl++
					}
				} else if fl, ok := firstLevel[d]; ok && mode == 1 {
					nl = fl
				} else if mode == 2 {
					nl = k
				}
			}
			j := get(d, nl)
			e.dst = j
			e.marks = 0
			b.edges[i] = append(b.edges[i], e)
		}
	}
	b.n = len(keys)
	return b
}

// reverseQuotient merges the states of a state-based automaton that are
// equivalent for reverse (backward) simulation: same acceptance, and each
// edge into one is matched by an edge into the other from a state that
// backward-simulates its source; the initial state is only simulated by
// itself. The merged state keeps the outgoing edges of all its members.
func (a *aut) reverseQuotient() *aut {
	if !a.withTT() {
		return a
	}
	r := &aut{n: a.n, init: a.init, nacc: a.nacc, np: a.np, tc: a.tc, sacc: a.sacc, edges: make([][]edge, a.n)}
	for q := 0; q < a.n; q++ {
		for _, e := range a.edges[q] {
			m := e.marks
			if a.sacc != nil {
				m = 0
			}
			r.edges[e.dst] = append(r.edges[e.dst], edge{dst: q, t: e.t, g: ttGuard, marks: m})
		}
	}
	sim := r.simulationWith(func(q, s int) bool {
		return (q != a.init || s == a.init) && (a.sacc == nil || a.sacc[q] == a.sacc[s])
	})
	if sim == nil {
		return a
	}
	rep := make([]int, a.n)
	merged := false
	for q := 0; q < a.n; q++ {
		rep[q] = q
		for s := 0; s < q; s++ {
			if sim[q][s] && sim[s][q] {
				rep[q] = rep[s]
				merged = true
				break
			}
		}
	}
	if !merged {
		return a
	}
	b := &aut{n: a.n, init: a.init, edges: make([][]edge, a.n), nacc: a.nacc, sacc: a.sacc, np: a.np, tc: a.tc}
	for q := 0; q < a.n; q++ {
		b.edges[rep[q]] = append(b.edges[rep[q]], a.edges[q]...)
	}
	return b.bfs(rep).filter()
}

// saturateAcceptance makes every state of an accepting SCC accepting when
// every cycle of the SCC already visits an accepting state (the
// non-accepting states of the SCC induce an acyclic graph): the language
// is unchanged and simulation finds more equivalences.
func (a *aut) saturateAcceptance(comp []int, members [][]int, acc []bool) {
	for c, ms := range members {
		if !acc[c] {
			continue
		}
		local := map[int]int{}
		for _, q := range ms {
			if !a.sacc[q] {
				local[q] = len(local)
			}
		}
		if len(local) == 0 {
			continue
		}
		sub := &aut{n: len(local), edges: make([][]edge, len(local))}
		for q, i := range local {
			for _, e := range a.edges[q] {
				if j, ok := local[e.dst]; ok {
					sub.edges[i] = append(sub.edges[i], edge{dst: j})
				}
			}
		}
		sc, nsc := sub.sccs()
		sub.sacc = make([]bool, sub.n)
		for i := range sub.sacc {
			sub.sacc[i] = true
		}
		cyc, _, _ := sub.sccInfo(sc, nsc)
		cyclic := false
		for _, x := range cyc {
			if x {
				cyclic = true
			}
		}
		if !cyclic {
			for _, q := range ms {
				a.sacc[q] = true
			}
		}
	}
}
