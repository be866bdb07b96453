// Package verify runs an exhaustive verification of a model: it builds the
// search options from SPIN-style settings, runs the search, writes a trail
// for each error kept, and summarises the run as a report.Summary. The
// gospin verify command and the conformance tests both go through here.
package verify

import (
	"context"
	"fmt"
	"time"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/reduce"
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/trail"
)

// Options are the verification settings, named after pan's options.
type Options struct {
	BFS          bool
	MaxDepth     int   // -m (default 10000)
	HashLog2     int   // -w
	MemLimit     int64 // -memlim, in bytes
	StopAfter    int   // -c N (default 1); 0 with -e
	AllTrails    bool  // -e
	IgnoreAssert bool  // -A
	IgnoreEnd    bool  // -E
	Accept       bool  // -a: acceptance cycles
	NonProgress  bool  // -l: non-progress cycles
	Fair         bool  // -f: weak fairness
	SCC          bool  // -scc: SCC-based emptiness check
	NoCompress   bool  // -nocompress: store states uncompressed
	// Compress: -compress, store states zero-suppressed. With neither
	// flag the choice is made per model (search.ZeroSuppressionPays).
	Compress bool
	// Reduce: partial-order reduction (gospin verify's default; off with
	// -noreduce). It is used for safety searches (depth-first or
	// breadth-first, no never claim, no cycle detection) of engine
	// models; see package reduce.
	Reduce bool
	// Leap: with Reduce, leap sets (-leap; search.Options.Leap).
	Leap bool
	// Stubborn: with Reduce, stubborn sets of several processes where no
	// ample set exists (-stubborn; search.Options.Stubborn), for safety
	// searches without a never claim and for the product with a claim
	// (ClaimSI, ClaimInvariant: search/porltl.go).
	Stubborn bool
	// ClaimSI: the model's never claim is in SI normal form
	// (property.SIClaim), so that with Reduce an acceptance search by
	// nested DFS is reduced on the product (search.ClaimReducer).
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
	// TrailBase is the model path trails are named after (model.pml.trail,
	// model.pml1.trail, ...); empty means write no trail files.
	TrailBase string
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
	// ClosureOf, when not nil, is the model with the usual never claim N
	// of a property whose search runs on the closure under stuttering of
	// N (Holzmann and Kupferman): every error found is checked against N
	// along its trail (search.ClaimTrailAnyK) and kept, with its trail
	// rewritten for N, only when N has it; the others are dropped and
	// counted in the summary's Unconfirmed.
	ClosureOf pins.Model
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
type Unreacher interface {
	// EnableCoverage makes the model record the locations the search
	// reaches; Unreached then lists the statements it never reached.
	EnableCoverage()
	Unreached() []report.Unreached
}

// Run verifies m and returns the summary, the search result (for callers
// that need the trails) and an error only for failures of the tool itself.
func Run(ctx context.Context, name string, m Model, opt Options) (*report.Summary, *search.Result, error) {
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
		Progress:    opt.Progress,
	}
	if opt.SCC && opt.Accept && !opt.NonProgress {
		sopt.Property = opt.TGBA
	}
	if sopt.MaxDepth == 0 {
		sopt.MaxDepth = 10000
	}
	if opt.Reduce {
		if e, ok := m.(*engine.Engine); ok && opt.NonProgress {
			// on the product with <>[] np_ in SI normal form
			// (search/np.go), ample sets only; not with -f, -scc or -bfs
			if !opt.Fair && !opt.SCC && !opt.BFS {
				if pr := reduce.ForNonProgress(e); pr != nil {
					sopt.Reduce, sopt.Reducer = true, pr
				}
			}
		} else if ok {
			newR := reduce.New
			if opt.Stubborn && (m.Info() == nil || !m.Info().Claim || opt.ClaimSI || opt.ClaimInvariant) {
				newR = reduce.NewStubborn
				sopt.Stubborn = true
			}
			if r := newR(e); r != nil {
				sopt.Reduce, sopt.Reducer = true, r
				if opt.ClaimSI || opt.ClaimInvariant {
					if cr := reduce.ForClaim(r, e); cr != nil {
						sopt.Reducer = cr
					}
				}
			}
		}
		sopt.Leap = opt.Leap
	}
	if !opt.NoCompress && !opt.Compress {
		// before coverage is recorded: the sample walk must not count
		sopt.NoCompress = !search.ZeroSuppressionPays(m)
	}
	claim := m.Info() != nil && m.Info().Claim
	reduced := sopt.Reduce && !opt.Accept && !opt.NonProgress && !opt.Fair && !opt.SCC && !claim
	if _, ok := sopt.Reducer.(search.ClaimReducer); ok && sopt.Reduce && claim && !opt.NonProgress && !opt.Fair && !opt.SCC && !(opt.BFS && opt.Accept) {
		reduced = true // on the product (search/porltl.go)
	}
	if _, ok := sopt.Reducer.(search.ProgressReducer); ok && sopt.Reduce && opt.NonProgress {
		reduced = true // on the product with <>[] np_ (search/np.go)
	}
	if u, ok := m.(Unreacher); ok {
		u.EnableCoverage()
	}
	start := time.Now()
	res, err := search.Run(ctx, m, sopt)
	if err != nil {
		return nil, nil, err
	}
	trailNote := claimTrails(res, sopt.Property, opt.ClaimModel)
	unconfirmed := 0
	if opt.ClosureOf != nil {
		unconfirmed = closureTrails(res, opt.ClosureOf, opt.InertClaim)
		if !opt.AllTrails {
			// as without -e: a trail for the first error only
			for i := 1; i < len(res.Errors); i++ {
				res.Errors[i].Trail = nil
			}
		}
	}
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
		ElapsedS:         time.Since(start).Seconds(),
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
		Reduced:          reduced,
		ReductionNote:    opt.ReductionNote,
		Unconfirmed:      unconfirmed,
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
	ntrail := 0
	for i, e := range res.Errors {
		v := report.Violation{
			Kind:    e.Violation.Kind.String(),
			Message: e.Violation.Message,
			Depth:   e.Depth,
		}
		if e.Violation.Pos.IsValid() {
			v.Location = e.Violation.Pos.String()
		}
		if e.Trail != nil && opt.TrailBase != "" {
			path := trail.Path(opt.TrailBase, ntrail)
			ntrail++
			t := trail.New()
			t.Set("model", opt.TrailBase)
			if opt.Property != "" {
				t.Set("property", opt.Property)
			}
			for k, v := range opt.TrailHeaders {
				t.Set(k, v)
			}
			if note := trailNote[i]; note != "" {
				t.Set("note", note)
			}
			t.Set("error", e.Violation.Message)
			if v.Location != "" {
				t.Set("at", v.Location)
			}
			t.Steps = e.Trail
			t.CycleStart = e.CycleStart
			if err := t.WriteFile(path); err != nil {
				return nil, nil, fmt.Errorf("writing trail: %w", err)
			}
			v.Trail = path
		}
		sum.Violations = append(sum.Violations, v)
	}
	if u, ok := m.(Unreacher); ok && res.Complete {
		sum.Unreached = u.Unreached()
		if sopt.Property != nil || opt.ClosureOf != nil {
			// the claim is the probe claim (property.ProbeClaim) or the
			// closure under stuttering of the property's, not the
			// property's: its unreached statements mean nothing
			var keep []report.Unreached
			for _, x := range sum.Unreached {
				if x.Kind != "claim" {
					keep = append(keep, x)
				}
			}
			sum.Unreached = keep
		}
	}
	return sum, res, nil
}

