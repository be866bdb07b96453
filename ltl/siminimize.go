package ltl

import "slices"

// maxSIMinimize bounds the states of an automaton that SIMinimize
// reduces: the direct simulation is computed on pairs of states.
const maxSIMinimize = 3000

// SIMinimize returns an automaton in SI normal form (Siegel, Definition
// 12, over the classes of letters its guards treat alike) with the
// language of a, with at most a's states and edges, for a in SI normal
// form (SINormalForm's result); a itself when a is not in SI normal
// form, is too large, or nothing was removed.
//
// Every step keeps the language, and the result is checked for
// Definition 12 (siGraph.def12) before it is returned, so that Siegel's
// Theorem 1 applies to it as to a. The steps, repeated until none
// changes anything:
//
//   - Acceptance of a state on no cycle is dropped: a run visits it at
//     most once. An accepting state s without self-loop has a twin s#
//     with its edges (Definition 12 (4)), so once s is not accepting the
//     two are bisimilar and merge into a state with a self-loop on a_s,
//     as (3) asks.
//   - Bisimilar states merge (siGraph.bisimQuotient; the argument of
//     siQuotient holds for it).
//   - An edge s -x-> t goes when s has an edge s -x-> t' on the same
//     letter (class) to a state t' that strictly simulates t (direct
//     simulation, siGraph.simulation: acceptance and ends respected step
//     by step). Removing every such edge at once keeps the language
//     (Bustan and Grumberg's "little brothers"; Etessami, Wilke and
//     Schuller): a state of the original automaton is simulated by
//     itself in the pruned one, since among the x-successors of a state a
//     maximal one for strict simulation is never removed. Definition 12
//     holds still: no edge is added, the a_s-edge of s is its only edge
//     on a_s and so is never removed, and which edges go depends only on
//     the state's edges, so s and its twin s# keep the same ones.
//   - States that simulate each other, entered on the same letter, merge
//     (the quotient by direct-simulation equivalence keeps the language),
//     when the quotient is in SI normal form.
//   - States unreachable from the initial one, or from which no accepting
//     cycle is reachable, go (the argument of SINormalForm).
func SIMinimize(a *Automaton) *Automaton {
	if len(a.States) > maxSIMinimize || a.NumProps > MaxSIProps || len(a.States) == 0 {
		return a
	}
	g := newSIGraph(a)
	if g == nil || g.def12() != "" {
		return a
	}
	n, e := len(g.acc), g.numEdges()
	m := g.minimize()
	if len(m.acc) == n && m.numEdges() == e || m.def12() != "" {
		return a
	}
	return m.automaton(a)
}

// minimize applies SIMinimize's steps to g until none changes anything;
// it changes g.
func (g *siGraph) minimize() *siGraph {
	for changed := true; changed; {
		changed = g.dropTransientAcceptance()
		if q := g.bisimQuotient(); q != nil {
			g, changed = q, true
		}
		if g.loopAccepting() {
			changed = true
		}
		sim := g.simulation()
		if g.prune(sim) {
			changed = true
		}
		if q := g.simQuotient(sim); q != nil && q.def12() == "" {
			g, changed = q, true
		}
		if t := g.trim(); t != nil {
			g, changed = t, true
		}
	}
	return g
}

// An siGraph is an automaton over an explicit alphabet of letter classes
// (the classes of valuations that every guard of the automaton it was
// read from treats alike), for SIMinimize.
type siGraph struct {
	np      int
	members [][]int // class -> its valuations
	init    int
	acc     []bool
	end     []bool
	label   []int     // the class every edge into the state reads; -1 for init
	succ    [][][]int // succ[s][c]: the targets of s on class c, ascending
	order   [][]int   // order[s]: s's targets in the order of the edges
}

