package parsearch

import (
	"errors"
	"github.com/gospin/gospin/internal/blockstack"
	"sync/atomic"
	"unsafe"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/store"
)

// succ is a generated successor: its bytes are arena[off:off+n]. It
// holds no pointer (the violation of its step is an index into the
// worker's viols), so that the garbage collector does not scan the
// successors of a deep stack.
type succ struct {
	off   int
	n     int32
	viol  int32 // index into worker.viols, or -1
	flags pins.TransFlags
	step  search.Step
	h     uint64 // store.Hash of the bytes (not of an intermediate state)
}

// succStack holds the successors of the frames on a worker's stack, in
// one LIFO arena (the safety worker's and CNDFS's).
type succStack struct {
	arena []byte
	succs []succ
	// viols are the violations of the steps in succs, in the same LIFO
	// order (a frame's pop drops its own)
	viols []*pins.Violation
	// expLo: where the successors of the state being expanded begin
	expLo int
}

// push is the yield of an expansion: it appends the successor s by t,
// numbering t among the steps of its process and group so far (K).
func (x *succStack) push(t *pins.Transition, s []byte) bool {
	k := 0
	for i := x.expLo; i < len(x.succs); i++ {
		if st := x.succs[i].step; st.Pid == t.Pid && st.Group == t.Group {
			k++
		}
	}
	off := len(x.arena)
	x.arena = append(x.arena, s...)
	vi := int32(-1)
	if t.Violation != nil {
		vi = int32(len(x.viols))
		x.viols = append(x.viols, t.Violation)
	}
	x.succs = append(x.succs, succ{off: off, n: int32(len(s)), flags: t.Flags, viol: vi, step: search.Step{Pid: t.Pid, Group: t.Group, K: k}})
	return true
}

// frame is one state on a worker's depth-first stack: its successors are
// succs[lo:hi], taken in the worker's order (the k-th taken is
// lo+(rot+k)%(hi-lo)); an intermediate state's bytes are on the atomic
// stack at atomicOff, and so are a stored state's with a lossy store
// (which gives no bytes back). open (with a reduction layer) says that
// one of its successors was not done when taken, or given away, or cut
// by the depth limit: its state is not marked done when it is popped. A frame deep in the stack gives its successors up
// (lo == dropped, hi their number) and generates them again when the
// search comes back to it or gives them away: Next is deterministic and
// rot is kept, so taken says which are left, as in the sequential search.
type frame struct {
	lo, hi, taken, rot   int32
	atomicOff, atomicLen int32
	vmark                int32 // len(worker.viols) before its expansion
	open                 int32
	idx                  uint64 // store index of a stored state, else ^0
	pid, group, k        int32  // the step that led here
}

func newFrame(idx uint64, atomicOff, atomicLen int32, st search.Step) frame {
	return frame{idx: idx, atomicOff: atomicOff, atomicLen: atomicLen, pid: int32(st.Pid), group: int32(st.Group), k: int32(st.K)}
}

func (f *frame) step() search.Step {
	return search.Step{Pid: int(f.pid), Group: int(f.group), K: int(f.k)}
}

// frameStack is the stack of frames, in fixed-size blocks.
type frameStack = blockstack.Stack[frame]

const dropped = -1

// window is the number of frames at the top of a worker's stack that keep
// their generated successors (search's window): below, they are dropped
// and regenerated, so a deep stack costs little memory. A variable for
// the tests.
var window = 1 << 14

// checkWindow makes drop check that the 64 frames below keepLo dropped
// their successors (for the tests).
var checkWindow = false

// worker is one depth-first search over the shared table. It expands
// exactly the states it stored: a state stored by another worker is that
// worker's to expand, so every stored state is expanded once, and a
// complete search counts the transitions and matched states of the
// sequential one.
type worker struct {
	_  [64]byte // no false sharing with another worker's fields
	p  *par
	id int
	m  pins.Model
	h  store.SetHandle
	succStack
	yield   func(t *pins.Transition, s []byte) bool
	stack   frameStack
	atomics []byte
	last    []byte // scratch: the state of a frame's last successor
	// root is the path to the stack's root: nil for the initial
	// state, the donor's path for an item taken from the pool
	root *path
	// snap is a path from the initial state through the first steps of
	// the stack (frames 1 to snap.len()-root.len()), of which the first
	// low frames are still on the stack: a donation reuses it
	snap *path
	low  int
	rng  uint64
	exp  pins.Expansion
	// frames below keepLo have dropped their successors; windowed is
	// false for a reduction layer with the done proviso (it would not
	// give the same set again: more states are stored, or done, by
	// then), true with the static proviso (a function of the state)
	keepLo   int
	windowed bool
	// keep: the store is lossy (no StateReader): the stack keeps the
	// bytes of its stored states on the atomic stack too
	keep  bool
	sbuf  []byte // scratch: a state read back from the table
	ticks int
	// the figures of this worker's share of the search
	matched, atomicSteps  int64
	depthReached          int
	depthHit              bool
	stackBytes            int64
	stored                int64
	pubStored, pubMatched atomic.Int64
	pubDepth              atomic.Int64
	_                     [64]byte // no false sharing with another worker
}

