package verify

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"time"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/por"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/reduce"
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/store"
	"github.com/gospin/gospin/trail"
)

// Options are the verification settings, named after pan's options.
type Options struct {
	BFS          bool
	MaxDepth     int   // -m (default 10000)
	HashLog2     int   // -w
	MemLimit     int64 // -memlim, in bytes: the store's own accounting
	StopAfter    int   // -c N (default 1); 0 with -e
	AllTrails    bool  // -e
	IgnoreAssert bool  // -A
	IgnoreEnd    bool  // -E
	Accept       bool  // -a: acceptance cycles
	NonProgress  bool  // -l: non-progress cycles
	Fair         bool  // -f: weak fairness
	SCC          bool  // -scc: SCC-based emptiness check
	NoCompress   bool  // -nocompress: store states uncompressed
	// Storage chooses the store (store.Open): exact by default, tree
	// compression, hash compaction or bitstate.
	Storage store.Config
	// Compress: -compress, store states zero-suppressed. With neither
	// flag the choice is made per model (search.ZeroSuppressionPays).
	Compress bool
	// Reduce: partial-order reduction (gospin verify's default; off with
	// -noreduce). It is used for safety searches (depth-first or
	// breadth-first, no never claim, no cycle detection) of engine
	// models: a layer (package por) fed by package reduce.
	Reduce bool
	// Leap: with Reduce, leap sets (-leap; por.Config.Leap, for a safety
	// search or on a product).
	Leap bool
	// Stubborn: with Reduce, stubborn sets of several processes where no
	// ample set exists (-stubborn; por.Config.Stubborn), for safety
	// searches without a never claim and for the product with a claim
	// (ClaimSI, ClaimInvariant: por/product.go).
	Stubborn bool
	// ClaimSI: the model's never claim is in SI normal form
	// (property.SIClaim), so that with Reduce an acceptance search by
	// nested DFS is reduced on the product (pins.ClaimReducer,
	// por.Config.Claim).
	ClaimSI bool
	// ClaimInvariant: the model's never claim checks an invariant: it is
	// the usual claim of an ltl [] p (property.Invariant) or a never
	// claim that stays in its first state, not accepting, until it ends
	// (property.NeverInvariant). With Reduce the search for the claim's
	// end is then reduced on the product, as a safety search; with
	// Accept too, since such a claim has no accepting cycle but at its
	// end.
	ClaimInvariant bool
	// InertClaim: m is the model without the property's never claim,
	// which can neither end nor fail and never blocks the system
	// (property.ClaimInert): a search without Accept on m finds exactly
	// the errors of the search with it. Invalid end states are then not
	// checked (pan does not check them with a claim), the report names
	// the claim, and ClosureOf, the model with the claim, gets the trails
	// rewritten (every error is one of it).
	InertClaim bool
	// ReductionNote, when not empty, says why an acceptance search that
	// could have been reduced was not (shown in the report).
	ReductionNote string
	// TrailBase is the model path trails are named after (model.pml.gtrail,
	// model.pml1.gtrail, ...: trail.Name); empty means write no trail
	// files. Each trail is written as soon as its error is found.
	TrailBase string
	// TrailProperty, when not empty, is put in the trails' names
	// (model.pml.NAME.gtrail): the model has several properties.
	TrailProperty string
	// Property names the never claim or ltl property checked, recorded in
	// the trails so that a replay uses the same claim.
	Property string
	// TrailHeaders are added to every trail (for instance the engine
	// options a replay must use).
	TrailHeaders map[string]string
	Progress     func(search.Stats)
	// TGBA, with SCC and Accept, checks an ltl property on its generalized
	// Büchi automaton (search.Options.Property): m then carries the probe
	// claim (property.ProbeClaim), and ClaimModel, the model with the
	// property's never claim, is the one counterexamples are rewritten
	// for (search.ClaimTrail), so that trails replay with the claim.
	TGBA       *search.Property
	ClaimModel pins.Model
	// HeapLimit bounds all the memory the Go runtime maps
	// (search.Options.HeapLimit); 0 for none.
	HeapLimit int64
	// MemGuard: search.Options.MemGuard.
	MemGuard func(extra int64) bool
	// ClosureOf, when not nil, is the model with the usual never claim N
	// of a property whose search runs on the closure under stuttering of
	// N (Holzmann and Kupferman): every error found is checked against N
	// along its trail (search.ClaimTrailAnyK) and kept, with its trail
	// rewritten for N, only when N has it; the others are dropped and
	// counted in the summary's Unconfirmed.
	ClosureOf pins.Model
	// OnTrail, when not nil, receives the trail of each error kept, as
	// it would be written (in the order of the summary's violations that
	// have one), whether or not TrailBase has it written: gospin ui keeps
	// trails in memory.
	OnTrail func(*trail.Trail)
	// Workers: the workers of the search (parsearch.Options.Workers):
	// 0 and 1 are the sequential search (pan's order); WorkersAuto is
	// every core where the parallel search covers the search, else one. Notes, when not nil, gets the note that says why a
	// search asked for several workers (not the default) runs on one.
	Workers int
	Notes   io.Writer
	// Proviso is the cycle proviso of the reduction (-proviso): "" or
	// ProvisoAuto (the search's own with one worker, the static one with
	// several), ProvisoSearch (the search's own: -j 1's stack proviso,
	// the parallel safety search's done proviso) or ProvisoStatic (the
	// static proviso, por.Config.Static, whatever the workers).
	Proviso string
	// Order is the order in which the search takes successors
	// (pins.Reorder, above the reduction layer: the reduction chooses the
	// successors, the order says which is explored first).
	Order pins.Order
	// OnStore, when not nil, is called with StateHash of each state the
	// search stores anew (the system state, without an acceptance
	// search's flag byte; the states of its nested searches are not
	// counted): the store is wrapped (hookStore), at no cost when nil.
	OnStore func(hash uint64)
}

