package ltl

// TGBA is a transition-based generalized Büchi automaton: a run is
// accepted when, for each of the NumSets acceptance sets, it takes
// infinitely often an edge that carries the set's mark. It is the
// automaton the translation builds before degeneralizing it into a
// state-based Büchi automaton (Translate): the SCC-based emptiness check
// uses it directly, with its sets as acceptance marks on the transitions
// of the product.
type TGBA struct {
	States   []TState
	Init     int
	NumProps int
	NumSets  int
}

// TState is one state of a TGBA.
type TState struct {
	Edges []TEdge
}

// TEdge is a transition to state To, enabled when Guard holds, carrying
// the acceptance sets whose bits are set in Marks.
type TEdge struct {
	To    int
	Guard Guard
	Marks uint64
}

// TranslateTGBA builds a TGBA accepting exactly the words that satisfy f
// (pass the negation of a property, as with Translate): the tableau's
// automaton, with the states that cannot reach an accepting cycle
// removed, acceptance kept only inside accepting components, and (unless
// opt.NoSimulation) the simulation-based reductions that Translate
// applies before degeneralizing.
//
// Like Translate, it panics for a formula beyond the translator's limits;
// TryTranslateTGBA returns the error instead.
func TranslateTGBA(f *Formula, opt Options) *TGBA {
	a, err := TryTranslateTGBA(f, opt)
	if err != nil {
		panic(err)
	}
	return a
}

// TryTranslateTGBA is TranslateTGBA returning an error (see TryTranslate)
// for a formula beyond the translator's limits.
func TryTranslateTGBA(f *Formula, opt Options) (a *TGBA, err error) {
	defer catchLimit(&err)
	return translateTGBA(f, opt), nil
}

func translateTGBA(f *Formula, opt Options) *TGBA {
	np := f.NumProps()
	if np > 64 {
		panic(&LimitError{"more than 64 propositions"})
	}
	fc := newFactory()
	fc.limit = opt.maxWork()
	g := fc.nnf(f, false)
	a := buildTGBA(fc, g, np)
	a = a.filter()
	if !opt.NoSimulation && !opt.NoPostProcessing {
		a = a.reduceSim()
	}
	out := &TGBA{NumProps: np, NumSets: a.nacc, Init: a.init}
	for q := 0; q < a.n; q++ {
		var st TState
		for _, e := range a.edges[q] {
			gd := e.g
			if a.tc != nil {
				if e.t == nil {
					e.t = a.tc.guard(gd)
				}
				gd = a.tc.dnf(e.t)
			}
			if len(gd) == 0 {
				continue
			}
			st.Edges = append(st.Edges, TEdge{To: e.dst, Guard: gd, Marks: e.marks})
		}
		out.States = append(out.States, st)
	}
	return out
}

// AllMarks is the set of every acceptance set.
func (a *TGBA) AllMarks() uint64 {
	if a.NumSets >= 64 {
		return ^uint64(0)
	}
	return uint64(1)<<uint(a.NumSets) - 1
}

// Universal reports whether every word is accepted from state q because
// q has an unconditional self-loop carrying every mark (the TGBA's
// counterpart of a never claim's accept_all: reaching q violates the
// property at once).
func (a *TGBA) Universal(q int) bool {
	all := a.AllMarks()
	for _, e := range a.States[q].Edges {
		if e.To == q && e.Marks&all == all && e.Guard.IsTrue() {
			return true
		}
	}
	return false
}

// Stats returns the number of states, of edges (one per guard, as
// Automaton.Stats counts them) and of acceptance sets.
func (a *TGBA) Stats() (states, edges, accSets int) {
	for _, s := range a.States {
		edges += len(s.Edges)
	}
	return len(a.States), edges, a.NumSets
}

// Accepts reports whether the TGBA accepts the ultimately periodic word
// prefix·cycle^ω, where each letter is a valuation of the propositions
// (bit i: proposition i). cycle must not be empty. For tests.
func (a *TGBA) Accepts(prefix, cycle []uint64) bool {
	// product of the automaton with the lasso's positions; a node is
	// (position, state), positions len(prefix)+len(cycle) wrap around
	n := len(prefix) + len(cycle)
	next := func(p int) int {
		if p+1 == n {
			return len(prefix)
		}
		return p + 1
	}
	letter := func(p int) uint64 {
		if p < len(prefix) {
			return prefix[p]
		}
		return cycle[p-len(prefix)]
	}
	ns := len(a.States)
	id := func(p, q int) int { return p*ns + q }
	type arc struct {
		to    int
		marks uint64
	}
	succ := make([][]arc, n*ns)
	for p := 0; p < n; p++ {
		for q := 0; q < ns; q++ {
			for _, e := range a.States[q].Edges {
				if e.Guard.Eval(letter(p)) {
					succ[id(p, q)] = append(succ[id(p, q)], arc{id(next(p), e.To), e.Marks})
				}
			}
		}
	}
	// Tarjan's SCCs over the nodes reachable from the initial one; an SCC
	// with an internal arc of every mark accepts.
	N := n * ns
	index := make([]int, N)
	low := make([]int, N)
	on := make([]bool, N)
	comp := make([]int, N)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	cnt, nc := 0, 0
	var visit func(v int)
	visit = func(v int) {
		index[v], low[v] = cnt, cnt
		cnt++
		stack = append(stack, v)
		on[v] = true
		for _, e := range succ[v] {
			if index[e.to] < 0 {
				visit(e.to)
				low[v] = min(low[v], low[e.to])
			} else if on[e.to] {
				low[v] = min(low[v], index[e.to])
			}
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
	}
	visit(id(0, a.Init))
	union := make([]uint64, nc)
	nontriv := make([]bool, nc)
	for v := 0; v < N; v++ {
		if index[v] < 0 {
			continue
		}
		for _, e := range succ[v] {
			if comp[e.to] == comp[v] {
				union[comp[v]] |= e.marks
				nontriv[comp[v]] = true
			}
		}
	}
	all := a.AllMarks()
	for c := 0; c < nc; c++ {
		if nontriv[c] && union[c]&all == all {
			return true
		}
	}
	return false
}
