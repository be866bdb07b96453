package search

import (
	"context"
	"errors"
	"runtime/metrics"
	"time"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/store"
	"github.com/gospin/gospin/trail"
)

// Options configure a search.
type Options struct {
	BFS bool
	// MaxDepth bounds the search depth (pan's -m; 0 means 10000).
	MaxDepth int
	// StopAfter stops the search at the Nth error (pan's -cN); 0 means do
	// not stop (pan's -c0 / -e). The default, 1, stops at the first.
	StopAfter int
	// IgnoreAssert (pan -A) and IgnoreEnd (pan -E) switch checks off.
	IgnoreAssert bool
	IgnoreEnd    bool
	// AllTrails keeps a trail for every error (pan -e); otherwise only the
	// first error's trail is kept.
	AllTrails bool
	// Accept searches for acceptance cycles (pan -a): cycles through a
	// state where the model's Status says Accepting (the never claim at an
	// accept label, or without a claim a process at one), with a nested
	// depth-first search started from each accepting state as the outer
	// search backtracks from it (Courcoubetis, Vardi, Wolper, Yannakakis;
	// as pan does). Each stored state then carries one more byte: which of
	// the two searches stored it.
	Accept bool
	// NonProgress searches for non-progress cycles (pan -l): cycles on
	// which no process passes a progress label, as an acceptance search
	// on the product with pan's non-progress claim. The model must not
	// have a never claim of its own.
	NonProgress bool
	// Fair restricts acceptance and non-progress cycles to weakly fair
	// ones (pan -f): every process that is enabled all along the cycle
	// takes a step on it. The model must implement pins.ProcCounter.
	Fair bool
	// FairUnfolded, with Fair (not SCC): the model is already unfolded
	// for weak fairness (NewFair), usually under a reduction layer that
	// chooses its ample sets on the unfolded states; the search walks it
	// as it is.
	FairUnfolded bool
	// SCC uses the SCC-based emptiness check (Couvreur's algorithm) for
	// acceptance and non-progress cycles instead of the nested search;
	// with Fair, weak fairness becomes acceptance marks per process
	// instead of an unfolding of the state space.
	SCC bool
	// Property, with SCC and Accept, is the LTL property checked, as a
	// generalized Büchi automaton run beside the model (see Property); the
	// model then carries a probe claim (property.ProbeClaim), not the
	// property's never claim.
	Property *Property
	// Store is the state set; nil means store.New(Hint, MemLimit).
	Store    store.Set
	HashLog2 int // initial table size as a power of two (pan's -w)
	// NoCompress stores states as they are instead of zero-suppressed
	// (see store.NewZeroSuppressed).
	NoCompress bool
	// Storage, when Store is nil, chooses the store (store.Open): exact
	// (the default), tree compression, or a lossy one (hash compaction,
	// bitstate), for which the searches keep the bytes of the states they
	// still need themselves (store.Lossy gives none back).
	Storage  store.Config
	MemLimit int64 // bytes, 0 for none
	// HeapLimit, when not 0, bounds the memory the Go runtime has mapped
	// (the store, the stacks, the arenas and the garbage not yet
	// collected): the search polls it every few thousand states and stops,
	// incomplete ("memory limit"), when it is over. MemLimit is the store's
	// own accounting, checked before each allocation of the store; this is
	// the backstop for the rest.
	HeapLimit int64
	// MemGuard, when not nil, is asked before each allocation of the
	// store (store.Table.SetGuard) and, every few ten thousand states,
	// with 0: false stops the search at the memory limit.
	MemGuard func(extra int64) bool
	// OnError, when not nil, is called as soon as an error is recorded,
	// with its index in Result.Errors and the error (its Trail set when
	// the error keeps one), so that its trail can be written before the
	// search goes on. Trails rewritten after the search (a non-progress
	// search reduced on its own claim) are rewritten before the call.
	OnError func(i int, e *Error)
	// BFSVisited: breadth-first, a reduction layer's cycle proviso is the
	// visited proviso C2v (no kept successor stored at all) instead of the
	// queue proviso C2q (none already expanded), for comparison.
	//
	// Partial-order reduction is a layer (package por): the model passed
	// to Run is then a pins.Reduced, which the search binds to itself
	// (pins.Cycles: the stack proviso depth-first, the queue proviso
	// breadth-first) and walks as any model.
	BFSVisited bool
	// NPProductOf, with NonProgress, says that the model is the product of
	// NPProductOf with the non-progress claim in SI normal form
	// (NonProgressSI), usually wrapped in a reduction layer: the search
	// then does not build pan's product itself, and rewrites its
	// counterexamples for pan's claim on NPProductOf.
	NPProductOf pins.Model
	// Progress, if set, is called about every ProgressEvery with the
	// statistics so far.
	Progress      func(Stats)
	ProgressEvery time.Duration
}

