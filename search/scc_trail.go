package search

import (
	"errors"

	"github.com/gospin/gospin/pins"
)

// ClaimTrail turns a counterexample found on the product of a model with
// a TGBA (Options.Property) into a counterexample of mc, the same model
// with the never claim of the same property (the degeneralized automaton
// of the same formula), so that the trail replays as any trail of a never
// claim: gospin run -t, with the property named in the trail, follows
// the claim as it moves, and an acceptance cycle returns to the same state
// of the claim's product through an accepting claim state.
//
// steps are the system's steps (pins.Transition's Pid and Group, and K
// among the steps of the same Pid and Group under one claim move, as the
// probe model numbers them; Pid -1 for a stutter step), with the cycle
// from cycleStart on for an acceptance cycle (cycleStart < 0 for a path
// that ends in a violation of kind kind). The claim's moves are found by
// a breadth-first search of the product of the lasso's positions with
// mc's states along these steps: both automata accept the same runs, so
// the claim accepts the lasso, perhaps after unrolling the cycle a few
// times (the returned cycle may be a multiple of the given one). For a
// claim's end the claim may end later than the TGBA reached its
// universal state: the search then goes on past the last step, with any
// steps. The returned steps are numbered for mc (K among all its
// successors of the same Pid and Group), as trails are. Steps with other
// violations are followed (a search with assertions ignored, -A, may go
// through a failing assertion; a replay then stops there).
func ClaimTrail(mc pins.Model, steps []Step, cycleStart int, kind pins.ViolationKind) ([]Step, int, error) {
	st, cs, _, err := claimTrail(mc, steps, cycleStart, kind, false)
	return st, cs, err
}

// ClaimTrailAnyK is ClaimTrail for steps found on the product with
// another claim (the closure under stuttering of mc's claim, Holzmann and
// Kupferman): a step's K, numbered among that claim's moves, does not
// tell which of mc's successors it was, so every successor of mc with the
// step's Pid and Group is followed. Each arc is a real step of mc's
// product, so a counterexample found is one of mc; it exists whenever
// the claim accepts the system's run along steps (the step taken is among
// those followed). This is the paper's check of a counterexample against
// the original claim.
//
// A claim's end (kind pins.ClaimEnd) is also confirmed by an assertion
// that fails in mc along the steps: a never claim written with assert
// (read as an automaton by property.ClaimAutomaton) ends where its
// assertion fails. The violation mc reports is returned for a path
// (nil for a lasso).
func ClaimTrailAnyK(mc pins.Model, steps []Step, cycleStart int, kind pins.ViolationKind) ([]Step, int, *pins.Violation, error) {
	return claimTrail(mc, steps, cycleStart, kind, true)
}

func claimTrail(mc pins.Model, steps []Step, cycleStart int, kind pins.ViolationKind, anyK bool) ([]Step, int, *pins.Violation, error) {
	// The search may go on past the last step with any steps (a claim's
	// end that comes later): a bound on the nodes keeps that from
	// searching a whole product. With anyK (a counterexample of a closure
	// under stuttering to be confirmed on the claim) a failure costs only
	// a search without reduction afterwards, so the bound is lower.
	budget := 2_000_000
	if anyK {
		budget = 100_000
	}
	init, err := mc.Initial(nil)
	if err != nil {
		return nil, -1, nil, err
	}
	L := len(steps)
	c := &claimProduct{
		mc: mc, steps: steps, cycleStart: cycleStart, kind: kind, anyK: anyK,
		lasso: cycleStart >= 0 && cycleStart < L,
		ids:   map[ctNode]int{}, arcs: map[int][]ctArc{},
	}
	start, _ := c.add(ctNode{0, string(init)})
	// breadth-first search from the start
	par := map[int]ctParent{start: {from: -1}}
	queue := []int{start}
	for h := 0; h < len(queue); h++ {
		if len(c.nodes) > budget {
			return nil, -1, nil, errors.New("the never claim's counterexample search ran out of budget")
		}
		id := queue[h]
		for _, a := range c.arcsOf(id) {
			if !c.lasso && ((a.viol != nil && a.viol.Kind == kind) || (kind == pins.ClaimEnd && a.claimEnded)) {
				return append(stepPath(par, start, id), a.step), -1, a.viol, nil
			}
			if !c.lasso && anyK && kind == pins.ClaimEnd && a.viol != nil && a.viol.Kind == pins.Assertion {
				return append(stepPath(par, start, id), a.step), -1, a.viol, nil
			}
			if _, seen := par[a.to]; !seen {
				par[a.to] = ctParent{id, a.step}
				queue = append(queue, a.to)
			}
		}
	}
	if !c.lasso {
		return nil, -1, nil, errors.New("the never claim does not reach the violation along the counterexample")
	}
	if trail, n, ok := c.acceptCycle(queue, par, start); ok {
		return trail, n, nil, nil
	}
	return nil, -1, nil, errors.New("the never claim has no acceptance cycle along the counterexample")
}

