package parsearch

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gospin/gospin/internal/idxmap"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/store"
)

// The parallel acceptance-cycle search (-a): CNDFS, Evangelista,
// Laarman, Petrucci and van de Pol, "Improved multi-core nested
// depth-first search" (ATVA 2012). Every worker runs a nested
// depth-first search of the whole product graph from the initial state,
// each in an order of its own (worker 0 in pan's); they share the
// visited set (store.Shared) and the red colour:
//
//	dfsBlue_p(s): s cyan_p; for each successor t: if t is cyan_p and the
//	  cycle t ... s t has an accepting state: report it; if t is not
//	  cyan_p, not blue and not red: dfsBlue_p(t); s blue; if s is
//	  accepting: R_p := {}; dfsRed_p(s); await every accepting r in
//	  R_p \ {s} red; make every r in R_p red; s no longer cyan_p.
//	dfsRed_p(s): add s to R_p (pink); for each successor t: if t is
//	  cyan_p: an accepting cycle; if t is not pink and not red:
//	  dfsRed_p(t).
//
// Cyan and pink are each worker's own (a map and a bit set, bits.go);
// blue and red are shared (bit sets). Blue is shared as in LTSmin's
// CNDFS (from Evangelista et al.'s ENDFS), which is what divides the
// work: a state some worker has finished is not searched again; the
// price is that the blue search must report every cycle it closes on its
// own stack through an accepting state (early cycle detection). As the
// sequential search, a nested search starts only from a stored
// accepting state that has successors (pan's "moved").
// docs/parallel.md defines the graph searched and gives the argument.
//
// The graph: a state that a stutter step of the never claim (a step of
// pid -1) reached is expanded with the system still to move
// (pins.StutterModel.NextStutter), and a trail's replay expands it so;
// so the node is the state and how it was reached: such a state is
// stored with one more byte (stutterMark), another node than the same
// state reached by a step of the system. Whoever reaches a node first,
// its successors are the same.

// stutterMark is the byte appended to the key of a state reached by a
// stutter step.
const stutterMark = 0xA5

// cframe is a frame of a CNDFS stack (blue or red).
type cframe struct {
	lo, hi, taken, rot   int32
	n                    int32 // successors generated
	atomicOff, atomicLen int32
	vmark                int32
	idx                  uint64 // ^0 for an intermediate state
	pid, group, k        int32
	accBelow             int32 // accepting frames below this one on its stack
	dlo                  int32 // its deferred successors: cworker.deferred[dlo:]
	own                  bool  // this worker stored the state: it reports and counts
	acc                  bool  // accepting
}

func (f *cframe) step() search.Step {
	return search.Step{Pid: int(f.pid), Group: int(f.group), K: int(f.k)}
}

func (f *cframe) stored() bool { return f.idx != ^uint64(0) }

// deferEnt is a deferred successor: its index and the step to it.
type deferEnt struct {
	idx  uint64
	step search.Step
}

// deferOthers makes the blue search put off a successor that another
// worker stored and has not finished (not blue) to the end of its frame:
// by then the other may have finished it (blue), and this worker need
// not search it again. A reordering of the successors, which CNDFS
// allows (a variable for the tests).
var deferOthers = true

// pinkEnt is a state of R_p: its index and whether it is accepting.
type pinkEnt struct {
	idx uint64
	acc bool
	out int32 // successors the red search took from it
}

// cnd is the state the CNDFS workers share.
type cnd struct {
	*par
	red     *sharedBits
	blue    *sharedBits
	cut     atomic.Bool // a search was cut at the depth limit
	stutter bool        // the model expands stutter-reached states itself
	cws     []*cworker
}

