package verify

import (
	"context"
	"fmt"
	"io"

	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/search"
)

// plan is how Check searches for the errors of one property: the model
// searched (with the claim the reduction chose, or the TGBA's probe
// claim), the search options derived from the settings and the property,
// and whether the errors found are confirmed on the property's usual
// claim (closure under stuttering, inert claim).
type plan struct {
	p     *property.Property
	sh    shape
	opt   Options
	m     Model
	inert bool // the claim was left out of the search (opt.InertClaim)
	// closure: the errors of the search are confirmed against the model
	// with p's usual claim (Holzmann and Kupferman), or, for an inert
	// claim, rewritten for it
	closure bool
}

// newPlan derives the plan for property p of src from the settings s:
// acceptance for a liveness property, the reduction (claimForReduction),
// the leap-set rules, the model rebuilt with the claim chosen (merging
// off where the claim's remote references need the steps), the TGBA for
// -scc -a, and the trail headers a replay needs.
func newPlan(src *Source, p *property.Property, s *Settings) (*plan, error) {
	model := src.Front.Model
	o := s.options()
	if p != nil && !o.Accept && !o.NonProgress && property.NeedsAcceptance(model, p, translator) {
		if s.SafetyOnly || s.Safety { // -safety, or pan's -DSAFETY
			fmt.Fprintln(s.log(), "warning: never claim + accept labels requires -a flag to fully verify")
		} else {
			fmt.Fprintf(s.notes(), "gospin: %s: %s is a liveness property: searching for acceptance cycles (as with -a; -safety: as SPIN, not)\n", src.Path, p.Name)
			o.Accept = true
		}
	}
	o0 := o
	red, rtr := claimForReduction(model, p, &o, translator)
	rpp := red.Prop
	onProduct := rpp != nil && (o.ClaimSI || o.ClaimInvariant)
	if o.Leap && (rpp != nil && !onProduct || o.Accept && rpp == nil || o.NonProgress || o.BFS || !o.Reduce) {
		// said, not silently dropped: leaps are sound in safety searches
		// without a claim (an inert claim is left out of the search: rpp
		// is nil) and on the product with a claim that the search
		// reduces (search/porltl_leap.go)
		o.Leap = false
		if !src.said["leap"] {
			fmt.Fprintln(s.notes(), "gospin: -leap is not used: leap sets apply to depth-first searches with reduction, without a claim or with one the search reduces (an ltl property or never claim read in SI normal form, or an invariant; docs/por-ltl.md says why)")
			src.said["leap"] = true
		}
	}
	if o.Fair && o.Reduce && (o.Leap || o.Stubborn) {
		// said, not silently dropped: under weak fairness the reduction
		// keeps ample sets of one process only (verify/fair.go)
		o.Leap, o.Stubborn = false, false
		if !src.said["fair-sets"] {
			fmt.Fprintln(s.notes(), "gospin: -leap and -stubborn are not used with -f: the reduction under weak fairness takes ample sets of one process only (docs/por-ltl.md, \"Weak fairness\")")
			src.said["fair-sets"] = true
		}
	}
	pm, err := property.Model(model, rpp, rtr)
	if err != nil {
		return nil, err
	}
	sh := s.shape()
	bo := sh
	if red.RemoteVars {
		// without the claim, the model must keep the steps it has with
		// it (its P:v turns merging and dead-variable reset off), for its
		// trails to be rewritten for it
		bo.noMerge, bo.noDeadVarReset = true, true
	}
	e, err := src.build(pm, bo)
	if err != nil {
		return nil, err
	}
	if fairPlanUndone(&o0, &o, e) {
		// -f where the reduction does not apply: the usual claim
		o, red, rtr, bo = o0, property.Plan{Prop: p, Translator: translator}, translator, sh
		if pm, err = property.Model(model, p, rtr); err != nil {
			return nil, err
		}
		if e, err = src.build(pm, bo); err != nil {
			return nil, err
		}
	}
	var m Model = e
	if AcceptIgnored(m, o) {
		// as pan: Run searches for safety errors
		fmt.Fprintln(s.notes(), "warning: no accept labels are defined, so option -a has no effect (ignored)")
	}
	if p != nil {
		o.Property = p.Name
	}
	if p != nil && p.Kind == property.LTL && o.SCC && o.Accept && !o.NonProgress && !s.NoTGBA && !o.ClaimSI && !o.ClaimInvariant {
		// (-scc -f with reduction searches the claim the reduction
		// chose: verify/fair.go)
		if m, err = tgbaModel(src, model, p, sh, &o); err != nil {
			return nil, err
		}
	}
	if !sh.noMerge {
		o.TrailHeaders = withHeader(o.TrailHeaders, "merge", "yes")
	}
	if sh.strictEnd {
		// pan -q: a replay must judge the end state the same way
		o.TrailHeaders = withHeader(o.TrailHeaders, "strict-end", "yes")
	}
	if s.WriteTrails {
		o.TrailBase = src.Path
		if s.TrailBase != "" {
			o.TrailBase = s.TrailBase
		}
		if p != nil && len(src.props) > 1 {
			o.TrailProperty = p.Name
		}
	}
	return &plan{p: p, sh: sh, opt: o, m: m, inert: o.InertClaim, closure: usesClosure(p, &o) || o.InertClaim}, nil
}

