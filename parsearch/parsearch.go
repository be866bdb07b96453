package parsearch

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/store"
)

// Options configure a parallel search: the sequential search's options,
// the number of workers and how to give each its own model.
type Options struct {
	search.Options
	// Workers is the number of workers; 0 or less means every core the
	// process may use (runtime.GOMAXPROCS). 1 is the sequential search
	// (search.Run), unchanged.
	Workers int
	// Clone returns the model for one more worker: the model Run was
	// given, with working buffers of its own (a Model serves one
	// goroutine at a time) and, for a reduced model, a reduction layer
	// of its own. Without it Run searches sequentially.
	Clone func() (pins.Model, error)
	// PropertyOf, for a search with Options.Property (-scc -a on an ltl
	// property's generalized Büchi automaton), returns the property as a
	// worker's model sees it: its Eval reads states with that model's
	// buffers (a Property's Eval serves one goroutine). Without it such
	// a search runs sequentially.
	PropertyOf func(m pins.Model) (*search.Property, error)
	// GiveUpWeakProviso: with the static cycle proviso, the depth-first
	// searches (safety, CNDFS, UFSCC) end early with ErrWeakProviso, before any
	// error is reported, when a worker finds the proviso forcing full
	// expansions often (weakProviso). verify's default, -j auto, then
	// searches with one worker and the stack proviso.
	GiveUpWeakProviso bool
}

// ErrWeakProviso is Run's error when Options.GiveUpWeakProviso ended the
// search.
var ErrWeakProviso = errors.New("the static cycle proviso expands too many states fully")

// The static proviso is weak on a model whose loops end by their data
// alone (leader_ltl: 115,193 states where the stack proviso stores
// 12,057): every corpus row where it stores more than the stack proviso
// has it expanding fully, for the proviso alone (pins.Counts.Fallbacks),
// 10 to 80 states in 100, and every row where it stores no more has
// none (docs/parallel.md, "Giving the static proviso up"). A worker looks every
// weakEvery+1 expansions, within its first weakTicks (later, the search
// goes on: giving up would waste more than it saves), and gives up once
// its fallbacks reach weakMin and more than one expansion in weakDen.
const (
	weakEvery = 127
	weakMin   = 16
	weakDen   = 64
	weakTicks = 1 << 20
)

// weakProviso reports whether worker id, after ticks expansions, gives
// up the search (Options.GiveUpWeakProviso), and ends it: only before
// any error is reported, so that no trail of it was written.
func (p *par) weakProviso(id, ticks int) bool {
	if !p.giveUp || ticks > weakTicks || p.stopped.Load() {
		return false
	}
	r, ok := p.models[id].(pins.Reduced)
	if !ok {
		return false
	}
	f := r.Counts().Fallbacks - p.counts0[id][1]
	if f < weakMin || f*weakDen <= int64(ticks) {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.res.Errors) > 0 || p.stopped.Load() {
		return false
	}
	p.weak = true
	p.res.Incomplete = "weak proviso"
	p.stopped.Store(true)
	p.cond.Broadcast()
	return true
}