// cworker is one CNDFS worker.
type cworker struct {
	c       *cnd
	id      int
	m       pins.Model
	sm      pins.StutterModel
	reduced bool
	// rl: the worker's reduction layer, whose counters count every
	// expansion; uncounted: what they counted of the expansions other
	// than the storing worker's blue one (pins.Counts.Reduced counts a
	// state once, at the expansion that decides its set)
	rl        pins.Reduced
	uncounted pins.Counts
	// np prepares the trails of a non-progress search (-l) for gospin
	// run -t on the worker's own model (search.NPTrails); nil otherwise
	np  *search.NPTrails
	exp pins.Expansion
	h   store.SetHandle
	succStack
	yield   func(t *pins.Transition, s []byte) bool
	blue    []cframe
	redStk  []cframe
	atomics []byte
	cyan    *idxmap.Map // blue-stack states -> stack position
	pink    *localBits
	rset    []pinkEnt
	// deferred: successors of the blue stack's frames that another
	// worker stored and has not finished, put off to the frame's end
	deferred []deferEnt
	key      []byte
	sbuf     []byte
	last     []byte
	rng      uint64
	ticks    int
	// figures
	matched, atomicSteps int64
	redMade, redMatched  int64
	seedsRed             int64
	// marked: the states this worker stored with the stutter mark
	marked       []uint64
	pubStored    atomic.Int64
	depthReached int
	depthHit     bool
	stackBytes   int64
	stored       int64
}

func (c *cnd) newWorker(id int, m pins.Model) *cworker {
	w := &cworker{c: c, id: id, m: m, h: c.tab.Handle(id), rng: uint64(id)*0x9E3779B97F4A7C15 + 1,
		cyan: idxmap.New(), pink: c.ownBits()}
	if c.opt.NonProgress {
		w.np = search.NewNPTrails(m)
	}
	if r, ok := m.(pins.Reduced); ok {
		w.rl = r
		m = r.Bind(w, false)
		w.m, w.reduced = m, true
	}
	if c.stutter {
		w.sm, _ = m.(pins.StutterModel)
	}
	w.yield = w.succStack.push
	return w
}

// runCNDFS is Run for an acceptance-cycle search (Options.Accept), with
// the models of the workers. It returns the number of states stored
// twice (cnd.twins), which the table counts twice.
func runCNDFS(p *par, models []pins.Model) (int64, error) {
	_, isSM := models[0].(pins.StutterModel)
	c := &cnd{par: p, red: p.colourBits(store.FlagRed), blue: p.colourBits(store.FlagBlue), stutter: isSM && p.claim}
	for i, m := range models {
		c.cws = append(c.cws, c.newWorker(i, m))
	}
	var wg sync.WaitGroup
	errs := make([]error, p.n)
	for i, w := range c.cws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer w.h.Pause()
			errs[i] = w.run()
			if errs[i] != nil {
				p.stop("error")
			}
		}()
	}
	wg.Wait()
	res := &p.res
	for _, w := range c.cws {
		// (Run adds the layers' counters over all expansions)
		res.Reduced -= w.uncounted.Reduced
		res.ProvisoFallbacks -= w.uncounted.Fallbacks
	}
	dup, dupRed := c.twins()
	res.NestedStored -= dupRed
	for _, w := range c.cws {
		// as the sequential search counts: a nested search's states are
		// stored (NestedStored) and its steps to states it had reached
		// already are matched; each red state's successors once
		res.StatesMatched += w.matched + w.redMatched - (w.redMade - w.seedsRed)
		res.AtomicSteps += w.atomicSteps
		res.NestedStored += w.redMade
		res.DepthReached = max(res.DepthReached, w.depthReached)
		res.DepthLimitHit = res.DepthLimitHit || w.depthHit
		res.StackBytes += w.stackBytes
	}
	return dup, errors.Join(errs...)
}

func (w *cworker) bytes(sc *succ) []byte {
	end := sc.off + int(sc.n)
	return w.arena[sc.off:end:end]
}

func (w *cworker) release(lo int) {
	if lo < len(w.succs) {
		w.arena = w.arena[:w.succs[lo].off]
		w.succs = w.succs[:lo]
	}
}

// stutterStep says whether a step of st reaches a state that this
// search expands with the system still to move.
func (w *cworker) stutterStep(st search.Step) bool { return w.sm != nil && st.Pid == -1 }

// keyOf is the key under which the state s, reached by step st, is
// stored (in w.key when it differs from s).
func (w *cworker) keyOf(s []byte, st search.Step) []byte {
	if !w.stutterStep(st) {
		return s
	}
	w.key = append(append(w.key[:0], s...), stutterMark)
	return w.key
}

