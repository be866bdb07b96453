package ltl

// sccs numbers the strongly connected components of the automaton
// (Tarjan's algorithm, iterative): comp[q] is q's component, nc their
// number. Components are numbered in reverse topological order: a
// component's successors come first.
func (a *Automaton) sccs() (comp []int, nc int) {
	n := len(a.States)
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	comp = make([]int, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	type frame struct{ q, e int }
	var call []frame
	next := 0
	enter := func(q int) {
		index[q], low[q] = next, next
		next++
		stack = append(stack, q)
		onStack[q] = true
		call = append(call, frame{q, 0})
	}
	for root := 0; root < n; root++ {
		if index[root] >= 0 {
			continue
		}
		enter(root)
		for len(call) > 0 {
			fr := &call[len(call)-1]
			q := fr.q
			if fr.e < len(a.States[q].Edges) {
				r := a.States[q].Edges[fr.e].To
				fr.e++
				if index[r] < 0 {
					enter(r)
				} else if onStack[r] {
					low[q] = min(low[q], index[r])
				}
				continue
			}
			if low[q] == index[q] {
				for {
					r := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[r] = false
					comp[r] = nc
					if r == q {
						break
					}
				}
				nc++
			}
			call = call[:len(call)-1]
			if len(call) > 0 {
				p := call[len(call)-1].q
				low[p] = min(low[p], low[q])
			}
		}
	}
	return comp, nc
}

// sccInfo returns, per SCC, whether it is accepting (it has an internal
// edge, and its internal edges carry every acceptance set), whether every
// internal edge carries all sets (weak accepting SCC), and whether it has
// an internal edge at all.
func (a *Automaton) sccInfo(comp []int, nc int) (acc, weak, nontriv []bool) {
	acc = make([]bool, nc)
	weak = make([]bool, nc)
	nontriv = make([]bool, nc)
	union := make([]uint64, nc)
	for c := range weak {
		weak[c] = true
	}
	all := a.AllMarks()
	for q := range a.States {
		c := comp[q]
		for i := range a.States[q].Edges {
			e := &a.States[q].Edges[i]
			if comp[e.To] != c {
				continue
			}
			nontriv[c] = true
			if !a.stateBased() {
				union[c] |= e.Marks
				if e.Marks != all {
					weak[c] = false
				}
			}
		}
		if a.stateBased() {
			if a.States[q].Accepting {
				union[c] = 1
			} else {
				weak[c] = false
			}
		}
	}
	for c := range acc {
		acc[c] = nontriv[c] && union[c] == all
		weak[c] = weak[c] && acc[c]
	}
	return
}

// isEmpty reports whether the automaton accepts no word: no accepting SCC
// is reachable from the initial state.
func (a *Automaton) isEmpty() bool {
	live, _, _ := a.live()
	return !live[a.Init]
}

// live returns the states from which an accepting cycle is reachable,
// with the SCCs (comp) and whether each is accepting.
func (a *Automaton) live() (live []bool, comp []int, accSCC []bool) {
	comp, nc := a.sccs()
	accSCC, _, _ = a.sccInfo(comp, nc)
	liveSCC := make([]bool, nc)
	members := make([][]int, nc)
	for q := range a.States {
		members[comp[q]] = append(members[comp[q]], q)
	}
	// successors first: an SCC is live when accepting or when an edge
	// leads to a live one
	for c := 0; c < nc; c++ {
		liveSCC[c] = accSCC[c]
		for _, q := range members[c] {
			for _, e := range a.States[q].Edges {
				liveSCC[c] = liveSCC[c] || liveSCC[comp[e.To]]
			}
		}
	}
	live = make([]bool, len(a.States))
	for q := range live {
		live[q] = liveSCC[comp[q]]
	}
	return live, comp, accSCC
}

// filter removes states that cannot reach an accepting cycle and empty
// edges, strips acceptance outside accepting SCCs (with state-based
// acceptance, saturates it inside them: saturateAcceptance), and
// renumbers the states in BFS order from the initial state.
func (a *Automaton) filter() *Automaton {
	for q := range a.States {
		es := a.States[q].Edges[:0]
		for _, e := range a.States[q].Edges {
			if len(e.Guard) > 0 && (e.t == nil || !e.t.empty()) {
				es = append(es, e)
			}
		}
		a.States[q].Edges = es
	}
	live, comp, acc := a.live()
	weak := make([]bool, len(acc))
	if !a.stateBased() {
		_, weak, _ = a.sccInfo(comp, len(acc))
	}
	all := a.AllMarks()
	for q := range a.States {
		c := comp[q]
		es := a.States[q].Edges[:0]
		for _, e := range a.States[q].Edges {
			if !live[e.To] {
				continue
			}
			if !a.stateBased() {
				if comp[e.To] != c || !acc[c] {
					e.Marks = 0
				} else if weak[c] {
					e.Marks = all
				}
			}
			es = append(es, e)
		}
		a.States[q].Edges = es
		if a.stateBased() {
			a.States[q].Accepting = a.States[q].Accepting && acc[c]
		}
	}
	if a.stateBased() {
		a.saturateAcceptance(comp, acc)
	}
	if !live[a.Init] {
		return a.shell(1)
	}
	return a.renumber(nil)
}

// saturateAcceptance makes every state of an accepting SCC accepting when
// every cycle of the SCC already visits an accepting state (the
// non-accepting states of the SCC induce an acyclic graph): the language
// is unchanged and simulation finds more equivalences.
func (a *Automaton) saturateAcceptance(comp []int, acc []bool) {
	members := make([][]int, len(acc))
	for q := range a.States {
		members[comp[q]] = append(members[comp[q]], q)
	}
	for c, ms := range members {
		if !acc[c] {
			continue
		}
		local := map[int]int{}
		for _, q := range ms {
			if !a.States[q].Accepting {
				local[q] = len(local)
			}
		}
		if len(local) == 0 {
			continue
		}
		// the non-accepting states, all accepting: accepting iff cyclic
		sub := &Automaton{States: make([]State, len(local))}
		for q, i := range local {
			sub.States[i].Accepting = true
			for _, e := range a.States[q].Edges {
				if j, ok := local[e.To]; ok {
					sub.States[i].Edges = append(sub.States[i].Edges, Edge{To: j})
				}
			}
		}
		sc, nsc := sub.sccs()
		cyc, _, _ := sub.sccInfo(sc, nsc)
		cyclic := false
		for _, x := range cyc {
			cyclic = cyclic || x
		}
		if !cyclic {
			for _, q := range ms {
				a.States[q].Accepting = true
			}
		}
	}
}
