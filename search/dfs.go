package search

import (
	"errors"
	"unsafe"

	"github.com/gospin/gospin/internal/idxmap"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/store"
)

// succ is a generated successor waiting to be taken: its bytes live in
// expander.arena[off:off+n].
type succ struct {
	off   int
	n     int32
	flags pins.TransFlags
	viol  *pins.Violation
	step  Step
	pid2  int32  // the rendezvous receiver (pins.Transition.Pid2), or -1
	h     uint64 // store.Hash of the bytes, once prefetched (see walker.prefetch)
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
		e.succs = append(e.succs, succ{off: off, n: int32(len(s)), flags: t.Flags, viol: t.Violation, step: Step{Pid: t.Pid, Group: t.Group, K: k}, pid2: int32(t.Pid2)})
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

// expandAfter is expand for a state reached by a step of process pid:
// after a stutter step of the never claim (pid -1) a model that follows
// pan there gives the successors with the system still to move
// (pins.StutterModel).
func (e *expander) expandAfter(state []byte, pid int32) (lo, hi int) {
	if pid == -1 {
		if sm, ok := e.m.(pins.StutterModel); ok {
			e.start = len(e.succs)
			sm.NextStutter(state, e.yield)
			return e.start, len(e.succs)
		}
	}
	return e.expand(state)
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
// are succs[lo:hi] of the expander, lo+taken the next to take; frames deep in
// the stack give their successors up (lo == dropped) and generate them
// again when the search comes back to them: the model's Next is
// deterministic, so taken says where to resume.
//
// Frames are kept small (40 bytes): pan's searches can be millions of
// levels deep. An intermediate (atomic) state's bytes are on the atomic
// stack at atomicOff; a stored state is read back from the store by idx.
type frame struct {
	lo, hi       int32 // the generated successors (the next to take is lo+taken)
	taken        int32
	atomicOff    int32 // start of this frame's bytes on the atomic stack, or -1
	atomicLen    int32
	idxLo, idxHi uint32 // store index of a stored state (^0 for an intermediate one)
	pid, group   int32  // the step that led here
	k            int32
}

func (f *frame) idx() uint64 { return uint64(f.idxHi)<<32 | uint64(f.idxLo) }

func (f *frame) step() Step { return Step{Pid: int(f.pid), Group: int(f.group), K: int(f.k)} }

func newFrame(st Step, atomicOff, atomicLen int32, idx uint64) frame {
	return frame{atomicOff: atomicOff, atomicLen: atomicLen, idxLo: uint32(idx), idxHi: uint32(idx >> 32), pid: int32(st.Pid), group: int32(st.Group), k: int32(st.K)}
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
	buf, err := s.m.Initial(nil)
	if err != nil {
		return err
	}
	w := s.newWalker(0)
	s.setAux() // before the first insert
	idx, _, err := w.insert(buf)
	if err != nil {
		return stopErr(err)
	}
	if s.opt.Accept {
		w.cyan = idxmap.New()
		w.cyan.Set(idx, 0)
	}
	w.rootIdx = idx
	if w.reduced {
		w.onStack = idxmap.New()
		w.onStack.Set(idx, 0)
	}
	return w.run(buf, nil)
}

// walker is one depth-first search: the main one, or (with Accept) a
// nested search for a cycle back to a seed state.
type walker struct {
	s       *searcher
	ex      *expander
	stack   frameStack
	atomics []byte // bytes of intermediate (atomic) states on the stack
	keepLo  int    // frames below keepLo have dropped their successors
	// flag is appended to every stored state in an acceptance search: 0
	// for the main search, 1 for the nested ones.
	flag byte
	key  []byte // scratch: state + flag
	// nested search: the seed, and the path to it (the main stack)
	seed   []byte
	prefix []Step
	outer  *walker
	// cyan: the states on the main search's stack (store index of the
	// flag-0 entry -> stack position), for Schwoon and Esparza's early
	// cycle detection; main is the main walker (for nested ones).
	cyan    *idxmap.Map
	main    *walker
	rootIdx uint64
	// reduced: the model is a reduction layer (pins.Reduced), bound to
	// this walker (see Lookup, Closes, Expanding): onStack holds the store
	// indices of the stored states on the stack, for its cycle proviso,
	// and exp describes the state being expanded.
	reduced bool
	onStack *idxmap.Map
	exp     pins.Expansion
	lkey    []byte // scratch: state + flag for Lookup
	// keep: the store is lossy (store.Lossy), so the stack keeps the
	// bytes of its stored states too, on the atomic stack (a stored
	// frame with atomicOff >= 0; intermediate frames have no index)
	keep bool
	// pf, when not nil, is the store, which prefetches (not in acceptance
	// searches, whose stored keys carry a flag byte)
	pf store.Prefetcher
	// loneNew counts up (to 15) when a state's lone successor is new and
	// down by 2 (to 0) when it was stored already: run expands a lone
	// successor before inserting it (see speculate) only while most
	// turned out new.
	loneNew int
}

// speculate says whether run expands a lone successor before it knows it
// is new (to overlap the miss of its hash slot; see run): only in plain
// searches (no ample sets, no nested search), and only while recent lone
// successors were mostly new, since the expansion of one already stored
// is work thrown away.
func (w *walker) speculate() bool {
	return w.loneNew >= 8 && !w.reduced && !w.s.opt.Accept
}

func (s *searcher) newWalker(flag byte) *walker {
	w := &walker{s: s, flag: flag}
	m := s.m
	if r, ok := m.(pins.Reduced); ok {
		m = r.Bind(w, flag == 1)
		w.reduced = true
		if flag == 1 {
			w.onStack = idxmap.New()
		}
	}
	w.ex = newExpander(m)
	_, w.keep = s.opt.Store.(store.Lossy)
	if pf, ok := s.opt.Store.(store.Prefetcher); ok && !s.opt.Accept {
		w.pf = pf
	}
	return w
}

// Lookup implements pins.Cycles: the store index of the main search's
// entry for s (flag 0 in an acceptance search).
func (w *walker) Lookup(s []byte) (uint64, bool) {
	if !w.s.opt.Accept {
		return w.s.opt.Store.Lookup(s)
	}
	w.lkey = append(append(w.lkey[:0], s...), 0)
	return w.s.opt.Store.Lookup(w.lkey)
}

// Aux implements pins.Cycles.
func (w *walker) Aux(idx uint64) []byte { return w.s.aux(idx) }

// Closes implements pins.Cycles: the stack proviso.
func (w *walker) Closes(idx uint64) bool { return w.onStack.Has(idx) }

// Expanding implements pins.Cycles.
func (w *walker) Expanding() pins.Expansion { return w.exp }

// expanding records frame top as the state the next expansion is of.
func (w *walker) expanding(top int) {
	if w.reduced {
		f := w.stack.at(top)
		stored := f.idx() != ^uint64(0)
		w.exp = pins.Expansion{Depth: top, Index: f.idx(), Known: w.flag == 0 && stored, Intermediate: !stored}
	}
}

// prefetch hashes the successors succs[lo:hi] and asks the store to load
// their slots: the cache misses of a state's successors then overlap, and
// inserting each one later finds its slot in the cache.
func (w *walker) prefetch(lo, hi int) {
	ex := w.ex
	for i := lo; i < hi; i++ {
		sc := &ex.succs[i]
		if sc.flags&(pins.InAtomic|pins.InLeap) != 0 {
			continue
		}
		sc.h = store.Hash(ex.bytes(sc))
		w.pf.PrefetchSlot(sc.h)
	}
}

// insertSucc stores successor sc, with the hash prefetch computed.
func (w *walker) insertSucc(sc *succ) (uint64, bool, error) {
	if w.pf == nil {
		return w.insert(w.ex.bytes(sc))
	}
	return w.s.counted(w.pf.InsertHashed(w.ex.bytes(sc), sc.h))
}

// insert stores a state (with the search's flag in an acceptance search).
func (w *walker) insert(st []byte) (uint64, bool, error) {
	if !w.s.opt.Accept {
		return w.s.insert(st)
	}
	w.key = append(append(w.key[:0], st...), w.flag)
	if w.flag == 1 {
		idx, added, err := w.s.opt.Store.Insert(w.key)
		if err != nil {
			return w.s.insert(nil) // reports the memory limit
		}
		if added {
			w.s.res.NestedStored++
			w.s.res.Transitions++
		}
		return idx, added, nil
	}
	return w.s.insert(w.key)
}

// stored returns the system state of a stored entry (without the flag).
func (w *walker) stored(idx uint64) []byte {
	st := w.s.opt.Store.State(idx)
	if w.s.opt.Accept {
		st = st[: len(st)-1 : len(st)-1]
	}
	return st
}

// stateOf returns the state of frame f: an intermediate state's bytes, or
// a stored state read from the store (valid until the next store read).
func (w *walker) stateOf(f *frame) []byte {
	if f.atomicOff >= 0 {
		end := f.atomicOff + f.atomicLen
		return w.atomics[f.atomicOff:end:end]
	}
	return w.stored(f.idx())
}

func (w *walker) trail(last *Step) []Step {
	t := make([]Step, 0, len(w.prefix)+w.stack.n)
	t = append(t, w.prefix...)
	for i := 1; i < w.stack.n; i++ {
		t = append(t, w.stack.at(i).step())
	}
	if last != nil {
		t = append(t, *last)
	}
	return t
}

// run searches from root. In a nested search it returns errCycle when a
// cycle back to the seed was reported and the search must stop.
func (w *walker) run(root []byte, _ []Step) error {
	s, ex := w.s, w.ex
	nested := w.seed != nil
	base := len(w.prefix) // depth of the root
	defer func() { s.noteStack(ex, &w.stack, w.atomics) }()
	w.pushRoot(root)
	if err := w.expandTop(nil); err != nil {
		return stopErr(err)
	}
	for w.stack.n > 0 {
		top := w.stack.n - 1
		f := w.stack.at(top)
		if f.lo == dropped {
			w.regenerate(top, f)
		}
		if f.lo+f.taken == f.hi {
			if err := w.popFrame(top, f); err != nil {
				return stopErr(err)
			}
			continue
		}
		sc := &ex.succs[f.lo+f.taken]
		f.taken++
		depth := base + w.stack.n // depth of the successor
		if v := sc.viol; v != nil && !nested {
			step := sc.step
			if s.report(*v, depth, func() []Step { return w.trail(&step) }) {
				return nil
			}
		}
		if nested {
			if err := w.closesNested(sc, depth); err != nil {
				return err
			}
		}
		if depth >= s.opt.MaxDepth {
			// pan cuts the step and counts it as a matched state.
			s.res.DepthLimitHit = true
			s.res.StatesMatched++
			s.res.Transitions++
			continue
		}
		pushedIdx := ^uint64(0)
		atomicOff, atomicLen := int32(-1), int32(0)
		if sc.flags&(pins.InAtomic|pins.InLeap) != 0 {
			// Inside an atomic sequence: explored but not stored, as pan
			// does. The bytes go on the atomic stack until the frame is
			// popped. So are the intermediate states of a leap
			// (pins.InLeap).
			if sc.flags&pins.InLeap != 0 {
				s.res.LeapSteps++
			} else {
				s.res.AtomicSteps++
			}
			atomicOff = int32(len(w.atomics))
			w.atomics = append(w.atomics, ex.bytes(sc)...)
			atomicLen = int32(len(w.atomics)) - atomicOff
		} else {
			// A lone successor: its slot, prefetched with the expansion
			// that generated it, is still on its way from memory. Generate
			// its successors meanwhile (and prefetch theirs), so that the
			// miss overlaps the work rather than following it; if it was
			// stored already the successors are dropped (expanding a state
			// has no effect on the search but its successors).
			specLo := -1
			lone := f.hi-f.lo == 1
			if lone && w.pf != nil && w.speculate() {
				i := int(f.lo + f.taken - 1)
				lo, hi := ex.expandAfter(ex.bytes(&ex.succs[i]), int32(ex.succs[i].step.Pid))
				w.prefetch(lo, hi)
				specLo = lo
				sc = &ex.succs[i] // expand may have moved the successors
			}
			idx, added, err := w.insertSucc(sc)
			if err != nil {
				return stopErr(err)
			}
			if lone {
				if added {
					w.loneNew = min(w.loneNew+1, 15)
				} else {
					w.loneNew = max(w.loneNew-2, 0)
				}
			}
			if !added && specLo >= 0 {
				ex.release(specLo)
			}
			if added && specLo >= 0 {
				if depth > s.res.DepthReached {
					s.res.DepthReached = depth
				}
				succBytes := ex.bytes(sc)
				w.stack.push(newFrame(sc.step, -1, 0, idx))
				if err := w.finishTop(succBytes, specLo, len(ex.succs), true); err != nil {
					return stopErr(err)
				}
				if err := w.afterPush(); err != nil {
					return stopErr(err)
				}
				continue
			}
			if !added {
				if s.opt.Accept && !nested {
					if found, stop := w.closesOnStack(f, sc, idx, depth); found {
						if stop {
							return nil
						}
						continue
					}
				}
				s.res.StatesMatched++
				s.res.Transitions++
				continue
			}
			pushedIdx = idx // its bytes are read from the store when needed
			if w.keep {
				// a lossy store gives no bytes back: the stack keeps them
				atomicOff = int32(len(w.atomics))
				w.atomics = append(w.atomics, ex.bytes(sc)...)
				atomicLen = int32(len(w.atomics)) - atomicOff
			}
		}
		if depth > s.res.DepthReached {
			s.res.DepthReached = depth
		}
		succBytes := ex.bytes(sc)
		w.stack.push(newFrame(sc.step, atomicOff, atomicLen, pushedIdx))
		if w.cyan != nil && pushedIdx != ^uint64(0) {
			w.cyan.Set(pushedIdx, int32(w.stack.n-1))
		}
		if w.onStack != nil && pushedIdx != ^uint64(0) {
			w.onStack.Set(pushedIdx, 0)
		}
		if err := w.expandTop(succBytes); err != nil {
			return stopErr(err)
		}
		if err := w.afterPush(); err != nil {
			return stopErr(err)
		}
	}
	return nil
}

// pushRoot pushes the frame of the search's root: the main search's
// initial state, or a nested search's seed.
func (w *walker) pushRoot(root []byte) {
	if w.seed == nil {
		if w.keep {
			// the initial state's bytes, which a lossy store does not keep
			w.atomics = append(w.atomics[:0], root...)
			w.stack.push(newFrame(Step{}, 0, int32(len(root)), w.rootIdx))
			return
		}
		w.stack.push(newFrame(Step{}, -1, 0, w.rootIdx))
		return
	}
	// the seed goes on the atomic stack: it is the root's state
	w.atomics = append(w.atomics[:0], root...)
	// the seed is expanded as the main search expanded it (after a
	// stutter step, with the system still to move)
	rootStep := Step{}
	if n := len(w.prefix); n > 0 && w.prefix[n-1].Pid == -1 {
		rootStep.Pid = -1
	}
	w.stack.push(newFrame(rootStep, 0, int32(len(root)), ^uint64(0)))
}

// regenerate generates again the successors of frame f (at top), which
// gave them up; those already taken are skipped. The stack below is as
// it was: a reduction layer gives the same ample set, on a product the
// recorded one.
func (w *walker) regenerate(top int, f *frame) {
	st := w.stateOf(f)
	w.expanding(top)
	lo, hi := w.ex.expandAfter(st, f.pid)
	if w.pf != nil {
		w.prefetch(lo+int(f.taken), hi)
	}
	f.lo, f.hi = int32(lo), int32(hi)
	if w.keepLo > top {
		w.keepLo = top
	}
}

// popFrame pops frame f (at top), whose successors are all taken, after
// the nested search from it when it is accepting (whose error, errStop
// included, it returns).
func (w *walker) popFrame(top int, f *frame) error {
	s := w.s
	w.ex.release(int(f.lo))
	if f.atomicOff >= 0 {
		w.atomics = w.atomics[:f.atomicOff]
	}
	// Post-order: from an accepting state, look for a cycle back
	// to it (pan starts its nested search here; only from a state
	// it moved from: its accepting mark, o_pm&2, is set by a move,
	// so a state without successors gets no nested search, whose
	// seed would be one more state visited).
	stored := f.idx() != ^uint64(0)
	if s.opt.Accept && w.seed == nil && stored && s.m.Status(w.stateOf(f))&pins.Accepting != 0 && (f.hi > f.lo || panMoved(s.m, w.stateOf(f))) {
		if err := w.nested(top); err != nil {
			return err
		}
		f = w.stack.at(top)
	}
	if w.cyan != nil && f.idx() != ^uint64(0) {
		w.cyan.Del(f.idx())
	}
	if w.onStack != nil && stored {
		w.onStack.Del(f.idx())
	}
	w.stack.pop()
	return nil
}

// closesNested reports the acceptance cycle that successor sc of a
// nested search closes, back at the seed or on the main search's stack:
// errCycle (errStop when the search stops), or nil when it closes none.
func (w *walker) closesNested(sc *succ, depth int) error {
	s, ex := w.s, w.ex
	if w.main.cyan != nil {
		w.key = append(append(w.key[:0], ex.bytes(sc)...), 0)
		if oi, found := s.opt.Store.Lookup(w.key); found {
			if pos, on := w.main.cyan.Get(oi); on && string(ex.bytes(sc)) != string(w.seed) {
				// back on the main stack: seed -> ... -> here ->
				// (main stack) -> seed is a cycle
				step := sc.step
				steps := w.trail(&step)
				for i := int(pos) + 1; i < w.main.stack.n; i++ {
					steps = append(steps, w.main.stack.at(i).step())
				}
				return w.reportCycle(len(w.prefix), depth, steps)
			}
		}
	}
	if string(ex.bytes(sc)) == string(w.seed) {
		// back at the seed: an acceptance cycle
		step := sc.step
		return w.reportCycle(len(w.prefix), depth, w.trail(&step))
	}
	return nil
}

// reportCycle reports an acceptance cycle starting at step start of
// steps: errCycle (one cycle per seed, as pan), or errStop when the
// search stops.
func (w *walker) reportCycle(start, depth int, steps []Step) error {
	s := w.s
	s.cycleStart = start
	stop := s.report(w.cycleViolation(), depth, func() []Step { return steps })
	s.cycleStart = -1
	if stop {
		return errStop
	}
	return errCycle
}

// closesOnStack reports whether the step to sc, stored already at idx,
// closes an accepting cycle on the stack (Schwoon-Esparza: an edge back
// to the stack closes a cycle; it is accepting when either end is) and
// whether the search stops. As pan (uerror, then goto Up), the step that
// closes the cycle found is not counted as a matched state.
func (w *walker) closesOnStack(f *frame, sc *succ, idx uint64, depth int) (found, stop bool) {
	s := w.s
	pos, ok := w.cyan.Get(idx)
	if !ok || s.m.Status(w.stateOf(f))&pins.Accepting == 0 && s.m.Status(w.ex.bytes(sc))&pins.Accepting == 0 {
		return false, false
	}
	step := sc.step
	steps := w.trail(&step)
	s.cycleStart = int(pos)
	stop = s.report(w.cycleViolation(), depth, func() []Step { return steps })
	s.cycleStart = -1
	return true, stop
}

// afterPush does the bookkeeping after a frame was pushed and expanded.
func (w *walker) afterPush() error {
	s, ex := w.s, w.ex
	if w.stack.n&(1<<blockShift-1) == 0 {
		s.noteStack(ex, &w.stack, w.atomics)
	}
	if w.stack.n-w.keepLo > 2*window {
		w.keepLo = s.dropSuccessors(ex, &w.stack, w.keepLo, w.stack.n-window)
	}
	return s.check()
}

func (w *walker) cycleViolation() pins.Violation {
	if w.s.opt.NonProgress {
		return pins.Violation{Kind: pins.NonProgressCycle, Message: "non-progress cycle"}
	}
	return pins.Violation{Kind: pins.AcceptanceCycle, Message: "acceptance cycle"}
}

// errCycle ends a nested search that reported a cycle (the main search
// goes on unless the error limit was reached, which errStop signals).
var errCycle = errors.New("cycle")

// nested runs a nested search from the state of frame top of w's stack.
func (w *walker) nested(top int) error {
	s := w.s
	if w.outer == nil {
		w.outer = s.newWalker(1)
	}
	in := w.outer
	in.main = w
	in.stack.n = 0
	in.atomics = in.atomics[:0]
	in.keepLo = 0
	in.seed = append(in.seed[:0], w.stateOf(w.stack.at(top))...)
	in.prefix = in.prefix[:0]
	for i := 1; i <= top; i++ {
		in.prefix = append(in.prefix, w.stack.at(i).step())
	}
	// the seed itself is stored with the nested flag, as pan does
	if _, _, err := in.insert(in.seed); err != nil {
		return stopErr(err)
	}
	err := in.run(in.seed, nil)
	if err == errCycle {
		return nil // a cycle was reported; the main search goes on
	}
	return err
}

// expandTop generates the successors of the top frame and checks it for
// an invalid end state.
//
// state, when not nil, is the top frame's state (the successor's bytes as
// generated), which saves reading it back from the store.
func (w *walker) expandTop(state []byte) error {
	f := w.stack.at(w.stack.n - 1)
	if state == nil {
		state = w.stateOf(f)
	}
	// The successors are appended to the arena; state stays valid (it
	// lies before them, or in the arena's previous array).
	w.expanding(w.stack.n - 1)
	lo, hi := w.ex.expandAfter(state, f.pid)
	return w.finishTop(state, lo, hi, false)
}

// finishTop completes expandTop given the top frame's generated
// successors, succs[lo:hi] (their slots prefetched already when
// prefetched is set).
func (w *walker) finishTop(state []byte, lo, hi int, prefetched bool) error {
	s := w.s
	f := w.stack.at(w.stack.n - 1)
	if w.pf != nil && !prefetched {
		w.prefetch(lo, hi)
	}
	f.lo, f.hi = int32(lo), int32(hi)
	if w.seed == nil && lo == hi && !s.claim {
		// As pan: with -a, a deadlock is no invalid end state, but one in
		// an accepting state is an accepting cycle (it stutters there).
		st := s.m.Status(state)
		var v *pins.Violation
		switch {
		case !s.opt.Accept && st&pins.ValidEnd == 0:
			v = &pins.Violation{Kind: pins.InvalidEndState, Message: "invalid end state"}
		case s.opt.Accept && st&pins.Accepting != 0:
			v = &pins.Violation{Kind: pins.AcceptanceCycle, Message: "accept stutter"}
		}
		if v != nil && s.report(*v, len(w.prefix)+w.stack.n-1, func() []Step { return w.trail(nil) }) {
			return errStop
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
			f.lo, f.hi = dropped, dropped
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
	}
	ex.start -= base
	return to
}
