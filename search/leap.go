package search

import (
	"github.com/gospin/gospin/internal/idxmap"
	"github.com/gospin/gospin/pins"
)

// Leap sets (van der Schoot, "Partial-order verification in SPIN can be
// more efficient"): where several processes each have an ample set (their
// enabled steps are all safe, see pins.Reducer), these sets are pairwise
// independent, so instead of exploring one of them the search takes one
// step of every such process at once, a "leap": the successors of a state
// are the products of the processes' ample sets, and the intermediate
// states of the interleavings are never generated. A leap of q processes
// with one step each replaces the q-1 intermediate states an ample set
// search would store.
//
// The search preserves invalid end states, assertion violations and
// run-time errors. Deadlocks are preserved by the leap graph alone (the
// paper's Theorem 1); for assertions the ignoring problem is handled as
// the paper's Section 4.3 does, by the stack: when the leaps do not cover
// every enabled step and some leap leads back to a state on the stack, the
// state also gets, for one fixed leap L', the leaps L' + {a} for every
// other enabled step a. Every enabled step is then taken at that state,
// and every cycle of the reduced graph passes through such a state (its
// closing edge is a leap into the stack).
//
// Leaps are used for safety searches, depth-first, without a never claim
// (Options.Leap); inside atomic sequences and at states with a timeout or
// an atomicity loss the expansion is the full one.

// leapSucc is a successor of a leap search's frame: the state after the
// steps steps[stepLo:stepHi], its bytes arena[off:off+n].
type leapSucc struct {
	off, n         int
	stepLo, stepHi int
	flags          pins.TransFlags
}

// leapFrame is a state on the leap search's stack.
type leapFrame struct {
	idx      uint64 // store index, or ^0 for an intermediate (atomic) state
	atomOff  int    // an intermediate state's bytes: atoms[atomOff:atomOff+atomLen]
	atomLen  int
	lo, hi   int // successors in succs
	next     int
	in       int // the successor of the parent frame that led here, or -1
	stepsTop int // len(steps) when the frame was expanded (released on pop)
	arenaTop int
}

// leapSearch is the state of one leap search.
type leapSearch struct {
	s      *searcher
	ex     *expander // single steps of the state being expanded
	lex    *expander // single steps of intermediate leap states
	lookup func([]byte) (uint64, bool)

	frames  []leapFrame
	onStack *idxmap.Map
	succs   []leapSucc
	steps   []Step
	arena   []byte
	atoms   []byte
	safe    []bool

	// scratch for building products
	cur, nxt []leapSucc
	scratch  []byte
	scratch2 []byte
	sSteps   []Step
	sSteps2  []Step
	cands    []leapCand

	leaps, leapSteps int64
}

// leapCand is a candidate process: its single steps are ex.succs[i:j].
type leapCand struct {
	pid  int
	i, j int
}

// maxLeapProduct bounds the number of successors a state gets from the
// product of its ample sets; beyond it the state takes one ample set only
// (as por's leaps on a product).
const maxLeapProduct = 4096

func (s *searcher) leapDFS() error {
	l := &leapSearch{s: s, ex: newExpander(s.m), lex: newExpander(s.m), lookup: s.opt.Store.Lookup, onStack: idxmap.New()}
	init, idx, err := s.insertInitial()
	if err != nil {
		return stopErr(err)
	}
	defer func() {
		s.res.Reduced = l.leaps
		s.res.LeapSteps = l.leapSteps
	}()
	return stopErr(l.run(init, idx))
}

// state returns the bytes of frame f.
func (l *leapSearch) state(f *leapFrame) []byte {
	if f.idx == ^uint64(0) {
		return l.atoms[f.atomOff : f.atomOff+f.atomLen]
	}
	return l.s.opt.Store.State(f.idx)
}

// trail returns the steps from the initial state to frame top, then extra.
func (l *leapSearch) trail(extra []Step) []Step {
	var t []Step
	for i := 1; i < len(l.frames); i++ {
		sc := &l.succs[l.frames[i].in]
		t = append(t, l.steps[sc.stepLo:sc.stepHi]...)
	}
	return append(t, extra...)
}