// newSIGraph reads a; nil when some state is entered on letters of
// different classes, or the initial state is entered at all.
func newSIGraph(a *Automaton) *siGraph {
	nl := 1 << uint(a.NumProps)
	tc := newTT(a.NumProps)
	var tabs [][]ttab // the truth tables of the guards, by state and edge
	key := make([][]byte, nl)
	distinct := map[string]bool{}
	for _, st := range a.States {
		ts := make([]ttab, len(st.Edges))
		for i, e := range st.Edges {
			ts[i] = tc.guard(e.Guard)
			k := sig64(ts[i])
			if distinct[k] {
				continue
			}
			distinct[k] = true
			for l := range key {
				key[l] = append(key[l], byte(b2i(ts[i].has(l))))
			}
		}
		tabs = append(tabs, ts)
	}
	// the classes of letters that every guard treats alike, numbered by
	// their smallest letter
	classOf := make([]int, nl)
	var reps []int
	byKey := map[string]int{}
	g := &siGraph{np: a.NumProps, init: a.Init}
	for l := range key {
		c, ok := byKey[string(key[l])]
		if !ok {
			c = len(reps)
			byKey[string(key[l])] = c
			reps = append(reps, l)
			g.members = append(g.members, nil)
		}
		classOf[l] = c
		g.members[c] = append(g.members[c], l)
	}
	n := len(a.States)
	g.acc = make([]bool, n)
	g.end = make([]bool, n)
	g.label = make([]int, n)
	g.succ = make([][][]int, n)
	g.order = make([][]int, n)
	for s := range g.label {
		g.label[s] = -2 // not entered
	}
	g.label[a.Init] = -1
	for s, st := range a.States {
		g.acc[s], g.end[s] = st.Accepting, st.End
		g.succ[s] = make([][]int, len(reps))
		for i, e := range st.Edges {
			for c, r := range reps {
				if !tabs[s][i].has(r) {
					continue
				}
				if e.To == a.Init || g.label[e.To] >= 0 && g.label[e.To] != c {
					return nil
				}
				g.label[e.To] = c
				if !slices.Contains(g.succ[s][c], e.To) {
					g.succ[s][c] = append(g.succ[s][c], e.To)
				}
				if !slices.Contains(g.order[s], e.To) {
					g.order[s] = append(g.order[s], e.To)
				}
			}
		}
		for c := range g.succ[s] {
			slices.Sort(g.succ[s][c])
		}
	}
	return g
}

func (g *siGraph) numEdges() int {
	n := 0
	for _, cs := range g.succ {
		for _, ts := range cs {
			n += len(ts)
		}
	}
	return n
}

// def12 reports the first way in which g is not in Siegel's SI normal
// form (Definition 12) over its letter classes, or "".
func (g *siGraph) def12() string {
	n := len(g.acc)
	in := make([]int, n) // the class of the edges into each state, -1: none
	for i := range in {
		in[i] = -1
	}
	for s := range g.succ {
		for c, ts := range g.succ[s] {
			for _, t := range ts {
				switch {
				case t == g.init:
					return "the initial state has incoming edges"
				case in[t] >= 0 && in[t] != c:
					return "state " + itoa(t) + ": incoming edges on several letters"
				}
				in[t] = c
			}
		}
	}
	for s := 0; s < n; s++ {
		if s == g.init || in[s] < 0 {
			continue // a state never entered constrains nothing
		}
		as := in[s]
		if len(g.succ[s][as]) != 1 { // (2)
			return "state " + itoa(s) + ": not exactly one edge on a_s"
		}
		h := g.succ[s][as][0]
		if h == s {
			continue
		}
		if !g.acc[s] { // (3)
			return "state " + itoa(s) + ": not accepting and no self-loop on a_s"
		}
		// (4): the twin s# is not accepting and has s's edges
		if g.acc[h] {
			return "state " + itoa(s) + ": its twin is accepting"
		}
		for c := range g.succ[s] {
			if !slices.Equal(g.succ[s][c], g.succ[h][c]) {
				return "state " + itoa(s) + ": its twin has other edges"
			}
		}
	}
	return ""
}

