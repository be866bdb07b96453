package parsearch

import (
	"errors"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/store"
)

// The parallel SCC-based emptiness check (-scc -j N): UFSCC, Bloemen,
// Laarman and van de Pol, "Multi-core on-the-fly SCC decomposition"
// (PPoPP 2016), over the graph of the sequential -scc search
// (search.MarkedGraph: generalized Büchi marks on the transitions, and
// with -f one weak-fairness mark per process). Every worker runs, from
// the initial state and in an order of its own, a Tarjan-like search
// whose stack holds sets of states (Rp); the sets live in a union-find
// structure the workers share (uf.go), with the marks of the edges known
// to lie inside each set:
//
//	ufscc_p(v): Rp.push(v)
//	  while x := pick(v) (a state of v's set whose successors are not
//	  all taken; none: v's set is complete, dead):
//	    for each successor w of x (marks m):
//	      claim(w, p): dead: skip;
//	        success (p had not claimed w's set): ufscc_p(w);
//	          then if w is in x's set, add m to it;
//	        found (p claimed it: it holds a state of Rp): while w's set
//	          is not v's: unite Rp.pop() with Rp.top(); add m to it
//	    x done
//	    if v's set is the caller's: return
//	  if v is Rp.top(): Rp.pop()
//
// A set whose marks cover every acceptance set is strongly connected
// and holds a cycle through every set: the search stops and builds the
// counterexample from the shared structure (lasso). docs/parallel.md
// ("The parallel SCC search") gives the argument and how this differs
// from the paper (locks per root instead of its lock-free lists).

// usucc is a successor of the state a frame is taking: its node, step,
// marks and violation (an index into uworker.viols, or -1).
type usucc struct {
	id   uint32
	viol int32
	step search.Step
	m    search.Marks
}

// uframe is a call ufscc_p(v) on a worker's stack.
type uframe struct {
	v      uint32 // the state of the call (pushed on Rp)
	x      uint32 // the state picked from v's set (0: pick one)
	fresh  bool   // x's first expansion (it reports x's violations)
	lo, hi int32  // x's successors: uworker.succs[lo:hi]
	i, rot int32  // successors taken, and the rotation of their order
	vlo    int32  // x's violations: uworker.viols[vlo:]
}

// ufscc is the state the workers of the SCC search share.
type ufscc struct {
	*par
	uf    *unionFind
	kind  pins.ViolationKind
	msg   string
	ws    []*uworker
	found []ufFound // the errors found, in order (under p.mu)
	nErr  int       // and how many errors they are (Violation.Repeat)
}

// ufFound is an error found, from which its trail is built once the
// search is over: an accepting set (one of its states), or a violation
// on a step from a state (or in a state without successors, step nil).
type ufFound struct {
	cycle uint32 // a state of the accepting set, or 0
	from  uint32
	step  *search.Step
	v     pins.Violation
	depth int // the finding worker's stack of calls
}

type uworker struct {
	u      *ufscc
	id     int
	m      pins.Model
	g      *search.MarkedGraph
	h      store.SetHandle
	frames []uframe
	rp     []uint32
	succs  []usucc
	viols  []*pins.Violation
	sbuf   []byte
	nodes  uint32 // the nodes this worker made
	rng    uint64
	ticks  int
	// figures
	matched      int64
	pubMatched   atomic.Int64
	depthReached int
	depthHit     bool
	stackBytes   int64
	err          error
}