func (l *leapSearch) run(init []byte, idx uint64) error {
	s := l.s
	l.frames = append(l.frames, leapFrame{idx: idx, in: -1})
	l.onStack.Set(idx, 0)
	if err := l.expand(init); err != nil {
		return err
	}
	for len(l.frames) > 0 {
		top := len(l.frames) - 1
		f := &l.frames[top]
		if f.next == f.hi {
			// pop: release the frame's successors and bytes
			l.succs = l.succs[:f.lo]
			l.steps = l.steps[:f.stepsTop]
			l.arena = l.arena[:f.arenaTop]
			if f.idx == ^uint64(0) {
				l.atoms = l.atoms[:f.atomOff]
			} else {
				l.onStack.Del(f.idx)
			}
			l.frames = l.frames[:top]
			continue
		}
		k := f.next
		f.next++
		sc := l.succs[k]
		depth := len(l.frames)
		if depth >= s.opt.MaxDepth {
			s.res.DepthLimitHit = true
			s.res.StatesMatched++
			s.res.Transitions++
			continue
		}
		bytes := l.arena[sc.off : sc.off+sc.n]
		nf := leapFrame{idx: ^uint64(0), in: k}
		if sc.flags&pins.InAtomic != 0 {
			s.res.AtomicSteps++
			nf.atomOff = len(l.atoms)
			l.atoms = append(l.atoms, bytes...)
			nf.atomLen = sc.n
		} else {
			idx, added, err := s.insert(bytes)
			if err != nil {
				return err
			}
			if !added {
				s.res.StatesMatched++
				s.res.Transitions++
				continue
			}
			nf.idx = idx
			l.onStack.Set(idx, 0)
		}
		if depth > s.res.DepthReached {
			s.res.DepthReached = depth
		}
		l.frames = append(l.frames, nf)
		// bytes may move when the arena grows: expand a copy
		l.scratch = append(l.scratch[:0], bytes...)
		if err := l.expand(l.scratch); err != nil {
			return err
		}
		if err := s.check(); err != nil {
			return err
		}
	}
	return nil
}

// expand generates the successors of the top frame, whose state is x.
func (l *leapSearch) expand(x []byte) error {
	s := l.s
	f := &l.frames[len(l.frames)-1]
	f.lo, f.next = len(l.succs), len(l.succs)
	f.stepsTop, f.arenaTop = len(l.steps), len(l.arena)
	ex := l.ex
	ex.release(0)
	lo, hi := ex.expand(x)
	// violations of single steps: reported as the walker does, once per
	// step that shows one
	if lo == hi {
		if st := s.m.Status(x); st&pins.ValidEnd == 0 {
			if s.report(pins.Violation{Kind: pins.InvalidEndState, Message: "invalid end state"}, len(l.frames)-1, func() []Step { return l.trail(nil) }) {
				return errStop
			}
		}
		f.hi = len(l.succs)
		return nil
	}
	l.cands = l.cands[:0]
	leapable := f.idx != ^uint64(0)
	for i := lo; i < hi && leapable; i++ {
		if ex.succs[i].flags&(pins.Timeout|pins.AtomicLost) != 0 {
			leapable = false
		}
	}
	if leapable {
		l.safe = s.opt.Reducer.SafeProcs(x, l.safe)
		for i := lo; i < hi; {
			pid := ex.succs[i].step.Pid
			j := i
			for j < hi && ex.succs[j].step.Pid == pid {
				j++
			}
			if l.candidate(pid, i, j, lo, hi) {
				l.cands = append(l.cands, leapCand{pid: pid, i: i, j: j})
			}
			i = j
		}
		product := 1
		for _, c := range l.cands {
			product *= c.j - c.i
			if product > maxLeapProduct {
				l.cands = l.cands[:1]
				break
			}
		}
	}
	covered := 0
	for _, c := range l.cands {
		covered += c.j - c.i
	}
	if len(l.cands) == 0 || len(l.cands) == 1 && covered == hi-lo {
		// full expansion: every single step
		for i := lo; i < hi; i++ {
			if err := l.addSingle(i); err != nil {
				return err
			}
		}
		f.hi = len(l.succs)
		return nil
	}
	// the leaps: one step of every candidate, in the order of the
	// candidates (any order gives the same state)
	start := len(l.succs)
	if err := l.product(x, lo, hi); err != nil {
		return err
	}
	l.leaps++
	if covered < hi-lo && l.closesCycle(start) {
		// the stack proviso: the other enabled steps, each followed by
		// the first step of every candidate
		for i := lo; i < hi; i++ {
			if l.inCand(i) {
				continue
			}
			if err := l.extended(i); err != nil {
				return err
			}
		}
	}
	f.hi = len(l.succs)
	return nil
}

// candidate reports whether process pid's steps ex.succs[i:j] form an ample
// set (all its transitions safe, its steps contiguous, none entering an
// atomic sequence).
func (l *leapSearch) candidate(pid, i, j, lo, hi int) bool {
	ex := l.ex
	if pid < 0 || pid >= len(l.safe) || !l.safe[pid] {
		return false
	}
	for k := lo; k < hi; k++ {
		if (k < i || k >= j) && ex.succs[k].step.Pid == pid {
			return false
		}
	}
	for k := i; k < j; k++ {
		if ex.succs[k].flags&pins.InAtomic != 0 {
			return false
		}
	}
	return true
}

func (l *leapSearch) inCand(i int) bool {
	for _, c := range l.cands {
		if i >= c.i && i < c.j {
			return true
		}
	}
	return false
}

// closesCycle reports whether a successor from start on is a stored state
// on the stack.
func (l *leapSearch) closesCycle(start int) bool {
	for k := start; k < len(l.succs); k++ {
		sc := &l.succs[k]
		if idx, found := l.lookup(l.arena[sc.off : sc.off+sc.n]); found {
			if l.onStack.Has(idx) {
				return true
			}
		}
	}
	return false
}