// Supported reports whether the parallel search covers a search of m
// with options o, and if not why not: it covers the safety searches
// (assertions, invalid end states, a never claim's end without -a),
// depth-first and breadth-first (bfs.go), unreduced or with a safety
// reduction layer; the acceptance-cycle search (-a, CNDFS: cndfs.go),
// with -c N and -e too, unreduced or with the static proviso, also with
// -f (reduced: on the unfolding under its layer, FairUnfolded); the
// non-progress search (-l, CNDFS), unreduced or with the static
// proviso, also with -f; and the SCC-based search (-scc, with -f too:
// UFSCC, ufscc.go), unreduced or -scc -a -f with the static proviso,
// with -c N and -e too.
func Supported(m pins.Model, o search.Options) (bool, string) {
	if o.SCC && (o.Accept || o.NonProgress) {
		return supportedSCC(m, o)
	}
	// (-scc without -a or -l is a safety search, as search.Run's: an
	// invariant's claim, searched for its end)
	switch {
	case o.Fair && !o.Accept && !o.NonProgress:
		return false, "weak fairness (-f) without -a or -l"
	case o.Fair && o.FairUnfolded && !static(m):
		return false, "the parallel search with weak fairness (-f) reduces with the static cycle proviso only (-proviso auto or static)"
	case o.BFS && (o.Accept || o.NonProgress):
		return false, "the parallel breadth-first search is a safety search"
	case o.NPProductOf != nil && !o.NonProgress || o.Property != nil:
		return false, "the parallel search has no product search"
	case o.Store != nil:
		return false, "the search's store is given (a hooked store: -sketch)"
	case (o.Accept || o.NonProgress) && o.Storage.Lossy():
		return false, "the parallel acceptance-cycle search (CNDFS) needs an exact store (exact or tree)"
	case o.NonProgress && o.NPProductOf == nil && m.Info() != nil && m.Info().Claim:
		return false, "-l with a never claim" // search.Run says why
	case o.NonProgress:
		// unreduced on pan's non-progress product, or reduced with the
		// static proviso on the product with <>[] np_ in SI normal form
		// (search.NonProgressSI), whose trails each worker rewrites for
		// pan's claim on its own model
		_, reduced := m.(pins.Reduced)
		switch {
		case reduced && !static(m):
			return false, "the parallel non-progress search (CNDFS) reduces with the static cycle proviso only (-proviso auto or static)"
		case reduced && o.NPProductOf == nil:
			return false, "the parallel non-progress search (CNDFS) reduces on the product with <>[] np_ in SI normal form only"
		case o.NPProductOf != nil && search.NPBase(m) == nil:
			return false, "the non-progress product's model is not known to the parallel search"
		}
	case o.Accept:
		if _, ok := m.(pins.Reduced); ok && !static(m) {
			return false, "the parallel acceptance-cycle search (CNDFS) reduces with the static cycle proviso only (-proviso auto or static)"
		}
	}
	if iv, ok := m.(pins.InitialViolator); ok && iv.InitialViolation() != nil {
		return false, "the initial state has an error"
	}
	return true, ""
}

// static reports whether m is reduced with the static cycle proviso
// (pins.StaticReduced): its reduced sets do not depend on the search.
func static(m pins.Model) bool {
	r, ok := m.(pins.StaticReduced)
	return ok && r.Static()
}

// Workers returns the number of workers n asks for: n itself, or for 0
// (or less) every core the process may use.
func Workers(n int) int {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	return min(n, store.MaxWorkers)
}