// claimTrails rewrites the trails of a search on a TGBA product for the
// model with the property's never claim (search.ClaimTrail); where that
// fails the trail is kept with the system's steps only, and the note
// returned for it says why (it then does not replay with the claim).
func claimTrails(res *search.Result, p *search.Property, mc pins.Model) map[int]string {
	notes := map[int]string{}
	if p == nil || mc == nil {
		return notes
	}
	for i := range res.Errors {
		e := &res.Errors[i]
		if e.Trail == nil {
			continue
		}
		steps, cs, err := search.ClaimTrail(mc, e.Trail, e.CycleStart, e.Violation.Kind)
		if err != nil {
			notes[i] = "system steps of the TGBA product only: " + err.Error()
			continue
		}
		e.Trail, e.CycleStart = steps, cs
	}
	return notes
}

// closureTrails checks the errors of a search on the product with the
// closure under stuttering of claim N against N (mc: the model with N):
// an error whose trail N follows to the same violation, or an acceptance
// cycle along which N ends (its end comes at some unrolling of the cycle),
// is kept with the trail rewritten for N; the others are dropped. With
// inert, the search ran on the model without the claim N, which can
// report nothing and prunes nothing (InertClaim): every error is one of
// N, and the trails are only rewritten. It returns how many were dropped.
func closureTrails(res *search.Result, mc pins.Model, inert bool) int {
	kept := res.Errors[:0]
	dropped := 0
	for _, e := range res.Errors {
		if e.Trail == nil {
			// an error found after the first without -e has no trail:
			// one of an inert claim's search is the claim's all the same
			if inert {
				kept = append(kept, e)
			} else {
				dropped++
			}
			continue
		}
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
			dropped++
			continue
		}
		if viol != nil && cs < 0 {
			// the claim's own report: its end, or the assertion of a
			// never claim written with assert
			e.Violation = *viol
			e.Depth = len(steps)
		}
		e.Trail, e.CycleStart = steps, cs
		kept = append(kept, e)
	}
	res.Errors = kept
	res.Stats.Errors = len(kept)
	return dropped
}
