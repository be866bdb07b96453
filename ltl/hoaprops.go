package ltl

// Deterministic reports whether the automaton is deterministic: one
// initial state (always) and, from each state, guards that no valuation
// satisfies together. It says false when the check was given up (beyond
// about 10^7 comparisons of cubes).
func (a *Automaton) Deterministic() bool {
	budget := 10_000_000
	for _, s := range a.States {
		for i := range s.Edges {
			for j := i + 1; j < len(s.Edges); j++ {
				budget -= len(s.Edges[i].Guard) * len(s.Edges[j].Guard)
				if budget < 0 || guardsMeet(s.Edges[i].Guard, s.Edges[j].Guard) {
					return false
				}
			}
		}
	}
	return true
}

// guardsMeet reports whether some valuation satisfies both g and h.
func guardsMeet(g, h Guard) bool {
	for _, c := range g {
		for _, d := range h {
			if (c.Pos|d.Pos)&(c.Neg|d.Neg) == 0 {
				return true
			}
		}
	}
	return false
}

// Complete reports whether every state has a successor on every
// valuation; decided is false when the check was given up (it is a
// tautology check of each state's guards, bounded to about a million
// cubes looked at in all).
func (a *Automaton) Complete() (complete, decided bool) {
	budget := 1_000_000
	for _, s := range a.States {
		var g Guard
		for _, e := range s.Edges {
			g = append(g, e.Guard...)
		}
		taut, ok := tautology(g, &budget)
		if !ok {
			return false, false
		}
		if !taut {
			return false, true
		}
	}
	return true, true
}

// tautology decides whether the DNF g is true under every valuation, by
// Shannon expansion on the propositions it mentions; ok is false when
// *budget steps ran out.
func tautology(g Guard, budget *int) (taut, ok bool) {
	*budget -= 1 + len(g)
	if *budget < 0 {
		return false, false
	}
	var used uint64
	for _, c := range g {
		if c.Pos == 0 && c.Neg == 0 {
			return true, true
		}
		used |= c.Pos | c.Neg
	}
	if len(g) == 0 {
		return false, true
	}
	v := used & -used // lowest proposition used
	for _, val := range [2]bool{true, false} {
		var h Guard
		for _, c := range g {
			if (val && c.Neg&v != 0) || (!val && c.Pos&v != 0) {
				continue // the cube is false under this value
			}
			h = append(h, Cube{c.Pos &^ v, c.Neg &^ v})
		}
		t, ok := tautology(h, budget)
		if !ok || !t {
			return false, ok
		}
	}
	return true, true
}

// Weak reports whether, in each strongly connected component, the states
// are all accepting or all rejecting (HOA's weak), and whether moreover
// each component is a single state (very-weak).
func (a *Automaton) Weak() (weak, veryWeak bool) {
	comp, _ := a.sccs()
	size := map[int]int{}
	acc := map[int]bool{}
	weak, veryWeak = true, true
	for q, c := range comp {
		size[c]++
		if size[c] > 1 {
			veryWeak = false
			if acc[c] != a.States[q].Accepting {
				weak = false
			}
		}
		acc[c] = a.States[q].Accepting
	}
	return weak, weak && veryWeak
}