// withHeader is h with k: v added (h is not changed).
func withHeader(h map[string]string, k, v string) map[string]string {
	n := map[string]string{k: v}
	for k, v := range h {
		n[k] = v
	}
	return n
}

// run searches as planned. Against a claim's closure the errors found are
// checked along their trails against the model with the usual claim
// (ClosureOf) and kept only when it has them; when only errors of the
// closure were found the search without reduction against the claim
// decides.
func (pl *plan) run(ctx context.Context, src *Source, s *Settings) (*report.Summary, error) {
	o := pl.opt
	ro := o
	var withClaim *ast.Model
	if pl.closure {
		var err error
		if withClaim, err = property.Model(src.Front.Model, pl.p, translator); err != nil {
			return nil, err
		}
		mc, err := src.build(withClaim, pl.sh)
		if err != nil {
			return nil, err
		}
		ro.ClosureOf = mc
		if s.Iterative != 0 {
			fmt.Fprintln(s.notes(), "gospin: -i and -I are not used: this property is checked on its closure under stuttering")
		}
	}
	var sum *report.Summary
	var err error
	if s.Iterative != 0 && !pl.closure {
		sum, err = runIterative(ctx, src.Path, pl.m, ro, s.Iterative, s.log())
	} else {
		sum, _, err = Run(ctx, src.Path, pl.m, ro)
	}
	if !pl.closure || err != nil {
		return sum, err
	}
	var full *report.Summary
	if sum.Unconfirmed > 0 && sum.Errors == 0 && ctx.Err() == nil {
		// an error of the closure only: the search without reduction
		// against the claim decides
		fo := o
		fo.Reduce, fo.ClaimSI, fo.InertClaim = false, false, false
		fo.ReductionNote = ""
		m, err := src.build(withClaim, pl.sh)
		if err != nil {
			return nil, err
		}
		if full, _, err = Run(ctx, src.Path, m, fo); err != nil {
			return nil, err
		}
	}
	if pl.inert {
		if full != nil {
			return full, nil // not expected: every error is the claim's
		}
		sum.StutterNote = inertNote
		return sum, nil
	}
	note := closureNote(sum, full, pl.p.Kind == property.Never, o.Accept)
	if full != nil {
		sum = full
	}
	sum.StutterNote = note
	return sum, nil
}

// claimForReduction chooses how property p of model m is checked by a
// search with options o (property.PlanReduction), sets o accordingly and
// returns the reduction's plan, whose Prop is the property to build the
// model with (p, p with another never claim, or nil), and the translator
// for ltl blocks. A claim in SI normal form of an ltl property (o.ClaimSI)
// must be rebuilt by a replay, which the trail header "claim: si" says.
// With the closure under stuttering of a claim (o.ClaimSI without that
// header: usesClosure) every error found is checked against the usual
// claim, and the search without reduction against it follows when only
// errors of the closure were found (closureNote). Without -a, a claim that
// can neither end nor fail and never blocks the system is left out of the
// search (o.InertClaim, inertNote), whose trails are rewritten for the
// claim. -scc with a claim is reduced only with -f, nor -f without -a; -f with
// -a is (verify/fair.go) where the model has no rendezvous and no
// timeout, by nested DFS or with -scc (sccFair); -bfs (without -a) is,
// with the queue proviso.
func claimForReduction(m *ast.Model, p *property.Property, o *Options, tr property.Translator) (property.Plan, property.Translator) {
	if p == nil || !o.Reduce || o.NonProgress || o.BFS && o.Accept || o.SCC && !sccFair(o) || o.Fair && !o.Accept {
		return property.Plan{Prop: p, Translator: tr}, tr
	}
	plan := property.PlanReduction(m, p, o.Accept, o.IgnoreAssert, tr)
	o.ClaimInvariant = plan.Invariant
	o.InertClaim = plan.Inert
	o.ClaimSI = plan.SI
	if !plan.Invariant && !plan.SI && !plan.Inert {
		o.ReductionNote = plan.Note
	}
	if plan.SI && !plan.Closure {
		o.TrailHeaders = withHeader(o.TrailHeaders, "claim", "si")
	}
	return plan, plan.Translator
}

// inertNote is the report's note for a search without -a that left out an
// inert claim (property.ClaimInert).
const inertNote = "the claim can neither end nor fail and its first state loops on true: without -a it reports nothing and prunes nothing, so the system was searched without it, its errors replayed with the claim"

// usesClosure reports whether claimForReduction chose the closure under
// stuttering for p (o.ClaimSI without the "claim: si" trail header).
func usesClosure(p *property.Property, o *Options) bool {
	return p != nil && o.ClaimSI && o.TrailHeaders["claim"] != "si"
}

