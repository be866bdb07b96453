package search

import (
	"github.com/gospin/gospin/pins"
)

// This file is the SCC-based emptiness check (-scc): Couvreur's on-the-fly
// algorithm (1999; as presented by Couvreur, Duret-Lutz and Poitrenaud,
// SPIN 2005) over a graph whose transitions carry acceptance marks — a
// generalized Büchi acceptance condition. A non-empty strongly connected
// component whose transitions carry every mark is a counterexample. Weak
// fairness is one more mark per process (the process moves, or has nothing
// enabled), so fairness costs no unfolding of the state space. The
// counterexample is a lasso built by breadth-first searches inside the
// accepting component, which keeps it short.

// marks is a set of acceptance marks: bit 0 is the property's acceptance,
// bits 1..256 the fairness marks of processes 0..255.
type marks [5]uint64

func (m *marks) or(o *marks) {
	for i := range m {
		m[i] |= o[i]
	}
}

func (m *marks) covers(all *marks) bool {
	for i := range m {
		if m[i]&all[i] != all[i] {
			return false
		}
	}
	return true
}

// markedGraph is a state graph with acceptance marks on its transitions.
type markedGraph interface {
	initial() ([]byte, error)
	// next yields the successors of s with their steps and marks; the
	// successor bytes are valid during the call only.
	next(s []byte, yield func(step Step, t []byte, m *marks, v *pins.Violation) bool)
	// all is the set of marks an accepting cycle must carry.
	all() *marks
}

// pinsGraph marks the transitions of a pins model: bit 0 on transitions
// leaving an accepting state, and with fairness bit 1+p when process p
// moves (as the sender or the receiver of a rendezvous too) or has nothing
// enabled in the source state.
type pinsGraph struct {
	m    pins.Model
	fair bool
	// full, when not nil, computes the fairness marks of the processes
	// with nothing enabled on the unreduced model (m is a reduction
	// layer's binding: scc_reduced.go)
	full  *enabledness
	ex    *sccExpander
	every marks
	buf   marks
}

func newPinsGraph(m pins.Model, fair bool) *pinsGraph {
	g := &pinsGraph{m: m, fair: fair, ex: newSCCExpander(m)}
	g.every[0] = 1
	if fair {
		for i := 1; i < len(g.every); i++ {
			g.every[i] = ^uint64(0)
		}
	}
	return g
}

func (g *pinsGraph) initial() ([]byte, error) { return g.m.Initial(nil) }
func (g *pinsGraph) all() *marks              { return &g.every }

func (g *pinsGraph) next(s []byte, yield func(Step, []byte, *marks, *pins.Violation) bool) {
	accepting := g.m.Status(s)&pins.Accepting != 0
	var base marks
	if g.fair && g.full != nil {
		base = g.full.marks(s) // before the expansion, which may reuse s's buffer
	}
	succs := g.ex.expand(s)
	if g.full == nil {
		base = fairBase(succs, g.fair)
	}
	if accepting {
		base[0] = 1
	}
	for i := range succs {
		sc := &succs[i]
		g.buf = base
		if g.fair {
			markMover(&g.buf, sc.step.Pid, sc.pid2)
		}
		if !yield(sc.step, g.ex.bytes(sc), &g.buf, sc.viol) {
			return
		}
	}
}

// sccFrame is a state on the DFS stack with its successors.
type sccFrame struct {
	idx   uint64
	succs []sccEdge
	next  int
}

type sccEdge struct {
	step  Step
	state []byte
	m     marks
	viol  *pins.Violation
}

type sccRoot struct {
	n   int32 // DFS number of the root
	acc marks // marks of the component so far
	in  marks // marks of the transition that entered the root
	// reported: the component (or one merged into it) was reported as
	// accepting; it is not reported again as it grows (with -e, once
	// per component rather than once per closing transition)
	reported bool
}