// Model is what verification needs from a model beyond the pins
// interface: how to describe it in the report.
type Model interface {
	pins.Model
	// StateVectorBytes is the size of the initial state vector as
	// reported ("State-vector N byte").
	StateVectorBytes() int
}

// Unreacher is implemented by models that can list the statements no
// stored state reached, as SPIN's unreached-code report does.
type Unreacher = pins.Coverage

// Run verifies m and returns the summary, the search result (for callers
// that need the trails) and an error only for failures of the tool itself.
// AcceptIgnored reports whether opt asks for an acceptance search that
// pan ignores: -a on a model without a never claim and without accept
// labels ("no accept labels are defined, so option -a has no effect"). Run
// then searches as pan does, for safety errors, invalid end states
// included.
func AcceptIgnored(m Model, opt Options) bool {
	if !opt.Accept || opt.NonProgress || opt.TGBA != nil || (m.Info() != nil && m.Info().Claim) {
		return false
	}
	al, ok := m.(interface{ HasAcceptLabels() bool })
	return ok && !al.HasAcceptLabels()
}

// runOnce is Run with the store opt.Storage names (-store auto: Run, in
// storage.go).
func runOnce(ctx context.Context, name string, m Model, opt Options) (*report.Summary, *search.Result, error) {
	if AcceptIgnored(m, opt) {
		opt.Accept, opt.Fair = false, false
	}
	sopt := searchOptions(opt)
	claim := m.Info() != nil && m.Info().Claim
	sm, reduced := reduction(m, opt, &sopt, claim)
	if opt.Reduce && !reduced && opt.ReductionNote == "" {
		// said, not silently dropped (verify/fair.go)
		opt.ReductionNote = unreducedNote(m, opt, claim)
	}
	sm = pins.Reorder(sm, opt.Order)
	if !opt.NoCompress && !opt.Compress {
		// before coverage is recorded: the sample walk must not count
		sopt.NoCompress = !search.ZeroSuppressionPays(m)
	}
	if opt.OnStore != nil {
		if err := hookStore(&sopt, opt.OnStore); err != nil {
			return nil, nil, err
		}
	}
	if u, ok := m.(Unreacher); ok {
		u.EnableCoverage()
	}
	// Each error is made final (its trail rewritten for the claim the
	// replay uses, or, against a claim's closure, confirmed on the claim)
	// and its trail written as soon as the search finds it, so that an
	// interrupt or a crash later keeps it.
	tw := &trailWriter{opt: &opt, prop: sopt.Property, paths: map[int]string{}, dropped: map[int]bool{}}
	sopt.OnError = tw.onError
	start := time.Now()
	res, workers, err := runSearch(ctx, m, sm, opt, sopt, claim)
	if err != nil {
		return nil, nil, err
	}
	unconfirmed := 0
	if opt.ClosureOf != nil {
		unconfirmed = tw.filter(res)
	}
	sum := summarize(name, m, opt, &sopt, res, time.Since(start))
	storageReport(sum, &sopt, res)
	sum.Reduced = reduced
	sum.Workers = workers
	sum.Unconfirmed = unconfirmed
	sum.Violations = violations(m, opt, &sopt, res, tw, claim)
	sum.TrailErrors = tw.failed
	if u, ok := m.(Unreacher); ok && res.Complete {
		sum.Unreached = unreached(u, opt, &sopt)
	}
	return sum, res, nil
}