// Run explores m with opt.Workers workers (see the package comment), or
// sequentially (search.Run) with one worker, without Clone, or for a
// search the parallel one does not cover (Supported). The result is the
// sequential search's: the same statistics, summed over the workers.
func Run(ctx context.Context, m pins.Model, opt Options) (*search.Result, error) {
	n := Workers(opt.Workers)
	if ok, _ := Supported(m, opt.Options); !ok || n == 1 || opt.Clone == nil || opt.Property != nil && opt.PropertyOf == nil {
		return search.Run(ctx, m, opt.Options)
	}
	o := opt.Options
	if o.MaxDepth <= 0 {
		o.MaxDepth = 10000
	}
	if o.ProgressEvery == 0 {
		o.ProgressEvery = 2 * time.Second
	}
	models := []pins.Model{m}
	for len(models) < n {
		c, err := opt.Clone()
		if err != nil {
			return nil, err
		}
		models = append(models, c)
	}
	if o.NonProgress {
		// pan -l: the acceptance-cycle search of the product with pan's
		// non-progress claim, as search.Run; reduced, the models are
		// already products (with <>[] np_ in SI normal form:
		// Options.NPProductOf); with -f, unfolded for weak fairness as
		// below (reduced, already: FairUnfolded)
		for i := 0; i < len(models) && o.NPProductOf == nil; i++ {
			np := search.NonProgressModel(models[i])
			if o.Fair && !o.SCC {
				fm, err := search.NewFairNonProgress(np, models[i])
				if err != nil {
					return nil, err
				}
				np = fm
			}
			models[i] = np
		}
		m, o.Accept = models[0], true
	}
	if o.Fair && !o.SCC {
		// -a -f: CNDFS on the model unfolded for weak fairness (pan's
		// counter), whose accepting states are those of its last copy,
		// as search.Run's nested search walks it; reduced, the models
		// are already unfolded, under their layers (FairUnfolded), and
		// -l -f's above
		for i := 0; i < len(models) && !o.FairUnfolded && !o.NonProgress; i++ {
			fm, err := search.NewFair(models[i])
			if err != nil {
				return nil, err
			}
			models[i] = fm
		}
		m, o.Fair = models[0], false
	}
	// the done proviso's bits serve the safety search (CNDFS reduces
	// with the static proviso only)
	_, reduced := m.(pins.Reduced)
	tab, err := openShared(o, n, reduced && !static(m) && !o.Accept)
	if err != nil {
		return nil, err
	}
	p := &par{opt: o, ctx: ctx, tab: tab, n: n, start: time.Now(), claim: m.Info() != nil && m.Info().Claim}
	p.reader, _ = tab.(store.StateReader)
	if reduced && !static(m) {
		p.marks, _ = tab.(store.DoneMarker)
	}
	p.cond = sync.NewCond(&p.mu)
	p.nextTick.Store(p.start.Add(o.ProgressEvery).UnixNano())
	var counts0 [][2]int64
	p.models, p.giveUp = models, opt.GiveUpWeakProviso && static(m)
	for _, mm := range models {
		var c [2]int64
		if r, ok := mm.(pins.Reduced); ok {
			rc := r.Counts()
			c[0], c[1] = rc.Reduced, rc.Fallbacks
		}
		counts0 = append(counts0, c)
	}
	p.counts0 = counts0
	if !o.Accept {
		p.ws = make([]*worker, n)
		for i := range p.ws {
			p.ws[i] = newWorker(p, i, models[i])
		}
	}
	var twins int64
	if o.SCC && o.Accept {
		err = runUFSCC(p, models, opt.PropertyOf)
	} else if o.BFS {
		err = runBFS(p, models)
	} else if o.Accept {
		twins, err = runCNDFS(p, models)
	} else if err = p.ws[0].start(); err == nil {
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i, w := range p.ws {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = w.work(i == 0)
			}()
		}
		wg.Wait()
		err = errors.Join(errs...)
	}
	if p.weak {
		return nil, ErrWeakProviso
	}
	res := &p.res
	for _, w := range p.ws {
		res.StatesMatched += w.matched
		res.AtomicSteps += w.atomicSteps
		res.DepthReached = max(res.DepthReached, w.depthReached)
		res.DepthLimitHit = res.DepthLimitHit || w.depthHit
		res.StackBytes += w.stackBytes
	}
	for i, m := range models {
		if r, ok := m.(pins.Reduced); ok {
			rc := r.Counts()
			r1, f1 := rc.Reduced, rc.Fallbacks
			res.Reduced += r1 - counts0[i][0]
			res.ProvisoFallbacks += f1 - counts0[i][1]
		}
	}
	// (an acceptance search stores some states twice: see cnd.twins)
	res.StatesStored = int64(tab.Len()) - twins
	// pan: stored + matched (+ the nested search's stored)
	res.Transitions = res.StatesStored + res.StatesMatched + res.NestedStored
	res.Stats.Errors = len(res.Errors)
	res.Elapsed = time.Since(p.start)
	res.Store = tab.Stats()
	res.States = tab.(store.Set)
	res.Complete = res.Incomplete == "" && !res.DepthLimitHit
	if res.Incomplete == "" && res.DepthLimitHit {
		res.Incomplete = "depth limit"
	}
	if err != nil {
		return nil, err
	}
	return res, nil
}

