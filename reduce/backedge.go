package reduce

import (
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
)

var _ pins.BackEdger = (*Reducer)(nil)

// BackEdge implements pins.BackEdger: whether a step of transition group
// g may close a cycle of its process's control flow (the static cycle
// proviso, docs/parallel.md).
func (r *Reducer) BackEdge(g int) bool {
	return g < 0 || g >= len(r.back) || r.back[g]
}

// BackEdges says, for each transition group of e, whether a step of it
// may close a cycle of its process's control flow (pins.BackEdger).
//
// For each process type (not the never claim) it searches the graph of
// its locations depth-first, with an edge from each statement's source to
// its target, from the start location and then from each location not
// yet reached (a forest that covers every location). An edge u -> v is a
// back edge when v is still on the search's stack as u's edges are
// followed, i.e. when v finishes no earlier than u (a self-loop
// included); every other edge (tree, forward, cross) goes to a location
// that finishes strictly earlier. So along a cycle of the graph the
// finishing order cannot fall at every edge: every cycle holds a back
// edge. The test depends on the two locations alone, so parallel edges
// are classified alike.
//
// A group is marked when the path of its step (engine.StepLocations: the
// statement's source and target, then the target of each statement
// merged after it) holds a back edge, when the step runs a d_step's body
// (not listed), and when a location of the path is unknown. A step of a
// process moves its program counter along its group's path, so steps of
// one process that bring it back to the location it started from hold a
// marked step.
func BackEdges(e *engine.Engine) []bool {
	prog := e.Program()
	back := make([]bool, len(prog.Trans))
	for g := range back {
		back[g] = true
	}
	fin := map[*automata.Proc][]int{}
	for _, p := range prog.Procs {
		if p.Kind == automata.NeverClaim {
			continue
		}
		fin[p] = finishOrder(p)
	}
	for g, t := range prog.Trans {
		f, ok := fin[t.Proc]
		if !ok {
			continue // the claim's
		}
		if t.Kind == automata.TEnd {
			// a death: the process that closes a cycle of the reduced
			// graph never dies on it (docs/parallel.md)
			back[g] = false
			continue
		}
		locs, dstep := e.StepLocations(g)
		if dstep || len(locs) < 2 {
			continue
		}
		b := false
		for i := 0; i+1 < len(locs) && !b; i++ {
			u, v := locs[i], locs[i+1]
			if u < 0 || u >= len(f) || v < 0 || v >= len(f) {
				b = true
				break
			}
			b = f[v] >= f[u]
		}
		back[g] = b
	}
	return back
}

// finishOrder returns, for each location of p, its rank in the finishing
// order of a depth-first search of p's control-flow graph (from p.Start,
// then from every location not yet reached).
func finishOrder(p *automata.Proc) []int {
	n := len(p.Locs)
	fin := make([]int, n)
	for i := range fin {
		fin[i] = -1
	}
	seen := make([]bool, n)
	type frame struct{ loc, next int }
	var stack []frame
	rank := 0
	visit := func(root int) {
		if root < 0 || root >= n || seen[root] {
			return
		}
		seen[root] = true
		stack = append(stack[:0], frame{root, 0})
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			out := p.Locs[top.loc].Out
			if top.next < len(out) {
				t := out[top.next]
				top.next++
				if t.To >= 0 && t.To < n && !seen[t.To] {
					seen[t.To] = true
					stack = append(stack, frame{t.To, 0})
				}
				continue
			}
			fin[top.loc] = rank
			rank++
			stack = stack[:len(stack)-1]
		}
	}
	visit(p.Start)
	for i := range n {
		visit(i)
	}
	return fin
}
