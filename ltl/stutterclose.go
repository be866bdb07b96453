package ltl

// StutterClosure returns an automaton N' whose language is closed under
// stuttering and contains L(a): Holzmann and Kupferman's closure under
// stuttering ("Not checking for closure under stuttering", seeds/000),
// built for a state-based Büchi word automaton (letters on edges). It
// returns nil when a has more than MaxSIProps propositions.
//
// The construction runs over the letters themselves (valuations of the
// propositions), not over the classes of letters that a's guards treat
// alike: two letters of one class in a row are no stuttering, and the
// closure over classes would accept more words that a does not (the
// claim of !X (a || b) reads a then b as one block), each a counterexample
// of the closure that is not one of a.
//
// States: an initial state, and (q, b, c): a, having read a word that
// stutters what N' has read, is in q; the last letter read is b; c = 1
// when a's path for the current block visited an accepting state (the
// accepting states of N'). On letter x from (q, b, c):
//
//   - x == b: to (q, b, 0) (the block is longer than a's: a waits);
//   - to (q', x, c') for every q' that a reaches from q by n ≥ 1 edges on
//     x (a's block is longer: N' jumps), c' = 1 when one of the states
//     entered on the way is accepting.
//
// From the initial state only the jumps from a's initial state exist. A
// run of N' that enters accepting states infinitely often jumps
// infinitely often, and replacing each letter by a's path (a jump of n
// edges by x^n, a wait by nothing: only after a jump on the same letter)
// gives a word that stutters the input with an accepting run of a;
// conversely a run of a on a word w is split into blocks (the last,
// infinite block into finite pieces that each enter an accepting state)
// that N' follows on any stuttering of w. So L(N') is exactly the class
// closure of L(a). Only states from which an accepting cycle is reachable
// are kept.
func StutterClosure(a *Automaton) *Automaton {
	return stutterClosure(a, false)
}

// StutterClosurePrefixes is StutterClosure keeping every state reachable
// from the initial one, also those from which no accepting cycle is
// reachable. The finite runs of the result are then those of the
// closure: it can read a finite word exactly when a can read a word that
// stutters it, and enters a state derived from an end of a (State.End)
// on it exactly when a does on such a word. A search for a claim's end,
// and a system's assertions in a search with a claim, depend on those
// runs, which StutterClosure cuts where a would block later.
func StutterClosurePrefixes(a *Automaton) *Automaton {
	return stutterClosure(a, true)
}

func stutterClosure(a *Automaton, keepDead bool) *Automaton {
	np := a.NumProps
	if np > MaxSIProps || len(a.States) == 0 {
		return nil
	}
	nl := 1 << uint(np)
	n := len(a.States)
	reps := make([]int, nl)
	for b := range reps {
		reps[b] = b
	}
	// succ[q][b]: a's targets from q on letter b (representatives only)
	succ := make([][][]int, n)
	for q, s := range a.States {
		succ[q] = make([][]int, nl)
		for _, e := range s.Edges {
			for _, b := range reps {
				if e.Guard.Eval(uint64(b)) && !containsInt(succ[q][b], e.To) {
					succ[q][b] = append(succ[q][b], e.To)
				}
			}
		}
	}
	// jumps(q, b): the (q', c') reached by n >= 1 b-edges from q
	type jump struct{ to, c int }
	memo := map[[2]int][]jump{}
	jumps := func(q, b int) []jump {
		if j, ok := memo[[2]int{q, b}]; ok {
			return j
		}
		seen := make([]bool, 2*n)
		var out, stack []jump
		push := func(r, c int) {
			if a.States[r].Accepting {
				c = 1
			}
			if !seen[2*r+c] {
				seen[2*r+c] = true
				out = append(out, jump{r, c})
				stack = append(stack, jump{r, c})
			}
		}
		for _, r := range succ[q][b] {
			push(r, 0)
		}
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, r := range succ[j.to][b] {
				push(r, j.c)
			}
		}
		memo[[2]int{q, b}] = out
		return out
	}
	type key struct{ q, b, c int } // b == -1: the initial state
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
	add(key{a.Init, -1, 0})
	for i := 0; i < len(keys); i++ {
		k := keys[i]
		var out []siEdge
		for _, x := range reps {
			if k.b == x {
				out = append(out, siEdge{letter: x, to: add(key{k.q, x, 0})})
			}
			for _, j := range jumps(k.q, x) {
				out = append(out, siEdge{letter: x, to: add(key{j.to, x, j.c})})
			}
		}
		edges[i] = out
	}
	m := len(keys)
	acc := make([]bool, m)
	end := make([]bool, m)
	for i, k := range keys {
		acc[i] = k.c == 1
		end[i] = a.States[k.q].End
	}
	live := allStates(m)
	if !keepDead {
		live = liveStates(m, edges, acc)
	}
	if !live[0] {
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
	return letterAutomaton(a, np, order, newIdx, acc, end, edges, nil)
}

// Accepts reports whether a accepts the lasso word prefix·loop^ω, each
// letter a valuation of the propositions (bit i: proposition i). An empty
// loop accepts nothing.
func (a *Automaton) Accepts(prefix, loop []uint64) bool {
	if len(loop) == 0 || len(a.States) == 0 {
		return false
	}
	n := len(a.States)
	cur := map[int]bool{a.Init: true}
	step := func(set map[int]bool, x uint64) map[int]bool {
		next := map[int]bool{}
		for q := range set {
			for _, e := range a.States[q].Edges {
				if e.Guard.Eval(x) {
					next[e.To] = true
				}
			}
		}
		return next
	}
	for _, x := range prefix {
		cur = step(cur, x)
	}
	// product of a with the loop's positions: nodes (q, i), edges on
	// loop[i] to (q', i+1 mod len); accepted when a cycle through an
	// accepting q is reachable from (cur, 0)
	L := len(loop)
	m := n * L
	edges := make([][]siEdge, m)
	acc := make([]bool, m)
	for q := 0; q < n; q++ {
		for i := 0; i < L; i++ {
			v := q*L + i
			acc[v] = a.States[q].Accepting
			for _, e := range a.States[q].Edges {
				if e.Guard.Eval(loop[i]) {
					edges[v] = append(edges[v], siEdge{to: e.To*L + (i+1)%L})
				}
			}
		}
	}
	live := liveStates(m, edges, acc)
	for q := range cur {
		if live[q*L] {
			return true
		}
	}
	return false
}