// expand generates the successors of state s, the state of frame f,
// into the arena and sets f's range.
func (w *cworker) expand(f *cframe, s []byte) {
	f.vmark = int32(len(w.viols))
	w.expLo = len(w.succs)
	if w.reduced {
		// the static proviso: the reduced set is a function of the
		// state (of the node: a stutter-reached state is one of its
		// own), so every expansion, blue or red, by any worker, gives
		// the same one
		w.exp = pins.Expansion{Index: f.idx, Known: f.stored(), Intermediate: !f.stored()}
	}
	var c0 pins.Counts
	if w.reduced && !f.own {
		c0 = w.rl.Counts()
	}
	if w.stutterStep(f.step()) {
		w.sm.NextStutter(s, w.yield)
	} else {
		w.m.Next(s, w.yield)
	}
	if w.reduced && !f.own {
		// expanded again (blue by another worker than the one that
		// stored it, or red): the set is the same, counted once
		c1 := w.rl.Counts()
		w.uncounted.Reduced += c1.Reduced - c0.Reduced
		w.uncounted.Fallbacks += c1.Fallbacks - c0.Fallbacks
	}
	for i := w.expLo; i < len(w.succs); i++ {
		sc := &w.succs[i]
		if sc.flags&(pins.InAtomic|pins.InLeap) == 0 {
			sc.h = store.Hash(w.keyOf(w.bytes(sc), sc.step))
			w.h.PrefetchSlot(sc.h)
		}
	}
	f.lo, f.hi, f.n = int32(w.expLo), int32(len(w.succs)), int32(len(w.succs)-w.expLo)
	if n := f.n; n > 1 && w.id > 0 {
		w.rng ^= w.rng << 13
		w.rng ^= w.rng >> 7
		w.rng ^= w.rng << 17
		f.rot = int32(w.rng % uint64(n))
	}
}

// stateOf returns the state of a stored frame, read back from the table
// (without the stutter mark).
func (w *cworker) stateOf(f *cframe) []byte {
	if !f.stored() {
		return w.atomics[f.atomicOff : f.atomicOff+f.atomicLen]
	}
	w.sbuf = w.c.reader.StateOf(w.sbuf, f.idx)
	if w.stutterStep(f.step()) {
		w.sbuf = w.sbuf[:len(w.sbuf)-1]
	}
	return w.sbuf
}

// trail returns the steps of the blue stack up to frame top.
func (w *cworker) trail(top int) []search.Step {
	t := make([]search.Step, 0, top+1)
	for i := 1; i <= top; i++ {
		t = append(t, w.blue[i].step())
	}
	return t
}

// cyanPos is the position on the blue stack of idx, which is cyan.
func (w *cworker) cyanPos(idx uint64) int {
	pos, _ := w.cyan.Get(idx)
	return int(pos)
}

// reportCycle records an acceptance cycle of depth steps: trail gives
// its steps and the step where its cycle starts, asked only when the
// error keeps a trail (the first, or every one with -e), as the
// sequential search keeps them. The errors are counted over all
// workers, under the pool's lock; it returns true when the search
// stops (the error limit, -c N; with -c 0 or -e, never).
func (w *cworker) reportCycle(depth int, trail func() ([]search.Step, int)) bool {
	p := w.c.par
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped.Load() {
		return true
	}
	v := pins.Violation{Kind: pins.AcceptanceCycle, Message: "acceptance cycle"}
	if p.opt.NonProgress {
		v = pins.Violation{Kind: pins.NonProgressCycle, Message: "non-progress cycle"}
	}
	e := search.Error{Violation: v, Depth: depth, CycleStart: -1}
	if len(p.res.Errors) == 0 || p.opt.AllTrails {
		e.Trail, e.CycleStart = trail()
		w.npTrail(&e)
	}
	p.res.Errors = append(p.res.Errors, e)
	if p.opt.OnError != nil {
		p.opt.OnError(len(p.res.Errors)-1, &p.res.Errors[len(p.res.Errors)-1])
	}
	if s := p.opt.StopAfter; s > 0 && len(p.res.Errors) >= s {
		p.res.Incomplete = "stopped at error"
		p.stopped.Store(true)
		p.cond.Broadcast()
		return true
	}
	return false
}

// npTrail prepares the trail of error e of a non-progress search for
// gospin run -t, as the sequential search does (search.NPTrails): the
// worker's own model serves, which is not expanding now.
func (w *cworker) npTrail(e *search.Error) {
	if w.np != nil {
		w.np.Prepare(e)
	}
}