// loopAccepting gives an accepting state s without self-loop (whose
// a_s-edge leads to its twin s#) a self-loop on a_s instead, when every
// other state with an edge into s has an a_s-edge to a state other than
// s from which a_s^ω is accepted; it reports whether it changed a state.
//
// The language stays: a run of the new automaton that stays in s for
// ever reads u·a_s^ω where u enters s from some p, and from p the word is
// accepted on the other a_s-edge; one that loops k times in s and
// leaves is the run through s# (which has s's edges), visiting the
// accepting s k+1 times instead of once, which changes no acceptance of
// an infinite run (a run that visits s infinitely often leaves it
// infinitely often). Conversely a run through s# is matched by looping
// in s. Definition 12 holds: s's one a_s-edge is the self-loop, and s is
// accepting.
//
// All the states that qualify on the automaton as it is are changed at
// once. That is the same as changing them one after the other, each
// qualifying when its turn comes: a change gives s an a_s-loop, which
// only adds a_s^ω to what s and the states before it accept on a_s-edges,
// and removes only s's edge into s#, so a state's predecessors do not
// grow and the states that witnessed the condition still do.
func (g *siGraph) loopAccepting() bool {
	if g.def12() != "" {
		return false // the argument needs the twins of Definition 12 (4)
	}
	n := len(g.acc)
	pred := make([][]int, n)
	for p := range g.succ {
		for _, ts := range g.succ[p] {
			for _, t := range ts {
				if t != p && !slices.Contains(pred[t], p) {
					pred[t] = append(pred[t], p)
				}
			}
		}
	}
	omega := make([][]bool, len(g.members)) // per class, computed when needed
	var loop []int
	for s := 0; s < n; s++ {
		if s == g.init || !g.acc[s] || g.label[s] < 0 {
			continue
		}
		as := g.label[s]
		if len(g.succ[s][as]) != 1 || g.succ[s][as][0] == s {
			continue
		}
		if omega[as] == nil {
			omega[as] = g.omega(as)
		}
		ok := len(pred[s]) > 0
		for _, p := range pred[s] {
			w := false
			for _, t := range g.succ[p][as] {
				w = w || t != s && omega[as][t]
			}
			ok = ok && w
		}
		if ok {
			loop = append(loop, s)
		}
	}
	for _, s := range loop {
		g.succ[s][g.label[s]] = []int{s}
		if !slices.Contains(g.order[s], s) {
			g.order[s] = append(g.order[s], s)
		}
	}
	if len(loop) > 0 {
		g.reorder()
	}
	return len(loop) > 0
}

// omega reports, for every state t, whether c^ω ∈ L(t) for class c: an
// accepting state on a cycle of c-edges is reachable from t by c-edges.
func (g *siGraph) omega(c int) []bool {
	b := &Automaton{States: make([]State, len(g.acc))}
	for t := range b.States {
		b.States[t].Accepting = g.acc[t]
		for _, u := range g.succ[t][c] {
			b.States[t].Edges = append(b.States[t].Edges, Edge{To: u})
		}
	}
	live, _, _ := b.live()
	return live
}

// dropTransientAcceptance makes accepting states on no cycle not
// accepting; it reports whether there was one.
func (g *siGraph) dropTransientAcceptance() bool {
	b := g.shape()
	comp, nc := b.sccs()
	size := make([]int, nc)
	for _, c := range comp {
		size[c]++
	}
	changed := false
	for s := range g.acc {
		if g.acc[s] && size[comp[s]] == 1 && !g.selfLoop(s) {
			g.acc[s] = false
			changed = true
		}
	}
	return changed
}

func (g *siGraph) selfLoop(s int) bool {
	for _, ts := range g.succ[s] {
		if slices.Contains(ts, s) {
			return true
		}
	}
	return false
}

// shape is g as an Automaton without guards (edges by order), for the
// SCC algorithms.
func (g *siGraph) shape() *Automaton {
	b := &Automaton{States: make([]State, len(g.acc)), Init: g.init}
	for s := range b.States {
		b.States[s].Accepting = g.acc[s]
		for _, t := range g.order[s] {
			b.States[s].Edges = append(b.States[s].Edges, Edge{To: t})
		}
	}
	return b
}

// bisimQuotient merges bisimilar states (same letter in, acceptance and
// end, and edges class by class into the same blocks); nil when no two
// states are bisimilar.
func (g *siGraph) bisimQuotient() *siGraph {
	n := len(g.acc)
	block := make([]int, n)
	ids := map[string]int{}
	for s := 0; s < n; s++ {
		k := sig(g.label[s], b2i(g.acc[s]), b2i(g.end[s]))
		if s == g.init {
			k = sig(-1, -1, -1)
		}
		block[s] = idOf(ids, k)
	}
	nb := len(ids)
	for {
		ids = map[string]int{}
		next := make([]int, n)
		for s := 0; s < n; s++ {
			parts := []int{block[s]}
			for c, ts := range g.succ[s] {
				var bs []int
				for _, t := range ts {
					if !slices.Contains(bs, block[t]) {
						bs = append(bs, block[t])
					}
				}
				slices.Sort(bs)
				for _, b := range bs {
					parts = append(parts, c, b)
				}
			}
			next[s] = idOf(ids, sig(parts...))
		}
		block = next
		if len(ids) == nb {
			break
		}
		nb = len(ids)
	}
	if nb == n {
		return nil
	}
	return g.quotient(block, nb)
}

