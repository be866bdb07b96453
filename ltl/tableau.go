package ltl

import (
	"slices"
	"sort"
)

// term is one disjunct cube ∧ X(next) of the expansion of a formula, with
// the eventualities it postpones (promises, a bitset of acceptance sets).
type term struct {
	c    Cube
	next *Formula
	prom uint64
}

type tableau struct {
	fc   *factory
	memo map[int32][]term
	acc  map[int32]int // eventuality formula id -> acceptance set
}

func (t *tableau) accOf(f *Formula) uint64 {
	i, ok := t.acc[f.id]
	if !ok {
		i = len(t.acc)
		if i >= 64 {
			panic(&LimitError{"more than 64 eventualities (F, U subformulas)"})
		}
		t.acc[f.id] = i
	}
	return 1 << uint(i)
}

func (t *tableau) product(xs, ys []term) []term {
	var out []term
	for _, x := range xs {
		for _, y := range ys {
			c := Cube{x.c.Pos | y.c.Pos, x.c.Neg | y.c.Neg}
			if c.Pos&c.Neg != 0 {
				continue
			}
			n := t.fc.and(x.next, y.next)
			if n.Op == OpFalse {
				continue
			}
			t.fc.spend(1)
			out = append(out, term{c, n, x.prom | y.prom})
		}
	}
	return out
}

// expand returns the terms of f: f ≡ ∨ (cube ∧ X next).
func (t *tableau) expand(f *Formula) []term {
	if r, ok := t.memo[f.id]; ok {
		return r
	}
	fc := t.fc
	var r []term
	a := f.Args
	switch f.Op {
	case OpTrue:
		r = []term{{next: fc.tt}}
	case OpFalse:
	case OpProp:
		r = []term{{c: Cube{Pos: 1 << uint(f.Prop)}, next: fc.tt}}
	case OpNot:
		r = []term{{c: Cube{Neg: 1 << uint(a[0].Prop)}, next: fc.tt}}
	case OpAnd:
		r = t.expand(a[0])
		for _, x := range a[1:] {
			r = t.product(r, t.expand(x))
		}
	case OpOr:
		for _, x := range a {
			r = append(r, t.expand(x)...)
		}
	case OpNext:
		r = []term{{next: a[0]}}
	case OpUntil: // b ∨ (a ∧ X(a U b)), promising b
		r = append(r, t.expand(a[1])...)
		r = append(r, t.product(t.expand(a[0]), []term{{next: f, prom: t.accOf(a[1])}})...)
	case OpEventually:
		r = append(r, t.expand(a[0])...)
		r = append(r, term{next: f, prom: t.accOf(a[0])})
	case OpWeakUntil: // b ∨ (a ∧ X(a W b))
		r = append(r, t.expand(a[1])...)
		r = append(r, t.product(t.expand(a[0]), []term{{next: f}})...)
	case OpRelease: // b ∧ (a ∨ X(a R b))
		r = t.product(t.expand(a[1]), append(append([]term(nil), t.expand(a[0])...), term{next: f}))
	case OpAlways:
		r = t.product(t.expand(a[0]), []term{{next: f}})
	}
	t.fc.spend(len(r))
	r = reduceTerms(t.fc, r)
	t.memo[f.id] = r
	return r
}

// reduceTerms removes terms subsumed by another one: t1 is subsumed by t2
// when t1's cube implies t2's, t1's next implies t2's and t2 promises no
// more than t1.
func reduceTerms(fc *factory, r []term) []term {
	if len(r) > 200 {
		return r
	}
	removed := make([]bool, len(r))
	for i := range r {
		for j := range r {
			if i == j || removed[j] {
				continue
			}
			x, y := r[i], r[j]
			if x.c.implies(y.c) && y.prom&^x.prom == 0 &&
				(x.next == y.next || y.next.Op == OpTrue || conjSubset(y.next, x.next)) {
				removed[i] = true
				break
			}
		}
	}
	return kept(r, removed)
}