func newWorker(p *par, id int, m pins.Model) *worker {
	w := &worker{p: p, id: id, h: p.tab.Handle(id), rng: uint64(id)*0x9E3779B97F4A7C15 + 1}
	w.windowed = true
	if r, ok := m.(pins.Reduced); ok {
		m = r.Bind(w, false)
		w.windowed = static(r)
	}
	w.keep = p.reader == nil
	w.m = m
	w.yield = w.succStack.push
	return w
}

// pins.Cycles, for a reduction layer bound to the worker (with the
// static proviso the layer asks nothing of it): the done proviso. A
// reduced set is kept only when each of its successors is either not
// stored or done (stored, and every state it leads to done:
// see frame.open); docs/parallel.md says why that is sound in whatever
// order the workers go. Without done bits (bitstate) it is the visited
// proviso: no successor stored.

// Lookup implements pins.Cycles.
func (w *worker) Lookup(s []byte) (uint64, bool) { return w.h.Lookup(s, store.Hash(s)) }

// Closes implements pins.Cycles: a stored state that is not done may
// close a cycle (with the visited proviso, every stored state).
func (w *worker) Closes(idx uint64) bool {
	return w.p.marks == nil || !w.p.marks.Done(idx)
}

// Expanding implements pins.Cycles.
func (w *worker) Expanding() pins.Expansion { return w.exp }

// Aux implements pins.Cycles: no bytes beside the states.
func (w *worker) Aux(uint64) []byte { return nil }

func (w *worker) bytes(sc *succ) []byte {
	end := sc.off + int(sc.n)
	return w.arena[sc.off:end:end]
}

// release drops the successors from index lo on.
func (w *worker) release(lo int) {
	if lo < len(w.succs) {
		w.arena = w.arena[:w.succs[lo].off]
		w.succs = w.succs[:lo]
	}
}

// start stores the initial state as worker 0's root.
func (w *worker) start() error {
	p := w.p
	init, err := w.m.Initial(nil)
	if err != nil {
		return err
	}
	idx, _, err := w.h.Insert(init, store.Hash(init))
	if err != nil {
		if errors.Is(err, store.ErrMemLimit) {
			p.stop("memory limit")
			return nil
		}
		return err
	}
	w.stored++
	w.keepLo = 0
	w.stack.Reset()
	if w.keep {
		w.atomics = append(w.atomics[:0], init...)
		w.stack.Push(frame{idx: idx, atomicOff: 0, atomicLen: int32(len(init))})
	} else {
		w.stack.Push(frame{idx: idx, atomicOff: -1})
	}
	w.expandTop(init)
	return nil
}

// work runs the worker's searches: its own from the root (worker 0),
// then items of the pool until the search is over.
func (w *worker) work(root bool) error {
	p := w.p
	defer w.publish()
	defer w.h.Pause() // a worker that stopped must not hold up a growth
	if root && w.stack.N > 0 {
		if err := w.run(); err != nil {
			p.stop("error") // the others must not wait for this worker
			return err
		}
	}
	for !p.stopped.Load() {
		w.h.Pause() // the table may grow while this worker waits
		it := p.getWork()
		if it == nil {
			return nil
		}
		w.take(it)
		if err := w.run(); err != nil {
			p.stop("error") // the others must not wait for this worker
			return err
		}
	}
	return nil
}

// take makes item it the stack's root: a frame whose successors are the
// item's.
func (w *worker) take(it *item) {
	w.root, w.snap, w.low = it.root, it.root, 0
	w.arena = append(w.arena[:0], it.arena...)
	w.succs = append(w.succs[:0], it.succs...)
	w.viols = append(w.viols[:0], it.viols...)
	w.atomics = w.atomics[:0]
	w.keepLo = 0
	w.stack.Reset()
	w.stack.Push(frame{lo: 0, hi: int32(len(it.succs)), idx: ^uint64(0), atomicOff: -1})
}

