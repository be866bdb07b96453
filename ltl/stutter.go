package ltl

import "slices"

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
	return product(ca, cb).isEmpty(), true
}

// closure adds, for edges x -g-> y and y -h-> z, an edge x -(g∧h)-> z
// (to a fixed point): the automaton then also accepts every word obtained
// by removing a duplicated letter. State-based acceptance is kept by
// marking a shortcut as visiting y: the closure has edge-based Büchi
// acceptance, an edge accepting if its source, or any skipped state, is
// accepting. It returns nil when a state gets more than 2000 edges.
func (a *Automaton) closure() *Automaton {
	t := &Automaton{States: make([]State, len(a.States)), Init: a.Init, NumProps: a.NumProps, Acc: EdgeGenBuchi, NumSets: 1}
	for i, s := range a.States {
		for _, e := range s.Edges {
			t.States[i].Edges = append(t.States[i].Edges, Edge{To: e.To, Guard: e.Guard, Marks: a.marksOf(i, &e)})
		}
	}
	for changed := true; changed; {
		changed = false
		for x := range t.States {
			for i := 0; i < len(t.States[x].Edges); i++ {
				e1 := t.States[x].Edges[i]
				for _, e2 := range t.States[e1.To].Edges {
					g := conjGuard(e1.Guard, e2.Guard)
					if len(g) == 0 {
						continue
					}
					ne := Edge{To: e2.To, Guard: g, Marks: e1.Marks | e2.Marks}
					if !t.covered(x, ne) {
						t.States[x].Edges = append(t.States[x].Edges, ne)
						changed = true
					}
				}
			}
			if len(t.States[x].Edges) > 2000 {
				return nil
			}
		}
	}
	return t
}

// covered reports whether an edge of x to e's target with at least e's
// marks reads every letter e reads.
func (a *Automaton) covered(x int, e Edge) bool {
	for _, f := range a.States[x].Edges {
		if f.To == e.To && e.Marks&^f.Marks == 0 && guardImplies(e.Guard, f.Guard) {
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
		if !slices.ContainsFunc(h, c.implies) {
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