// Stats are the counters SPIN reports.
type Stats struct {
	StatesStored  int64
	StatesMatched int64
	Transitions   int64
	AtomicSteps   int64
	DepthReached  int
	Errors        int
	Elapsed       time.Duration
	Store         store.Stats
	StackBytes    int64
	// NestedStored counts the states stored by the nested searches of an
	// acceptance-cycle search (pan's "visited" minus "stored").
	NestedStored int64
	// Reduced counts the states expanded with a reduced (ample) set of
	// successors (a reduction layer, pins.Reduced.Counts, or leaps);
	// ProvisoFallbacks those expanded fully because the cycle proviso
	// rejected the only candidates.
	Reduced          int64
	ProvisoFallbacks int64
	// LeapSteps counts the steps taken inside leaps (a reduction layer's
	// pins.InLeap steps and pins.Counts.LeapSteps): the interleavings'
	// intermediate states, neither stored nor counted as transitions.
	LeapSteps int64
}

// Step is one step of a trail (see package trail): process Pid executed
// static transition Group; K tells apart several successors of the same
// (Pid, Group) in the order the model enumerates them (normally 0).
type Step = trail.Step

// Error is one violation with the path that leads to it.
type Error struct {
	Violation pins.Violation
	Depth     int
	Trail     []Step // nil unless kept (the first error, or all with AllTrails)
	// CycleStart is, for a cycle, the index in Trail where the cycle
	// begins (the steps from there return to the state reached before
	// it); -1 otherwise.
	CycleStart int
}

// Result is the outcome of a search.
type Result struct {
	Stats
	// States is the set of stored states (for reports that scan them).
	States store.Set
	Errors []Error
	// Complete is true when every reachable state was explored.
	Complete bool
	// Incomplete explains why not: "depth limit", "memory limit",
	// "interrupted", "stopped at error", or the Reason of the StopCause
	// the context was cancelled with ("time limit", "terminated").
	Incomplete string
	// DepthLimitHit is set when some path was cut by MaxDepth.
	DepthLimitHit bool
}

// Run explores m. It returns when the search is complete, the error limit
// is reached, memory runs out, or ctx is cancelled; in every case Result
// holds the statistics so far.
func Run(ctx context.Context, m pins.Model, opt Options) (*Result, error) {
	var initViol *pins.Violation // a run-time error of an initializer
	if iv, ok := m.(pins.InitialViolator); ok {
		initViol = iv.InitialViolation()
	}
	// npBase: the model of a non-progress search on the SI claim; pc
	// counts the processes for weak fairness
	var npBase pins.Model
	pc, counts := m.(pins.ProcCounter)
	if opt.NonProgress {
		switch {
		case opt.NPProductOf != nil:
			// on the product with <>[] np_ in SI normal form (np.go)
			npBase = opt.NPProductOf
		case m.Info() != nil && m.Info().Claim:
			return nil, errors.New("non-progress cycle detection (-l) cannot be combined with a never claim")
		default:
			m = newNPModel(m, npPan)
			if counts {
				pc = npCounter{pc}
			}
		}
		opt.Accept = true
	}
	if opt.Fair && !opt.SCC && !opt.FairUnfolded {
		if !counts {
			return nil, errors.New("weak fairness needs a model that counts its processes")
		}
		m = newFairModel(m, pc)
	}
	if opt.MaxDepth <= 0 {
		opt.MaxDepth = 10000
	}
	if opt.Store == nil {
		st, err := opt.OpenStore()
		if err != nil {
			return nil, err
		}
		opt.Store = st
	}
	if _, lossy := opt.Store.(store.Lossy); lossy && opt.SCC && opt.Accept {
		return nil, errors.New("the SCC-based cycle search (-scc) reads states back from the store: it needs -store exact or tree (nested DFS, the default, works with hash compaction and bitstate)")
	}
	if t, ok := opt.Store.(store.GuardedSet); ok && opt.MemGuard != nil {
		t.SetGuard(opt.MemGuard)
	}
	if opt.ProgressEvery == 0 {
		opt.ProgressEvery = 2 * time.Second
	}
	s := &searcher{m: m, opt: opt, ctx: ctx, start: time.Now(), res: &Result{}, claim: m.Info() != nil && m.Info().Claim, cycleStart: -1}
	s.nextTick = s.start.Add(opt.ProgressEvery)
	if r, ok := m.(pins.Reduced); ok {
		// the layer's counters are its own, over all its searches
		c0 := r.Counts()
		defer func() {
			c1 := r.Counts()
			s.res.Reduced, s.res.ProvisoFallbacks = c1.Reduced-c0.Reduced, c1.Fallbacks-c0.Fallbacks
			s.res.LeapSteps += c1.LeapSteps - c0.LeapSteps
		}()
	}
	if initViol != nil {
		return runWith(s, func(s *searcher) error { return s.initialError(*initViol) })
	}
	if opt.NonProgress {
		// the trails, found on a product, are prepared for gospin run
		// -t (nptrail.go)
		s.npTrails = newNPTrails(s.m, npBase)
		res, err := runWith(s, searchAll)
		if err == nil && opt.OnError == nil {
			for i := range res.Errors {
				s.npTrails.prepare(&res.Errors[i])
			}
		}
		return res, err
	}
	return runWith(s, searchAll)
}

