package search

import (
	"github.com/gospin/gospin/pins"
)

// succ is a successor waiting on the stack: its bytes live in
// expander.arena[off:off+n].
type succ struct {
	off, n int
	t      pins.Transition
	step   Step
}

// expander collects the successors of states into one LIFO arena, so the
// steady state allocates nothing.
type expander struct {
	m     pins.Model
	arena []byte
	succs []succ
	yield func(t *pins.Transition, s []byte) bool
	start int // first successor of the current expansion
}

func newExpander(m pins.Model) *expander {
	e := &expander{m: m}
	e.yield = func(t *pins.Transition, s []byte) bool {
		k := 0
		for i := e.start; i < len(e.succs); i++ {
			if p := e.succs[i].step; p.Pid == t.Pid && p.Group == t.Group {
				k++
			}
		}
		off := len(e.arena)
		e.arena = append(e.arena, s...)
		e.succs = append(e.succs, succ{off: off, n: len(s), t: *t, step: Step{Pid: t.Pid, Group: t.Group, K: k}})
		return true
	}
	return e
}

// expand appends the successors of state to the arena and returns their
// range in e.succs.
func (e *expander) expand(state []byte) (lo, hi int) {
	e.start = len(e.succs)
	e.m.Next(state, e.yield)
	return e.start, len(e.succs)
}

func (e *expander) bytes(s *succ) []byte { return e.arena[s.off : s.off+s.n : s.off+s.n] }

// release drops the successors from index lo on.
func (e *expander) release(lo int) {
	if lo < len(e.succs) {
		e.arena = e.arena[:e.succs[lo].off]
		e.succs = e.succs[:lo]
	}
}

// frame is one state on the depth-first stack.
type frame struct {
	state  []byte // aliases the store (stable)
	lo, hi int    // its successors in expander.succs
	next   int
	step   Step // the step that led here
}

func (s *searcher) dfs() error {
	ex := newExpander(s.m)
	buf, err := s.m.Initial(nil)
	if err != nil {
		return err
	}
	idx, _, err := s.insert(buf)
	if err != nil {
		return stopErr(err)
	}
	stack := []frame{{state: s.opt.Store.State(idx)}}
	trail := func(last *Step) []Step {
		t := make([]Step, 0, len(stack))
		for i := 1; i < len(stack); i++ {
			t = append(t, stack[i].step)
		}
		if last != nil {
			t = append(t, *last)
		}
		return t
	}
	if err := s.expandTop(ex, stack, trail); err != nil {
		return stopErr(err)
	}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next == f.hi {
			ex.release(f.lo)
			stack = stack[:len(stack)-1]
			continue
		}
		sc := &ex.succs[f.next]
		f.next++
		depth := len(stack) // depth of the successor
		if v := sc.t.Violation; v != nil {
			step := sc.step
			if s.report(*v, depth, func() []Step { return trail(&step) }) {
				return nil
			}
		}
		if depth >= s.opt.MaxDepth {
			// pan cuts the step and counts it as a matched state.
			s.res.DepthLimitHit = true
			s.res.StatesMatched++
			s.res.Transitions++
			continue
		}
		var state []byte
		if sc.t.Flags&pins.InAtomic != 0 {
			// Inside an atomic sequence: explored but not stored, as pan
			// does. The bytes stay valid in the arena until this frame's
			// parent is popped.
			s.res.AtomicSteps++
			state = ex.bytes(sc)
		} else {
			idx, added, err := s.insert(ex.bytes(sc))
			if err != nil {
				return stopErr(err)
			}
			if !added {
				s.res.StatesMatched++
				s.res.Transitions++
				continue
			}
			state = s.opt.Store.State(idx)
		}
		if depth > s.res.DepthReached {
			s.res.DepthReached = depth
		}
		stack = append(stack, frame{state: state, step: sc.step})
		if err := s.expandTop(ex, stack, trail); err != nil {
			return stopErr(err)
		}
		if err := s.check(); err != nil {
			return stopErr(err)
		}
	}
	return nil
}

// expandTop generates the successors of the top frame and checks it for
// an invalid end state.
func (s *searcher) expandTop(ex *expander, stack []frame, trail func(*Step) []Step) error {
	f := &stack[len(stack)-1]
	f.lo, f.hi = ex.expand(f.state)
	f.next = f.lo
	if f.lo == f.hi && !s.claim && s.m.Status(f.state)&pins.ValidEnd == 0 {
		v := pins.Violation{Kind: pins.InvalidEndState, Message: "invalid end state"}
		if s.report(v, len(stack)-1, func() []Step { return trail(nil) }) {
			return errStop
		}
	}
	return nil
}