// openShared opens the shared store o.Storage asks for: the exact table
// (store.Shared), tree compression (store.SharedTree, whose state
// indices are its root table's, a store.Shared's, so bits.go serves it
// too), hash compaction (store.SharedHC) or bitstate
// (store.SharedBitstate). With a reduction layer the exact, tree and hc
// tables keep a done bit per state (the done proviso, docs/parallel.md).
func openShared(o search.Options, n int, reduced bool) (store.ConcurrentSet, error) {
	c := o.Storage
	if err := c.Validate(); err != nil {
		return nil, err
	}
	switch c.Mode {
	case store.ModeHC:
		t, err := store.NewSharedHC(n, c.LossyBytes(), c.Bits(), c.Seed)
		if err == nil && reduced {
			t.EnableDone()
		}
		return t, err
	case store.ModeBitstate:
		return store.NewSharedBitstate(n, c.LossyBytes(), c.Indices(), c.Seed)
	}
	hint := o.HashLog2
	if hint == 0 {
		hint = 18
	}
	if c.Mode == store.ModeTree {
		t := store.NewSharedTree(n, hint, o.MemLimit)
		if o.MemGuard != nil {
			t.SetGuard(o.MemGuard)
		}
		if reduced {
			t.EnableDone()
		}
		return t, nil
	}
	t := store.NewShared(n, hint, o.MemLimit, !o.NoCompress)
	if o.MemGuard != nil {
		t.SetGuard(o.MemGuard)
	}
	if reduced {
		t.EnableDone()
	}
	return t, nil
}

// par is the state the workers share.
type par struct {
	opt search.Options
	ctx context.Context
	// models: each worker's; counts0: the reduction counters of each
	// at the start (Reduced, Fallbacks)
	models  []pins.Model
	counts0 [][2]int64
	// giveUp: Options.GiveUpWeakProviso; weak: it ended the search
	// (under mu)
	giveUp, weak bool

	tab store.ConcurrentSet
	// reader gives states back (the exact table), else nil: the workers
	// keep the bytes of their stacks' states (a lossy store)
	reader store.StateReader
	// done: the done bits of the reduction's cycle proviso, or nil (no
	// reduction, or bitstate: the visited proviso)
	marks store.DoneMarker
	n     int
	ws    []*worker
	start time.Time
	claim bool
	// stopped: the search ends (an error limit, a limit, cancellation)
	stopped atomic.Bool
	// the work pool: frames given up by busy workers to idle ones
	mu      sync.Mutex
	cond    *sync.Cond
	pool    []*item
	idle    int
	done    bool
	hungry  atomic.Int32 // workers waiting for work
	poolLen atomic.Int32
	// res holds the errors and Incomplete (under mu); the counts are
	// summed at the end
	res      search.Result
	nextTick atomic.Int64
	// progressOf gives the figures for progress where the workers are
	// not ws (the breadth-first search's)
	progressOf func() (stored, matched int64, depth int)
}

// limited reports whether the search must end now, and ends it: it
// was cancelled (Ctrl-C, SIGTERM, the time limit) or it is past the heap
// limit or the memory guard (asked every 65,536 ticks). A worker calls
// it every 1,024 expansions, with its tick count.
func (p *par) limited(ticks int) bool {
	if err := p.ctx.Err(); err != nil {
		p.stop(search.StopReason(p.ctx))
		return true
	}
	if p.opt.HeapLimit > 0 && search.HeapInUse() > p.opt.HeapLimit ||
		p.opt.MemGuard != nil && ticks&(1<<16-1) == 0 && !p.opt.MemGuard(0) {
		p.stop("memory limit")
		return true
	}
	return false
}

