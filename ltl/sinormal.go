package ltl

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
	omega := make([][]bool, nl)
	for b := 0; b < nl; b++ {
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
			for b := 0; b < nl; b++ {
				for _, q := range succ[a.Init][b] {
					to(b, key{0, q, b})
				}
				if omega[b][a.Init] {
					to(b, key{2, 0, b})
				}
			}
		case 0, 1:
			q, x := k.q, k.a
			for b := 0; b < nl; b++ {
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
		edges[i] = out
	}
	// keep the states from which an accepting cycle is reachable
	m := len(keys)
	sacc := make([]bool, m)
	for i, k := range keys {
		sacc[i] = acc(k)
	}
	live := liveStates(m, edges, sacc)
	if !live[0] {
		// empty language: a claim that blocks at once
		return &Automaton{States: []State{{Name: "T0_init"}}, NumProps: np, Formula: a.Formula}
	}
	newIdx := make([]int, m)
	var order []int
	for i := range keys {
		newIdx[i] = -1
		if live[i] {
			newIdx[i] = len(order)
			order = append(order, i)
		}
	}
	tc := newTT(np)
	out := &Automaton{Init: 0, NumProps: np, Formula: a.Formula}
	for _, i := range order {
		st := State{Accepting: sacc[i]}
		// merge the letters of the edges to one target
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
			t[e.letter/64] |= 1 << uint(e.letter%64)
		}
		for _, j := range targets {
			st.Edges = append(st.Edges, Edge{To: j, Guard: tc.dnf(tables[j])})
		}
		out.States = append(out.States, st)
	}
	out.name()
	return out
}

type siEdge struct{ letter, to int }

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