// push pushes onto stk the frame of a successor reached by step st, and
// expands it: a stored state of index idx (^0 for an intermediate one,
// whose bytes go on the atomic stack).
func (w *cworker) push(stk *[]cframe, s []byte, st search.Step, idx uint64, own bool) {
	f := cframe{idx: idx, atomicOff: -1, pid: int32(st.Pid), group: int32(st.Group), k: int32(st.K), own: own}
	if idx == ^uint64(0) {
		f.atomicOff = int32(len(w.atomics))
		w.atomics = append(w.atomics, s...)
		f.atomicLen = int32(len(w.atomics)) - f.atomicOff
	}
	f.acc = w.m.Status(s)&pins.Accepting != 0
	f.dlo = int32(len(w.deferred))
	if k := len(*stk); k > 0 {
		if b := &(*stk)[k-1]; b.acc {
			f.accBelow = b.accBelow + 1
		} else {
			f.accBelow = b.accBelow
		}
	}
	*stk = append(*stk, f)
	w.expand(&(*stk)[len(*stk)-1], s)
}

// pop releases the top frame of stk.
func (w *cworker) pop(stk *[]cframe) {
	f := &(*stk)[len(*stk)-1]
	w.release(int(f.lo))
	w.viols = w.viols[:f.vmark]
	if f.atomicOff >= 0 {
		w.atomics = w.atomics[:f.atomicOff]
	}
	*stk = (*stk)[:len(*stk)-1]
}

// next takes the next successor of frame f (which has one left).
func (w *cworker) next(f *cframe) *succ {
	k := f.taken + f.rot
	if k >= f.n {
		k -= f.n
	}
	f.taken++
	return &w.succs[f.lo+k]
}

// lastTaken: the frame's last successor was taken: its successors give
// their room to the next frame's (the state st is copied to w.last).
func (w *cworker) lastTaken(f *cframe, st []byte) []byte {
	w.last = append(w.last[:0], st...)
	w.release(int(f.lo))
	w.viols = w.viols[:f.vmark]
	f.lo, f.hi, f.taken, f.rot = int32(len(w.succs)), int32(len(w.succs)), 0, 0
	f.n = -f.n - 1 // keeps "moved" (see moved)
	return w.last
}

// moved says whether the state of f had successors.
func (f *cframe) moved() bool { return f.n != 0 }

// left is the number of successors of f still to take.
func (f *cframe) left() int32 {
	if f.n < 0 {
		return 0
	}
	return f.n - f.taken
}

// insert stores the state s reached by step st; it stops the search at
// the memory limit (ok false).
func (w *cworker) insert(s []byte, st search.Step, h uint64) (idx uint64, added, ok bool, err error) {
	idx, added, err = w.h.Insert(w.keyOf(s, st), h)
	if err != nil {
		if err == store.ErrMemLimit {
			w.c.stop("memory limit")
			return 0, false, false, nil
		}
		return 0, false, false, err
	}
	if added {
		w.stored++
		if w.stutterStep(st) {
			w.marked = append(w.marked, idx)
		}
	}
	return idx, added, true, nil
}

