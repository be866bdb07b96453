package ltl

import (
	"slices"
	"sort"
)

// MaxSIProps bounds the propositions of an automaton that SINormalForm
// converts: its states are indexed by letters of 2^AP, so the size grows
// with 2^|AP|.
const MaxSIProps = 8

// SINormalForm converts a state-based Büchi automaton whose language is
// stutter-invariant into Siegel's SI normal form ("What's wrong with
// on-the-fly partial order reduction", Appendix A, Definition 12 and
// equations (8)-(17)), with the same language. It returns nil when the
// automaton has more than MaxSIProps propositions.
//
// The alphabet is explicit, Σ = 2^AP over the automaton's NumProps
// propositions. The states of the result are s_init, (q, a, 0) for every
// state q and letter a, (q, a, 1) for accepting q, and (a, 2); only those
// reachable from s_init and from which an accepting cycle is reachable are
// kept (dropping the others changes no accepted word, and keeps
// Definition 12: an accepting (q, a, 0) is alive exactly when its twin
// (q, a, 1) is, since the two have the same edges apart from their a-edges,
// which lead to (q, a, 1) in both). The letters of the edges from one
// state to one target are merged into one guard (a DNF), which changes
// nothing in the automaton as a relation over letters.
//
// The construction is language-preserving only when L(a) is stutter-
// invariant (Theorem 2's proof uses it); the caller must check that (for
// instance with StutterInvariant on the formula).
//
// The result is then minimised (SIMinimize), keeping Definition 12 and
// the language: the raw construction of !([](a U b)) has 14 states, the
// minimised one 7 (the usual automaton 3).
//
// When a itself is in SI normal form (checked mechanically, as
// SIMinimize checks its result) and smaller, a minimised is the result:
// the construction is not needed then (2 of 2,000 random formulas in
// TestSINormalFormUsual).
func SINormalForm(a *Automaton) *Automaton {
	b := siNormalForm(a, false)
	if b == nil {
		return nil
	}
	b = SIMinimize(b)
	if len(a.States) < len(b.States) {
		if g := newSIGraph(a); g != nil && g.def12() == "" {
			return SIMinimize(a)
		}
	}
	return b
}

// SINormalFormPrefixes is SINormalForm keeping every state reachable from
// s_init, also those from which no accepting cycle is reachable (the raw
// construction, which is in SI normal form too), and not minimised: the
// minimisation keeps the ω-language, not the finite runs. For a whose finite runs
// are closed under stuttering (StutterClosurePrefixes), the result reads
// the finite words a reads, and enters a state derived from an end of a
// (State.End: the states (q, b, 0) and (q, b, 1) of an end q) on the
// words on which a enters one. Each non-initial state keeps the
// stuttering property of Definition 12 for finite runs as well: reading
// its letter once more leads to itself or to its twin, which has its
// other edges.
func SINormalFormPrefixes(a *Automaton) *Automaton { return siNormalForm(a, true) }

func siNormalForm(a *Automaton, keepDead bool) *Automaton {
	np := a.NumProps
	if np > MaxSIProps {
		return nil
	}
	nl := 1 << uint(np) // letters 0..nl-1
	// Letters on which every edge of a agrees are one letter for the
	// construction: it runs over one representative per class (reps),
	// and an edge on a representative stands for its whole class
	// (members). The result is in SI normal form over the alphabet of
	// classes, which is what Siegel's Theorem 1 needs: the system's
	// letters, read through the classes, are the program's
	// interpretation, and a step that changes no proposition changes no
	// class.
	reps, members := letterClasses(a, nl)
	succ := a.letterSucc(nl, reps) // succ[q][b]: the targets of q on letter b
	// omega[b][q]: b^ω ∈ L(q)
	omega := make([][]bool, nl)
	for _, b := range reps {
		omega[b] = a.letterOmega(succ, b)
	}
	type key struct {
		kind int // 0, 1, 2 as in the paper; 3 for s_init
		q, a int
	}
	lg := newLetterGraph(np)
	num := newNumbering[key]()
	add := func(k key) int {
		i, isNew := num.add(k)
		if isNew {
			st := State{Accepting: k.kind == 2 || (k.kind == 0 && a.States[k.q].Accepting)}
			st.End = (k.kind == 0 || k.kind == 1) && a.States[k.q].End
			lg.States = append(lg.States, st)
		}
		return i
	}
	add(key{kind: 3})
	for i := 0; i < len(num.keys); i++ {
		k := num.keys[i]
		lg.begin()
		to := func(b int, t key) { lg.read(i, b, add(t)) }
		switch k.kind {
		case 3: // s_init: (8) and (9)
			for _, b := range reps {
				for _, q := range succ[a.Init][b] {
					to(b, key{0, q, b})
				}
				if omega[b][a.Init] {
					to(b, key{2, 0, b})
				}
			}
		case 0, 1:
			q, x := k.q, k.a
			for _, b := range reps {
				if b == x {
					continue
				}
				// (10) and (14)
				for _, r := range succ[q][b] {
					to(b, key{0, r, b})
				}
				// (16) and (17)
				if omega[b][q] {
					to(b, key{2, 0, b})
				}
			}
			switch {
			case k.kind == 0 && !a.States[q].Accepting: // (11)
				to(x, k)
			case k.kind == 0: // (12)
				to(x, key{1, q, x})
			default: // (13)
				to(x, k)
			}
		case 2: // (15)
			to(k.a, k)
		}
		// The edges into the states (b, 2), which guess that the letter
		// stays b for ever, come first: a depth-first search of the
		// product tries them first, and the part of the product where
		// the letter no longer changes is small, so a lasso on it is
		// found before the search wanders through the rest (petersonN's
		// starvation: 273 states with the usual claim, and over 10
		// million without a verdict when these edges came last).
		out := lg.States[i].Edges
		sort.SliceStable(out, func(x, y int) bool {
			return num.keys[out[x].To].kind == 2 && num.keys[out[y].To].kind != 2
		})
	}
	// merge bisimilar states (same letter in, same acceptance, same
	// edges by letter to the same classes): the quotient is still in SI
	// normal form and has the same language
	label := make([]int, len(num.keys))
	for i, k := range num.keys {
		label[i] = k.a
		if k.kind == 3 {
			label[i] = -1
		}
	}
	return lg.automaton(a, keepDead, label, members)
}