// initialError reports v, the initial state's run-time error.
func (s *searcher) initialError(v pins.Violation) error {
	if _, _, err := s.insert(mustInitial(s.m)); err != nil {
		return err
	}
	s.report(v, 0, func() []Step { return []Step{} })
	s.res.Incomplete = "stopped at error"
	return nil
}

func mustInitial(m pins.Model) []byte {
	st, _ := m.Initial(nil)
	return st
}

// searchAll runs the search the options ask for.
func searchAll(s *searcher) error {
	opt := s.opt
	switch {
	case opt.SCC && opt.Accept:
		kind, msg := pins.AcceptanceCycle, "acceptance cycle"
		if opt.NonProgress {
			kind, msg = pins.NonProgressCycle, "non-progress cycle"
		}
		var g markedGraph = newPinsGraph(s.m, opt.Fair)
		if opt.Property != nil && !opt.NonProgress {
			g = newTGBAGraph(s.m, opt.Property, opt.Fair)
		} else if r, ok := s.m.(pins.Reduced); ok {
			// a reduced product (scc_reduced.go)
			full, _ := s.m.(interface{ Unreduced() pins.Model })
			if full == nil {
				return errors.New("-scc: the reduction layer does not give its unreduced model")
			}
			g = newReducedSCCGraph(s, r, full.Unreduced(), opt.Fair)
		}
		return s.couvreur(g, kind, msg)
	case opt.BFS:
		return s.bfs()
	}
	return s.dfs()
}

// npPanTrail rewrites the counterexample of a non-progress search on
// the product with npSIClaim for the product of base with pan's claim
// (ClaimTrailAnyK: both claims accept the same runs), which npSystemTrail
// then numbers for base alone. A trail that cannot be rewritten keeps
// the system's steps.
func npPanTrail(e *Error, base pins.Model) {
	if e.Trail == nil {
		return
	}
	steps, cs, _, err := ClaimTrailAnyK(newNPModel(base, npPan), e.Trail, e.CycleStart, e.Violation.Kind)
	if err == nil {
		e.Trail, e.CycleStart = steps, cs
	}
}

// runWith runs search on a prepared searcher and finishes the result.
func runWith(s *searcher, search func(*searcher) error) (*Result, error) {
	if s.opt.Store == nil {
		s.opt.Store = store.New(16, s.opt.MemLimit)
	}
	if s.start.IsZero() {
		s.start = time.Now()
	}
	err := search(s)
	s.finish()
	return s.res, err
}

type searcher struct {
	m        pins.Model
	opt      Options
	ctx      context.Context
	start    time.Time
	nextTick time.Time
	res      *Result
	ticks    int
	stop     bool
	// cycleStart is set while a cycle is being reported (see ndfs).
	cycleStart int
	// claim: the model has a never claim; pan then reports no invalid end
	// states (a claim that cannot move ends the path)
	claim bool
	// npTrails prepares the trails of a non-progress search for gospin
	// run -t (nptrail.go), nil for other searches
	npTrails *npTrails
	// auxOf, when not nil, gives the bytes the store keeps beside each
	// stored state (setAux): the reduction layer's first (auxN of them),
	// then, with ownAux, one byte of the search's own (auxStack).
	auxOf  func(idx uint64) []byte
	auxN   int
	ownAux bool
}