// closureNote is the report's note for a property checked against the
// closure under stuttering N' of its claim N, given the reduced search's
// summary (whose errors Run kept only when N has them along their trails)
// and, when it found only errors that N does not have, the summary of the
// search without reduction against N that followed (Holzmann and
// Kupferman's algorithm). For a never claim (never), whose closure is
// taken without knowing whether it is closed already, only an error of
// the closure alone shows that it is not. Without -a (accept false) the
// closure is that of the claim's runs and end, which depend on more than
// its language: the note names the claim, not its language.
func closureNote(red, full *report.Summary, never, accept bool) string {
	not := "the claim is not closed under stuttering"
	if never && full == nil {
		not = "the never claim is not known to be closed under stuttering"
	}
	covers := "which accepts every run the claim accepts"
	if !accept {
		not = "the claim, searched for its end (no -a)"
		covers = "which ends, and follows the system, wherever the claim does"
	}
	switch {
	case full == nil && red.Errors > 0:
		return fmt.Sprintf("%s: checked with reduction against its closure under stuttering; the error found is one of the claim (checked along its trail, which replays with the claim)", not)
	case full == nil && red.Complete:
		return fmt.Sprintf("%s: checked with reduction against its closure under stuttering, %s", not, covers)
	case full == nil:
		return fmt.Sprintf("%s: the reduced search against its closure under stuttering did not complete", not)
	case full.Errors > 0:
		return fmt.Sprintf("%s: the error the reduced search found against its closure (%d states) is not one of the claim; the search without reduction against the claim finds one", not, red.StatesStored)
	default:
		return fmt.Sprintf("%s: the error the reduced search found against its closure (%d states) is not one of the claim; the search without reduction against the claim finds none", not, red.StatesStored)
	}
}

// tgbaModel prepares the check of ltl property p with -scc -a on the
// translator's generalized Büchi automaton instead of the never claim: it
// returns the model to search (with property.ProbeClaim) and sets o.TGBA
// and o.ClaimModel (the model with the never claim, which trails are
// written for, so that gospin run -t replays them as usual).
func tgbaModel(src *Source, m *ast.Model, p *property.Property, sh shape, o *Options) (Model, error) {
	probe, claim, a, err := property.TGBAModels(m, p)
	if err != nil {
		return nil, err
	}
	pm, err := src.build(probe, sh)
	if err != nil {
		return nil, err
	}
	cm, err := src.build(claim, sh)
	if err != nil {
		return nil, err
	}
	conds, err := pm.ClaimConditions(a.NumProps)
	if err != nil {
		return nil, err
	}
	o.TGBA = &search.Property{Aut: a, Eval: conds.EvalTimeout, UsesTimeout: conds.UsesTimeout()}
	o.ClaimModel = cm
	return pm, nil
}

// runIterative is pan's -i (iterative 1) and -I (2): after an error at
// depth N the search runs again with the depth limit N (pan -i) or N/2
// (pan -I), so that only shorter trails are found, until a search finds
// no error. Pan lowers the limit within one search; gospin starts a new
// one each time. Neither is sure to find the shortest trail (a state first
// reached by a long path is matched when reached again by a shorter one):
// -bfs is. The summary is that of the last search that found an error,
// whose trail is the one left on disk; the depth limit that search ran
// under is -i's own, and not reported as "max search depth too small".
func runIterative(ctx context.Context, path string, m Model, o Options, iterative int, out io.Writer) (*report.Summary, error) {
	o.StopAfter, o.AllTrails = 1, false
	best, _, err := Run(ctx, path, m, o)
	n := 1 // the number of the best error, as pan numbers them
	for err == nil && best.Errors > 0 && len(best.Violations) > 0 && ctx.Err() == nil {
		// the search's depth of the error is pan's depth + 1 (panDepth)
		d := best.Violations[0].Depth + 1
		limit := d - 1
		if iterative == 2 {
			limit = d / 2
		}
		if limit < 1 || limit >= o.MaxDepth && o.MaxDepth > 0 {
			break
		}
		o.MaxDepth = limit
		sum, _, rerr := Run(ctx, path, m, o)
		if rerr != nil {
			return nil, rerr
		}
		if sum.Errors == 0 {
			break
		}
		sum.DepthLimited = false // the limit is -i's
		// as pan: each error found, then the new limit; the last one
		// found is the report's
		v := best.Violations[0]
		fmt.Fprintf(out, "gospin:%d: %s (at depth %d)\n", n, v.Message, v.Depth)
		if v.Trail != "" {
			fmt.Fprintf(out, "gospin: wrote %s\n", v.Trail)
		}
		fmt.Fprintf(out, "gospin: reducing search depth to %d\n", limit)
		best = sum
		n++
	}
	if best != nil {
		best.ErrorNumber = n - 1
	}
	return best, err
}