// trail is the path to the top of the stack, then last.
func (w *worker) trail(last *search.Step) []search.Step {
	t := make([]search.Step, 0, w.root.len()+w.stack.N)
	t = w.root.appendTo(t)
	for i := 1; i < w.stack.N; i++ {
		t = append(t, w.stack.At(i).step())
	}
	if last != nil {
		t = append(t, *last)
	}
	return t
}

// run searches until the stack is empty or the search stops; the error
// is one of the model (errStop and the limits are not errors).
func (w *worker) run() error {
	p := w.p
	base := w.root.len()
	for w.stack.N > 0 {
		if p.stopped.Load() {
			return nil
		}
		top := w.stack.N - 1
		f := w.stack.At(top)
		if f.lo == dropped {
			if f.taken == f.hi {
				// all taken or given away: nothing to generate again
				f.lo, f.hi, f.taken = int32(len(w.succs)), int32(len(w.succs)), 0
			} else {
				if err := w.regenerate(top); err != nil {
					return err
				}
				f = w.stack.At(top)
			}
		}
		n := f.hi - f.lo
		if f.taken == n {
			w.release(int(f.lo))
			w.viols = w.viols[:f.vmark]
			if top <= w.low {
				w.low = top - 1 // frame top leaves the stack
			}
			if f.atomicOff >= 0 {
				w.atomics = w.atomics[:f.atomicOff]
			}
			if p.marks != nil {
				if f.open != 0 {
					if top > 0 {
						w.stack.At(top - 1).open = 1
					}
				} else if f.idx != ^uint64(0) {
					p.marks.MarkDone(f.idx)
				}
			}
			// the frames pushed from here on keep their successors (below,
			// an item's root, which never drops them, may be the top)
			w.keepLo = min(w.keepLo, top)
			w.stack.Pop()
			continue
		}
		k := f.taken + f.rot
		if k >= n {
			k -= n
		}
		sc := &w.succs[f.lo+k]
		f.taken++
		depth := base + w.stack.N // depth of the successor
		if sc.viol >= 0 {
			v, step := w.viols[sc.viol], sc.step
			if p.report(*v, depth, func() []search.Step { return w.trail(&step) }) {
				return nil
			}
		}
		if depth >= p.opt.MaxDepth {
			// pan cuts the step and counts it as a matched state
			w.depthHit = true
			w.matched++
			f.open = 1
			continue
		}
		idx := ^uint64(0)
		atomicOff, atomicLen := int32(-1), int32(0)
		if sc.flags&(pins.InAtomic|pins.InLeap) != 0 {
			// inside an atomic sequence: explored, not stored
			w.atomicSteps++
			atomicOff = int32(len(w.atomics))
			w.atomics = append(w.atomics, w.bytes(sc)...)
			atomicLen = int32(len(w.atomics)) - atomicOff
		} else {
			i, added, err := w.h.Insert(w.bytes(sc), sc.h)
			if err != nil {
				if errors.Is(err, store.ErrMemLimit) {
					p.stop("memory limit")
					return nil
				}
				return err
			}
			if !added {
				w.matched++
				if p.marks != nil && !p.marks.Done(i) {
					f.open = 1
				}
				continue
			}
			w.stored++
			idx = i
			if w.keep {
				// a lossy store gives no bytes back: the stack keeps them
				atomicOff = int32(len(w.atomics))
				w.atomics = append(w.atomics, w.bytes(sc)...)
				atomicLen = int32(len(w.atomics)) - atomicOff
			}
		}
		if depth > w.depthReached {
			w.depthReached = depth
		}
		st, step := w.bytes(sc), sc.step
		if f.taken == n {
			// the frame's last successor: its successors are of no more
			// use, and give their room to the new frame's (a deep search
			// then keeps the successors of its branching frames only)
			w.last = append(w.last[:0], st...)
			st = w.last
			w.release(int(f.lo))
			w.viols = w.viols[:f.vmark]
			f.lo, f.hi, f.taken, f.rot = int32(len(w.succs)), int32(len(w.succs)), 0, 0
		}
		w.stack.Push(newFrame(idx, atomicOff, atomicLen, step))
		w.expandTop(st)
		if w.windowed && w.stack.N-w.keepLo > 2*window {
			w.drop(w.stack.N - window)
		}
		if p.hungry.Load() > 0 && p.poolLen.Load() == 0 {
			if err := w.donate(); err != nil {
				return err
			}
		}
		if err := w.check(); err != nil {
			return nil
		}
	}
	return nil
}

