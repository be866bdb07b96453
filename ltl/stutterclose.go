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
func StutterClosure(a *Automaton) *Automaton { return stutterClosure(a, false) }

// StutterClosurePrefixes is StutterClosure keeping every state reachable
// from the initial one, also those from which no accepting cycle is
// reachable. The finite runs of the result are then those of the
// closure: it can read a finite word exactly when a can read a word that
// stutters it, and enters a state derived from an end of a (State.End)
// on it exactly when a does on such a word. A search for a claim's end,
// and a system's assertions in a search with a claim, depend on those
// runs, which StutterClosure cuts where a would block later.
func StutterClosurePrefixes(a *Automaton) *Automaton { return stutterClosure(a, true) }

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
	succ := a.letterSucc(nl, reps) // succ[q][b]: a's targets from q on letter b
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
	lg := newLetterGraph(np)
	num := newNumbering[key]()
	add := func(k key) int {
		i, isNew := num.add(k)
		if isNew {
			lg.States = append(lg.States, State{Accepting: k.c == 1, End: a.States[k.q].End})
		}
		return i
	}
	add(key{a.Init, -1, 0})
	for i := 0; i < len(num.keys); i++ {
		k := num.keys[i]
		lg.begin()
		for _, x := range reps {
			if k.b == x {
				lg.read(i, x, add(key{k.q, x, 0}))
			}
			for _, j := range jumps(k.q, x) {
				lg.read(i, x, add(key{j.to, x, j.c}))
			}
		}
	}
	return lg.automaton(a, keepDead, nil, nil)
}