// run is the worker's blue search from the initial state.
func (w *cworker) run() error {
	p := w.c.par
	init, err := w.m.Initial(nil)
	if err != nil {
		return err
	}
	idx, added, ok, err := w.insert(init, search.Step{}, store.Hash(init))
	if !ok {
		return err
	}
	w.blue = w.blue[:0]
	w.push(&w.blue, init, search.Step{}, idx, added)
	w.cyan.Set(idx, 0)
	if added {
		w.deadlock(0)
	}
	for len(w.blue) > 0 {
		if p.stopped.Load() {
			return nil
		}
		top := len(w.blue) - 1
		f := &w.blue[top]
		if f.left() == 0 && len(w.deferred) > int(f.dlo) {
			// a deferred successor: search it now unless finished
			d := w.deferred[len(w.deferred)-1]
			w.deferred = w.deferred[:len(w.deferred)-1]
			if pos, on := w.cyan.Get(d.idx); on {
				// (cannot happen: the stack below is as it was when d
				// was put off, and d was not on it; checked all the same)
				if b := &w.blue[pos]; f.accBelow+b2i(f.acc) > b.accBelow {
					if w.reportCycle(top+1, func() ([]search.Step, int) { return append(w.trail(top), d.step), int(pos) }) {
						return nil
					}
				}
				continue
			}
			if w.c.blue.has(d.idx) || w.c.red.has(d.idx) {
				continue
			}
			w.sbuf = w.c.reader.StateOf(w.sbuf, d.idx)
			st := w.sbuf
			if w.stutterStep(d.step) {
				st = st[:len(st)-1]
			}
			w.push(&w.blue, st, d.step, d.idx, false)
			w.cyan.Set(d.idx, int32(len(w.blue)-1))
			if err := w.check(); err != nil {
				return nil
			}
			continue
		}
		if f.left() == 0 {
			if f.stored() {
				// blue (global) once its successors are explored, before
				// the red search
				w.c.blue.set(f.idx)
				if f.acc && (f.moved() || w.c.opt.NonProgress && search.PanMoved(w.m, w.stateOf(f))) {
					if err := w.dfsRed(top); err != nil || p.stopped.Load() {
						return err
					}
					f = &w.blue[top]
				}
				w.cyan.Del(f.idx)
			}
			w.pop(&w.blue)
			continue
		}
		sc := w.next(f)
		depth := len(w.blue)
		if sc.viol >= 0 && f.own {
			v, step := w.viols[sc.viol], sc.step
			if p.report(*v, depth, func() []search.Step {
				e := search.Error{Violation: *v, Trail: append(w.trail(top), step), CycleStart: -1}
				w.npTrail(&e)
				return e.Trail
			}) {
				return nil
			}
		}
		if depth >= p.opt.MaxDepth {
			w.depthHit = true
			w.c.cut.Store(true)
			if f.own {
				w.matched++
			}
			continue
		}
		st, step := w.bytes(sc), sc.step
		idx := ^uint64(0)
		own := f.own
		if sc.flags&(pins.InAtomic|pins.InLeap) != 0 {
			if f.own {
				w.atomicSteps++
			}
		} else {
			i, added, ok, err := w.insert(st, step, sc.h)
			if !ok {
				return err
			}
			if !added {
				if f.own {
					w.matched++
				}
				if pos, on := w.cyan.Get(i); on {
					// an edge back to the stack closes a cycle, accepting
					// when a state on it is (early cycle detection, which
					// CNDFS needs: its blue colour is shared)
					// (with -e or -c N the search goes on, without the
					// step, as the sequential search's)
					if b := &w.blue[pos]; f.accBelow+b2i(f.acc) > b.accBelow {
						if w.reportCycle(depth, func() ([]search.Step, int) { return append(w.trail(top), step), int(pos) }) {
							return nil
						}
					}
					continue
				}
				if w.c.blue.has(i) || w.c.red.has(i) {
					continue
				}
				if deferOthers && i>>bitsWorkerShift != uint64(w.id) {
					w.deferred = append(w.deferred, deferEnt{idx: i, step: step})
					continue
				}
			}
			idx, own = i, added
		}
		if depth > w.depthReached {
			w.depthReached = depth
		}
		if f.left() == 0 {
			st = w.lastTaken(f, st)
		}
		w.push(&w.blue, st, step, idx, own)
		if idx != ^uint64(0) {
			w.cyan.Set(idx, int32(len(w.blue)-1))
		}
		if own && idx != ^uint64(0) && w.deadlock(len(w.blue)-1) {
			return nil
		}
		if err := w.check(); err != nil {
			return nil
		}
	}
	return nil
}

// deadlock reports, for the state of blue frame at that its worker
// stored, an accepting state without successors (pan's "accept
// stutter", without a never claim); it returns true when the search
// stops.
func (w *cworker) deadlock(at int) bool {
	f := &w.blue[at]
	p := w.c.par
	if f.n != 0 || p.claim || !f.acc {
		return false
	}
	return p.report(pins.Violation{Kind: pins.AcceptanceCycle, Message: "accept stutter"}, at, func() []search.Step { return w.trail(at) })
}