// runUFSCC is Run for the SCC-based search (Options.SCC with Accept or
// NonProgress, unreduced), with the models of the workers; the
// propertyOf gives the property of a worker's model (Options.PropertyOf).
func runUFSCC(p *par, models []pins.Model, propertyOf func(pins.Model) (*search.Property, error)) error {
	u := &ufscc{par: p}
	for i, m := range models {
		o := p.opt
		if o.Property != nil && i > 0 {
			prop, err := propertyOf(m)
			if err != nil {
				return err
			}
			o.Property = prop
		}
		g, kind, msg, err := search.NewMarkedGraph(m, o)
		if err != nil {
			return err
		}
		if _, err := g.Initial(); err != nil { // (a TGBA graph knows its initial state so)
			return err
		}
		u.kind, u.msg = kind, msg
		u.ws = append(u.ws, &uworker{u: u, id: i, m: m, g: g, h: p.tab.Handle(i), rng: uint64(i)*0x9E3779B97F4A7C15 + 1})
	}
	u.uf = newUnionFind(p.n, u.ws[0].g.All())
	init, err := u.ws[0].g.Initial()
	if err != nil {
		return err
	}
	w0 := u.ws[0]
	idx, _, err := w0.h.Insert(init, store.Hash(init))
	if err != nil {
		if errors.Is(err, store.ErrMemLimit) {
			p.stop("memory limit")
			return nil
		}
		return err
	}
	initID := u.uf.nodeOf(0, &w0.nodes, idx)
	w0.h.Pause()
	var wg sync.WaitGroup
	errs := make([]error, p.n)
	for i, w := range u.ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer w.h.Pause()
			errs[i] = w.run(initID)
			if errs[i] != nil {
				p.stop("error")
			}
		}()
	}
	wg.Wait()
	res := &p.res
	for _, w := range u.ws {
		res.StatesMatched += w.matched
		res.DepthReached = max(res.DepthReached, w.depthReached)
		res.DepthLimitHit = res.DepthLimitHit || w.depthHit
		res.StackBytes += w.stackBytes
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	for i := range u.found {
		u.reportFound(&u.found[i], i == 0 || p.opt.AllTrails)
	}
	return nil
}

// run is the worker's search from the initial state.
func (w *uworker) run(init uint32) error {
	u := w.u
	if u.uf.claim(init, w.id, false) != claimSuccess {
		return nil // (dead already: another worker finished the search)
	}
	w.push(init)
	for len(w.frames) > 0 {
		if u.stopped.Load() {
			return nil
		}
		f := &w.frames[len(w.frames)-1]
		if f.x == 0 {
			x, fresh := u.uf.pick(f.v)
			if x == 0 {
				w.pop()
				continue
			}
			f.x, f.fresh = x, fresh
			if err := w.expand(f); err != nil {
				return err
			}
			if u.stopped.Load() {
				return nil
			}
			continue
		}
		if f.i == f.hi-f.lo {
			u.uf.done(f.x)
			f.x = 0
			w.succs, w.viols = w.succs[:f.lo], w.viols[:f.vlo]
			if n := len(w.frames); n > 1 && u.uf.sameSet(f.v, w.frames[n-2].v) {
				// v's set is the caller's now: the caller picks from it
				// (the paper goes on picking here, which makes a call
				// per new state of an SCC: a stack as deep as the SCC)
				w.pop()
			}
			continue
		}
		k := (f.i + f.rot) % (f.hi - f.lo)
		f.i++
		e := &w.succs[f.lo+k]
		if e.viol >= 0 && f.fresh {
			st := e.step
			if w.found(ufFound{from: f.x, step: &st, v: *w.viols[e.viol]}) {
				return nil
			}
		}
		peek := len(w.frames) >= u.opt.MaxDepth
		switch u.uf.claim(e.id, w.id, peek) {
		case claimDead:
		case claimSuccess:
			if peek {
				w.depthHit = true
				continue
			}
			w.push(e.id)
		case claimFound:
			// (to the end, stopped or not: the sets united on the way are
			// strongly connected only once w's set is reached)
			covered := false
			for !u.uf.sameSet(f.v, e.id) {
				if len(w.rp) < 2 {
					return errors.New("parallel SCC search: a claimed live set holds no state of the worker's stack")
				}
				r := w.rp[len(w.rp)-1]
				w.rp = w.rp[:len(w.rp)-1]
				covered = u.uf.union(r, w.rp[len(w.rp)-1]) || covered
			}
			if u.uf.addMarks(f.x, &e.m) || covered {
				if w.found(ufFound{cycle: f.x, v: pins.Violation{Kind: u.kind, Message: u.msg}}) {
					return nil
				}
			}
		}
	}
	return nil
}

