package ltl

// Automaton is the one ω-automaton type of the package (Spot's twa):
// states with edges labelled by guards, and a generalized Büchi
// acceptance condition whose sets are marked on the states or on the
// edges. The algorithms beside it (translation, simulation,
// degeneralization, WDBA, stutter closure, SI normal form, products, HOA
// output) read and build this type.
//
// With state-based acceptance (Acc == StateBuchi, the zero value: SPIN's
// never claims) there is one set, carried by the states whose Accepting
// is set, and a run is accepted when it visits accepting states
// infinitely often. With edge-based acceptance (Acc == EdgeGenBuchi, the
// translation's TGBA) there are NumSets sets, edge e carrying those whose
// bits are set in e.Marks, and a run is accepted when, for each set, it
// takes infinitely often an edge that carries it. Edge guards are DNFs
// over proposition indices 0..NumProps-1.
type Automaton struct {
	States   []State
	Init     int
	NumProps int
	// Acc says where the acceptance sets are marked; NumSets is their
	// number with edge-based acceptance (state-based acceptance has one
	// set, whatever NumSets says).
	Acc     Acceptance
	NumSets int
	// Formula is the translated formula in SPIN syntax, printed as the
	// never claim's comment (optional).
	Formula string

	tc *ttctx // non-nil when the edges carry truth tables (Edge.t)
}

// Acceptance says where an Automaton's acceptance sets are marked.
type Acceptance uint8

const (
	// StateBuchi is Büchi acceptance on states (State.Accepting).
	StateBuchi Acceptance = iota
	// EdgeGenBuchi is generalized Büchi acceptance on edges (Edge.Marks).
	EdgeGenBuchi
)

// State is one state of an Automaton.
type State struct {
	Edges []Edge
	// Accepting: the state carries the acceptance set (state-based
	// acceptance only).
	Accepting bool
	Name      string
	// End: the state stands for a never claim's end (its closing
	// brace), from which every word is accepted: a claim written from
	// the automaton ends on entering it. Set by the reader of a claim
	// written in Promela and kept through StutterClosure and
	// SINormalForm, whose states derived from an end are ends too.
	End bool
}

// Edge is a transition to state To, enabled when Guard holds, carrying
// the acceptance sets whose bits are set in Marks (edge-based acceptance
// only).
type Edge struct {
	To    int
	Guard Guard
	Marks uint64
	t     ttab // truth table of Guard, when the automaton has them (tc)
}

// stateBased reports whether the acceptance is on the states.
func (a *Automaton) stateBased() bool { return a.Acc == StateBuchi }

// numSets is the number of acceptance sets.
func (a *Automaton) numSets() int {
	if a.stateBased() {
		return 1
	}
	return a.NumSets
}

// AllMarks is the set of every acceptance set.
func (a *Automaton) AllMarks() uint64 {
	if n := a.numSets(); n < 64 {
		return uint64(1)<<uint(n) - 1
	}
	return ^uint64(0)
}

// marksOf is the acceptance of edge e from q: its marks, or with
// state-based acceptance the acceptance of q.
func (a *Automaton) marksOf(q int, e *Edge) uint64 {
	if a.stateBased() {
		if a.States[q].Accepting {
			return 1
		}
		return 0
	}
	return e.Marks
}

// NumEdges is the number of edges (one per guard).
func (a *Automaton) NumEdges() int {
	n := 0
	for i := range a.States {
		n += len(a.States[i].Edges)
	}
	return n
}

// Stats returns the number of states, of edges (one per guard) and of
// acceptance sets.
func (a *Automaton) Stats() (states, edges, accSets int) {
	return len(a.States), a.NumEdges(), a.numSets()
}

// Universal reports whether every word is accepted from state q because
// q has an unconditional self-loop that carries every acceptance set (a
// never claim's accept_all: reaching q violates the property at once).
func (a *Automaton) Universal(q int) bool {
	all := a.AllMarks()
	for i := range a.States[q].Edges {
		e := &a.States[q].Edges[i]
		if e.To == q && a.marksOf(q, e)&all == all && e.Guard.IsTrue() {
			return true
		}
	}
	return false
}

// shell returns an automaton with a's acceptance, propositions, formula
// and truth tables, and n states without edges.
func (a *Automaton) shell(n int) *Automaton {
	return &Automaton{States: make([]State, n), NumProps: a.NumProps, Acc: a.Acc, NumSets: a.NumSets, Formula: a.Formula, tc: a.tc}
}

// export returns a copy of a with the guards computed from the truth
// tables, the empty edges dropped and no truth tables; named gives the
// states SPIN's names (name).
func (a *Automaton) export(named bool) *Automaton {
	out := a.shell(len(a.States))
	out.Init, out.tc = a.Init, nil
	for q := range a.States {
		out.States[q].Accepting = a.stateBased() && a.States[q].Accepting
		for _, e := range a.States[q].Edges {
			g := e.Guard
			if a.tc != nil {
				if e.t == nil {
					e.t = a.tc.guard(g)
				}
				g = a.tc.dnf(e.t)
			}
			if len(g) == 0 {
				continue
			}
			out.States[q].Edges = append(out.States[q].Edges, Edge{To: e.To, Guard: g, Marks: e.Marks})
		}
	}
	if named {
		out.name()
	}
	return out
}

