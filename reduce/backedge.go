package reduce

import (
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/token"
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

// backEdges is BackEdges for r's reduction: the moves between candidate
// locations (candidates), or all of them for stubborn sets.
func (r *Reducer) backEdges(stubborn bool, ca *chanAnalysis) []bool {
	if stubborn {
		return BackEdges(r.e, nil)
	}
	r.cand = r.candidates(ca)
	return BackEdges(r.e, r.isCandidate)
}

// claimBackEdges is backEdges on the product with a never claim, whose
// reduced sets take no visible step (productAmple, C2): for ample sets
// the moves of visible groups (vis) are left out of the graph too, so
// that a cycle of the control flow through a visible step needs no mark.
// Stubborn sets on the product check only the sender's group of a
// rendezvous for visibility, so they keep r's marks.
func (r *Reducer) claimBackEdges(vis []bool) []bool {
	if r.cand == nil {
		return r.back
	}
	return MarkCycles(r.e, r.isCandidate, func(g int) bool { return g < 0 || g >= len(vis) || vis[g] })
}

// isCandidate reports whether a process of type p at location loc may be
// safe in some state (candidates), or true when r does not know p.
func (r *Reducer) isCandidate(p *automata.Proc, loc int) bool {
	for tag, q := range r.lay.Procs {
		if q == p {
			return tag >= len(r.cand) || loc >= len(r.cand[tag]) || r.cand[tag][loc]
		}
	}
	return true
}

// candidates returns, per proctype tag and location, whether a process
// there may be safe (SafeProcs) in some state: its location class is
// not unsafeLoc, and no channel operation of a conditionally safe
// location is on a variable that never holds a buffered channel
// (rendezvousVars), where opSafe fails in every state (capacity 0, or no
// channel at all).
func (r *Reducer) candidates(ca *chanAnalysis) [][]bool {
	prog := r.e.Program()
	rdv := rendezvousVars(prog)
	cand := make([][]bool, len(r.locs))
	for tag, classes := range r.locs {
		cand[tag] = make([]bool, len(classes))
		var p *automata.Proc
		if tag < len(r.lay.Procs) {
			p = r.lay.Procs[tag]
		}
		for loc, c := range classes {
			ok := c.kind != unsafeLoc
			if ok && c.kind == condLoc && p != nil && loc < len(p.Locs) && ca != nil {
			out:
				for _, t := range p.Locs[loc].Out {
					ops, _ := ca.opsOf(t)
					for _, op := range ops {
						switch op.kind {
						case opSend, opRecv, opLen, opEmpty, opFull:
							if op.v != nil && rdv[op.v] {
								ok = false
								break out
							}
						}
					}
				}
			}
			cand[tag][loc] = ok
		}
	}
	return cand
}

// rendezvousVars returns the chan variables that never hold a buffered
// channel: declared with a rendezvous channel (capacity 0) and never
// assigned whole (assignedVars: by an assignment or a receive), or
// parameters, never assigned, that every run passes such a variable (a
// parameter of an active proctype, which starts with no channel, too).
// opSafe fails on every operation on such a variable, in every state.
func rendezvousVars(prog *automata.Program) map[*automata.Var]bool {
	return chanVarsOf(prog, func(capacity int) bool { return capacity == 0 }, true)
}

// BackEdges says, for each transition group of e, whether a step of it
// may close a cycle of its process's control flow (pins.BackEdger): it is
// MarkCycles with no group left out.
func BackEdges(e *engine.Engine, candidate func(p *automata.Proc, loc int) bool) []bool {
	return MarkCycles(e, candidate, nil)
}

// MarkCycles marks, for each transition group of e, whether a step of it
// may close a cycle of its process's control flow.
//
// A step of group g moves its process's program counter from the
// statement's source to the end of its path (engine.StepLocations: the
// statement's target, or with statement merging the target of the last
// statement merged after it). For each process type (not the never
// claim) MarkCycles takes the graph of these moves, restricted, when
// candidate is not nil, to the locations where candidate holds, and,
// when skip is not nil, to the groups for which skip is false (a move
// from or to another location, or of a skipped group, is never marked),
// and marks a set of its moves that cuts every cycle of it (cutCycles): a
// feedback arc set. A d_step's step has a move to each location where
// its body may leave the process (dstepExits), and is marked when one of
// them is; a group whose end is not known is marked, and a death never
// (it leaves no location).
//
// So steps of one process that bring it back to the location it started
// from, each of an unskipped group, from and to a location where
// candidate holds, hold a marked step.
func MarkCycles(e *engine.Engine, candidate func(p *automata.Proc, loc int) bool, skip func(g int) bool) []bool {
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
		// the moves between candidate locations
		var moves []move
		for u, l := range p.Locs {
			for _, t := range l.Out {
				g := t.ID
				if g < 0 || g >= len(back) {
					continue
				}
				if t.Kind == automata.TEnd || !in(p, u) || skip != nil && skip(g) {
					back[g] = false
					continue
				}
				locs, dstep := e.StepLocations(g)
				var ends []int
				switch {
				case dstep && len(locs) == 2:
					ends = dstepExits(p, t)
				case !dstep && len(locs) >= 2:
					ends = locs[len(locs)-1:]
				}
				if len(ends) == 0 {
					continue // not known: marked
				}
				back[g] = false
				for _, v := range ends {
					if v < 0 || v >= len(p.Locs) {
						back[g] = true // not known
					} else if in(p, v) {
						moves = append(moves, move{u, v, g})
					}
				}
			}
		}
		moves = dropSpentCycles(e, p, moves)
		cut := cutCycles(len(p.Locs), p.Start, moves)
		for i, m := range moves {
			if cut[i] {
				back[m.g] = true
			}
		}
	}
	return back
}