// auxStack is the bit of the search's own aux byte that a depth-first
// search sets while a state (its main search's entry) is on the stack,
// and a breadth-first search once the state is expanded: the cycle
// proviso's question, answered from the cache line the state's lookup
// just read rather than from a map by store index (the map's Set and Del
// on every push and pop were 15% of beem_at4's default search, a deep
// stack whose map missed the cache on every access).
const auxStack = 1

// auxAccept is the bit of the search's own aux byte that an acceptance
// search's main search sets when it pushes an accepting state, so that
// it needs not read the state back to know it when it pops it.
const auxAccept = 2

// setAux asks the store, before the first insert, for the bytes a
// reduction layer keeps beside each stored state (pins.Reduced.AuxBytes)
// and, when own is set, for one byte of the search's own (auxStack). A
// store that keeps no aux bytes (or refuses them) leaves auxOf nil: the
// layer and the search then keep their facts in maps.
func (s *searcher) setAux(own bool) {
	n := 0
	if r, ok := s.m.(pins.Reduced); ok {
		n = r.AuxBytes()
	}
	k := n
	if own {
		k++
	}
	if k == 0 || k > 8 {
		return
	}
	if a, ok := s.opt.Store.(store.AuxSet); ok && a.SetAux(k) {
		s.auxOf, s.auxN, s.ownAux = a.Aux, n, own
	}
}

// aux returns the layer's bytes beside stored state idx, or nil.
func (s *searcher) aux(idx uint64) []byte {
	if s.auxOf == nil || s.auxN == 0 {
		return nil
	}
	return s.auxOf(idx)[:s.auxN:s.auxN]
}

// ownBit reports whether bit b of the search's own aux byte of stored
// state idx is set (ownAux only).
func (s *searcher) ownBit(idx uint64, b byte) bool {
	return s.auxOf(idx)[s.auxN]&b != 0
}

// setOwnBit sets (on) or clears bit b of the search's own aux byte of
// stored state idx (ownAux only).
func (s *searcher) setOwnBit(idx uint64, b byte, on bool) {
	a := s.auxOf(idx)
	if on {
		a[s.auxN] |= b
	} else {
		a[s.auxN] &^= b
	}
}

// errStop ends a search early without it being an error of the caller.
var errStop = errors.New("stop")

// StopCause is the cause (context.WithCancelCause) of a cancellation that
// ends a search: the search's Result.Incomplete is then its Reason. A
// context cancelled without one ends it "interrupted", a deadline
// "time limit".
type StopCause struct{ Reason string }

func (c *StopCause) Error() string { return c.Reason }

// StopReason is why a cancelled context ended a search: a StopCause's
// reason, "time limit" or "interrupted" (the parallel search says it the
// same way).
func StopReason(ctx context.Context) string {
	cause := context.Cause(ctx)
	var sc *StopCause
	switch {
	case errors.As(cause, &sc):
		return sc.Reason
	case errors.Is(cause, context.DeadlineExceeded):
		return "time limit"
	}
	return "interrupted"
}

// HeapInUse returns the memory the Go runtime has mapped, the quantity
// Options.HeapLimit bounds. It is asked every thousand states or so; the
// sample is its own, since searches may run side by side.
func HeapInUse() int64 {
	sample := [1]metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(sample[:])
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(sample[0].Value.Uint64())
}

// room asks the memory limits (HeapLimit, MemGuard) for an allocation of
// extra bytes outside the store; it stops the search at the memory limit
// when they refuse.
func (s *searcher) room(extra int64) error {
	if s.opt.HeapLimit > 0 && HeapInUse()+extra > s.opt.HeapLimit ||
		s.opt.MemGuard != nil && !s.opt.MemGuard(extra) {
		s.res.Incomplete = "memory limit"
		return errStop
	}
	return nil
}

