package search

import (
	"unsafe"

	"github.com/gospin/gospin/pins"
)

// succ is a generated successor waiting to be taken: its bytes live in
// expander.arena[off:off+n].
type succ struct {
	off   int
	n     int32
	flags pins.TransFlags
	viol  *pins.Violation
	step  Step
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
		e.succs = append(e.succs, succ{off: off, n: int32(len(s)), flags: t.Flags, viol: t.Violation, step: Step{Pid: t.Pid, Group: t.Group, K: k}})
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

func (e *expander) bytes(s *succ) []byte {
	end := s.off + int(s.n)
	return e.arena[s.off:end:end]
}

// release drops the successors from index lo on.
func (e *expander) release(lo int) {
	if lo < len(e.succs) {
		e.arena = e.arena[:e.succs[lo].off]
		e.succs = e.succs[:lo]
	}
}

// frame is one state on the depth-first stack. Its generated successors
// are succs[lo:hi] of the expander, next the one to take; frames deep in
// the stack give their successors up (lo == dropped) and generate them
// again when the search comes back to them: the model's Next is
// deterministic, so taken = next - lo says where to resume.
type frame struct {
	state        []byte // aliases the store, or the atomic stack for intermediate states
	lo, hi, next int32
	taken        int32
	atomicOff    int32 // start of this frame's bytes on the atomic stack, or -1
	step         Step  // the step that led here
}

const dropped = -1

// window is the number of frames at the top of the stack that keep their
// generated successors; below, successors are dropped and regenerated on
// return, so the stack costs little memory however deep the search goes
// (pan's depth can reach millions).
var window = 1 << 14

// frameStack is the DFS stack in fixed-size blocks, so that a deep stack
// grows without copying.
type frameStack struct {
	blocks [][]frame
	n      int
}

const blockShift = 12

func (st *frameStack) push(f frame) {
	b := st.n >> blockShift
	if b == len(st.blocks) {
		st.blocks = append(st.blocks, make([]frame, 1<<blockShift))
	}
	st.blocks[b][st.n&(1<<blockShift-1)] = f
	st.n++
}

func (st *frameStack) at(i int) *frame {
	return &st.blocks[i>>blockShift][i&(1<<blockShift-1)]
}

func (st *frameStack) pop() {
	st.n--
	// free blocks two above the top (keep one spare against thrashing)
	if b := (st.n >> blockShift) + 2; b < len(st.blocks) && st.blocks[b] != nil {
		st.blocks[b] = nil
		st.blocks = st.blocks[:b]
	}
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
	var (
		stack   frameStack
		atomics []byte // bytes of intermediate (atomic) states on the stack
		keepLo  int    // frames below keepLo have dropped their successors
	)
	trail := func(last *Step) []Step {
		t := make([]Step, 0, stack.n)
		for i := 1; i < stack.n; i++ {
			t = append(t, stack.at(i).step)
		}
		if last != nil {
			t = append(t, *last)
		}
		return t
	}
	stack.push(frame{state: s.opt.Store.State(idx), atomicOff: -1})
	if err := s.expandTop(ex, &stack, trail); err != nil {
		return stopErr(err)
	}
	defer func() { s.noteStack(ex, &stack, atomics) }()
	for stack.n > 0 {
		top := stack.n - 1
		f := stack.at(top)
		if f.lo == dropped {
			// back at a frame that gave its successors up: generate them
			// again and skip those already taken
			lo, hi := ex.expand(f.state)
			f.lo, f.hi, f.next = int32(lo), int32(hi), int32(lo)+f.taken
			if keepLo > top {
				keepLo = top
			}
		}
		if f.next == f.hi {
			ex.release(int(f.lo))
			if f.atomicOff >= 0 {
				atomics = atomics[:f.atomicOff]
			}
			stack.pop()
			continue
		}
		sc := &ex.succs[f.next]
		f.next++
		f.taken++
		depth := stack.n // depth of the successor
		if v := sc.viol; v != nil {
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
		atomicOff := int32(-1)
		if sc.flags&pins.InAtomic != 0 {
			// Inside an atomic sequence: explored but not stored, as pan
			// does. The bytes go on the atomic stack until the frame is
			// popped.
			s.res.AtomicSteps++
			atomicOff = int32(len(atomics))
			atomics = append(atomics, ex.bytes(sc)...)
			state = atomics[atomicOff:len(atomics):len(atomics)]
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
		stack.push(frame{state: state, step: sc.step, atomicOff: atomicOff})
		if err := s.expandTop(ex, &stack, trail); err != nil {
			return stopErr(err)
		}
		if stack.n&(1<<blockShift-1) == 0 {
			s.noteStack(ex, &stack, atomics)
		}
		if stack.n-keepLo > 2*window {
			keepLo = s.dropSuccessors(ex, &stack, keepLo, stack.n-window)
		}
		if err := s.check(); err != nil {
			return stopErr(err)
		}
	}
	return nil
}

// noteStack records the peak memory of the search stack.
func (s *searcher) noteStack(ex *expander, stack *frameStack, atomics []byte) {
	b := int64(len(stack.blocks))<<blockShift*int64(unsafe.Sizeof(frame{})) +
		int64(cap(ex.arena)) + int64(cap(ex.succs))*int64(unsafe.Sizeof(succ{})) + int64(cap(atomics))
	if b > s.res.StackBytes {
		s.res.StackBytes = b
	}
}

// dropSuccessors makes the frames in [from, to) give up their generated
// successors and moves the successors of the frames above down to the
// start of the arena. It returns the new keepLo.
func (s *searcher) dropSuccessors(ex *expander, stack *frameStack, from, to int) int {
	// the first frame that keeps its successors
	first := stack.at(to)
	base := int(first.lo)
	if base >= len(ex.succs) {
		base = len(ex.succs)
	}
	for i := from; i < to; i++ {
		f := stack.at(i)
		if f.lo != dropped {
			f.lo, f.hi, f.next = dropped, dropped, dropped
		}
	}
	if base == 0 {
		return to
	}
	arenaBase := len(ex.arena)
	if base < len(ex.succs) {
		arenaBase = ex.succs[base].off
	}
	n := copy(ex.succs, ex.succs[base:])
	ex.succs = ex.succs[:n]
	for i := range ex.succs {
		ex.succs[i].off -= arenaBase
	}
	m := copy(ex.arena, ex.arena[arenaBase:])
	ex.arena = ex.arena[:m]
	for i := to; i < stack.n; i++ {
		f := stack.at(i)
		f.lo -= int32(base)
		f.hi -= int32(base)
		f.next -= int32(base)
	}
	ex.start -= base
	return to
}

// expandTop generates the successors of the top frame and checks it for
// an invalid end state.
func (s *searcher) expandTop(ex *expander, stack *frameStack, trail func(*Step) []Step) error {
	f := stack.at(stack.n - 1)
	lo, hi := ex.expand(f.state)
	f.lo, f.hi, f.next = int32(lo), int32(hi), int32(lo)
	if lo == hi && !s.claim && s.m.Status(f.state)&pins.ValidEnd == 0 {
		v := pins.Violation{Kind: pins.InvalidEndState, Message: "invalid end state"}
		if s.report(v, stack.n-1, func() []Step { return trail(nil) }) {
			return errStop
		}
	}
	return nil
}
