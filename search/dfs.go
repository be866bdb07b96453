package search

import (
	"errors"
	"github.com/gospin/gospin/internal/blockstack"
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
	pid2  int32 // the rendezvous receiver (pins.Transition.Pid2), or -1
	// hashed: h is store.Hash of the bytes, from the reduction layer
	// (walker.NextHash) or once prefetched (see walker.prefetch)
	hashed bool
	// stored: the reduction layer found the successor stored already, at
	// store index idx (walker.NextHash), so insertSucc need not insert it
	stored bool
	h      uint64
	idx    uint64
}

// expander collects the successors of states into one LIFO arena, so the
// steady state allocates nothing.
type expander struct {
	m     pins.Model
	arena []byte
	succs []succ
	yield func(t *pins.Transition, s []byte) bool
	start int // first successor of the current expansion
	// hint, when hinted, is the hash of the next successor yielded
	// (walker.NextHash)
	hint   uint64
	hinted bool
	// hintIdx, when hintStored, is the store index of the next successor
	// yielded, which is stored already (walker.NextHash)
	hintIdx    uint64
	hintStored bool
	// flag, when >= 0, is appended to each successor's bytes in the arena
	// (not counted in succ.n): in an acceptance search a state is stored
	// with the walker's flag byte, and key then gives the key without a
	// copy
	flag int
}