// conjSubset reports whether every conjunct of y is a conjunct of x.
func conjSubset(y, x *Formula) bool {
	ys, xs := []*Formula{y}, []*Formula{x}
	if y.Op == OpAnd {
		ys = y.Args
	}
	if x.Op == OpAnd {
		xs = x.Args
	}
	for _, a := range ys {
		found := false
		for _, b := range xs {
			if a == b {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// splitOr makes disjunctive successor formulas separate successors.
const splitOr = true

// buildTGBA explores the state formulas reachable from f: the states of
// the TGBA (edge-based generalized Büchi acceptance, one set per
// eventuality: an edge carries the sets whose eventualities it does not
// postpone).
func buildTGBA(fc *factory, f *Formula, np int) *Automaton {
	fc.tableau = true
	defer func() { fc.tableau = false }()
	t := &tableau{fc: fc, memo: map[int32][]term{}, acc: map[int32]int{}}
	a := &Automaton{NumProps: np, Acc: EdgeGenBuchi}
	index := map[int32]int{}
	var queue []*Formula
	add := func(g *Formula) int {
		if i, ok := index[g.id]; ok {
			return i
		}
		fc.spend(1)
		i := len(queue)
		index[g.id] = i
		queue = append(queue, g)
		return i
	}
	add(f)
	for i := 0; i < len(queue); i++ {
		a.States = append(a.States, State{Edges: t.edges(queue[i], add)})
	}
	a.NumSets = len(t.acc)
	all := a.AllMarks()
	for q := range a.States {
		for j := range a.States[q].Edges {
			e := &a.States[q].Edges[j]
			e.Marks = all &^ e.Marks
			e.Guard = simplifyDNF(e.Guard)
		}
	}
	if a.withTT() {
		// Syntactic little brothers: on the letters of an edge to a state
		// whose conjuncts are a subset of another edge's target (so a
		// weaker formula) with at least its marks, the other edge is
		// useless.
		for q := range a.States {
			es := a.States[q].Edges
			if len(es) < 2 || len(es) > 300 {
				continue
			}
			pruneEdges(es, func(i, j int) bool {
				if es[i].Marks&^es[j].Marks != 0 {
					return false
				}
				ni, nj := queue[es[i].To], queue[es[j].To]
				if ni == nj && es[i].Marks == es[j].Marks {
					return false
				}
				return ni == nj || nj.Op == OpTrue || (nj.Op != OpFalse && conjSubset(nj, ni))
			})
			for i := range es {
				if es[i].t.empty() {
					es[i].Guard = nil
				}
			}
		}
	}
	return a
}

// edges returns the edges of the state of formula f, their targets
// numbered by add, one per target and promise set (the cubes of the
// terms to one target merged into one guard), with the promises in Marks
// (buildTGBA complements them).
func (t *tableau) edges(f *Formula, add func(*Formula) int) []Edge {
	type rawEdge struct {
		dst  int
		prom uint64
	}
	group := map[rawEdge]int{}
	var es []Edge
	var split []term
	for _, x := range t.expand(f) {
		if splitOr && x.next.Op == OpOr {
			for _, y := range x.next.Args {
				split = append(split, term{x.c, y, x.prom})
			}
			continue
		}
		split = append(split, x)
	}
	t.fc.spend(len(split))
	for _, x := range split {
		d := add(x.next)
		k := rawEdge{d, x.prom}
		if j, ok := group[k]; ok {
			es[j].Guard = append(es[j].Guard, x.c)
			continue
		}
		group[k] = len(es)
		es = append(es, Edge{To: d, Guard: Guard{x.c}, Marks: x.prom})
	}
	return es
}

// simplifyDNF removes duplicate and subsumed cubes.
func simplifyDNF(g Guard) Guard {
	sort.Slice(g, func(i, j int) bool {
		return popc(g[i].Pos|g[i].Neg) < popc(g[j].Pos|g[j].Neg)
	})
	out := g[:0:0]
	for _, c := range g {
		if !slices.ContainsFunc(out, c.implies) {
			out = append(out, c)
		}
	}
	return out
}