// couvreur runs the emptiness check on g; it reports an accepting cycle
// as a violation of kind kind.
func (s *searcher) couvreur(g markedGraph, kind pins.ViolationKind, msg string) error {
	init, err := g.initial()
	if err != nil {
		return err
	}
	num := map[uint64]int32{} // DFS numbers; 0 = removed (dead)
	var (
		count  int32
		stack  []sccFrame
		roots  []sccRoot
		active []uint64 // numbered live states in DFS order (Tarjan's stack)
	)
	expand := func(idx uint64) []sccEdge {
		var out []sccEdge
		g.next(s.opt.Store.State(idx), func(step Step, t []byte, m *marks, v *pins.Violation) bool {
			out = append(out, sccEdge{step: step, state: append([]byte(nil), t...), m: *m, viol: v})
			return true
		})
		return out
	}
	path := func(last *Step) []Step {
		var t []Step
		for j := 1; j < len(stack); j++ {
			t = append(t, stack[j-1].succs[stack[j-1].next-1].step)
		}
		if last != nil {
			t = append(t, *last)
		}
		return t
	}
	stopped := false
	hooks, _ := g.(sccStack)
	lg := g
	if hooks != nil {
		lg = hooks.lassoGraph()
	}
	push := func(idx uint64, in marks) {
		count++
		num[idx] = count
		roots = append(roots, sccRoot{n: count, in: in})
		active = append(active, idx)
		if hooks != nil {
			hooks.pushing(idx, len(stack))
		}
		succs := expand(idx)
		stack = append(stack, sccFrame{idx: idx, succs: succs})
		if len(stack) > s.res.DepthReached {
			s.res.DepthReached = len(stack) - 1
		}
		if len(succs) == 0 && !s.claim {
			// as pan -a: a deadlock in an accepting state stutters there
			if s.m.Status(s.opt.Store.State(idx))&pins.Accepting != 0 {
				v := pins.Violation{Kind: kind, Message: "accept stutter"}
				stopped = stopped || s.report(v, len(stack)-1, func() []Step { return path(nil) })
			}
		}
	}
	idx, _, err := s.insert(init)
	if err != nil {
		return stopErr(err)
	}
	push(idx, marks{})
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next == len(f.succs) {
			// leaving a state: if it is a root, its component is
			// complete and not accepting: remove it
			n := num[f.idx]
			if roots[len(roots)-1].n == n {
				roots = roots[:len(roots)-1]
				for {
					x := active[len(active)-1]
					active = active[:len(active)-1]
					num[x] = 0
					if x == f.idx {
						break
					}
				}
			}
			if hooks != nil {
				hooks.popped(f.idx)
			}
			stack = stack[:len(stack)-1]
			continue
		}
		if stopped {
			return nil
		}
		e := &f.succs[f.next]
		f.next++
		if e.viol != nil {
			step := e.step
			if s.report(*e.viol, len(stack), func() []Step { return path(&step) }) {
				return nil
			}
		}
		if len(stack) >= s.opt.MaxDepth {
			s.res.DepthLimitHit = true
			s.res.StatesMatched++
			s.res.Transitions++
			continue
		}
		t, added, err := s.insert(e.state)
		if err != nil {
			return stopErr(err)
		}
		if added {
			push(t, e.m)
			if err := s.check(); err != nil {
				return stopErr(err)
			}
			continue
		}
		s.res.StatesMatched++
		s.res.Transitions++
		tn, seen := num[t]
		if !seen || tn == 0 {
			continue // a removed component
		}
		// t is live: everything from t's root to the top is one SCC
		acc := e.m
		reported := false
		for roots[len(roots)-1].n > tn {
			r := roots[len(roots)-1]
			roots = roots[:len(roots)-1]
			acc.or(&r.acc)
			acc.or(&r.in)
			reported = reported || r.reported
		}
		top := &roots[len(roots)-1]
		top.acc.or(&acc)
		top.reported = top.reported || reported
		if !top.reported && top.acc.covers(g.all()) {
			top.reported = true
			if s.reportComponent(lg, stack, num, top.n, pins.Violation{Kind: kind, Message: msg}) {
				return nil
			}
		}
	}
	return nil
}

// reportComponent reports v for the accepting component whose root has
// DFS number root (see lasso); it returns true when the search must stop.
// The lasso is built only when the report keeps a trail; its length is
// the error's depth.
func (s *searcher) reportComponent(lg markedGraph, stack []sccFrame, num map[uint64]int32, root int32, v pins.Violation) bool {
	var steps []Step
	built := false
	build := func() []Step {
		if !built {
			var cycle int
			steps, cycle = s.lasso(lg, stack, num, root)
			s.cycleStart = cycle
			built = true
		}
		return steps
	}
	depth := len(stack)
	if len(s.res.Errors) == 0 || s.opt.AllTrails {
		depth = len(build())
	}
	stop := s.report(v, depth, build)
	s.cycleStart = -1
	return stop
}

// lasso builds a counterexample for the accepting component whose root
// has DFS number root: the DFS path to the root, then a cycle from the
// root through every mark back to the root, found by breadth-first
// searches inside the component. It returns the steps and the index
// where the cycle starts.
func (s *searcher) lasso(g markedGraph, stack []sccFrame, num map[uint64]int32, root int32) ([]Step, int) {
	var steps []Step
	var rootIdx uint64
	for i, f := range stack {
		if num[f.idx] == root {
			rootIdx = f.idx
			for j := 1; j <= i; j++ {
				e := stack[j-1].succs[stack[j-1].next-1]
				steps = append(steps, e.step)
			}
			break
		}
	}
	cycleStart := len(steps)
	inSCC := func(idx uint64) bool { n := num[idx]; return n >= root }
	type node struct {
		idx    uint64
		parent int
		step   Step
	}
	// bfs from `from` to a state reached by a transition with one of the
	// marks still missing (or, when want is nil, back to rootIdx).
	var have marks
	all := g.all()
	bfs := func(from uint64, toRoot bool) (uint64, []Step, bool) {
		queue := []node{{idx: from, parent: -1}}
		seen := map[uint64]bool{from: true}
		for h := 0; h < len(queue); h++ {
			n := queue[h]
			var found *node
			var foundMarks marks
			g.next(s.opt.Store.State(n.idx), func(step Step, t []byte, m *marks, _ *pins.Violation) bool {
				ti, _, err := s.opt.Store.Insert(t)
				if err != nil || !inSCC(ti) {
					return true
				}
				useful := toRoot && ti == rootIdx
				if !toRoot {
					for i := range m {
						if m[i]&all[i]&^have[i] != 0 {
							useful = true
						}
					}
				}
				if useful {
					found = &node{idx: ti, parent: h, step: step}
					foundMarks = *m
					return false
				}
				if !seen[ti] {
					seen[ti] = true
					queue = append(queue, node{idx: ti, parent: h, step: step})
				}
				return true
			})
			if found != nil {
				have.or(&foundMarks)
				var rev []Step
				rev = append(rev, found.step)
				for p := found.parent; p > 0; p = queue[p].parent {
					rev = append(rev, queue[p].step)
				}
				for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
					rev[i], rev[j] = rev[j], rev[i]
				}
				return found.idx, rev, true
			}
		}
		return 0, nil, false
	}
	cur := rootIdx
	for guard := 0; guard < 300 && !have.covers(all); guard++ {
		next, path, ok := bfs(cur, false)
		if !ok {
			break
		}
		steps = append(steps, path...)
		cur = next
	}
	if _, path, ok := bfs(cur, true); ok {
		steps = append(steps, path...)
	}
	return steps, cycleStart
}