func newExpander(m pins.Model, flag int) *expander {
	e := &expander{m: m, flag: flag}
	e.yield = func(t *pins.Transition, s []byte) bool {
		k := 0
		for i := e.start; i < len(e.succs); i++ {
			if p := e.succs[i].step; p.Pid == t.Pid && p.Group == t.Group {
				k++
			}
		}
		off := len(e.arena)
		e.arena = append(e.arena, s...)
		if e.flag >= 0 {
			e.arena = append(e.arena, byte(e.flag))
		}
		e.succs = append(e.succs, succ{off: off, n: int32(len(s)), flags: t.Flags, viol: t.Violation, step: Step{Pid: t.Pid, Group: t.Group, K: k}, pid2: int32(t.Pid2), hashed: e.hinted, h: e.hint, stored: e.hintStored, idx: e.hintIdx})
		e.hinted, e.hintStored = false, false
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

// key is the bytes of s followed by the expander's flag (flag >= 0).
func (e *expander) key(s *succ) []byte {
	end := s.off + int(s.n) + 1
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

// dropped marks a frame that gave its successors up (lo and hi); an
// exhausted frame had taken them all when it gave them up, so it is
// popped on return without generating them again: lo is exhausted, hi
// exhausted+1 when it had successors (popFrame asks), else exhausted.
// (A reduced or product search has mostly frames of one successor; on
// rk_peterson_filterN with -a, whose stack is 349,216 deep, the
// regeneration of such frames was about 10% of the run.)
const (
	dropped   = -1
	exhausted = -2
)

// window is the number of frames at the top of the stack that keep their
// generated successors; below, successors are dropped and regenerated on
// return, so the stack costs little memory however deep the search goes
// (pan's depth can reach millions).
var window = 1 << 14

// frameStack is the stack of frames, in fixed-size blocks.
type frameStack = blockstack.Stack[frame]

func (s *searcher) dfs() error {
	buf, err := s.m.Initial(nil)
	if err != nil {
		return err
	}
	w := s.newWalker(0)
	w.track = w.reduced || s.opt.Accept
	s.setAux(w.track) // before the first insert
	idx, _, err := w.insert(buf)
	if err != nil {
		return stopErr(err)
	}
	if !s.ownAux {
		if s.opt.Accept {
			w.cyan = idxmap.New()
		}
		if w.reduced {
			w.onStack = idxmap.New()
		}
	}
	w.rootIdx = idx
	w.setStacked(idx, 0, true)
	w.noteAccepting(idx, buf)
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
	// nested search: the seed, and the depth of the path to it: the
	// steps of the main stack's frames 1..prefixN (read from there only
	// for a trail: copying them at each nested search made train's -a
	// search quadratic in its depth, 58% of the run in nested)
	seed    []byte
	prefixN int
	outer   *walker
	// track: the main search keeps track of the stored states on its
	// stack (stacked), for Schwoon and Esparza's early cycle detection in
	// an acceptance search and for the reduction layer's cycle proviso:
	// in the search's own aux byte beside each state (auxStack) where the
	// store keeps one, else in cyan (flag-0 store index -> stack
	// position; acceptance searches) and onStack (reduced searches).
	track   bool
	cyan    *idxmap.Map
	onStack *idxmap.Map
	// main is the main walker (for nested ones).
	main    *walker
	rootIdx uint64
	// reduced: the model is a reduction layer (pins.Reduced), bound to
	// this walker (see Lookup, Closes, Expanding); exp describes the
	// state being expanded.
	reduced bool
	exp     pins.Expansion
	lkey    []byte // scratch: state + flag for Lookup
	// keep: the store is lossy (store.Lossy), so the stack keeps the
	// bytes of its stored states too, on the atomic stack (a stored
	// frame with atomicOff >= 0; intermediate frames have no index)
	keep bool
	// pf, when not nil, is the store, which prefetches (in an acceptance
	// search the hash is that of the key, with its flag byte: keyHash);
	// hl is the store when it looks up by hash (LookupHashed)
	pf store.Prefetcher
	hl store.HashedLookup
	// macros: the bound model's macro transitions (pins.Macros), whose
	// steps trails get
	macros pins.Macros
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
	return w.loneNew >= 8 && !w.reduced && !w.s.opt.Accept && !w.keep
}

func (s *searcher) newWalker(flag byte) *walker {
	w := &walker{s: s, flag: flag}
	m := s.m
	if r, ok := m.(pins.Reduced); ok {
		m = r.Bind(w, flag == 1)
		w.macros, _ = m.(pins.Macros)
		w.reduced = true
	}
	flagged := -1
	if s.opt.Accept {
		flagged = int(flag)
	}
	w.ex = newExpander(m, flagged)
	_, w.keep = s.opt.Store.(store.Lossy)
	if pf, ok := s.opt.Store.(store.Prefetcher); ok {
		w.pf = pf
	}
	w.hl, _ = s.opt.Store.(store.HashedLookup)
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

// Hash is the hash under which the main search stores s (with the flag
// byte 0 in an acceptance search): por's hashedCycles, with Prefetch,
// LookupHashed and NextHash.
func (w *walker) Hash(s []byte) uint64 {
	if !w.s.opt.Accept {
		return store.Hash(s)
	}
	w.lkey = append(append(w.lkey[:0], s...), 0)
	return store.Hash(w.lkey)
}

// Prefetch starts loading the store's slot for a state of hash h.
func (w *walker) Prefetch(h uint64) {
	if w.pf != nil {
		w.pf.PrefetchSlot(h)
	}
}

// LookupHashed is Lookup for a state s of Hash h.
func (w *walker) LookupHashed(s []byte, h uint64) (uint64, bool) {
	if w.hl == nil {
		return w.Lookup(s)
	}
	if !w.s.opt.Accept {
		return w.hl.LookupHashed(s, h)
	}
	w.lkey = append(append(w.lkey[:0], s...), 0)
	return w.hl.LookupHashed(w.lkey, h)
}

// NextHash notes h as the hash of the next successor the layer yields,
// where this walker's inserts would use it (w.pf; Hash is that of the
// main search's key, not a nested search's), and, when stored, that the
// layer's LookupHashed found it at store index idx: its insert is then
// skipped (a matched state; the store holds it there for good).
func (w *walker) NextHash(h, idx uint64, stored bool) {
	if w.pf != nil && w.flag == 0 {
		w.ex.hint, w.ex.hinted = h, true
		w.ex.hintIdx, w.ex.hintStored = idx, stored
	}
}

// Aux implements pins.Cycles.
func (w *walker) Aux(idx uint64) []byte { return w.s.aux(idx) }

// Closes implements pins.Cycles: the stack proviso, against the main
// search's stack (a nested search's too).
func (w *walker) Closes(idx uint64) bool {
	if w.main != nil {
		return w.main.stacked(idx)
	}
	return w.stacked(idx)
}

// stacked reports whether the stored state idx (a main-search entry) is
// on the stack of w, a main walker that tracks it.
func (w *walker) stacked(idx uint64) bool {
	if w.s.ownAux {
		return w.s.ownBit(idx, auxStack)
	}
	if w.onStack != nil {
		return w.onStack.Has(idx)
	}
	_, on := w.cyan.Get(idx)
	return on
}

// setStacked records that the stored state idx, at stack position pos,
// is on (or has left) the stack of w, when w tracks it.
func (w *walker) setStacked(idx uint64, pos int, on bool) {
	switch {
	case !w.track:
	case w.s.ownAux:
		w.s.setOwnBit(idx, auxStack, on)
	case on:
		if w.cyan != nil {
			w.cyan.Set(idx, int32(pos))
		}
		if w.onStack != nil {
			w.onStack.Set(idx, 0)
		}
	default:
		if w.cyan != nil {
			w.cyan.Del(idx)
		}
		if w.onStack != nil {
			w.onStack.Del(idx)
		}
	}
}

// noteAccepting records, in the search's own aux byte (auxAccept), that
// the stored state idx of an acceptance search's main stack, whose bytes
// are st, is accepting: popFrame then need not read the state back from
// the store (and decode it) to ask (accepting).
func (w *walker) noteAccepting(idx uint64, st []byte) {
	if w.s.opt.Accept && w.seed == nil && w.s.ownAux && w.s.m.Status(st)&pins.Accepting != 0 {
		w.s.setOwnBit(idx, auxAccept, true)
	}
}

// accepting reports whether the stored state of frame f of the main
// search is accepting.
func (w *walker) accepting(f *frame) bool {
	if w.s.ownAux {
		return w.s.ownBit(f.idx(), auxAccept)
	}
	return w.s.m.Status(w.stateOf(f))&pins.Accepting != 0
}

// stackPos returns the stack position of the stored state idx, which is
// on the stack of w (stacked): from cyan, or found by going down the
// stack (only when a cycle is reported).
func (w *walker) stackPos(idx uint64) int {
	if w.cyan != nil {
		pos, _ := w.cyan.Get(idx)
		return int(pos)
	}
	for i := w.stack.N - 1; i > 0; i-- {
		if f := w.stack.At(i); f.idx() == idx {
			return i
		}
	}
	return 0
}

// Expanding implements pins.Cycles.
func (w *walker) Expanding() pins.Expansion { return w.exp }

// expanding records frame top as the state the next expansion is of.
func (w *walker) expanding(top int) {
	if w.reduced {
		f := w.stack.At(top)
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
		if !sc.hashed {
			sc.h, sc.hashed = w.succHash(sc), true
		}
		w.pf.PrefetchSlot(sc.h)
	}
}

// insertSucc stores successor sc, with the hash prefetch computed.
func (w *walker) insertSucc(sc *succ) (uint64, bool, error) {
	if sc.stored {
		return sc.idx, false, nil // found by the layer's lookup (NextHash)
	}
	if w.pf == nil {
		return w.insert(w.ex.bytes(sc))
	}
	if !w.s.opt.Accept {
		return w.s.counted(w.pf.InsertHashed(w.ex.bytes(sc), sc.h))
	}
	return w.insertKey(w.ex.key(sc), sc.h, true)
}

// succHash is the hash of the key under which this walker stores
// successor sc: its bytes, or in an acceptance search its bytes and the
// flag byte (which the arena holds after them).
func (w *walker) succHash(sc *succ) uint64 {
	if !w.s.opt.Accept {
		return store.Hash(w.ex.bytes(sc))
	}
	return store.Hash(w.ex.key(sc))
}

// insert stores a state (with the search's flag in an acceptance search).
func (w *walker) insert(st []byte) (uint64, bool, error) {
	if !w.s.opt.Accept {
		return w.s.insert(st)
	}
	w.key = append(append(w.key[:0], st...), w.flag)
	return w.insertKey(w.key, 0, false)
}

// insertKey stores key, a state and the search's flag (an acceptance
// search), whose hash is h when hashed.
func (w *walker) insertKey(key []byte, h uint64, hashed bool) (uint64, bool, error) {
	var idx uint64
	var added bool
	var err error
	if hashed {
		idx, added, err = w.pf.InsertHashed(key, h)
	} else {
		idx, added, err = w.s.opt.Store.Insert(key)
	}
	if w.flag == 1 {
		if err != nil {
			return w.s.insert(nil) // reports the memory limit
		}
		if added {
			w.s.res.NestedStored++
			w.s.res.Transitions++
		}
		return idx, added, nil
	}
	return w.s.counted(idx, added, err)
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
	t := make([]Step, 0, w.prefixN+w.stack.N)
	for i := 1; i <= w.prefixN; i++ {
		t = append(t, w.main.stack.At(i).step())
	}
	for i := 1; i < w.stack.N; i++ {
		t = w.appendStep(t, i-1, w.stack.At(i).step())
	}
	if last != nil {
		t = w.appendStep(t, w.stack.N-1, *last)
	}
	return t
}

// appendStep appends to t step st, taken from the state at stack position
// at: the steps it stands for when it is a macro transition.
func (w *walker) appendStep(t []Step, at int, st Step) []Step {
	if st.Pid != pins.MacroPid || w.macros == nil {
		return append(t, st)
	}
	w.macros.MacroSteps(at, st.Group, func(pid, group, k int) {
		t = append(t, Step{Pid: pid, Group: group, K: k})
	})
	return t
}

// stepDepth is the depth at which a violation of step st from the state
// at stack position at is met, when the state it leads to is at depth:
// deeper by the steps of a macro transition beyond its first.
func (w *walker) stepDepth(depth, at int, st Step) int {
	if st.Pid != pins.MacroPid || w.macros == nil {
		return depth
	}
	w.macros.MacroSteps(at, st.Group, func(int, int, int) { depth++ })
	return depth - 1
}

// run searches from root. In a nested search it returns errCycle when a
// cycle back to the seed was reported and the search must stop.
func (w *walker) run(root []byte, _ []Step) error {
	s, ex := w.s, w.ex
	nested := w.seed != nil
	base := w.prefixN // depth of the root
	defer func() { s.noteStack(ex, &w.stack, w.atomics) }()
	w.pushRoot(root)
	if err := w.expandTop(nil); err != nil {
		return stopErr(err)
	}
	for w.stack.N > 0 {
		top := w.stack.N - 1
		f := w.stack.At(top)
		if f.lo == dropped {
			w.regenerate(top, f)
		}
		if f.lo == exhausted || f.lo+f.taken == f.hi {
			if err := w.popFrame(top, f); err != nil {
				return stopErr(err)
			}
			continue
		}
		sc := &ex.succs[f.lo+f.taken]
		f.taken++
		depth := base + w.stack.N // depth of the successor
		if v := sc.viol; v != nil && !nested {
			step := sc.step
			if s.report(*v, w.stepDepth(depth, top, step), func() []Step { return w.trail(&step) }) {
				return nil
			}
			if sc.flags&pins.ReportOnly != 0 {
				continue
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
				w.stack.Push(newFrame(sc.step, -1, 0, idx))
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
		w.stack.Push(newFrame(sc.step, atomicOff, atomicLen, pushedIdx))
		if pushedIdx != ^uint64(0) {
			w.setStacked(pushedIdx, w.stack.N-1, true)
			w.noteAccepting(pushedIdx, succBytes)
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
			w.stack.Push(newFrame(Step{}, 0, int32(len(root)), w.rootIdx))
			return
		}
		w.stack.Push(newFrame(Step{}, -1, 0, w.rootIdx))
		return
	}
	// the seed goes on the atomic stack: it is the root's state
	w.atomics = append(w.atomics[:0], root...)
	// the seed is expanded as the main search expanded it (after a
	// stutter step, with the system still to move)
	rootStep := Step{}
	if n := w.prefixN; n > 0 && w.main.stack.At(n).pid == -1 {
		rootStep.Pid = -1
	}
	w.stack.Push(newFrame(rootStep, 0, int32(len(root)), ^uint64(0)))
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
	if f.lo >= 0 {
		w.ex.release(int(f.lo))
	}
	if f.atomicOff >= 0 {
		w.atomics = w.atomics[:f.atomicOff]
	}
	// Post-order: from an accepting state, look for a cycle back
	// to it (pan starts its nested search here; only from a state
	// it moved from: its accepting mark, o_pm&2, is set by a move,
	// so a state without successors gets no nested search, whose
	// seed would be one more state visited).
	stored := f.idx() != ^uint64(0)
	if s.opt.Accept && w.seed == nil && stored && w.accepting(f) && (f.hi > f.lo || panMoved(s.m, w.stateOf(f))) {
		if err := w.nested(top); err != nil {
			return err
		}
		f = w.stack.At(top)
	}
	if stored {
		w.setStacked(f.idx(), top, false)
	}
	w.stack.Pop()
	return nil
}

// closesNested reports the acceptance cycle that successor sc of a
// nested search closes, back at the seed or on the main search's stack:
// errCycle (errStop when the search stops), or nil when it closes none.
func (w *walker) closesNested(sc *succ, depth int) error {
	s, ex := w.s, w.ex
	if w.main.track {
		w.key = append(append(w.key[:0], ex.bytes(sc)...), 0)
		if oi, found := s.opt.Store.Lookup(w.key); found {
			if w.main.stacked(oi) && string(ex.bytes(sc)) != string(w.seed) {
				// back on the main stack: seed -> ... -> here ->
				// (main stack) -> seed is a cycle
				step := sc.step
				steps := w.trail(&step)
				for i := w.main.stackPos(oi) + 1; i < w.main.stack.N; i++ {
					steps = append(steps, w.main.stack.At(i).step())
				}
				return w.reportCycle(w.prefixN, depth, steps)
			}
		}
	}
	if string(ex.bytes(sc)) == string(w.seed) {
		// back at the seed: an acceptance cycle
		step := sc.step
		return w.reportCycle(w.prefixN, depth, w.trail(&step))
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
	if !w.stacked(idx) || s.m.Status(w.stateOf(f))&pins.Accepting == 0 && s.m.Status(w.ex.bytes(sc))&pins.Accepting == 0 {
		return false, false
	}
	step := sc.step
	steps := w.trail(&step)
	s.cycleStart = w.stackPos(idx)
	stop = s.report(w.cycleViolation(), depth, func() []Step { return steps })
	s.cycleStart = -1
	return true, stop
}

// afterPush does the bookkeeping after a frame was pushed and expanded.
func (w *walker) afterPush() error {
	s, ex := w.s, w.ex
	if w.stack.N&(1<<blockstack.BlockShift-1) == 0 {
		s.noteStack(ex, &w.stack, w.atomics)
	}
	if w.stack.N-w.keepLo > 2*window {
		w.keepLo = s.dropSuccessors(ex, &w.stack, w.keepLo, w.stack.N-window)
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
	in.stack.N = 0
	in.atomics = in.atomics[:0]
	in.keepLo = 0
	in.seed = append(in.seed[:0], w.stateOf(w.stack.At(top))...)
	in.prefixN = top
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
	f := w.stack.At(w.stack.N - 1)
	if state == nil {
		state = w.stateOf(f)
	}
	// The successors are appended to the arena; state stays valid (it
	// lies before them, or in the arena's previous array).
	w.expanding(w.stack.N - 1)
	lo, hi := w.ex.expandAfter(state, f.pid)
	return w.finishTop(state, lo, hi, false)
}

// finishTop completes expandTop given the top frame's generated
// successors, succs[lo:hi] (their slots prefetched already when
// prefetched is set).
func (w *walker) finishTop(state []byte, lo, hi int, prefetched bool) error {
	s := w.s
	f := w.stack.At(w.stack.N - 1)
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
		if v != nil && s.report(*v, w.prefixN+w.stack.N-1, func() []Step { return w.trail(nil) }) {
			return errStop
		}
	}
	return nil
}

// noteStack records the peak memory of the search stack.
func (s *searcher) noteStack(ex *expander, stack *frameStack, atomics []byte) {
	b := int64(stack.Capacity())*int64(unsafe.Sizeof(frame{})) +
		int64(cap(ex.arena)) + int64(cap(ex.succs))*int64(unsafe.Sizeof(succ{})) + int64(cap(atomics))
	if b > s.res.StackBytes {
		s.res.StackBytes = b
	}
}

// dropSuccessors makes the frames in [from, to) give up their generated
// successors (dropped, or exhausted when all are taken) and moves the successors of the frames above down to the
// start of the arena. It returns the new keepLo.
func (s *searcher) dropSuccessors(ex *expander, stack *frameStack, from, to int) int {
	// the first frame that keeps its successors
	first := stack.At(to)
	base := int(first.lo)
	if base >= len(ex.succs) {
		base = len(ex.succs)
	}
	for i := from; i < to; i++ {
		f := stack.At(i)
		switch {
		case f.lo < 0: // gave them up already
		case f.lo+f.taken == f.hi:
			had := int32(0)
			if f.hi > f.lo {
				had = 1
			}
			f.lo, f.hi = exhausted, exhausted+had
		default:
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
	for i := to; i < stack.N; i++ {
		f := stack.At(i)
		f.lo -= int32(base)
		f.hi -= int32(base)
	}
	ex.start -= base
	return to
}