// dfsRed is the red search from the accepting state of blue frame seed:
// it reports a cycle back to a cyan state, or makes the states it
// reached red once every accepting one of them but the seed is red.
func (w *cworker) dfsRed(seed int) error {
	p := w.c.par
	red := w.c.red
	sf := w.blue[seed]
	s := append([]byte(nil), w.stateOf(&sf)...)
	w.rset = w.rset[:0]
	w.redStk = w.redStk[:0]
	// the seed is expanded again as the blue search did
	w.push(&w.redStk, s, sf.step(), sf.idx, false)
	w.pink.set(sf.idx)
	w.rset = append(w.rset, pinkEnt{idx: sf.idx, acc: true, out: w.redStk[0].n})
	reported := false // a cycle of this seed was reported (-e, -c N)
	for len(w.redStk) > 0 {
		if p.stopped.Load() {
			w.popAllRed()
			return nil
		}
		top := len(w.redStk) - 1
		f := &w.redStk[top]
		if f.left() == 0 {
			w.pop(&w.redStk)
			continue
		}
		sc := w.next(f)
		depth := seed + len(w.redStk)
		if sc.viol >= 0 && f.own {
			// a state this red search stored (no blue search expands a
			// red state): its violations are reported here
			v, step := w.viols[sc.viol], sc.step
			if p.report(*v, depth, func() []search.Step {
				e := search.Error{Violation: *v, Trail: append(w.redTrail(seed), step), CycleStart: -1}
				w.npTrail(&e)
				return e.Trail
			}) {
				w.popAllRed()
				return nil
			}
		}
		if depth >= p.opt.MaxDepth {
			w.depthHit = true
			w.c.cut.Store(true)
			continue
		}
		st, step := w.bytes(sc), sc.step
		idx := ^uint64(0)
		own := f.own
		if sc.flags&(pins.InAtomic|pins.InLeap) == 0 {
			i, added, ok, err := w.insert(st, step, sc.h)
			own = added
			if !ok {
				w.popAllRed()
				return err
			}
			if w.cyan.Has(i) {
				// back on the blue stack: seed -> ... -> here -> (blue
				// stack) -> seed is an accepting cycle. With -e or -c N,
				// one cycle a seed, as the sequential search (and pan)
				// reports; the red search goes on to its end all the
				// same, so that the states it makes red have been
				// searched (the blue searches skip a red state: ending
				// here lost states, TestCNDFSAllErrors)
				if reported {
					continue
				}
				reported = true
				cyc := seed + len(w.redStk) + seed - w.cyanPos(i) // its steps
				stop := w.reportCycle(cyc, func() ([]search.Step, int) {
					steps := w.trail(seed)
					for j := 1; j < len(w.redStk); j++ {
						steps = append(steps, w.redStk[j].step())
					}
					steps = append(steps, step)
					for j := w.cyanPos(i) + 1; j <= seed; j++ {
						steps = append(steps, w.blue[j].step())
					}
					return steps, seed
				})
				if stop {
					w.popAllRed()
					return nil
				}
				continue
			}
			if w.pink.has(i) || red.has(i) {
				continue
			}
			idx = i
		}
		if depth > w.depthReached {
			w.depthReached = depth
		}
		if f.left() == 0 {
			st = w.lastTaken(f, st)
		}
		w.push(&w.redStk, st, step, idx, own)
		if idx != ^uint64(0) {
			w.pink.set(idx)
			w.rset = append(w.rset, pinkEnt{idx: idx, acc: w.redStk[len(w.redStk)-1].acc, out: w.redStk[len(w.redStk)-1].n})
		}
		if own && idx != ^uint64(0) {
			// stored by this red search: an accepting state without
			// successors is an accept stutter, as in the blue search
			if t := &w.redStk[len(w.redStk)-1]; t.n == 0 && !p.claim && t.acc {
				if p.report(pins.Violation{Kind: pins.AcceptanceCycle, Message: "accept stutter"}, depth, func() []search.Step { return w.redTrail(seed) }) {
					w.popAllRed()
					return nil
				}
			}
		}
		if err := w.check(); err != nil {
			w.popAllRed()
			return nil
		}
	}
	// await every accepting state of R_p but the seed red: each is the
	// seed of a red search of its own (of this worker or another), except
	// one without successors, which has none (and is on no cycle). A
	// search cut at the depth limit may never backtrack some states: then
	// nobody waits (the search is incomplete anyway).
	//
	// With -e or -c N (the search goes on past its cycles) a worker does
	// not wait: two seeds on one accepting cycle, each in the other's
	// R_p, would wait for each other for ever (a cycle that neither red
	// search closed on its own stack: with -c 1 some search reports it
	// and the search stops). R_p then stays as it is, not red: red is
	// only what spares later searches work, and a state is made red only
	// when every accepting state of R_p is, as above.
	w.h.Pause() // the table may grow meanwhile
	goesOn := p.opt.StopAfter != 1
	for _, r := range w.rset[1:] {
		for r.acc && r.out > 0 && !red.has(r.idx) && !w.c.cut.Load() {
			if p.stopped.Load() {
				return nil
			}
			if goesOn {
				w.popAllRed() // (the red stack is empty: pink cleared)
				return nil
			}
			runtime.Gosched()
		}
	}
	w.colourRed(sf.idx)
	return nil
}

