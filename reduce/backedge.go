package reduce

import (
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
)

var _ pins.BackEdger = (*Reducer)(nil)

// BackEdge implements pins.BackEdger: whether a step of transition group
// g may close a cycle of its process's control flow (the static cycle
// proviso, docs/parallel.md). For a reducer of ample sets only (New),
// the cycles are those through locations where a process may be safe
// (a reduced cycle takes only ample steps, each from such a location);
// for stubborn sets (NewStubborn), whose members may be anywhere, all.
func (r *Reducer) BackEdge(g int) bool {
	return g < 0 || g >= len(r.back) || r.back[g]
}

// backEdges is BackEdges for r's reduction: the moves between locations
// where a process may be safe (not unsafeLoc), or all of them for
// stubborn sets.
func (r *Reducer) backEdges(stubborn bool) []bool {
	if stubborn {
		return BackEdges(r.e, nil)
	}
	tags := map[*automata.Proc]int{}
	for tag, p := range r.lay.Procs {
		tags[p] = tag
	}
	return BackEdges(r.e, func(p *automata.Proc, loc int) bool {
		tag, ok := tags[p]
		return !ok || tag >= len(r.locs) || loc >= len(r.locs[tag]) || r.locs[tag][loc].kind != unsafeLoc
	})
}

// BackEdges says, for each transition group of e, whether a step of it
// may close a cycle of its process's control flow (pins.BackEdger).
//
// A step of group g moves its process's program counter from the
// statement's source to the end of its path (engine.StepLocations: the
// statement's target, or with statement merging the target of the last
// statement merged after it). For each process type (not the never
// claim) BackEdges takes the graph of these moves, restricted, when
// candidate is not nil, to the locations where candidate holds (a move
// from or to another location is never marked), and searches it
// depth-first from the start location and then from each location not yet
// reached (a forest that covers every location). A move u -> v is a back
// edge when v is still on the search's stack as u's moves are followed,
// i.e. when v finishes no earlier than u (a self-loop included); every
// other move (tree, forward, cross) goes to a location that finishes
// strictly earlier. So along a cycle of the graph the finishing order
// cannot fall at every move: every cycle holds a back edge. The test
// depends on the two locations alone, so parallel moves are classified
// alike. A d_step's step (its exit is not known statically) is marked,
// and a death never (it leaves no location).
//
// So steps of one process that bring it back to the location it started
// from, each from and to a location where candidate holds, hold a
// marked step.
func BackEdges(e *engine.Engine, candidate func(p *automata.Proc, loc int) bool) []bool {
	prog := e.Program()
	back := make([]bool, len(prog.Trans))
	for g := range back {
		back[g] = true
	}
	in := func(p *automata.Proc, loc int) bool {
		return loc >= 0 && loc < len(p.Locs) && (candidate == nil || candidate(p, loc))
	}
	for _, p := range prog.Procs {
		if p.Kind == automata.NeverClaim {
			continue
		}
		// the moves between candidate locations, by group
		n := len(p.Locs)
		adj := make([][]int, n)
		end := map[int]int{}
		for u, l := range p.Locs {
			for _, t := range l.Out {
				g := t.ID
				if g < 0 || g >= len(back) {
					continue
				}
				locs, dstep := e.StepLocations(g)
				switch {
				case t.Kind == automata.TEnd || !in(p, u):
					back[g] = false
					continue
				case dstep || len(locs) < 2:
					continue // marked
				}
				v := locs[len(locs)-1]
				if v < 0 || v >= n {
					continue // marked
				}
				if !in(p, v) {
					back[g] = false
					continue
				}
				adj[u] = append(adj[u], v)
				end[g] = v
			}
		}
		fin := finishOrder(p.Start, adj)
		for u, l := range p.Locs {
			for _, t := range l.Out {
				if v, ok := end[t.ID]; ok {
					back[t.ID] = fin[v] >= fin[u]
				}
			}
		}
	}
	return back
}

// finishOrder returns, for each node of the graph adj, its rank in the
// finishing order of a depth-first search from start, then from every
// node not yet reached.
func finishOrder(start int, adj [][]int) []int {
	n := len(adj)
	fin := make([]int, n)
	seen := make([]bool, n)
	type frame struct{ node, next int }
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
			if top.next < len(adj[top.node]) {
				v := adj[top.node][top.next]
				top.next++
				if !seen[v] {
					seen[v] = true
					stack = append(stack, frame{v, 0})
				}
				continue
			}
			fin[top.node] = rank
			rank++
			stack = stack[:len(stack)-1]
		}
	}
	visit(start)
	for i := range n {
		visit(i)
	}
	return fin
}