// poll is what worker id does every 1,024 expansions (ticks counts
// them): it reports whether the search must end (limited), and worker 0
// calls Options.Progress when it is time.
func (p *par) poll(id, ticks int) bool {
	if p.limited(ticks) {
		return true
	}
	if p.opt.Progress != nil && id == 0 {
		if now := time.Now(); now.UnixNano() > p.nextTick.Load() {
			p.nextTick.Store(now.Add(p.opt.ProgressEvery).UnixNano())
			p.progress()
		}
	}
	return false
}

// stop ends the search with reason (the first reason given is kept).
func (p *par) stop(reason string) {
	p.mu.Lock()
	if !p.stopped.Load() {
		if p.res.Incomplete == "" {
			p.res.Incomplete = reason
		}
		p.stopped.Store(true)
	}
	p.cond.Broadcast()
	p.mu.Unlock()
}

// errStop ends a worker's search early, without an error of the caller.
var errStop = errors.New("stop")

// report records a violation as search does (Options.IgnoreAssert,
// IgnoreEnd, StopAfter, AllTrails, OnError); it returns true when the
// search must stop.
func (p *par) report(v pins.Violation, depth int, trail func() []search.Step) bool {
	if p.opt.Ignores(v) {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped.Load() {
		return true
	}
	for k := 0; k < max(v.Repeat, 1); k++ {
		e := search.Error{Violation: v, Depth: depth, CycleStart: -1}
		if len(p.res.Errors) == 0 || p.opt.AllTrails {
			e.Trail = trail()
		}
		p.res.Errors = append(p.res.Errors, e)
		if p.opt.OnError != nil {
			i := len(p.res.Errors) - 1
			p.opt.OnError(i, &p.res.Errors[i])
		}
		if s := p.opt.StopAfter; s > 0 && len(p.res.Errors) >= s || v.Fatal {
			p.res.Incomplete = "stopped at error"
			p.stopped.Store(true)
			p.cond.Broadcast()
			return true
		}
	}
	return false
}

// item is work given up by a busy worker: successors of one of its
// states, still to take, and the path to that state.
type item struct {
	root  *path // the path to the state whose successors these are
	arena []byte
	succs []succ
	viols []*pins.Violation // the violations of succs (succ.viol)
}

// getWork waits for an item of the pool; nil when the search is over
// (every worker idle with the pool empty, or stopped).
func (p *par) getWork() *item {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.idle++
	for {
		if p.stopped.Load() || p.done {
			return nil
		}
		if k := len(p.pool); k > 0 {
			it := p.pool[k-1]
			p.pool = p.pool[:k-1]
			p.poolLen.Add(-1)
			p.idle--
			p.hungry.Store(int32(p.idle))
			return it
		}
		if p.idle == p.n {
			p.done = true
			p.cond.Broadcast()
			return nil
		}
		p.hungry.Store(int32(p.idle))
		p.cond.Wait()
	}
}

// give puts an item in the pool for an idle worker.
func (p *par) give(it *item) {
	p.mu.Lock()
	p.pool = append(p.pool, it)
	p.poolLen.Add(1)
	p.cond.Signal()
	p.mu.Unlock()
}

// progress calls Options.Progress with the figures so far (approximate:
// each worker's are those it last published).
func (p *par) progress() {
	var s search.Stats
	for _, w := range p.ws {
		s.StatesStored += w.pubStored.Load()
		s.StatesMatched += w.pubMatched.Load()
		s.DepthReached = max(s.DepthReached, int(w.pubDepth.Load()))
	}
	if p.progressOf != nil {
		s.StatesStored, s.StatesMatched, s.DepthReached = p.progressOf()
	}
	s.Transitions = s.StatesStored + s.StatesMatched
	// the memory: the process's, as the runtime counts it (the table's
	// own figures are read once the workers are done)
	s.StackBytes = search.HeapInUse()
	s.Elapsed = time.Since(p.start)
	p.mu.Lock()
	s.Errors = len(p.res.Errors)
	p.mu.Unlock()
	p.opt.Progress(s)
}

// String describes the search for messages.
func (p *par) String() string { return fmt.Sprintf("parallel search, %d workers", p.n) }