// dstepExits returns the locations where a step of d_step t may leave
// its process (engine.dstepFrom): the first location outside the body
// (not DStepLoc) that a path of the body from t.DStart reaches, or a
// location of the body with a death (-end-), where the process stays. A
// step that blocks or fails inside the body has an error (the static
// proviso refuses it). It returns nil when t.DStart is not a location.
func dstepExits(p *automata.Proc, t *automata.Trans) []int {
	if t.DStart < 0 || t.DStart >= len(p.Locs) {
		return nil
	}
	body := func(l int) bool { return l >= 0 && l < len(p.Locs) && p.Locs[l].Flags&automata.DStepLoc != 0 }
	if !body(t.DStart) {
		return []int{t.DStart}
	}
	seen := map[int]bool{t.DStart: true}
	exits := map[int]bool{}
	var out []int
	exit := func(l int) {
		if !exits[l] {
			exits[l] = true
			out = append(out, l)
		}
	}
	todo := []int{t.DStart}
	for len(todo) > 0 {
		l := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, u := range p.Locs[l].Out {
			switch {
			case u.Kind == automata.TEnd:
				exit(l)
			case !body(u.To):
				exit(u.To)
			case !seen[u.To]:
				seen[u.To] = true
				todo = append(todo, u.To)
			}
		}
	}
	return out
}

// move is an edge of a process type's graph of moves: a step of group g
// from location u ends at location v.
type move struct{ u, v, g int }

