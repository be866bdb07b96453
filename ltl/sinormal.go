package ltl

import "sort"

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
func SINormalForm(a *Automaton) *Automaton {
	return siNormalForm(a, false)
}

// SINormalFormPrefixes is SINormalForm keeping every state reachable from
// s_init, also those from which no accepting cycle is reachable (the raw
// construction, which is in SI normal form too). For a whose finite runs
// are closed under stuttering (StutterClosurePrefixes), the result reads
// the finite words a reads, and enters a state derived from an end of a
// (State.End: the states (q, b, 0) and (q, b, 1) of an end q) on the
// words on which a enters one. Each non-initial state keeps the
// stuttering property of Definition 12 for finite runs as well: reading
// its letter once more leads to itself or to its twin, which has its
// other edges.
func SINormalFormPrefixes(a *Automaton) *Automaton {
	return siNormalForm(a, true)
}

func siNormalForm(a *Automaton, keepDead bool) *Automaton {
	np := a.NumProps
	if np > MaxSIProps {
		return nil
	}
	nl := 1 << uint(np) // letters 0..nl-1
	n := len(a.States)
	// succ[q][b]: the targets of q on letter b
	succ := make([][][]int, n)
	for q, s := range a.States {
		succ[q] = make([][]int, nl)
		for _, e := range s.Edges {
			for b := 0; b < nl; b++ {
				if e.Guard.Eval(uint64(b)) && !containsInt(succ[q][b], e.To) {
					succ[q][b] = append(succ[q][b], e.To)
				}
			}
		}
	}
	// omega[b][q]: b^ω ∈ L(q)
	// Letters on which every edge of a agrees are one letter for the
	// construction: it runs over one representative per class (reps),
	// and an edge on a representative stands for its whole class
	// (members). The result is in SI normal form over the alphabet of
	// classes, which is what Siegel's Theorem 1 needs: the system's
	// letters, read through the classes, are the program's
	// interpretation, and a step that changes no proposition changes no
	// class.
	reps, members := letterClasses(a, nl)
	omega := make([][]bool, nl)
	for _, b := range reps {
		omega[b] = letterOmega(a, succ, b)
	}

	type key struct {
		kind int // 0, 1, 2 as in the paper; 3 for s_init
		q, a int
	}
	index := map[key]int{}
	var keys []key
	var edges [][]siEdge
	add := func(k key) int {
		if i, ok := index[k]; ok {
			return i
		}
		index[k] = len(keys)
		keys = append(keys, k)
		edges = append(edges, nil)
		return len(keys) - 1
	}
	acc := func(k key) bool { return k.kind == 2 || (k.kind == 0 && a.States[k.q].Accepting) }
	add(key{kind: 3})
	for i := 0; i < len(keys); i++ {
		k := keys[i]
		var out []siEdge
		to := func(b int, t key) { out = append(out, siEdge{letter: b, to: add(t)}) }
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
		sort.SliceStable(out, func(x, y int) bool {
			return keys[out[x].to].kind == 2 && keys[out[y].to].kind != 2
		})
		edges[i] = out
	}
	// keep the states from which an accepting cycle is reachable
	m := len(keys)
	sacc := make([]bool, m)
	send := make([]bool, m)
	for i, k := range keys {
		sacc[i] = acc(k)
		send[i] = (k.kind == 0 || k.kind == 1) && a.States[k.q].End
	}
	live := allStates(m)
	if !keepDead {
		live = liveStates(m, edges, sacc)
	}
	if !live[0] {
		// empty language: a claim that blocks at once
		return &Automaton{States: []State{{Name: "T0_init"}}, NumProps: np, Formula: a.Formula}
	}
	// merge bisimilar states (same letter in, same acceptance, same
	// edges by letter to the same classes): the quotient is still in SI
	// normal form and has the same language
	label := make([]int, m)
	for i, k := range keys {
		label[i] = k.a
		if k.kind == 3 {
			label[i] = -1
		}
	}
	class := siQuotient(m, edges, sacc, send, live, label)
	newIdx := make([]int, m)
	classIdx := map[int]int{}
	var order []int
	for i := range keys {
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
	return letterAutomaton(a, np, order, newIdx, sacc, send, edges, members)
}

type siEdge struct{ letter, to int }

// letterAutomaton builds the automaton of an explicit letter graph: its
// states are order (old state i becomes newIdx[i]; edges into states with
// newIdx -1 are dropped), accepting as acc says, ends (State.End) as end
// says, and the letters of the
// edges from one state to one target are merged into one guard. An edge's
// letter stands for members[letter] (all its class), or itself when
// members is nil. Formula comes from a.
func letterAutomaton(a *Automaton, np int, order, newIdx []int, acc, end []bool, edges [][]siEdge, members [][]int) *Automaton {
	tc := newTT(np)
	out := &Automaton{Init: 0, NumProps: np, Formula: a.Formula}
	for _, i := range order {
		st := State{Accepting: acc[i], End: end[i]}
		var targets []int
		tables := map[int]ttab{}
		for _, e := range edges[i] {
			j := newIdx[e.to]
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
				t[e.letter/64] |= 1 << uint(e.letter%64)
				continue
			}
			for _, l := range members[e.letter] {
				t[l/64] |= 1 << uint(l%64)
			}
		}
		for _, j := range targets {
			st.Edges = append(st.Edges, Edge{To: j, Guard: tc.dnf(tables[j])})
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

// siQuotient partitions the live states of an SI normal form graph into
// classes of bisimilar states: two states are in one class when they are
// entered on the same letter (label; -1 for the initial state, which is
// alone in its class), are both accepting or both not, both ends
// (State.End) or both not, and have, letter
// by letter, edges into the same classes (dead targets ignored). It
// refines the partition by those signatures until it is stable and
// returns each state's class.
//
// The quotient keeps Definition 12: edges into a class carry its letter;
// the one a_s-edge of each member leads into one class, so the class has
// one; a non-accepting member's self-loop is the class's; an accepting
// member's non-accepting twin s# has the member's edges, so its class
// has the class's. Merging bisimilar states, acceptance respected,
// changes no accepted word.
func siQuotient(m int, edges [][]siEdge, acc, end, live []bool, label []int) []int {
	class := make([]int, m)
	ids := map[string]int{}
	sig := func(parts ...int) string {
		b := make([]byte, 0, 4*len(parts))
		for _, p := range parts {
			b = append(b, byte(p), byte(p>>8), byte(p>>16), byte(p>>24))
		}
		return string(b)
	}
	for i := 0; i < m; i++ {
		a := 0
		if acc[i] {
			a = 1
		}
		if end[i] {
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
			for _, e := range edges[i] {
				if !live[e.to] {
					continue
				}
				p := [2]int{e.letter, class[e.to]}
				dup := false
				for _, q := range out {
					if q == p {
						dup = true
						break
					}
				}
				if !dup {
					out = append(out, p)
				}
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

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// letterOmega returns, for every state q, whether b^ω ∈ L(q): some
// accepting state on a cycle of b-edges is reachable from q by b-edges.
func letterOmega(a *Automaton, succ [][][]int, b int) []bool {
	n := len(a.States)
	edges := make([][]siEdge, n)
	sacc := make([]bool, n)
	for q := range a.States {
		sacc[q] = a.States[q].Accepting
		for _, r := range succ[q][b] {
			edges[q] = append(edges[q], siEdge{letter: b, to: r})
		}
	}
	return liveStates(n, edges, sacc)
}

// allStates returns n trues: every state kept.
func allStates(n int) []bool {
	all := make([]bool, n)
	for i := range all {
		all[i] = true
	}
	return all
}

// liveStates returns the states of a graph from which a cycle through an
// accepting state is reachable.
func liveStates(n int, edges [][]siEdge, acc []bool) []bool {
	// accepting states on a cycle: in an SCC with an edge inside it
	comp := sccOf(n, edges)
	var seeds []int
	for x := 0; x < n; x++ {
		if !acc[x] {
			continue
		}
		for _, e := range edges[x] {
			if comp[e.to] == comp[x] {
				seeds = append(seeds, x)
				break
			}
		}
	}
	// backward reachability from them
	rev := make([][]int, n)
	for x := 0; x < n; x++ {
		for _, e := range edges[x] {
			rev[e.to] = append(rev[e.to], x)
		}
	}
	live := make([]bool, n)
	stack := seeds
	for _, f := range seeds {
		live[f] = true
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, y := range rev[x] {
			if !live[y] {
				live[y] = true
				stack = append(stack, y)
			}
		}
	}
	return live
}

// sccOf numbers the strongly connected components of a graph (Tarjan's
// algorithm, iterative).
func sccOf(n int, edges [][]siEdge) []int {
	index := make([]int, n)
	low := make([]int, n)
	on := make([]bool, n)
	comp := make([]int, n)
	for i := range index {
		index[i] = -1
	}
	type fr struct{ v, e int }
	var stack []int
	var frames []fr
	next, nc := 0, 0
	for root := 0; root < n; root++ {
		if index[root] >= 0 {
			continue
		}
		frames = append(frames[:0], fr{root, 0})
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		on[root] = true
		for len(frames) > 0 {
			f := &frames[len(frames)-1]
			v := f.v
			if f.e < len(edges[v]) {
				w := edges[v][f.e].to
				f.e++
				if index[w] < 0 {
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					on[w] = true
					frames = append(frames, fr{w, 0})
				} else if on[w] {
					low[v] = min(low[v], index[w])
				}
				continue
			}
			if low[v] == index[v] {
				for {
					x := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					on[x] = false
					comp[x] = nc
					if x == v {
						break
					}
				}
				nc++
			}
			frames = frames[:len(frames)-1]
			if len(frames) > 0 {
				u := frames[len(frames)-1].v
				low[u] = min(low[u], low[v])
			}
		}
	}
	return comp
}