// redTrail is the path to the red stack's top: the blue stack to seed,
// then the red search's steps.
func (w *cworker) redTrail(seed int) []search.Step {
	steps := w.trail(seed)
	for j := 1; j < len(w.redStk); j++ {
		steps = append(steps, w.redStk[j].step())
	}
	return steps
}

// colourRed makes the states of R_p red (the red search from seed is
// over) and clears pink.
func (w *cworker) colourRed(seed uint64) {
	red := w.c.red
	for _, r := range w.rset {
		if red.set(r.idx) {
			w.redMade++
			w.redMatched += int64(r.out)
			if r.idx == seed {
				w.seedsRed++
			}
		}
		w.pink.clear(r.idx)
	}
	w.rset = w.rset[:0]
}

// popAllRed empties the red stack (the search stops) and clears pink.
func (w *cworker) popAllRed() {
	for len(w.redStk) > 0 {
		w.pop(&w.redStk)
	}
	for _, r := range w.rset {
		w.pink.clear(r.idx)
	}
	w.rset = w.rset[:0]
}

// check polls, every thousand expansions or so, for cancellation, the
// memory limits and progress.
func (w *cworker) check() error {
	w.ticks++
	if w.ticks&weakEvery == 0 && w.c.par.weakProviso(w.id, w.ticks) {
		return errStop
	}
	if w.ticks&1023 != 0 {
		return nil
	}
	p := w.c.par
	w.h.Pause()
	w.note()
	w.pubStored.Store(w.stored)
	if p.limited(w.ticks) {
		return errStop
	}
	if p.opt.Progress != nil && w.id == 0 {
		if now := time.Now(); now.UnixNano() > p.nextTick.Load() {
			p.nextTick.Store(now.Add(p.opt.ProgressEvery).UnixNano())
			var s search.Stats
			for _, x := range w.c.cws {
				s.StatesStored += x.pubStored.Load()
			}
			s.Elapsed = time.Since(p.start)
			p.opt.Progress(s)
		}
	}
	return nil
}

// note records the peak memory of the worker's stacks and colours.
func (w *cworker) note() {
	b := int64(cap(w.blue)+cap(w.redStk))*int64(64) + int64(cap(w.arena)) +
		int64(cap(w.succs))*40 + int64(cap(w.atomics)) +
		int64(w.cyan.Len())*16 + w.pink.bytes()
	w.stackBytes = max(w.stackBytes, b)
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// twins returns the number of states that the search stored twice, as
// two nodes (reached by a stutter step and otherwise), and of those
// made red twice: the figures pan's count of states stored and visited
// counts once.
func (c *cnd) twins() (stored, red int64) {
	h := c.tab.Handle(0)
	var buf []byte
	for _, w := range c.cws {
		for _, idx := range w.marked {
			buf = c.reader.StateOf(buf, idx)
			s := buf[:len(buf)-1]
			if i, ok := h.Lookup(s, store.Hash(s)); ok {
				stored++
				if c.red.has(idx) && c.red.has(i) {
					red++
				}
			}
		}
	}
	h.Pause()
	return stored, red
}

// pins.Cycles, for a reduction layer bound to the worker: the layer has
// the static proviso (Supported), which asks the search nothing but
// where the expansion is, so that every worker searches one reduced
// graph, in which every cycle has a fully expanded state
// (docs/parallel.md).

// Lookup implements pins.Cycles.
func (w *cworker) Lookup(s []byte) (uint64, bool) { return w.h.Lookup(s, store.Hash(s)) }

// Closes implements pins.Cycles (never asked: the visited proviso).
func (w *cworker) Closes(uint64) bool { return true }

// Expanding implements pins.Cycles.
func (w *cworker) Expanding() pins.Expansion { return w.exp }

// Aux implements pins.Cycles: no bytes beside the states.
func (w *cworker) Aux(uint64) []byte { return nil }