// searchOptions returns the search's options for the verification's.
func searchOptions(opt Options) search.Options {
	sopt := search.Options{
		BFS:          opt.BFS,
		MaxDepth:     opt.MaxDepth,
		StopAfter:    opt.StopAfter,
		IgnoreAssert: opt.IgnoreAssert,
		IgnoreEnd:    opt.IgnoreEnd || opt.InertClaim,
		// every error of a search against a claim's closure is confirmed
		// on the claim along its trail, so each needs one
		AllTrails:   opt.AllTrails || opt.ClosureOf != nil,
		Accept:      opt.Accept,
		NonProgress: opt.NonProgress,
		Fair:        opt.Fair,
		SCC:         opt.SCC,
		NoCompress:  opt.NoCompress,
		HashLog2:    opt.HashLog2,
		MemLimit:    opt.MemLimit,
		HeapLimit:   opt.HeapLimit,
		MemGuard:    opt.MemGuard,
		Progress:    opt.Progress,
		Storage:     opt.Storage,
	}
	if opt.SCC && opt.Accept && !opt.NonProgress {
		sopt.Property = opt.TGBA
	}
	if sopt.MaxDepth == 0 {
		sopt.MaxDepth = 10000
	}
	return sopt
}

// summarize returns the summary of a finished search: its figures and
// settings, without the violations and unreached statements.
func summarize(name string, m Model, opt Options, sopt *search.Options, res *search.Result, elapsed time.Duration) *report.Summary {
	sum := &report.Summary{
		Model:            name,
		Complete:         res.Complete,
		Incomplete:       res.Incomplete,
		Errors:           res.Stats.Errors,
		StatesStored:     res.StatesStored,
		StatesMatched:    res.StatesMatched,
		Transitions:      res.Transitions,
		AtomicSteps:      res.AtomicSteps,
		LeapSteps:        res.LeapSteps,
		Depth:            res.DepthReached,
		StateVectorBytes: m.StateVectorBytes(),
		MemoryBytes:      res.Store.Memory() + res.StackBytes,
		HashConflicts:    res.Store.Conflicts,
		ElapsedS:         elapsed.Seconds(),
		Search:           "dfs",
		CheckAssert:      !opt.IgnoreAssert,
		CheckEnd:         !opt.IgnoreEnd,
		MaxDepth:         sopt.MaxDepth,
		StackBytes:       res.StackBytes,
		TableBytes:       res.Store.TableBytes,
		StoredBytes:      res.Store.StoredBytes,
		DepthLimited:     res.DepthLimitHit,
		Violations:       []report.Violation{},
		Claim:            m.Info() != nil && m.Info().Claim || opt.InertClaim,
		Acceptance:       opt.Accept && !opt.NonProgress,
		NonProgress:      opt.NonProgress,
		Fair:             opt.Fair,
		ReductionNote:    opt.ReductionNote,
		Compressed:       !sopt.NoCompress,
		StorageMode:      sopt.Storage.Mode,
	}
	if opt.NonProgress {
		sum.Claim = true
		sum.Property = ":np_:"
	}
	if pm, ok := m.(interface{ Program() *automata.Program }); ok && pm.Program() != nil && pm.Program().Trace != nil {
		sum.Trace = "trace"
		if pm.Program().NoTrace {
			sum.Trace = "notrace"
		}
		if opt.Reduce && sum.ReductionNote == "" {
			sum.ReductionNote = "the " + sum.Trace + " sequence observes every send and receive on its channels"
		}
	}
	if opt.Accept || opt.NonProgress {
		sum.StatesVisited = res.StatesStored + res.NestedStored
	}
	if opt.BFS {
		sum.Search = "bfs"
	}
	return sum
}