// A letterGraph is an automaton over an explicit alphabet, the
// valuations of its NumProps propositions (letters, as integers), built
// letter by letter: an edge's truth table holds the letters on which it
// leads to its target, and its guard is computed once the graph is
// complete (automaton).
type letterGraph struct {
	Automaton
	at map[int]int // target -> edge, for the state being built
}

func newLetterGraph(np int) *letterGraph {
	return &letterGraph{Automaton: Automaton{NumProps: np, tc: newTT(np)}, at: map[int]int{}}
}

// begin starts the edges of the next state.
func (g *letterGraph) begin() { clear(g.at) }

// read adds to state i (the one begun) an edge to state to on letter l:
// one edge per target, in the order of their first letters.
func (g *letterGraph) read(i, l, to int) {
	if k, ok := g.at[to]; ok {
		g.States[i].Edges[k].t.set(l)
		return
	}
	t := g.tc.zero()
	t.set(l)
	g.at[to] = len(g.States[i].Edges)
	g.States[i].Edges = append(g.States[i].Edges, Edge{To: to, Guard: ttGuard, t: t})
}

// automaton builds the automaton of the letter graph: the states
// reachable from state 0 (from which an accepting cycle is reachable
// unless keepDead), bisimilar ones merged when label is not nil
// (siQuotient), and the letters of the edges from one state to one
// target merged into one guard. Each letter of an edge stands for
// members[letter] (all its class), or itself when members is nil.
// Formula comes from a. An empty language gives a claim that blocks at
// once.
func (g *letterGraph) automaton(a *Automaton, keepDead bool, label []int, members [][]int) *Automaton {
	m := len(g.States)
	live := make([]bool, m)
	for i := range live {
		live[i] = true
	}
	if !keepDead {
		live, _, _ = g.live()
	}
	np := g.NumProps
	if !live[0] {
		return &Automaton{States: []State{{Name: "T0_init"}}, NumProps: np, Formula: a.Formula}
	}
	class := make([]int, m)
	for i := range class {
		class[i] = i
	}
	if label != nil {
		class = g.siQuotient(live, label)
	}
	newIdx := make([]int, m)
	classIdx := map[int]int{}
	var order []int
	for i := range newIdx {
		newIdx[i] = -1
		if !live[i] {
			continue
		}
		if j, ok := classIdx[class[i]]; ok {
			newIdx[i] = j
			continue
		}
		newIdx[i] = len(order)
		classIdx[class[i]] = len(order)
		order = append(order, i)
	}
	tc := g.tc
	out := &Automaton{Init: 0, NumProps: np, Formula: a.Formula}
	for _, i := range order {
		st := State{Accepting: g.States[i].Accepting, End: g.States[i].End}
		var targets []int
		tables := map[int]ttab{}
		for _, e := range g.States[i].Edges {
			j := newIdx[e.To]
			if j < 0 {
				continue
			}
			t, ok := tables[j]
			if !ok {
				t = tc.zero()
				tables[j] = t
				targets = append(targets, j)
			}
			if members == nil {
				t.orIn(e.t)
				continue
			}
			e.t.each(func(l int) {
				for _, m := range members[l] {
					t.set(m)
				}
			})
		}
		if len(targets) > 0 {
			st.Edges = make([]Edge, len(targets))
		}
		for k, j := range targets {
			st.Edges[k] = Edge{To: j, Guard: tc.dnf(tables[j])}
		}
		out.States = append(out.States, st)
	}
	out.name()
	return out
}