// addSingle adds single step i of ex as a successor.
func (l *leapSearch) addSingle(i int) error {
	sc := &l.ex.succs[i]
	step := sc.step
	if v := sc.viol; v != nil {
		if l.s.report(*v, len(l.frames), func() []Step { return l.trail([]Step{step}) }) {
			return errStop
		}
	}
	l.push(l.ex.bytes(sc), []Step{step}, sc.flags)
	return nil
}

// push appends a successor.
func (l *leapSearch) push(b []byte, steps []Step, flags pins.TransFlags) {
	sc := leapSucc{off: len(l.arena), n: len(b), stepLo: len(l.steps), flags: flags}
	l.arena = append(l.arena, b...)
	l.steps = append(l.steps, steps...)
	sc.stepHi = len(l.steps)
	l.succs = append(l.succs, sc)
}

// partial is a state on the way through a leap: bytes and steps in the
// scratch buffers.
type partial struct {
	off, n         int
	stepLo, stepHi int
}

// product adds the leaps of x: every combination of one step of each
// candidate.
func (l *leapSearch) product(x []byte, lo, hi int) error {
	// level 0: the first candidate's steps, generated already
	c0 := l.cands[0]
	var cur []partial
	l.scratch2 = l.scratch2[:0]
	l.sSteps = l.sSteps[:0]
	for i := c0.i; i < c0.j; i++ {
		sc := &l.ex.succs[i]
		if err := l.violation(sc.viol, l.sSteps[:0], sc.step); err != nil {
			return err
		}
		p := partial{off: len(l.scratch2), n: int(sc.n), stepLo: len(l.sSteps)}
		l.scratch2 = append(l.scratch2, l.ex.bytes(sc)...)
		l.sSteps = append(l.sSteps, sc.step)
		p.stepHi = len(l.sSteps)
		cur = append(cur, p)
	}
	for _, c := range l.cands[1:] {
		var nxt []partial
		bytes2 := []byte(nil)
		steps2 := []Step(nil)
		for _, p := range cur {
			st := l.scratch2[p.off : p.off+p.n]
			prior := l.sSteps[p.stepLo:p.stepHi]
			l.lex.release(0)
			a, b := l.lex.expand(st)
			found := false
			for i := a; i < b; i++ {
				sc := &l.lex.succs[i]
				if sc.step.Pid != c.pid {
					continue
				}
				found = true
				l.leapSteps++
				if err := l.violation(sc.viol, prior, sc.step); err != nil {
					return err
				}
				q := partial{off: len(bytes2), n: int(sc.n), stepLo: len(steps2)}
				bytes2 = append(bytes2, l.lex.bytes(sc)...)
				steps2 = append(append(steps2, prior...), sc.step)
				q.stepHi = len(steps2)
				nxt = append(nxt, q)
			}
			if !found {
				// cannot happen when the candidates' steps are independent
				// of each other (the Reducer's promise): keep the partial
				// leap rather than lose its states
				q := partial{off: len(bytes2), n: p.n, stepLo: len(steps2)}
				bytes2 = append(bytes2, st...)
				steps2 = append(steps2, prior...)
				q.stepHi = len(steps2)
				nxt = append(nxt, q)
			}
		}
		cur = nxt
		l.scratch2 = append(l.scratch2[:0], bytes2...)
		l.sSteps = append(l.sSteps[:0], steps2...)
	}
	for _, p := range cur {
		l.push(l.scratch2[p.off:p.off+p.n], l.sSteps[p.stepLo:p.stepHi], 0)
	}
	return nil
}

// extended adds the leap L' + {a} for the single step i (a): a, then the
// first step of every candidate.
func (l *leapSearch) extended(i int) error {
	sc := &l.ex.succs[i]
	if err := l.violation(sc.viol, nil, sc.step); err != nil {
		return err
	}
	if sc.flags&pins.InAtomic != 0 {
		// a step into an atomic sequence is taken alone: the sequence's
		// states are explored as the full search would
		l.push(l.ex.bytes(sc), []Step{sc.step}, sc.flags)
		return nil
	}
	st := append(l.scratch2[:0], l.ex.bytes(sc)...)
	steps := append(l.sSteps2[:0], sc.step)
	for _, c := range l.cands {
		l.lex.release(0)
		a, b := l.lex.expand(st)
		for k := a; k < b; k++ {
			t := &l.lex.succs[k]
			if t.step.Pid != c.pid {
				continue
			}
			l.leapSteps++
			if err := l.violation(t.viol, steps, t.step); err != nil {
				return err
			}
			st = append(st[:0], l.lex.bytes(t)...)
			steps = append(steps, t.step)
			break
		}
	}
	l.scratch2, l.sSteps2 = st, steps
	l.push(st, steps, 0)
	return nil
}

// violation reports v, met on the step after prior, if not nil.
func (l *leapSearch) violation(v *pins.Violation, prior []Step, step Step) error {
	if v == nil {
		return nil
	}
	if l.s.report(*v, len(l.frames)+len(prior), func() []Step {
		return l.trail(append(append([]Step(nil), prior...), step))
	}) {
		return errStop
	}
	return nil
}