// push calls ufscc_p(v): a new frame, and v on Rp.
func (w *uworker) push(v uint32) {
	w.frames = append(w.frames, uframe{v: v, lo: int32(len(w.succs)), hi: int32(len(w.succs)), vlo: int32(len(w.viols))})
	w.rp = append(w.rp, v)
	w.depthReached = max(w.depthReached, len(w.frames)-1)
}

// pop returns from the top frame, whose set is dead or the caller's:
// off Rp if it is still there; and in the caller, the marks of the step
// to it count if it lies in the caller's set (it does not when the set
// died without the caller's state: the caller's state was not done
// then).
func (w *uworker) pop() {
	f := w.frames[len(w.frames)-1]
	if n := len(w.rp); n > 0 && w.rp[n-1] == f.v {
		w.rp = w.rp[:n-1]
	}
	w.frames = w.frames[:len(w.frames)-1]
	w.succs, w.viols = w.succs[:f.lo], w.viols[:f.vlo]
	if len(w.frames) == 0 {
		return
	}
	c := &w.frames[len(w.frames)-1]
	e := &w.succs[c.lo+(c.i-1+c.rot)%(c.hi-c.lo)]
	if e.id == f.v && w.u.uf.sameSet(c.x, f.v) && w.u.uf.addMarks(c.x, &e.m) {
		w.found(ufFound{cycle: c.x, v: pins.Violation{Kind: w.u.kind, Message: w.u.msg}})
	}
}

// expand generates the successors of the frame's state f.x, storing
// each (and making its node, unless another worker has made it).
func (w *uworker) expand(f *uframe) error {
	u := w.u
	w.ticks++
	if w.ticks&weakEvery == 0 && u.weakProviso(w.id, w.ticks) {
		return nil
	}
	if w.ticks&1023 == 0 {
		w.pubMatched.Store(w.matched)
		if u.limited(w.ticks) {
			return nil
		}
		if u.opt.Progress != nil && w.id == 0 {
			u.progressUF()
		}
	}
	xn := u.uf.node(f.x)
	w.sbuf = u.reader.StateOf(w.sbuf, xn.idx)
	lo := len(w.succs)
	f.vlo = int32(len(w.viols))
	var err error
	w.g.Next(w.sbuf, func(step search.Step, t []byte, m *search.Marks, v *pins.Violation) bool {
		idx, added, e := w.h.Insert(t, store.Hash(t))
		if e != nil {
			err = e
			return false
		}
		if !added {
			w.matched++
		}
		id := u.uf.nodeOf(w.id, &w.nodes, idx)
		if id == 0 {
			err = store.ErrMemLimit
			return false
		}
		vi := int32(-1)
		if v != nil {
			vi = int32(len(w.viols))
			w.viols = append(w.viols, v)
		}
		w.succs = append(w.succs, usucc{id: id, viol: vi, step: step, m: *m})
		return true
	})
	// out of the table until the next expansion: a growth of the table
	// waits for every other worker to pause (store.Shared), and a worker
	// may go a long time between expansions (its merge loop, returns,
	// picks, a lock held by a worker that is descheduled)
	w.h.Pause()
	if err != nil {
		if errors.Is(err, store.ErrMemLimit) {
			u.stop("memory limit")
			return nil
		}
		return err
	}
	f.lo, f.hi, f.i, f.rot = int32(lo), int32(len(w.succs)), 0, 0
	if n := f.hi - f.lo; n > 1 && w.id > 0 {
		w.rng ^= w.rng << 13
		w.rng ^= w.rng >> 7
		w.rng ^= w.rng << 17
		f.rot = int32(w.rng % uint64(n))
	}
	if b := int64(len(w.frames))*24 + int64(cap(w.succs))*int64(80); b > w.stackBytes {
		w.stackBytes = b
	}
	if f.hi == f.lo && !u.claim && f.fresh {
		// as the sequential search (pan -a): a deadlock in an accepting
		// state stutters there
		if w.m.Status(w.sbuf)&pins.Accepting != 0 {
			w.found(ufFound{from: f.x, v: pins.Violation{Kind: u.kind, Message: "accept stutter"}})
		}
	}
	return nil
}

