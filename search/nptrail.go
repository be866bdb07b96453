package search

import (
	"slices"

	"github.com/gospin/gospin/pins"
)

// The trails of -l. A search of the non-progress product numbers a
// step's K among the product's successors of the same Pid and Group,
// and the product gives the system's successors once for each move of
// the claim: in pan's claim's first state, where np_ holds, a system
// step taken with the claim's second move (true -> S0) has K = n + k,
// n being the number of the system's steps of that Pid and Group. gospin
// run -t replays a -l trail on the model alone (the trail names no
// claim), where K counts the model's steps of that Pid and Group, k. So
// the trails of -l are renumbered for the model (npSystemTrail) once
// they are found, rewritten for pan's claim first where they were found
// on the SI claim's product (npPanTrail).

// npRenumber renumbers the paths of the product of a model with pan's
// claim (npPan) from its initial state for the model alone: each step's
// K among the successors of its claim move (they are the model's, in
// its order). It replays each path on the product, and keeps what it
// replayed in a tree of the paths' prefixes, so that the trails of -e,
// which share their prefixes (the search's stack), cost a replay of
// their new steps only (hajek.pml -l -e: 9,859 trails up to 4,183 steps
// long).
type npRenumber struct {
	n     *npModel
	keys  map[npKey]int32 // (parent node, step) -> node
	nodes []npNode        // node 0: the initial state
	arena []byte          // the nodes' states
	next  []byte
	// prev: the last trail renumbered, as found; path: its nodes
	prev []Step
	path []int32
}

type npKey struct {
	parent int32
	st     Step
}

type npNode struct {
	off, len int32
	k        int32 // the step's K for the model alone
	stutter  bool  // reached by a stutter step of the claim
}

// npRenumberMax bounds the nodes kept; past it the tree starts again.
const npRenumberMax = 1 << 20

func newNPRenumber(base pins.Model) *npRenumber {
	return &npRenumber{n: newNPModel(base, npPan)}
}

// renumber replays steps, keeping their nodes in path for apply, or
// returns false where a step is not a successor (then the trail stays
// as it was found).
func (r *npRenumber) renumber(steps []Step) bool {
	if len(r.nodes) == 0 || len(r.nodes) > npRenumberMax {
		init, err := r.n.Initial(nil)
		if err != nil {
			return false
		}
		r.keys = map[npKey]int32{}
		r.arena = append(r.arena[:0], init...)
		r.nodes = append(r.nodes[:0], npNode{off: 0, len: int32(len(init))})
		r.prev, r.path = r.prev[:0], r.path[:0]
	}
	// the prefix shared with the last trail (the search's stack) is
	// where it was: its nodes are path's
	l := 0
	for l < len(steps) && l < len(r.prev) && steps[l] == r.prev[l] {
		l++
	}
	r.prev = append(r.prev[:l], steps[l:]...)
	r.path = r.path[:l]
	cur := int32(0)
	if l > 0 {
		cur = r.path[l-1]
	}
	for _, st := range steps[l:] {
		id, ok := r.keys[npKey{cur, st}]
		if !ok {
			if id, ok = r.step(cur, st); !ok {
				r.prev, r.path = r.prev[:0], r.path[:0]
				return false
			}
		}
		r.path = append(r.path, id)
		cur = id
	}
	return true
}

// apply returns steps, which renumber just walked, numbered for the
// model alone: a copy where a K changes (the search may hand the same
// steps to several errors).
func (r *npRenumber) apply(steps []Step) []Step {
	out := steps
	for i, id := range r.path {
		if k := int(r.nodes[id].k); k != steps[i].K {
			if &out[0] == &steps[0] {
				out = slices.Clone(steps)
			}
			out[i].K = k
		}
	}
	return out
}

// step replays step st from node cur and adds the node it reaches.
func (r *npRenumber) step(cur int32, st Step) (int32, bool) {
	c := r.nodes[cur]
	state := r.arena[c.off : c.off+c.len : c.off+c.len]
	expand := r.n.Next
	if c.stutter {
		expand = r.n.NextStutter
	}
	// K among all the product's successors of st's Pid and Group
	// (seen), and among those of each claim move (per, by the move's
	// index + 1: -1 inside an atomic sequence)
	seen, k := 0, -1
	var per [8]int
	expand(state, func(t *pins.Transition, succ []byte) bool {
		if t.Pid != st.Pid || t.Group != st.Group || t.Claim+1 < 0 || t.Claim+1 >= len(per) {
			return true
		}
		if seen == st.K {
			k = per[t.Claim+1]
			r.next = append(r.next[:0], succ...)
			return false
		}
		seen++
		per[t.Claim+1]++
		return true
	})
	if k < 0 {
		return 0, false
	}
	if st.Pid < 0 {
		k = st.K // a stutter step of the claim: not the model's
	}
	off := int32(len(r.arena))
	r.arena = append(r.arena, r.next...)
	id := int32(len(r.nodes))
	r.nodes = append(r.nodes, npNode{off: off, len: int32(len(r.next)), k: int32(k), stutter: st.Pid == -1})
	r.keys[npKey{cur, st}] = id
	return id, true
}

// npTrails prepares the trails of a non-progress search on m (pan's
// product, or the SI claim's product when base is not nil: then base is
// the model it is the product of) for gospin run -t. It serves one
// goroutine.
type npTrails struct {
	m, base pins.Model
	r       *npRenumber
}

func newNPTrails(m, base pins.Model) *npTrails {
	t := &npTrails{m: m, base: base}
	sys := base
	if sys == nil {
		sys = NPSystem(m)
	}
	if sys != nil {
		t.r = newNPRenumber(sys)
	}
	return t
}

// prepare rewrites the trail of error e (if it has one).
func (t *npTrails) prepare(e *Error) {
	if e.Trail == nil {
		return
	}
	if t.base != nil {
		npPanTrail(e, t.base)
	}
	if t.r == nil {
		return
	}
	if t.r.renumber(e.Trail) {
		e.Trail = t.r.apply(e.Trail)
	}
}

// NPSystem returns the model whose non-progress product m is (m itself,
// a layer that gives its Unreduced model, or the product unfolded for
// weak fairness), for pan's claim or the SI claim, or nil.
func NPSystem(m pins.Model) pins.Model {
	for range 4 {
		switch x := m.(type) {
		case *npModel:
			return x.m
		case interface{ Unreduced() pins.Model }:
			m = x.Unreduced()
		case *fairModel:
			m = x.m // -l -f: the product unfolded for weak fairness
		default:
			return nil
		}
	}
	return nil
}

// NPTrails prepares the trails of a non-progress search on m
// (NonProgressModel, or NonProgressSI's product, possibly under a
// reduction layer) for gospin run -t, as the sequential search does: a
// counterexample of the SI claim's product is rewritten for pan's
// claim, and every step's K is numbered among the model's own
// successors. It serves one goroutine, which must not call it from
// inside one of m's calls (it uses m's model).
type NPTrails struct{ t *npTrails }

// NewNPTrails returns the NPTrails of a non-progress search on m.
func NewNPTrails(m pins.Model) *NPTrails {
	var base pins.Model
	if NPBase(m) != nil {
		base = NPSystem(m)
	}
	return &NPTrails{newNPTrails(m, base)}
}

// Prepare rewrites the trail of error e (if it has one).
func (t *NPTrails) Prepare(e *Error) { t.t.prepare(e) }