// claimProduct is the product of a claim model with a counterexample's
// system steps: its nodes are a position on the steps and a state.
type claimProduct struct {
	mc         pins.Model
	steps      []Step
	cycleStart int
	lasso      bool
	kind       pins.ViolationKind
	anyK       bool
	ids        map[ctNode]int
	nodes      []ctNode
	arcs       map[int][]ctArc
}

type ctNode struct {
	pos int
	s   string
}

type ctArc struct {
	to         int
	step       Step
	viol       *pins.Violation
	claimEnded bool // the claim is at its end after the step
}

type ctParent struct {
	from int
	step Step
}

func (c *claimProduct) add(n ctNode) (int, bool) {
	if id, ok := c.ids[n]; ok {
		return id, false
	}
	id := len(c.nodes)
	c.ids[n] = id
	c.nodes = append(c.nodes, n)
	return id, true
}

func (c *claimProduct) nextPos(p int) int {
	if c.lasso && p+1 == len(c.steps) {
		return c.cycleStart
	}
	return p + 1
}

// arcsOf returns the arcs of a node, listed once.
func (c *claimProduct) arcsOf(id int) []ctArc {
	a, ok := c.arcs[id]
	if !ok {
		a = c.succs(id)
		c.arcs[id] = a
	}
	return a
}

// succs lists the arcs of a node: the steps of mc that match the
// system step at its position (any step past the end of a path).
func (c *claimProduct) succs(id int) []ctArc {
	L := len(c.steps)
	n := c.nodes[id]
	free := !c.lasso && n.pos >= L
	var want Step
	if !free {
		want = c.steps[n.pos]
	}
	var out []ctArc
	all := map[[2]int]int{}
	local := map[[3]int]int{}
	type pending struct {
		n    ctNode
		step Step
		viol *pins.Violation
		end  bool
	}
	var ps []pending
	c.mc.Next([]byte(n.s), func(t *pins.Transition, sc []byte) bool {
		k2 := [2]int{t.Pid, t.Group}
		kg := all[k2]
		all[k2]++
		k3 := [3]int{t.Claim, t.Pid, t.Group}
		kl := local[k3]
		local[k3]++
		if !free && (t.Pid != want.Pid || t.Group != want.Group || (t.Pid >= 0 && !c.anyK && kl != want.K)) {
			return true
		}
		pos := L
		if !free {
			pos = c.nextPos(n.pos)
		}
		ps = append(ps, pending{ctNode{pos, string(sc)}, Step{Pid: t.Pid, Group: t.Group, K: kg}, t.Violation, false})
		return true
	})
	for _, p := range ps {
		p.end = c.kind == pins.ClaimEnd && c.mc.Status([]byte(p.n.s))&pins.ClaimEnded != 0
		to, _ := c.add(p.n)
		out = append(out, ctArc{to, p.step, p.viol, p.end})
	}
	return out
}

// acceptCycle returns a lasso through an accepting node (of the cycle
// part) among the nodes reached, and the position where its cycle starts.
func (c *claimProduct) acceptCycle(reached []int, par map[int]ctParent, start int) ([]Step, int, bool) {
	for _, id := range reached {
		if c.nodes[id].pos < c.cycleStart || c.mc.Status([]byte(c.nodes[id].s))&pins.Accepting == 0 {
			continue
		}
		cpar := map[int]ctParent{id: {from: -1}}
		cq := []int{id}
		for h := 0; h < len(cq); h++ {
			x := cq[h]
			for _, a := range c.arcsOf(x) {
				if a.to == id {
					prefix := stepPath(par, start, id)
					cycle := append(stepPath(cpar, id, x), a.step)
					return append(prefix, cycle...), len(prefix), true
				}
				if _, seen := cpar[a.to]; !seen {
					cpar[a.to] = ctParent{x, a.step}
					cq = append(cq, a.to)
				}
			}
		}
	}
	return nil, -1, false
}

// stepPath returns the steps from node from to node to along par.
func stepPath(par map[int]ctParent, from, to int) []Step {
	var rev []Step
	for x := to; x != from; x = par[x].from {
		rev = append(rev, par[x].step)
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}
