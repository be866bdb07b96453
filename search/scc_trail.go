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
	lasso := cycleStart >= 0 && cycleStart < L
	type node struct {
		pos int
		s   string
	}
	type arc struct {
		to         int
		step       Step
		viol       *pins.Violation
		claimEnded bool // the claim is at its end after the step
	}
	ids := map[node]int{}
	var nodes []node
	add := func(n node) (int, bool) {
		if id, ok := ids[n]; ok {
			return id, false
		}
		id := len(nodes)
		ids[n] = id
		nodes = append(nodes, n)
		return id, true
	}
	nextPos := func(p int) int {
		if lasso && p+1 == L {
			return cycleStart
		}
		return p + 1
	}
	// succs lists the arcs of a node: the steps of mc that match the
	// system step at its position (any step past the end of a path).
	succs := func(id int) []arc {
		n := nodes[id]
		free := !lasso && n.pos >= L
		var want Step
		if !free {
			want = steps[n.pos]
		}
		var out []arc
		all := map[[2]int]int{}
		local := map[[3]int]int{}
		type pending struct {
			n    node
			step Step
			viol *pins.Violation
			end  bool
		}
		var ps []pending
		mc.Next([]byte(n.s), func(t *pins.Transition, sc []byte) bool {
			k2 := [2]int{t.Pid, t.Group}
			kg := all[k2]
			all[k2]++
			k3 := [3]int{t.Claim, t.Pid, t.Group}
			kl := local[k3]
			local[k3]++
			if !free && (t.Pid != want.Pid || t.Group != want.Group || (t.Pid >= 0 && !anyK && kl != want.K)) {
				return true
			}
			pos := L
			if !free {
				pos = nextPos(n.pos)
			}
			ps = append(ps, pending{node{pos, string(sc)}, Step{Pid: t.Pid, Group: t.Group, K: kg}, t.Violation, false})
			return true
		})
		for _, p := range ps {
			p.end = kind == pins.ClaimEnd && mc.Status([]byte(p.n.s))&pins.ClaimEnded != 0
			to, _ := add(p.n)
			out = append(out, arc{to, p.step, p.viol, p.end})
		}
		return out
	}
	type parent struct {
		from int
		step Step
	}
	path := func(par map[int]parent, from, to int) []Step {
		var rev []Step
		for x := to; x != from; x = par[x].from {
			rev = append(rev, par[x].step)
		}
		for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
			rev[i], rev[j] = rev[j], rev[i]
		}
		return rev
	}
	start, _ := add(node{0, string(init)})
	arcs := map[int][]arc{}
	arcsOf := func(id int) []arc {
		a, ok := arcs[id]
		if !ok {
			a = succs(id)
			arcs[id] = a
		}
		return a
	}
	// breadth-first search from the start
	par := map[int]parent{start: {from: -1}}
	queue := []int{start}
	for h := 0; h < len(queue); h++ {
		if len(nodes) > budget {
			return nil, -1, nil, errors.New("the never claim's counterexample search ran out of budget")
		}
		id := queue[h]
		for _, a := range arcsOf(id) {
			if !lasso && ((a.viol != nil && a.viol.Kind == kind) || (kind == pins.ClaimEnd && a.claimEnded)) {
				return append(path(par, start, id), a.step), -1, a.viol, nil
			}
			if !lasso && anyK && kind == pins.ClaimEnd && a.viol != nil && a.viol.Kind == pins.Assertion {
				return append(path(par, start, id), a.step), -1, a.viol, nil
			}
			if _, seen := par[a.to]; !seen {
				par[a.to] = parent{id, a.step}
				queue = append(queue, a.to)
			}
		}
	}
	if !lasso {
		return nil, -1, nil, errors.New("the never claim does not reach the violation along the counterexample")
	}
	// an accepting node (of the cycle part) on a cycle
	for _, id := range queue {
		if nodes[id].pos < cycleStart || mc.Status([]byte(nodes[id].s))&pins.Accepting == 0 {
			continue
		}
		cpar := map[int]parent{id: {from: -1}}
		cq := []int{id}
		for h := 0; h < len(cq); h++ {
			x := cq[h]
			for _, a := range arcsOf(x) {
				if a.to == id {
					prefix := path(par, start, id)
					cycle := append(path(cpar, id, x), a.step)
					return append(prefix, cycle...), len(prefix), nil, nil
				}
				if _, seen := cpar[a.to]; !seen {
					cpar[a.to] = parent{x, a.step}
					cq = append(cq, a.to)
				}
			}
		}
	}
	return nil, -1, nil, errors.New("the never claim has no acceptance cycle along the counterexample")
}