// cutCycles returns, for each move of the graph on n locations, whether
// it is in the cut: the back edges of a depth-first search from start,
// then from every location not yet reached. A move u -> v is one when v
// finishes no earlier than u (v is still on the search's stack as u's
// moves are followed: a loop's return, a self-loop); every other move
// (tree, forward, cross) goes to a location that finishes strictly
// earlier. So along a cycle the finishing order cannot fall at every
// move: every cycle holds a move of the cut. The test depends on the two
// locations alone, so parallel moves are classified alike.
func cutCycles(n, start int, moves []move) []bool {
	adj := make([][]int, n)
	for _, m := range moves {
		adj[m.u] = append(adj[m.u], m.v)
	}
	fin := finishOrder(start, adj)
	cut := make([]bool, len(moves))
	for i, m := range moves {
		cut[i] = fin[m.v] >= fin[m.u]
	}
	return cut
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

// dropSpentCycles returns the moves that are not on a spent cycle: a
// strongly connected component of the graph of moves that is one simple
// cycle (each of its locations has one move of the component out) along
// which no closed walk of a process can run. That is so when a scalar
// local x of the process (an integer) is
//   - tested by a guard x == c (c a constant or _pid) that is the first
//     statement of a move of the cycle (so the step runs only when it
//     holds), and
//   - written by exactly one statement of the cycle's steps (statement
//     merging included), x++, x--, x = x+1 or x = x-1, and by no other:
//     no assignment, receive, d_step or dead-variable reset
//     (engine.DeadAfter).
//
// A closed walk in the component runs round the cycle t >= 1 times,
// through the guard and the increment alternately: x moves by exactly 1
// (modulo its width, at least one bit, so it changes) between two
// evaluations of the guard, which therefore cannot hold at two of them,
// so t = 1; and then x ends one off where it started, so the process's
// state (its locals are written by its own steps only) is not the one it
// started from. A cycle of the reduced graph returns every process to
// its state: no process's steps on it can follow such a cycle, which
// needs no mark. (ltsmin_peterson3's `do :: j == _pid -> j++ :: else ->
// ... od`, merged into one step that leaves the process where it was.)
func dropSpentCycles(e *engine.Engine, p *automata.Proc, moves []move) []move {
	n := len(p.Locs)
	all := make([]int, len(moves))
	for i := range all {
		all[i] = i
	}
	comp := make([]int, n)
	sccs(n, moves, all, comp)
	inner := map[int][]int{}
	for i, m := range moves {
		if comp[m.u] == comp[m.v] {
			inner[comp[m.u]] = append(inner[comp[m.u]], i)
		}
	}
	size := map[int]int{}
	for l := range n {
		size[comp[l]]++
	}
	spent := make([]bool, len(moves))
	any := false
	for c, edges := range inner {
		if len(edges) != size[c] {
			continue // not one simple cycle
		}
		out := map[int]bool{}
		simple := true
		for _, i := range edges {
			simple = simple && !out[moves[i].u]
			out[moves[i].u] = true
		}
		if simple && spentCycle(e, p, moves, edges) {
			for _, i := range edges {
				spent[i] = true
			}
			any = true
		}
	}
	if !any {
		return moves
	}
	var kept []move
	for i, m := range moves {
		if !spent[i] {
			kept = append(kept, m)
		}
	}
	return kept
}

// spentCycle reports whether the simple cycle of moves edges of process
// type p has the guard and the single increment of dropSpentCycles.
func spentCycle(e *engine.Engine, p *automata.Proc, moves []move, edges []int) bool {
	prog := e.Program()
	var stmts []*automata.Trans
	var guards []*automata.Var
	for _, i := range edges {
		g := moves[i].g
		locs, dstep := e.StepLocations(g)
		if dstep || len(locs) < 2 || g >= len(prog.Trans) {
			return false
		}
		t := prog.Trans[g]
		if x := guardVar(p, t); x != nil {
			guards = append(guards, x)
		}
		stmts = append(stmts, t)
		for _, l := range locs[1 : len(locs)-1] {
			if l < 0 || l >= len(p.Locs) || len(p.Locs[l].Out) != 1 {
				return false
			}
			stmts = append(stmts, p.Locs[l].Out[0])
		}
	}
next:
	for _, x := range guards {
		incs := 0
		for _, t := range stmts {
			switch w := writes(t, x); w {
			case writeNone:
			case writeStep:
				incs++
			default:
				continue next
			}
			for _, v := range e.DeadAfter(t.ID) {
				if v == x {
					continue next
				}
			}
		}
		if incs == 1 {
			return true
		}
	}
	return false
}

// guardVar returns x when t is a condition x == c or c == x, x a scalar
// integer local of p and c a constant or _pid, else nil.
func guardVar(p *automata.Proc, t *automata.Trans) *automata.Var {
	if t.Kind != automata.TExpr {
		return nil
	}
	b, ok := t.X.(*automata.Binary)
	if !ok || b.Op != token.EQL {
		return nil
	}
	fixed := func(x automata.Expr) bool {
		switch c := x.(type) {
		case *automata.Const:
			return true
		case *automata.Call:
			return c.Fn == automata.BPid
		}
		return false
	}
	switch {
	case fixed(b.Y):
		return localScalar(p, b.X)
	case fixed(b.X):
		return localScalar(p, b.Y)
	}
	return nil
}

// localScalar returns the variable x refers to when it is a scalar
// integer local of p (not a channel, array or struct), else nil.
func localScalar(p *automata.Proc, x automata.Expr) *automata.Var {
	r, ok := x.(*automata.Ref)
	if !ok || r == nil || r.Var == nil || r.Index != nil || len(r.Path) > 0 || r.Remote != nil {
		return nil
	}
	v := r.Var
	if v.Global || v.Proc != p || v.Len != 0 || v.Type.Struct != nil || isChan(v.Type) || v.Chan != nil {
		return nil
	}
	return v
}

// what a statement does to a variable
const (
	writeNone  = iota
	writeStep  // x++, x--, x = x+1, x = x-1
	writeOther // any other write, or not known
)

// writes says what statement t does to scalar local x.
func writes(t *automata.Trans, x *automata.Var) int {
	is := func(y automata.Expr) bool {
		r, ok := y.(*automata.Ref)
		return ok && r != nil && r.Var == x && r.Index == nil && len(r.Path) == 0 && r.Remote == nil
	}
	lhs := t.LHS != nil && t.LHS.Var == x
	switch t.Kind {
	case automata.TExpr, automata.TElse, automata.TGoto, automata.TPrintf, automata.TPrintm, automata.TAssert, automata.TSend:
		return writeNone
	case automata.TIncDec:
		switch {
		case !lhs:
			return writeNone
		case is(t.LHS) && (t.Inc == 1 || t.Inc == -1):
			return writeStep
		}
		return writeOther
	case automata.TAssign:
		if !lhs {
			return writeNone
		}
		b, ok := t.X.(*automata.Binary)
		if ok && is(t.LHS) && (b.Op == token.ADD || b.Op == token.SUB) && is(b.X) {
			if c, ok := b.Y.(*automata.Const); ok && c.V == 1 {
				return writeStep
			}
		}
		return writeOther
	case automata.TRecv:
		for _, a := range t.RArgs {
			if a.Var != nil && a.Var.Var == x {
				return writeOther
			}
		}
		return writeNone
	}
	return writeOther
}

// sccs fills comp with the strongly connected component of each location
// in the graph of the moves edges (Tarjan's algorithm, iteratively):
// two locations have the same number if and only if each reaches the
// other.
func sccs(n int, moves []move, edges []int, comp []int) {
	adj := make([][]int, n)
	for _, i := range edges {
		adj[moves[i].u] = append(adj[moves[i].u], moves[i].v)
	}
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	type frame struct{ node, next int }
	var call []frame
	next, ncomp := 0, 0
	for root := range n {
		if index[root] >= 0 {
			continue
		}
		call = append(call[:0], frame{root, 0})
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		onStack[root] = true
		for len(call) > 0 {
			top := &call[len(call)-1]
			u := top.node
			if top.next < len(adj[u]) {
				v := adj[u][top.next]
				top.next++
				switch {
				case index[v] < 0:
					index[v], low[v] = next, next
					next++
					stack = append(stack, v)
					onStack[v] = true
					call = append(call, frame{v, 0})
				case onStack[v]:
					low[u] = min(low[u], index[v])
				}
				continue
			}
			call = call[:len(call)-1]
			if len(call) > 0 {
				p := call[len(call)-1].node
				low[p] = min(low[p], low[u])
			}
			if low[u] == index[u] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = ncomp
					if w == u {
						break
					}
				}
				ncomp++
			}
		}
	}
}