// violations returns the search's errors as the report gives them: pan's
// depth (a rendezvous counted as two steps), location and trail file.
func violations(m Model, opt Options, sopt *search.Options, res *search.Result, tw *trailWriter, claim bool) []report.Violation {
	vs := []report.Violation{}
	// the steps the rendezvous count may replay, over all errors (-e can
	// keep thousands of long trails)
	replayBudget := 1 << 20
	for j, e := range res.Errors {
		orig := j
		if tw.kept != nil {
			orig = tw.kept[j]
		}
		v := report.Violation{
			Kind:    e.Violation.Kind.String(),
			Message: e.Violation.Message,
			Depth:   panDepth(e, claim || opt.InertClaim || opt.NonProgress),
		}
		if e.Trail != nil && v.Depth > 0 && e.CycleStart < 0 && len(e.Trail) <= replayBudget {
			replayBudget -= len(e.Trail)
			// pan counts a rendezvous as two steps, the send and the
			// receive; the search, as one
			tm := pins.Model(m)
			switch {
			case opt.ClosureOf != nil:
				tm = opt.ClosureOf
			case sopt.Property != nil && opt.ClaimModel != nil:
				tm = opt.ClaimModel
			}
			if n, ok := rendezvousSteps(tm, e.Trail); ok {
				v.Depth += n
			}
		}
		if e.Violation.Pos.IsValid() {
			v.Location = e.Violation.Pos.String()
		}
		v.Trail = tw.paths[orig]
		vs = append(vs, v)
	}
	return vs
}

// unreached returns the model's unreached statements, those of the claim
// left out when it is not the property's own.
func unreached(u Unreacher, opt Options, sopt *search.Options) []report.Unreached {
	var out []report.Unreached
	for _, x := range u.Unreached() {
		out = append(out, report.Unreached(x))
	}
	if sopt.Property != nil || opt.ClosureOf != nil {
		// the claim is the probe claim (property.ProbeClaim) or the
		// closure under stuttering of the property's, not the
		// property's: its unreached statements mean nothing
		var keep []report.Unreached
		for _, x := range out {
			if x.Kind != "claim" {
				keep = append(keep, x)
			}
		}
		out = keep
	}
	return out
}

// reduction returns the model the search walks for m: m itself, or m
// wrapped in a partial-order reduction layer (package por) when opt asks
// for reduction and the search allows it, with the reduction's search
// options set in sopt (the leap search, the non-progress product); and
// whether the search is reduced.
func reduction(m Model, opt Options, sopt *search.Options, claim bool) (pins.Model, bool) {
	if !opt.Reduce {
		return m, false
	}
	if opt.NonProgress {
		// on the product with <>[] np_ in SI normal form
		// (search.NonProgressSI), ample sets only; with -f on its
		// unfolding for fairness (as -a -f: verify/fair.go), or with
		// -scc -f with the SCC search's fairness marks; -bfs, which
		// finds no cycles, as a safety search of that product with the
		// queue proviso
		if opt.BFS && opt.Fair {
			// a breadth-first search finds no cycles: weak fairness,
			// which only restricts cycles, changes nothing it reports
			opt.Fair, sopt.Fair = false, false
		}
		if reduce.OneProcess(m) {
			// a reduction of one process is the identity: pan's claim,
			// whose product is smaller than the SI claim's (pan's
			// states: loops.pml 27, not 28)
			return m, true
		}
		pr := reduce.ForNonProgressModel(m)
		if pr == nil {
			return m, false
		}
		prod, cr := search.NonProgressSI(m, pr)
		if opt.Fair {
			return fairNonProgressReduction(m, prod, pr, cr, opt.SCC, opt.Proviso == ProvisoStatic, sopt)
		}
		sopt.NPProductOf = m
		return por.New(prod, cr, por.Config{Claim: true, Accept: !opt.BFS, Static: opt.Proviso == ProvisoStatic}), true
	}
	stubborn := opt.Stubborn && (!claim || opt.ClaimSI || opt.ClaimInvariant)
	r := reduce.ForModel(m, stubborn)
	if r == nil {
		return m, false
	}
	safety := !opt.Accept && !opt.Fair && !opt.SCC && !claim
	if opt.Leap && !opt.Accept && !claim && !opt.BFS {
		// leap sets of a safety search (por/leapsafety.go)
		return por.New(m, r, por.Config{Leap: true}), safety
	}
	static := opt.Proviso == ProvisoStatic
	if safety {
		return por.New(m, r, por.Config{Stubborn: stubborn, Static: static}), true
	}
	if !claim || !(opt.ClaimSI || opt.ClaimInvariant) || opt.Fair && !opt.Accept || opt.SCC && (!sccFair(&opt) || opt.TGBA != nil) || opt.BFS && opt.Accept {
		return m, false
	}
	cr := reduce.ForClaimModel(r, m)
	if cr == nil {
		return m, false
	}
	if opt.Fair && !opt.ClaimInvariant && opt.SCC {
		return sccFairReduction(m, r, cr, static)
	}
	if opt.Fair && !opt.ClaimInvariant {
		return fairReduction(m, r, cr, static, sopt)
	}
	if opt.ClaimInvariant {
		// the claim of an invariant has no accepting state but at its
		// end, which the search reports as the claim's end: there is no
		// acceptance cycle to look for, and with -f weak fairness, which
		// only restricts cycles, changes nothing (verify/fair.go). The
		// search is the one for the claim's end, without the nested
		// search's bookkeeping (rk_peterson_filterN -a -N mutex: the
		// same 1,324,440 states in about three quarters of the time).
		sopt.Fair, sopt.Accept = false, false
	}
	// on the product (package por, product.go)
	return por.New(m, cr, por.Config{Claim: true, Accept: opt.Accept, Stubborn: stubborn, Leap: opt.Leap && !opt.BFS, Static: static}), true
}

