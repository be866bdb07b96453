package parsearch

import (
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/store"
)

// The counterexample of the parallel SCC search, built once the workers
// have stopped (the union-find structure no longer changes): a worker's
// stack is no path of the graph (a frame takes the successors of any
// state of its set), so the trail is found by breadth-first searches of
// the stored graph, as the sequential search finds its cycle (search's
// lasso): from the initial state to the accepting set (or to the state
// of the violation), over stored states only (the search's own path
// runs through them); then, inside the set, which is strongly connected,
// from the state reached to a step with a mark still missing, again
// until every mark is there, and back to the first state of the set.

// ufNodeOf returns the node of a stored state s (0 when s is not
// stored, or has no node).
func (u *ufscc) ufNodeOf(h store.SetHandle, s []byte) uint32 {
	idx, ok := h.Lookup(s, store.Hash(s))
	if !ok {
		return 0
	}
	return u.uf.idSlot(idx).Load()
}

type bfsNode struct {
	id     uint32
	parent int32
	step   search.Step
}

// bfs searches from node `from` along the graph's steps, over stored
// states for which inside holds, for a step on which stop holds (given
// the step's target node and marks); it returns the steps there, the
// target and the step's marks.
func (u *ufscc) bfs(w *uworker, from uint32, inside func(uint32) bool, stop func(t uint32, m *search.Marks) bool) ([]search.Step, uint32, search.Marks, bool) {
	queue := []bfsNode{{id: from, parent: -1}}
	seen := map[uint32]bool{from: true}
	for h := 0; h < len(queue); h++ {
		n := queue[h]
		var found *bfsNode
		var fm search.Marks
		w.sbuf = u.reader.StateOf(w.sbuf, u.uf.node(n.id).idx)
		w.g.Next(w.sbuf, func(step search.Step, t []byte, m *search.Marks, _ *pins.Violation) bool {
			ti := u.ufNodeOf(w.h, t)
			if ti == 0 || !inside(ti) {
				return true
			}
			if stop(ti, m) {
				found, fm = &bfsNode{id: ti, parent: int32(h), step: step}, *m
				return false
			}
			if !seen[ti] {
				seen[ti] = true
				queue = append(queue, bfsNode{id: ti, parent: int32(h), step: step})
			}
			return true
		})
		if found != nil {
			rev := []search.Step{found.step}
			for p := found.parent; p > 0; p = queue[p].parent {
				rev = append(rev, queue[p].step)
			}
			for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
				rev[i], rev[j] = rev[j], rev[i]
			}
			return rev, found.id, fm, true
		}
	}
	return nil, 0, search.Marks{}, false
}

// reportFound records an error found, with its trail when withTrail
// (the first error, or every one with AllTrails: its depth is the
// trail's length), else without (its depth is the finding worker's
// stack of calls then, as -j 1 gives its stack's); as many errors as its
// Repeat, and no more than StopAfter in all.
func (u *ufscc) reportFound(f *ufFound, withTrail bool) {
	w := u.ws[0]
	var steps []search.Step
	cs, depth := -1, f.depth
	if withTrail {
		if init, err := w.g.Initial(); err == nil {
			steps, cs = u.trailOf(w, init, f)
		}
		depth = len(steps)
	}
	if withTrail && u.par.opt.NonProgress {
		// a non-progress search's trail is rewritten and numbered for
		// the model, as -j 1's and CNDFS's are (search.NPTrails)
		e := search.Error{Violation: f.v, Depth: depth, Trail: steps, CycleStart: cs}
		search.NewNPTrails(w.m).Prepare(&e)
		steps, cs = e.Trail, e.CycleStart
	}
	p := u.par
	p.mu.Lock()
	defer p.mu.Unlock()
	for range max(f.v.Repeat, 1) {
		if s := p.opt.StopAfter; s > 0 && len(p.res.Errors) >= s {
			return
		}
		e := search.Error{Violation: f.v, Depth: depth, CycleStart: -1}
		if withTrail {
			e.Trail, e.CycleStart = steps, cs
		}
		p.res.Errors = append(p.res.Errors, e)
		if p.opt.OnError != nil {
			p.opt.OnError(len(p.res.Errors)-1, &p.res.Errors[len(p.res.Errors)-1])
		}
	}
}

// trailOf builds the trail of f (see above) and where its cycle starts
// (-1 for a path).
func (u *ufscc) trailOf(w *uworker, init []byte, f *ufFound) ([]search.Step, int) {
	uf := u.uf
	start := u.ufNodeOf(w.h, init)
	if start == 0 {
		return []search.Step{}, -1
	}
	any := func(uint32) bool { return true }
	var target func(uint32) bool
	var root uint32
	if f.cycle != 0 {
		root = uf.find(f.cycle)
		target = func(t uint32) bool { return uf.find(t) == root }
	} else {
		target = func(t uint32) bool { return t == f.from }
	}
	// the prefix
	var steps []search.Step
	c := start
	if !target(start) {
		path, t, _, ok := u.bfs(w, start, any, func(t uint32, _ *search.Marks) bool { return target(t) })
		if !ok {
			return []search.Step{}, -1
		}
		steps, c = path, t
	}
	if f.cycle == 0 {
		if f.step != nil {
			steps = append(steps, *f.step)
		}
		if steps == nil {
			steps = []search.Step{}
		}
		return steps, -1
	}
	// the cycle, inside the set
	cycleStart := len(steps)
	all := w.g.All()
	var have search.Marks
	cur := c
	for guard := 0; guard < 300 && !marksCover(&have, all); guard++ {
		path, t, m, ok := u.bfs(w, cur, target, func(_ uint32, m *search.Marks) bool {
			for i := range m {
				if m[i]&all[i]&^have[i] != 0 {
					return true
				}
			}
			return false
		})
		if !ok {
			break
		}
		orMarks(&have, &m)
		steps = append(steps, path...)
		cur = t
	}
	if path, _, _, ok := u.bfs(w, cur, target, func(t uint32, _ *search.Marks) bool { return t == c }); ok {
		steps = append(steps, path...)
	}
	return steps, cycleStart
}