// check polls for cancellation, memory and progress every few thousand
// states.
func (s *searcher) check() error {
	s.ticks++
	if s.ticks&1023 != 0 {
		return nil
	}
	if err := s.ctx.Err(); err != nil {
		s.res.Incomplete = StopReason(s.ctx)
		return errStop
	}
	if s.opt.HeapLimit > 0 && HeapInUse() > s.opt.HeapLimit ||
		s.opt.MemGuard != nil && s.ticks&(1<<16-1) == 0 && !s.opt.MemGuard(0) {
		s.res.Incomplete = "memory limit"
		return errStop
	}
	if s.opt.Progress != nil {
		if now := time.Now(); now.After(s.nextTick) {
			s.nextTick = now.Add(s.opt.ProgressEvery)
			s.res.Elapsed = now.Sub(s.start)
			s.res.Store = s.opt.Store.Stats()
			s.opt.Progress(s.res.Stats)
		}
	}
	return nil
}

// OpenStore opens the store a search with these options uses when
// Options.Store is nil: Options.Storage's mode, sized by HashLog2 (2^18
// states when 0), within MemLimit, zero-suppressed unless NoCompress.
func (o *Options) OpenStore() (store.Set, error) {
	hint := o.HashLog2
	if hint == 0 {
		hint = 18
	}
	return store.Open(o.Storage, hint, o.MemLimit, !o.NoCompress)
}

// Ignores reports whether the options ignore violation v: an assertion
// with IgnoreAssert (pan's -A), an invalid end state with IgnoreEnd (-E).
func (o *Options) Ignores(v pins.Violation) bool {
	switch v.Kind {
	case pins.Assertion:
		return o.IgnoreAssert
	case pins.InvalidEndState:
		return o.IgnoreEnd
	}
	return false
}

// report records a violation; it returns true when the search must stop.
func (s *searcher) report(v pins.Violation, depth int, trail func() []Step) bool {
	if s.opt.Ignores(v) {
		return false
	}
	// a step that failed several assertions (Violation.Repeat) is as
	// many errors, as in pan
	for k := 0; k < max(v.Repeat, 1); k++ {
		e := Error{Violation: v, Depth: depth, CycleStart: -1}
		if len(s.res.Errors) == 0 || s.opt.AllTrails {
			e.Trail = trail()
			if s.cycleStart >= 0 {
				e.CycleStart = s.cycleStart
			}
		}
		s.res.Errors = append(s.res.Errors, e)
		s.res.Stats.Errors++
		if s.opt.OnError != nil {
			i := len(s.res.Errors) - 1
			if s.npTrails != nil {
				s.npTrails.prepare(&s.res.Errors[i])
			}
			s.opt.OnError(i, &s.res.Errors[i])
		}
		stopAfter := s.opt.StopAfter
		if stopAfter > 0 && s.res.Stats.Errors >= stopAfter || v.Fatal {
			s.res.Incomplete = "stopped at error"
			return true
		}
	}
	return false
}

func (s *searcher) finish() {
	s.res.Elapsed = time.Since(s.start)
	s.res.Store = s.opt.Store.Stats()
	s.res.States = s.opt.Store
	s.res.Complete = s.res.Incomplete == "" && !s.res.DepthLimitHit
	if s.res.Incomplete == "" && s.res.DepthLimitHit {
		s.res.Incomplete = "depth limit"
	}
}

func (s *searcher) insert(st []byte) (uint64, bool, error) {
	return s.counted(s.opt.Store.Insert(st))
}

// insertInitial stores the model's initial state and returns it with its
// index; the error of a failed insert is returned as it is (errStop at
// the memory limit, which the caller turns into nil with stopErr).
func (s *searcher) insertInitial() ([]byte, uint64, error) {
	init, err := s.m.Initial(nil)
	if err != nil {
		return nil, 0, err
	}
	idx, _, err := s.insert(init)
	if err != nil {
		// errStop (the memory limit) too: the caller stops with stopErr
		return nil, 0, err
	}
	return init, idx, nil
}

// counted accounts for the result of an insert (see insert).
func (s *searcher) counted(idx uint64, added bool, err error) (uint64, bool, error) {
	if err != nil {
		if errors.Is(err, store.ErrMemLimit) {
			s.res.Incomplete = "memory limit"
			return 0, false, errStop
		}
		return 0, false, err
	}
	if added {
		s.res.StatesStored++
		// pan counts transitions as stored + matched: every step that
		// reached a stored state, and the initial state.
		s.res.Transitions++
	}
	return idx, added, nil
}

// stopErr turns the internal stop signal into a nil error.
func stopErr(err error) error {
	if err == errStop {
		return nil
	}
	return err
}