// panDepth is the depth pan reports for error e ("at depth N"). The
// search counts the depth of the state an error is found in (for an error
// of a step, the state the step leads to), one step of the system and of
// the never claim together; pan counts one less (for a step, the depth of
// the state it starts from; for an invalid end state one less than its
// depth, -1 for the initial state, which gospin shows as 0), and with a
// never claim (also pan -l's) the claim's steps and the system's apart:
// 2N-1 for the search's N. Cycles keep the search's depth (pan counts the
// nested search's steps in its own way).
func panDepth(e search.Error, claim bool) int {
	switch e.Violation.Kind {
	case pins.AcceptanceCycle, pins.NonProgressCycle:
		return e.Depth
	case pins.TraceError:
		// pan's Uerror for a trace deviation adds the level of the step
		// that deviates; for non-determinism in the trace it does not
		if e.Violation.Message == "non-determinism in event-trace" {
			return max(e.Depth-1, 0)
		}
		return e.Depth
	}
	if claim {
		return max(2*e.Depth-1, 0)
	}
	return max(e.Depth-1, 0)
}

// rendezvousSteps replays steps on m and counts the rendezvous among
// them; ok is false when the steps are not a path of m.
func rendezvousSteps(m pins.Model, steps []search.Step) (n int, ok bool) {
	s, err := m.Initial(nil)
	if err != nil {
		return 0, false
	}
	var next []byte
	for _, st := range steps {
		k, found, rv := 0, false, false
		m.Next(s, func(t *pins.Transition, succ []byte) bool {
			if t.Pid != st.Pid || t.Group != st.Group {
				return true
			}
			if k < st.K {
				k++
				return true
			}
			found, rv = true, t.Pid2 >= 0
			next = append(next[:0], succ...)
			return false
		})
		if !found {
			return 0, false
		}
		if rv {
			n++
		}
		s = append(s[:0], next...)
	}
	return n, true
}

// trailWriter makes each error final as the search finds it and writes
// its trail (search.Options.OnError).
type trailWriter struct {
	opt     *Options
	prop    *search.Property // the TGBA of a search on its product
	paths   map[int]string   // error index -> the trail written for it
	dropped map[int]bool     // errors of a claim's closure the claim has not
	n       int              // trails named so far
	found   bool             // an error of a claim's closure was kept
	failed  []string         // trails that could not be written, and why
	kept    []int            // after filter: the index each kept error had
}

