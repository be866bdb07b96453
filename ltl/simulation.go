package ltl

// simulation computes the direct simulation preorder restricted to the
// pairs allowed by ok (nil: all pairs): sim[q][r] means r simulates q. It
// returns nil when the automaton has no truth tables or is too large.
func (a *Automaton) simulation(ok func(q, r int) bool) [][]bool {
	ne := a.NumEdges()
	if a.tc == nil || ne*ne*a.tc.w > 8_000_000 {
		return nil
	}
	n := len(a.States)
	sim := make([][]bool, n)
	for q := range sim {
		sim[q] = make([]bool, n)
		for r := range sim[q] {
			sim[q][r] = true
			if a.stateBased() && a.States[q].Accepting && !a.States[r].Accepting && len(a.States[q].Edges) > 0 {
				sim[q][r] = false
			}
			if ok != nil && !ok(q, r) {
				sim[q][r] = false
			}
		}
	}
	// Pre-filter: r must read every letter q reads.
	reads := make([]ttab, n)
	for q := range reads {
		reads[q] = a.tc.zero()
		for _, e := range a.States[q].Edges {
			reads[q].orIn(e.t)
		}
	}
	for q := 0; q < n; q++ {
		for r := 0; r < n; r++ {
			if sim[q][r] && q != r && !reads[q].subset(reads[r]) {
				sim[q][r] = false
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for q := 0; q < n; q++ {
			for r := 0; r < n; r++ {
				if q != r && sim[q][r] && !a.simulates(sim, q, r) {
					sim[q][r] = false
					changed = true
				}
			}
		}
	}
	return sim
}

// simulates reports whether every edge of q is matched, letter by
// letter, by edges of r with at least its marks to states that simulate
// its target (as far as sim tells).
func (a *Automaton) simulates(sim [][]bool, q, r int) bool {
	u := a.tc.zero()
	for i := range a.States[q].Edges {
		e := &a.States[q].Edges[i]
		em := a.marksOf(q, e)
		for k := range u {
			u[k] = 0
		}
		for j := range a.States[r].Edges {
			f := &a.States[r].Edges[j]
			if em&^a.marksOf(r, f) == 0 && sim[e.To][f.To] {
				u.orIn(f.t)
			}
		}
		if !e.t.subset(u) {
			return false
		}
	}
	return true
}

// reduceSim quotients the automaton by simulation equivalence and prunes
// edges to strictly simulated successors (little brothers).
func (a *Automaton) reduceSim() *Automaton {
	if !a.withTT() {
		return a
	}
	for iter := 0; iter < 4; iter++ {
		sim := a.simulation(nil)
		if sim == nil {
			return a
		}
		if rep, merged := simEquivalent(sim); merged {
			// Keep the edges of the representatives only.
			a = a.quotient(rep, false)
			continue
		}
		// Prune little brothers.
		pruned := false
		for q := range a.States {
			es := a.States[q].Edges
			pruned = pruneEdges(es, func(i, j int) bool {
				d1, d2 := es[i].To, es[j].To
				m1, m2 := a.marksOf(q, &es[i]), a.marksOf(q, &es[j])
				return m1&^m2 == 0 && ((d1 != d2 && sim[d1][d2] && !sim[d2][d1]) || (d1 == d2 && m1 != m2))
			}) || pruned
		}
		if !pruned {
			return a
		}
		a = a.filter()
	}
	return a
}

// pruneEdges removes from each edge i the letters of every other edge j
// such that dominated(i, j) (edge j makes edge i useless on its
// letters), the tables compared as they were on entry. It reports
// whether an edge changed; a changed edge's guard becomes ttGuard.
func pruneEdges(es []Edge, dominated func(i, j int) bool) bool {
	nt := make([]ttab, len(es))
	for i := range es {
		nt[i] = es[i].t
		for j := range es {
			if i != j && dominated(i, j) {
				nt[i] = nt[i].andNot(es[j].t)
			}
		}
	}
	changed := false
	for i := range es {
		if !nt[i].equal(es[i].t) {
			es[i].t = nt[i]
			es[i].Guard = ttGuard
			changed = true
		}
	}
	return changed
}

// reverseQuotient merges the states of a state-based automaton that are
// equivalent for reverse (backward) simulation: same acceptance, and each
// edge into one is matched by an edge into the other from a state that
// backward-simulates its source; the initial state is only simulated by
// itself. The merged state keeps the outgoing edges of all its members.
func (a *Automaton) reverseQuotient() *Automaton {
	if !a.withTT() {
		return a
	}
	r := a.shell(len(a.States))
	r.Init = a.Init
	for q := range a.States {
		r.States[q].Accepting = a.States[q].Accepting
		for _, e := range a.States[q].Edges {
			m := e.Marks
			if a.stateBased() {
				m = 0
			}
			r.States[e.To].Edges = append(r.States[e.To].Edges, Edge{To: q, t: e.t, Guard: ttGuard, Marks: m})
		}
	}
	sim := r.simulation(func(q, s int) bool {
		return (q != a.Init || s == a.Init) && (!a.stateBased() || a.States[q].Accepting == a.States[s].Accepting)
	})
	if sim == nil {
		return a
	}
	rep, merged := simEquivalent(sim)
	if !merged {
		return a
	}
	return a.quotient(rep, true)
}