// found records an error, unless the options ignore it (or the search
// has stopped); it returns true when the search stops: at the StopAfter-th
// error (-c N; none with -e), or at a fatal one. A set is reported once,
// when its marks first cover every acceptance set (uf.go), and a state's
// violations at its first expansion (pick's fresh), as -j 1 reports them
// once; the errors and their number may still differ from -j 1's with
// -e: the workers find the sets in another order, and two sets may each
// cover before they are united into one SCC.
func (w *uworker) found(f ufFound) bool {
	p := w.u.par
	if p.opt.Ignores(f.v) {
		return false
	}
	f.depth = len(w.frames)
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped.Load() {
		return true
	}
	w.u.found = append(w.u.found, f)
	w.u.nErr += max(f.v.Repeat, 1) // (a step that failed several assertions is as many errors, as in pan)
	if s := p.opt.StopAfter; s > 0 && w.u.nErr >= s || f.v.Fatal {
		p.res.Incomplete = "stopped at error"
		p.stopped.Store(true)
		p.cond.Broadcast()
		return true
	}
	return false
}

// progressUF calls Options.Progress with the figures so far (approximate).
func (u *ufscc) progressUF() {
	now := time.Now()
	if now.UnixNano() < u.nextTick.Load() {
		return
	}
	u.nextTick.Store(now.Add(u.opt.ProgressEvery).UnixNano())
	var s search.Stats
	s.StatesStored = int64(u.tab.Len())
	for _, w := range u.ws {
		s.StatesMatched += w.pubMatched.Load()
	}
	s.Transitions = s.StatesStored + s.StatesMatched
	s.Elapsed = now.Sub(u.start)
	u.opt.Progress(s)
}

// UFSCC says whether -scc -j N runs the parallel SCC search (false: on
// one worker, with a note). It is on unless the environment sets
// GOSPIN_UFSCC=0. (It was off until the race of union, docs/parallel.md
// "The race", was found: a union that met a root changed by another
// union returned without uniting, and the search ended with its own
// consistency error.)
var UFSCC = os.Getenv("GOSPIN_UFSCC") != "0"

// supportedSCC is Supported for the SCC-based search.
func supportedSCC(m pins.Model, o search.Options) (bool, string) {
	switch {
	case !UFSCC:
		return false, "the parallel SCC search (UFSCC) is off (the environment sets GOSPIN_UFSCC=0)"
	case o.BFS:
		return false, "the parallel search is depth-first (no -bfs)"
	case o.NPProductOf != nil && !static(m):
		return false, "the parallel SCC search (UFSCC) reduces with the static cycle proviso only (-proviso auto or static; or use -noreduce)"
	case o.Storage.Mode != "" && o.Storage.Mode != store.ModeExact:
		return false, "the parallel SCC search (UFSCC) needs the exact store"
	case o.Store != nil:
		return false, "the search's store is given (a hooked store: -sketch)"
	case o.NonProgress && o.NPProductOf == nil && m.Info() != nil && m.Info().Claim:
		return false, "-l with a never claim" // search.Run says why
	}
	if _, ok := m.(pins.Reduced); ok && (!static(m) || o.Property != nil || o.NonProgress && o.NPProductOf == nil) {
		return false, "the parallel SCC search (UFSCC) reduces with the static cycle proviso only (-proviso auto or static; or use -noreduce)"
	}
	if iv, ok := m.(pins.InitialViolator); ok && iv.InitialViolation() != nil {
		return false, "the initial state has an error"
	}
	return true, ""
}