func (tw *trailWriter) onError(i int, e *search.Error) {
	opt := tw.opt
	if e.Trail == nil {
		// an error after the first without -e has no trail: one of an
		// inert claim's search is the claim's all the same
		if opt.ClosureOf != nil && !opt.InertClaim {
			tw.dropped[i] = true
		}
		return
	}
	note := ""
	if tw.prop != nil && opt.ClaimModel != nil {
		// a search on a TGBA product: the trail is rewritten for the
		// model with the property's never claim (search.ClaimTrail);
		// where that fails it keeps the system's steps only, and the
		// note says why (it then does not replay with the claim)
		steps, cs, err := search.ClaimTrail(opt.ClaimModel, e.Trail, e.CycleStart, e.Violation.Kind)
		if err != nil {
			note = "system steps of the TGBA product only: " + err.Error()
		} else {
			e.Trail, e.CycleStart = steps, cs
		}
	}
	if opt.ClosureOf != nil {
		if !closureTrail(e, opt.ClosureOf) {
			tw.dropped[i] = true
			return
		}
		if tw.found && !opt.AllTrails {
			e.Trail = nil // as without -e: a trail for the first error only
			return
		}
		tw.found = true
	}
	if opt.TrailBase == "" && opt.OnTrail == nil {
		return
	}
	t := trail.New()
	if opt.TrailBase != "" {
		t.Set("model", opt.TrailBase)
	}
	if opt.Property != "" {
		t.Set("property", opt.Property)
	}
	for _, k := range slices.Sorted(maps.Keys(opt.TrailHeaders)) {
		t.Set(k, opt.TrailHeaders[k]) // in one order: a map's changes from run to run
	}
	if !opt.BFS && !opt.SCC {
		// the depth-first searches expand a state that a stutter step of
		// the never claim reached as pan does (pins.StutterModel); a
		// replay must follow the same successors
		t.Set(trail.ClaimStutter, "pan")
	}
	if note != "" {
		t.Set("note", note)
	}
	t.Set("error", e.Violation.Message)
	if e.Violation.Pos.IsValid() {
		t.Set("at", e.Violation.Pos.String())
	}
	t.Steps = e.Trail
	t.CycleStart = e.CycleStart
	if opt.OnTrail != nil {
		opt.OnTrail(t)
	}
	if opt.TrailBase == "" {
		return
	}
	path := trail.Name(opt.TrailBase, opt.TrailProperty, tw.n)
	tw.n++
	if err := t.WriteFile(path); err != nil {
		tw.failed = append(tw.failed, fmt.Sprintf("%s: %v", path, err))
		return
	}
	tw.paths[i] = path
}

// filter drops the errors of a search against a claim's closure that the
// claim does not have (onError decided); it returns how many.
func (tw *trailWriter) filter(res *search.Result) int {
	kept := res.Errors[:0]
	tw.kept = make([]int, 0, len(res.Errors))
	for i, e := range res.Errors {
		if tw.dropped[i] {
			continue
		}
		kept = append(kept, e)
		tw.kept = append(tw.kept, i)
	}
	dropped := len(res.Errors) - len(kept)
	res.Errors = kept
	res.Stats.Errors = len(kept)
	return dropped
}

// closureTrail checks an error of a search on the product with the
// closure under stuttering of claim N against N (mc: the model with N):
// an error whose trail N follows to the same violation, or an acceptance
// cycle along which N ends (its end comes at some unrolling of the cycle),
// is kept (true) with the trail rewritten for N; the others are not.
func closureTrail(e *search.Error, mc pins.Model) bool {
	steps, cs, viol, err := search.ClaimTrailAnyK(mc, e.Trail, e.CycleStart, e.Violation.Kind)
	if err != nil && e.CycleStart >= 0 && e.CycleStart < len(e.Trail) {
		// N may end instead of cycling: look for its end along the
		// lasso unrolled
		unrolled := append([]search.Step(nil), e.Trail...)
		for k := 0; k < 3; k++ {
			unrolled = append(unrolled, e.Trail[e.CycleStart:]...)
		}
		if steps, cs, viol, err = search.ClaimTrailAnyK(mc, unrolled, -1, pins.ClaimEnd); err == nil && viol == nil {
			viol = &pins.Violation{Kind: pins.ClaimEnd, Message: "end state in claim reached"}
		}
	}
	if err != nil {
		return false
	}
	if viol != nil && cs < 0 {
		// the claim's own report: its end, or the assertion of a
		// never claim written with assert
		e.Violation = *viol
		e.Depth = len(steps)
	}
	e.Trail, e.CycleStart = steps, cs
	return true
}
