package search

import "github.com/gospin/gospin/pins"

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

// npSystemTrail renumbers steps, a path of the product of base with pan's
// claim (npPan) from its initial state, for base alone: each step's K
// among the successors of its claim move. It returns false, and steps
// unchanged, where a step is not a successor (then the trail stays as
// it was found).
func npSystemTrail(base pins.Model, steps []Step) ([]Step, bool) {
	n := newNPModel(base, npPan)
	cur, err := n.Initial(nil)
	if err != nil {
		return steps, false
	}
	out := make([]Step, len(steps))
	var next []byte
	stutter := false
	for i, st := range steps {
		// K among all the product's successors of st's Pid and Group
		// (seen), and among those of each claim move (per, by the
		// move's index + 1: -1 inside an atomic sequence)
		seen, k := 0, -1
		var per [8]int
		expand := n.Next
		if stutter {
			expand = n.NextStutter
		}
		expand(cur, func(t *pins.Transition, succ []byte) bool {
			if t.Pid != st.Pid || t.Group != st.Group || t.Claim+1 < 0 || t.Claim+1 >= len(per) {
				return true
			}
			if seen == st.K {
				k = per[t.Claim+1]
				next = append(next[:0], succ...)
				return false
			}
			seen++
			per[t.Claim+1]++
			return true
		})
		if k < 0 {
			return steps, false
		}
		out[i] = Step{Pid: st.Pid, Group: st.Group, K: k}
		if st.Pid < 0 {
			out[i].K = st.K // a stutter step of the claim: not the model's
		}
		stutter = st.Pid == -1
		cur = append(cur[:0], next...)
	}
	return out, true
}

// npTrail prepares the trail of error e of a non-progress search on m
// (pan's product, or the SI claim's product when base is not nil: then
// base is the model it is the product of) for gospin run -t.
func npTrail(e *Error, m, base pins.Model) {
	if e.Trail == nil {
		return
	}
	if base != nil {
		npPanTrail(e, base)
	} else if base = NPSystem(m); base == nil {
		return
	}
	if steps, ok := npSystemTrail(base, e.Trail); ok {
		e.Trail = steps
	}
}

// NPSystem returns the model whose non-progress product m is (m itself
// or a layer that gives its Unreduced model), for pan's claim or the SI
// claim, or nil.
func NPSystem(m pins.Model) pins.Model {
	for range 4 {
		switch x := m.(type) {
		case *npModel:
			return x.m
		case interface{ Unreduced() pins.Model }:
			m = x.Unreduced()
		default:
			return nil
		}
	}
	return nil
}

// NPTrail prepares the trail of error e, found by a non-progress search
// on m (NonProgressModel, or NonProgressSI's product, possibly under a
// reduction layer), for gospin run -t, as the sequential search does:
// a counterexample of the SI claim's product is rewritten for pan's
// claim, and every step's K is numbered among the model's own
// successors. m's model serves one goroutine: the caller's, which must
// not be inside one of its calls.
func NPTrail(e *Error, m pins.Model) {
	var base pins.Model
	if NPBase(m) != nil {
		base = NPSystem(m)
	}
	npTrail(e, m, base)
}
