package ltl

// StutterInvariant reports whether the language of f is invariant under
// stuttering (repeating or removing repeated letters). X-free formulas
// are; otherwise the automata-based check of Michaud and Duret-Lutz
// (closure(A_f) ⊗ closure(A_!f) is empty) decides it. A formula whose
// automata are beyond the translator's limits is reported not
// stutter-invariant (conservatively).
func StutterInvariant(f *Formula) bool {
	si, decided := StutterInvariance(f)
	return si && decided
}

// StutterInvariance is StutterInvariant telling also whether the answer
// was decided: decided is false (and invariant false) when the automata
// of the check are beyond the translator's limits.
func StutterInvariance(f *Formula) (invariant, decided bool) {
	si, ok, err := stutterInvariant(f)
	if err != nil || !ok {
		return false, false
	}
	return si, true
}

func stutterInvariant(f *Formula) (si, decided bool, err error) {
	defer catchLimit(&err)
	si, decided = stutterInvariant1(f)
	return si, decided, nil
}

func stutterInvariant1(f *Formula) (si, decided bool) {
	if !f.HasNext() {
		return true, true
	}
	fc := newFactory()
	fc.limit = DefaultMaxWork
	if !fc.nnf(f, false).HasNext() {
		return true, true
	}
	a := translate(f, Options{})
	b := translate(Not(f), Options{})
	if len(a.States)*len(b.States) > 1_000_000 {
		return false, false
	}
	ca, cb := a.closure(), b.closure()
	if ca == nil || cb == nil {
		return false, false // too large
	}
	return intersectionEmpty(ca, cb), true
}

// closure adds, for edges x -g-> y and y -h-> z, an edge x -(g∧h)-> z
// (to a fixed point): the automaton then also accepts every word obtained
// by removing a duplicated letter. State-based acceptance is kept by
// marking a shortcut as visiting y: we use a transition-based view where
// an edge is accepting if its source, or any skipped state, is accepting.
func (a *Automaton) closure() *tAut {
	n := len(a.States)
	t := &tAut{n: n, init: a.Init}
	type key struct {
		to  int
		acc bool
	}
	t.edges = make([][]tEdge, n)
	for i, s := range a.States {
		for _, e := range s.Edges {
			t.edges[i] = append(t.edges[i], tEdge{to: e.To, g: e.Guard, acc: s.Accepting})
		}
	}
	for changed := true; changed; {
		changed = false
		for x := 0; x < n; x++ {
			for i := 0; i < len(t.edges[x]); i++ {
				e1 := t.edges[x][i]
				for _, e2 := range t.edges[e1.to] {
					g := conjGuard(e1.g, e2.g)
					if len(g) == 0 {
						continue
					}
					ne := tEdge{to: e2.to, g: g, acc: e1.acc || e2.acc}
					if !t.covered(x, ne) {
						t.edges[x] = append(t.edges[x], ne)
						changed = true
					}
				}
			}
			if len(t.edges[x]) > 2000 {
				return nil
			}
		}
	}
	return t
}

type tEdge struct {
	to  int
	g   Guard
	acc bool
}

type tAut struct {
	n, init int
	edges   [][]tEdge
}

func (t *tAut) covered(x int, e tEdge) bool {
	for _, f := range t.edges[x] {
		if f.to == e.to && (f.acc || !e.acc) && guardImplies(e.g, f.g) {
			return true
		}
	}
	return false
}

func conjGuard(g, h Guard) Guard {
	var out Guard
	for _, c := range g {
		for _, d := range h {
			x := Cube{c.Pos | d.Pos, c.Neg | d.Neg}
			if x.Pos&x.Neg == 0 {
				out = append(out, x)
			}
		}
	}
	return simplifyDNF(out)
}

// guardImplies is a sufficient check: every cube of g is contained in a
// cube of h.
func guardImplies(g, h Guard) bool {
	for _, c := range g {
		ok := false
		for _, d := range h {
			if d.Pos&^c.Pos == 0 && d.Neg&^c.Neg == 0 {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// intersectionEmpty decides whether two transition-accepting automata
// (Büchi acceptance on edges) have an empty intersection, by searching the
// product for a cycle that contains edges accepting for each side.
func intersectionEmpty(a, b *tAut) bool {
	// Product states; generalized acceptance with 2 sets; SCC-based check.
	type ps struct{ p, q int }
	index := map[ps]int{}
	var states []ps
	type pe struct {
		to  int
		acc uint8
	}
	var edges [][]pe
	add := func(s ps) int {
		if i, ok := index[s]; ok {
			return i
		}
		index[s] = len(states)
		states = append(states, s)
		edges = append(edges, nil)
		return len(states) - 1
	}
	add(ps{a.init, b.init})
	for i := 0; i < len(states); i++ {
		s := states[i]
		for _, e := range a.edges[s.p] {
			for _, f := range b.edges[s.q] {
				if len(conjGuard(e.g, f.g)) == 0 {
					continue
				}
				var m uint8
				if e.acc {
					m |= 1
				}
				if f.acc {
					m |= 2
				}
				j := add(ps{e.to, f.to})
				edges[i] = append(edges[i], pe{j, m})
			}
		}
	}
	g := &aut{n: len(states), nacc: 2, edges: make([][]edge, len(states))}
	for i, es := range edges {
		for _, e := range es {
			g.edges[i] = append(g.edges[i], edge{dst: e.to, g: Guard{{}}, marks: uint64(e.acc)})
		}
	}
	comp, nc := g.sccs()
	acc, _, _ := g.sccInfo(comp, nc)
	for _, x := range acc {
		if x {
			return false
		}
	}
	return true
}

// Invariant reports whether f is [] p for a formula p without temporal
// operators: a property that every reachable state must satisfy.
func Invariant(f *Formula) bool {
	return f != nil && f.Op == OpAlways && len(f.Args) == 1 && !temporal(f.Args[0])
}

// temporal reports whether f has a temporal operator.
func temporal(f *Formula) bool {
	switch f.Op {
	case OpNext, OpUntil, OpRelease, OpWeakUntil, OpAlways, OpEventually:
		return true
	}
	for _, a := range f.Args {
		if temporal(a) {
			return true
		}
	}
	return false
}
