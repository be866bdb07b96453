package ltl

// product returns the synchronous product of a and b over the same
// propositions: its states are the pairs of states reachable from the
// initial pair, its edges the pairs of edges whose guards meet, and its
// acceptance generalized Büchi on edges, an edge carrying a's sets (of
// the edge, or of its source with state-based acceptance) followed by
// b's. Its language is L(a) ∩ L(b). The product's guards are true: it
// serves emptiness checks (isEmpty).
func product(a, b *Automaton) *Automaton {
	na := a.numSets()
	p := &Automaton{NumProps: a.NumProps, Acc: EdgeGenBuchi, NumSets: na + b.numSets()}
	type pair struct{ p, q int }
	pairs := newNumbering[pair]()
	add := func(x pair) int {
		i, isNew := pairs.add(x)
		if isNew {
			p.States = append(p.States, State{})
		}
		return i
	}
	add(pair{a.Init, b.Init})
	for i := 0; i < len(pairs.keys); i++ {
		x := pairs.keys[i]
		for j := range a.States[x.p].Edges {
			e := &a.States[x.p].Edges[j]
			for k := range b.States[x.q].Edges {
				f := &b.States[x.q].Edges[k]
				if !guardsMeetIn(e, f) {
					continue
				}
				m := a.marksOf(x.p, e) | b.marksOf(x.q, f)<<uint(na)
				to := add(pair{e.To, f.To})
				p.States[i].Edges = append(p.States[i].Edges, Edge{To: to, Guard: ttGuard, Marks: m})
			}
		}
	}
	return p
}

// guardsMeetIn reports whether some valuation enables both edges, on
// their truth tables when both have one.
func guardsMeetIn(e, f *Edge) bool {
	if e.t != nil && f.t != nil {
		return e.t.meets(f.t)
	}
	return guardsMeet(e.Guard, f.Guard)
}

// lassoAutomaton returns the automaton of the one word prefix·cycle^ω (each
// letter a valuation, bit i proposition i): a deterministic edge-based
// automaton without acceptance sets whose edges read the word's letters
// in turn, each guard the letter's minterm over all 64 propositions.
func lassoAutomaton(prefix, cycle []uint64) *Automaton {
	word := append(append([]uint64(nil), prefix...), cycle...)
	l := &Automaton{States: make([]State, len(word)), Acc: EdgeGenBuchi}
	for i, x := range word {
		next := i + 1
		if next == len(word) {
			next = len(prefix)
		}
		l.States[i].Edges = []Edge{{To: next, Guard: Guard{{Pos: x, Neg: ^x}}}}
	}
	return l
}

// Accepts reports whether the automaton accepts the ultimately periodic
// word prefix·cycle^ω, where each letter is a valuation of the
// propositions (bit i: proposition i). An empty cycle accepts nothing.
func (a *Automaton) Accepts(prefix, cycle []uint64) bool {
	if len(cycle) == 0 || len(a.States) == 0 {
		return false
	}
	return !product(a, lassoAutomaton(prefix, cycle)).isEmpty()
}