// generate appends the successors of state, the state of frame at (left
// unchanged), to the arena, hashes them and starts loading their buckets;
// it returns their range in succs.
func (w *worker) generate(at int, state []byte) (lo, hi int) {
	f := w.stack.At(at)
	w.exp = pins.Expansion{Depth: w.root.len() + at, Index: f.idx, Known: f.idx != ^uint64(0), Intermediate: f.idx == ^uint64(0)}
	w.expLo = len(w.succs)
	// state may alias the arena, which the expansion appends to: it stays
	// valid (it lies before the new successors, or in the old array)
	if f.pid == -1 && at > 0 {
		if sm, ok := w.m.(pins.StutterModel); ok {
			sm.NextStutter(state, w.yield)
		} else {
			w.m.Next(state, w.yield)
		}
	} else {
		w.m.Next(state, w.yield)
	}
	// hash the successors and start loading their buckets: their cache
	// misses overlap each other and the work in between
	for i := w.expLo; i < len(w.succs); i++ {
		sc := &w.succs[i]
		if sc.flags&(pins.InAtomic|pins.InLeap) == 0 {
			sc.h = store.Hash(w.bytes(sc))
			w.h.PrefetchSlot(sc.h)
		}
	}
	return w.expLo, len(w.succs)
}

// stateOf returns the state of frame at, which is stored or intermediate
// (not an item's root): from the atomic stack (an intermediate state, or
// any with a lossy store) or read back from the table (the worker stored
// it).
func (w *worker) stateOf(at int) []byte {
	f := w.stack.At(at)
	if f.atomicOff >= 0 {
		return w.atomics[f.atomicOff : f.atomicOff+f.atomicLen]
	}
	w.sbuf = w.p.reader.StateOf(w.sbuf, f.idx)
	return w.sbuf
}

// droppable says whether frame at can drop its successors: every frame
// but an item's root, whose state the worker does not have.
func (w *worker) droppable(at int) bool {
	f := w.stack.At(at)
	return f.idx != ^uint64(0) || f.atomicOff >= 0
}

// regenerate generates again the successors of the top frame, which gave
// them up; taken and rot say which are left.
func (w *worker) regenerate(top int) error {
	f := w.stack.At(top)
	// the violations above the frame's mark were those of its dropped
	// successors (the frames above it are gone)
	w.viols = w.viols[:f.vmark]
	lo, hi := w.generate(top, w.stateOf(top))
	f = w.stack.At(top)
	if int32(hi-lo) != f.hi {
		return errRegenerate
	}
	f.lo, f.hi = int32(lo), int32(hi)
	w.keepLo = min(w.keepLo, top)
	return nil
}

// errRegenerate: a model whose Next gave a state other successors the
// second time (Next must be deterministic).
var errRegenerate = errors.New("parsearch: a state's successors changed when generated again (the model's Next is not deterministic)")

// drop makes the frames below to (from keepLo on) give up their
// successors, and moves the successors of the frames above down in the
// arena.
func (w *worker) drop(to int) {
	from, keep := w.keepLo, 0 // keep: succs[:keep] stay (an item's root)
	if !w.droppable(0) {
		from = max(from, 1)
		keep = int(w.stack.At(0).hi)
	}
	if checkWindow {
		for i := max(from-64, 0); i < from; i++ {
			if w.droppable(i) && w.stack.At(i).lo != dropped {
				panic("parsearch: a frame below keepLo kept its successors")
			}
		}
	}
	for i := from; i < to; i++ {
		if f := w.stack.At(i); f.lo != dropped {
			f.lo, f.hi = dropped, f.hi-f.lo
		}
	}
	w.keepLo = to
	base := min(int(w.stack.At(to).lo), len(w.succs))
	if base <= keep {
		return
	}
	arenaKeep := 0
	if keep > 0 {
		arenaKeep = w.succs[keep-1].off + int(w.succs[keep-1].n)
	}
	arenaBase := len(w.arena)
	if base < len(w.succs) {
		arenaBase = w.succs[base].off
	}
	n := keep + copy(w.succs[keep:], w.succs[base:])
	w.succs = w.succs[:n]
	for i := keep; i < n; i++ {
		w.succs[i].off -= arenaBase - arenaKeep
	}
	w.arena = w.arena[:arenaKeep+copy(w.arena[arenaKeep:], w.arena[arenaBase:])]
	shift := int32(base - keep)
	for i := to; i < w.stack.N; i++ {
		f := w.stack.At(i)
		f.lo -= shift
		f.hi -= shift
	}
}