// name assigns SPIN-style labels: T0_init / accept_init for the initial
// state, accept_all for an accepting state whose only edge is a true
// self-loop, accept_S<i> and T0_S<i> for the others.
func (a *Automaton) name() {
	all := false
	for i := range a.States {
		s := &a.States[i]
		switch {
		case i == a.Init && s.Accepting:
			s.Name = "accept_init"
		case i == a.Init:
			s.Name = "T0_init"
		case !all && s.Accepting && len(s.Edges) == 1 && s.Edges[0].To == i && s.Edges[0].Guard.IsTrue():
			s.Name = "accept_all"
			all = true
		case s.Accepting:
			s.Name = "accept_S" + itoa(i)
		default:
			s.Name = "T0_S" + itoa(i)
		}
	}
}

// withTT attaches truth tables to the guards when there are few
// propositions.
func (a *Automaton) withTT() bool {
	if a.tc != nil {
		return true
	}
	if a.NumProps > maxTT {
		return false
	}
	a.tc = newTT(a.NumProps)
	for q := range a.States {
		for i := range a.States[q].Edges {
			e := &a.States[q].Edges[i]
			e.t = a.tc.guard(e.Guard)
		}
	}
	return true
}

// renumber returns the part of a reachable from its initial state, the
// states numbered in breadth-first order (the initial state 0); redirect
// (optional) maps each state to its representative. Parallel edges are
// merged (mergeParallel).
func (a *Automaton) renumber(redirect []int) *Automaton {
	rd := func(q int) int {
		if redirect != nil {
			return redirect[q]
		}
		return q
	}
	num := make([]int, len(a.States))
	for i := range num {
		num[i] = -1
	}
	b := a.shell(0)
	start := rd(a.Init)
	num[start] = 0
	order := []int{start}
	for i := 0; i < len(order); i++ {
		st := a.States[order[i]]
		var es []Edge
		for _, e := range st.Edges {
			d := rd(e.To)
			if num[d] < 0 {
				num[d] = len(order)
				order = append(order, d)
			}
			e.To = num[d]
			es = append(es, e)
		}
		st.Edges = es
		b.States = append(b.States, st)
	}
	b.mergeParallel()
	return b
}

// mergeParallel merges edges with the same destination (and marks). The
// guards of a group are concatenated, then simplified once (merging them
// one by one cost time cubic in the group's size: conjunctions of many
// []<> subformulas give thousands of parallel edges).
func (a *Automaton) mergeParallel() {
	type key struct {
		dst   int
		marks uint64
	}
	for q := range a.States {
		if len(a.States[q].Edges) < 2 {
			continue
		}
		idx := make(map[key]int, len(a.States[q].Edges))
		var es []Edge
		var merged []bool
		for _, e := range a.States[q].Edges {
			k := key{dst: e.To}
			if !a.stateBased() {
				k.marks = e.Marks
			}
			j, ok := idx[k]
			if !ok {
				idx[k] = len(es)
				es = append(es, e)
				merged = append(merged, false)
				continue
			}
			if a.tc != nil {
				es[j].t = es[j].t.or(e.t)
				es[j].Guard = ttGuard
				continue
			}
			if !merged[j] {
				es[j].Guard = append(Guard(nil), es[j].Guard...)
				merged[j] = true
			}
			es[j].Guard = append(es[j].Guard, e.Guard...)
		}
		for j := range es {
			if merged[j] {
				es[j].Guard = simplifyDNF(es[j].Guard)
			}
		}
		a.States[q].Edges = es
	}
}

// ttGuard stands for the guard of an edge whose truth table is the
// reference (the DNF is computed on export).
var ttGuard = Guard{{}}

// quotient returns the automaton of a whose states are the
// representatives rep (rep[q] ≤ q, rep[rep[q]] = rep[q]), each with the
// edges of all its members when union, else its own; renumbered and
// filtered.
func (a *Automaton) quotient(rep []int, union bool) *Automaton {
	b := a.shell(len(a.States))
	b.Init = a.Init
	for q := range a.States {
		b.States[q].Accepting = a.States[q].Accepting
		switch {
		case union:
			b.States[rep[q]].Edges = append(b.States[rep[q]].Edges, a.States[q].Edges...)
		case rep[q] == q:
			b.States[q].Edges = a.States[q].Edges
		}
	}
	return b.renumber(rep).filter()
}

// simEquivalent returns, for a preorder sim, each state's representative:
// the first state equivalent to it; merged says whether any state has
// another representative.
func simEquivalent(sim [][]bool) (rep []int, merged bool) {
	rep = make([]int, len(sim))
	for q := range sim {
		rep[q] = q
		for r := 0; r < q; r++ {
			if sim[q][r] && sim[r][q] {
				rep[q] = rep[r]
				merged = true
				break
			}
		}
	}
	return rep, merged
}