// sig64 encodes a truth table as a map key.
func sig64(t ttab) string {
	b := make([]byte, 0, 8*len(t))
	for _, w := range t {
		for k := 0; k < 64; k += 8 {
			b = append(b, byte(w>>uint(k)))
		}
	}
	return string(b)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func idOf(ids map[string]int, k string) int {
	id, ok := ids[k]
	if !ok {
		id = len(ids)
		ids[k] = id
	}
	return id
}

// quotient merges the states of each block (block[s] in 0..nb-1): a
// block is accepting and an end when its first member is (the callers
// merge only states that agree), and has the edges of all its members.
func (g *siGraph) quotient(block []int, nb int) *siGraph {
	q := &siGraph{np: g.np, members: g.members, init: block[g.init]}
	q.acc = make([]bool, nb)
	q.end = make([]bool, nb)
	q.label = make([]int, nb)
	q.succ = make([][][]int, nb)
	q.order = make([][]int, nb)
	seen := make([]bool, nb)
	for s := range g.acc {
		b := block[s]
		if !seen[b] {
			seen[b] = true
			q.acc[b], q.end[b], q.label[b] = g.acc[s], g.end[s], g.label[s]
			q.succ[b] = make([][]int, len(g.members))
		}
		for c, ts := range g.succ[s] {
			for _, t := range ts {
				if !slices.Contains(q.succ[b][c], block[t]) {
					q.succ[b][c] = append(q.succ[b][c], block[t])
				}
			}
		}
		for _, t := range g.order[s] {
			if !slices.Contains(q.order[b], block[t]) {
				q.order[b] = append(q.order[b], block[t])
			}
		}
	}
	for b := range q.succ {
		for c := range q.succ[b] {
			slices.Sort(q.succ[b][c])
		}
	}
	return q
}

// simulation returns direct simulation: sim[t][u] when u simulates t, that
// is, u is entered on t's letter, accepting when t is, an end when t is,
// and every edge t -c-> t' is matched by an edge u -c-> u' with u'
// simulating t'. The initial state simulates only itself. Only pairs
// entered on the same letter are candidates, refined until stable.
func (g *siGraph) simulation() [][]bool {
	n := len(g.acc)
	type out struct {
		c  int
		ts []int
	}
	edges := make([][]out, n)
	byLabel := map[int][]int{}
	for s := 0; s < n; s++ {
		for c, ts := range g.succ[s] {
			if len(ts) > 0 {
				edges[s] = append(edges[s], out{c, ts})
			}
		}
		if s != g.init {
			byLabel[g.label[s]] = append(byLabel[g.label[s]], s)
		}
	}
	sim := make([][]bool, n)
	for t := range sim {
		sim[t] = make([]bool, n)
		sim[t][t] = true
	}
	var pairs [][2]int
	for _, group := range byLabel {
		for _, t := range group {
			for _, u := range group {
				if t != u && (!g.acc[t] || g.acc[u]) && (!g.end[t] || g.end[u]) {
					sim[t][u] = true
					pairs = append(pairs, [2]int{t, u})
				}
			}
		}
	}
	matched := func(t, u int) bool {
		for _, e := range edges[t] {
			us := g.succ[u][e.c]
			for _, t2 := range e.ts {
				ok := false
				for _, u2 := range us {
					if sim[t2][u2] {
						ok = true
						break
					}
				}
				if !ok {
					return false
				}
			}
		}
		return true
	}
	for changed := true; changed; {
		changed = false
		kept := pairs[:0]
		for _, p := range pairs {
			if matched(p[0], p[1]) {
				kept = append(kept, p)
			} else {
				sim[p[0]][p[1]] = false
				changed = true
			}
		}
		pairs = kept
	}
	return sim
}

// prune removes every edge s -c-> t for which s has an edge s -c-> u with
// u strictly simulating t; it reports whether it removed one.
func (g *siGraph) prune(sim [][]bool) bool {
	changed := false
	for s := range g.succ {
		for c, ts := range g.succ[s] {
			kept := ts[:0:0]
			for _, t := range ts {
				dominated := false
				for _, u := range ts {
					if u != t && sim[t][u] && !sim[u][t] {
						dominated = true
						break
					}
				}
				if !dominated {
					kept = append(kept, t)
				}
			}
			if len(kept) < len(ts) {
				g.succ[s][c] = kept
				changed = true
			}
		}
	}
	if changed {
		g.reorder()
	}
	return changed
}

// reorder drops from each state's order the targets it no longer has an
// edge to.
func (g *siGraph) reorder() {
	for s := range g.order {
		var o []int
		for _, t := range g.order[s] {
			for _, ts := range g.succ[s] {
				if slices.Contains(ts, t) {
					o = append(o, t)
					break
				}
			}
		}
		g.order[s] = o
	}
}

// simQuotient merges the states that simulate each other (with sim
// reflexive, they are entered on one letter, agree on acceptance and
// ends); nil when no two do.
func (g *siGraph) simQuotient(sim [][]bool) *siGraph {
	n := len(g.acc)
	block := make([]int, n)
	for i := range block {
		block[i] = -1
	}
	nb := 0
	for s := 0; s < n; s++ {
		if block[s] >= 0 {
			continue
		}
		block[s] = nb
		for t := s + 1; t < n; t++ {
			if block[t] < 0 && sim[s][t] && sim[t][s] {
				block[t] = nb
			}
		}
		nb++
	}
	if nb == n {
		return nil
	}
	return g.quotient(block, nb)
}

// trim removes the states unreachable from the initial one and those from
// which no accepting cycle is reachable (the initial state is kept); nil
// when there are none.
func (g *siGraph) trim() *siGraph {
	n := len(g.acc)
	live, _, _ := g.shape().live()
	reach := make([]bool, n)
	reach[g.init] = true
	todo := []int{g.init}
	for len(todo) > 0 {
		s := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, t := range g.order[s] {
			if live[t] && !reach[t] {
				reach[t] = true
				todo = append(todo, t)
			}
		}
	}
	keep := 0
	for s := range reach {
		if reach[s] {
			keep++
		}
	}
	if keep == n {
		return nil
	}
	idx := make([]int, n)
	t := &siGraph{np: g.np, members: g.members}
	for s := range idx {
		idx[s] = -1
		if reach[s] {
			idx[s] = len(t.acc)
			t.acc = append(t.acc, g.acc[s])
			t.end = append(t.end, g.end[s])
			t.label = append(t.label, g.label[s])
		}
	}
	t.init = idx[g.init]
	for s := range reach {
		if !reach[s] {
			continue
		}
		cs := make([][]int, len(g.members))
		for c, ts := range g.succ[s] {
			for _, u := range ts {
				if idx[u] >= 0 {
					cs[c] = append(cs[c], idx[u])
				}
			}
		}
		var o []int
		for _, u := range g.order[s] {
			if idx[u] >= 0 {
				o = append(o, idx[u])
			}
		}
		t.succ = append(t.succ, cs)
		t.order = append(t.order, o)
	}
	return t
}

// automaton writes g as an Automaton, its initial state first, the
// edges of a state in their order but those into states that only loop
// on their letter, accepting (Siegel's (b, 2): the guess that the letter
// stays for ever), first (see siNormalForm).
func (g *siGraph) automaton(a *Automaton) *Automaton {
	n := len(g.acc)
	idx := make([]int, n)
	states := []int{g.init}
	for s := 0; s < n; s++ {
		if s != g.init {
			states = append(states, s)
		}
	}
	for i, s := range states {
		idx[s] = i
	}
	forever := func(s int) bool {
		return g.acc[s] && len(g.order[s]) == 1 && g.order[s][0] == s
	}
	tc := newTT(g.np)
	guards := map[string]Guard{} // the DNF of each truth table, computed once
	out := &Automaton{NumProps: g.np, Formula: a.Formula}
	for _, s := range states {
		st := State{Accepting: g.acc[s], End: g.end[s]}
		order := slices.Clone(g.order[s])
		slices.SortStableFunc(order, func(x, y int) int { return b2i(forever(y)) - b2i(forever(x)) })
		for _, t := range order {
			tab := tc.zero()
			for c, ts := range g.succ[s] {
				if slices.Contains(ts, t) {
					for _, l := range g.members[c] {
						tab.set(l)
					}
				}
			}
			k := sig64(tab)
			gd, ok := guards[k]
			if !ok {
				gd = tc.dnf(tab)
				guards[k] = gd
			}
			st.Edges = append(st.Edges, Edge{To: idx[t], Guard: slices.Clone(gd)})
		}
		out.States = append(out.States, st)
	}
	out.name()
	return out
}