// letterClasses groups the letters 0..nl-1 by the edges of a they enable
// (letters that every guard treats alike): reps lists the smallest letter
// of each class, in order, and members[r] the letters of r's class.
func letterClasses(a *Automaton, nl int) (reps []int, members [][]int) {
	members = make([][]int, nl)
	byKey := map[string]int{}
	for b := 0; b < nl; b++ {
		var k []byte
		for _, st := range a.States {
			for _, e := range st.Edges {
				if e.Guard.Eval(uint64(b)) {
					k = append(k, 1)
				} else {
					k = append(k, 0)
				}
			}
		}
		r, ok := byKey[string(k)]
		if !ok {
			r = b
			byKey[string(k)] = b
			reps = append(reps, b)
		}
		members[r] = append(members[r], b)
	}
	return reps, members
}

// letterSucc expands the guards into the relation over the letters of
// reps (of nl letters): succ[q][b] are the targets of q on letter b.
func (a *Automaton) letterSucc(nl int, reps []int) [][][]int {
	succ := make([][][]int, len(a.States))
	for q, s := range a.States {
		succ[q] = make([][]int, nl)
		for _, e := range s.Edges {
			for _, b := range reps {
				if e.Guard.Eval(uint64(b)) && !slices.Contains(succ[q][b], e.To) {
					succ[q][b] = append(succ[q][b], e.To)
				}
			}
		}
	}
	return succ
}

// siQuotient partitions the live states of an SI normal form graph into
// classes of bisimilar states: two states are in one class when they are
// entered on the same letter (label; -1 for the initial state, which is
// alone in its class), are both accepting or both not, both ends
// (State.End) or both not, and have, letter by letter, edges into the
// same classes (dead targets ignored). It refines the partition by those
// signatures until it is stable and returns each state's class.
//
// The quotient keeps Definition 12: edges into a class carry its letter;
// the one a_s-edge of each member leads into one class, so the class has
// one; a non-accepting member's self-loop is the class's; an accepting
// member's non-accepting twin s# has the member's edges, so its class
// has the class's. Merging bisimilar states, acceptance respected,
// changes no accepted word.
func (g *letterGraph) siQuotient(live []bool, label []int) []int {
	m := len(g.States)
	class := make([]int, m)
	ids := map[string]int{}
	for i := 0; i < m; i++ {
		a := 0
		if g.States[i].Accepting {
			a = 1
		}
		if g.States[i].End {
			a += 2
		}
		k := sig(label[i], a)
		if label[i] < 0 {
			k = sig(-1, i)
		}
		id, ok := ids[k]
		if !ok {
			id = len(ids)
			ids[k] = id
		}
		class[i] = id
	}
	n := len(ids)
	for {
		ids = map[string]int{}
		next := make([]int, m)
		for i := 0; i < m; i++ {
			var out [][2]int
			for _, e := range g.States[i].Edges {
				if !live[e.To] {
					continue
				}
				e.t.each(func(l int) {
					if p := [2]int{l, class[e.To]}; !slices.Contains(out, p) {
						out = append(out, p)
					}
				})
			}
			sort.Slice(out, func(x, y int) bool {
				if out[x][0] != out[y][0] {
					return out[x][0] < out[y][0]
				}
				return out[x][1] < out[y][1]
			})
			parts := []int{class[i]}
			for _, p := range out {
				parts = append(parts, p[0], p[1])
			}
			k := sig(parts...)
			id, ok := ids[k]
			if !ok {
				id = len(ids)
				ids[k] = id
			}
			next[i] = id
		}
		class = next
		if len(ids) == n {
			return class
		}
		n = len(ids)
	}
}

// sig encodes integers as a map key.
func sig(parts ...int) string {
	b := make([]byte, 0, 4*len(parts))
	for _, p := range parts {
		b = append(b, byte(p), byte(p>>8), byte(p>>16), byte(p>>24))
	}
	return string(b)
}

// letterOmega returns, for every state q, whether b^ω ∈ L(q): some
// accepting state on a cycle of b-edges is reachable from q by b-edges.
func (a *Automaton) letterOmega(succ [][][]int, b int) []bool {
	g := &Automaton{States: make([]State, len(a.States))}
	for q := range a.States {
		g.States[q].Accepting = a.States[q].Accepting
		for _, r := range succ[q][b] {
			g.States[q].Edges = append(g.States[q].Edges, Edge{To: r})
		}
	}
	live, _, _ := g.live()
	return live
}