// expandTop generates the successors of the top frame, whose state is
// state, and checks it for an invalid end state.
func (w *worker) expandTop(state []byte) {
	p := w.p
	top := w.stack.N - 1
	w.stack.At(top).vmark = int32(len(w.viols))
	lo, hi := w.generate(top, state)
	f := w.stack.At(top)
	f.lo, f.hi = int32(lo), int32(hi)
	if n := f.hi - f.lo; n > 1 && w.id > 0 {
		// each worker but the first takes the successors in an order of
		// its own, so that the workers spread over the state space
		w.rng ^= w.rng << 13
		w.rng ^= w.rng >> 7
		w.rng ^= w.rng << 17
		f.rot = int32(w.rng % uint64(n))
	}
	if f.lo == f.hi && !p.claim && w.m.Status(state)&pins.ValidEnd == 0 {
		p.report(pins.Violation{Kind: pins.InvalidEndState, Message: "invalid end state"}, w.root.len()+top, func() []search.Step { return w.trail(nil) })
	}
}

// donate gives the successors still to take of the lowest frame below the
// top that has some to an idle worker.
func (w *worker) donate() error {
	top := w.stack.N - 1
	for j := 0; j < top; j++ {
		f := w.stack.At(j)
		n := f.hi - f.lo
		if f.lo == dropped {
			n = f.hi
		}
		if f.taken == n {
			continue
		}
		// the path to frame j: the snapshot's frames still on the stack,
		// then a copy of those above them
		keep := min(w.low, j, w.snap.len()-w.root.len())
		base := w.snap.prefix(w.root.len() + keep)
		var steps []search.Step
		for i := keep + 1; i <= j; i++ {
			steps = append(steps, w.stack.At(i).step())
		}
		it := &item{root: base}
		if len(steps) > 0 {
			it.root = &path{parent: base, n: base.len() + len(steps), steps: steps}
		}
		w.snap, w.low = it.root, j
		f.open = 1 // its successors are another worker's now
		lo, vm := int(f.lo), len(w.viols)
		if f.lo == dropped {
			// generate them again at the end of the arena, for the item
			var hi int
			lo, hi = w.generate(j, w.stateOf(j))
			f = w.stack.At(j)
			if int32(hi-lo) != n {
				w.release(lo)
				w.viols = w.viols[:vm]
				return errRegenerate
			}
		}
		for ; f.taken < n; f.taken++ {
			k := f.taken + f.rot
			if k >= n {
				k -= n
			}
			sc := w.succs[lo+int(k)]
			b := w.bytes(&sc)
			sc.off = len(it.arena)
			it.arena = append(it.arena, b...)
			if sc.viol >= 0 {
				it.viols = append(it.viols, w.viols[sc.viol])
				sc.viol = int32(len(it.viols) - 1)
			}
			it.succs = append(it.succs, sc)
		}
		if f.lo == dropped {
			w.release(lo)
			w.viols = w.viols[:vm]
		}
		w.p.give(it)
		return nil
	}
	return nil
}

// check polls, every thousand expansions or so, for cancellation, the
// memory limits and progress; it returns errStop when the search stops.
func (w *worker) check() error {
	w.ticks++
	if w.ticks&weakEvery == 0 && w.p.weakProviso(w.id, w.ticks) {
		return errStop
	}
	if w.ticks&1023 != 0 {
		return nil
	}
	p := w.p
	w.publish()
	w.h.Pause() // let the table grow if it must
	if p.poll(w.id, w.ticks) {
		return errStop
	}
	return nil
}

// publish makes the worker's figures visible to progress, and notes the
// peak memory of its stack.
func (w *worker) publish() {
	w.pubStored.Store(w.stored)
	w.pubMatched.Store(w.matched)
	w.pubDepth.Store(int64(w.depthReached))
	b := int64(w.stack.Capacity())*int64(unsafe.Sizeof(frame{})) + int64(cap(w.arena)) +
		int64(cap(w.succs))*int64(unsafe.Sizeof(succ{})) + int64(cap(w.atomics))
	w.stackBytes = max(w.stackBytes, b)
}
