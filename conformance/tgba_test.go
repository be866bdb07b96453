package conformance

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/simulate"
	"github.com/gospin/gospin/trail"
	"github.com/gospin/gospin/verify"
)

// livenessRun is one acceptance-cycle search of a corpus row.
type livenessRun struct {
	verdict, kind string
	visited       int64 // states visited (stored, plus the nested search's)
	transitions   int64
	replay        string // why the counterexample did not replay, or ""
	// the sizes of the automata: the never claim's (degeneralized) states,
	// the TGBA's states and acceptance sets
	claimStates, tgbaStates, tgbaSets int
}

// Modes of runLiveness.
const (
	modeNDFS     = "ndfs"      // nested DFS on the never claim (degeneralized)
	modeSCCClaim = "scc-claim" // -scc on the never claim
	modeTGBA     = "scc-tgba"  // -scc on the generalized automaton
)

func buildEngine(m *ast.Model, opt engine.Options) (*engine.Engine, error) {
	var errs diag.List
	prog := automata.LowerModel(m, &errs)
	if errs.HasErrors() || prog == nil {
		return nil, fmt.Errorf("lowering: %s", errs.Error())
	}
	return engine.NewWithOptions(prog, opt)
}

// runLiveness checks the row's ltl property for acceptance cycles (with
// weak fairness if fair) in one of the modes, with SPIN's default state
// space (dead-variable reset, write-only hiding, statement merging), and
// replays the counterexample on the model with the never claim.
func runLiveness(r row, mode string, fair bool) (livenessRun, error) {
	path, m, p, err := rowProperty(r)
	if err != nil {
		return livenessRun{}, err
	}
	if p.Kind != property.LTL {
		return livenessRun{}, fmt.Errorf("no ltl property")
	}
	vo := verify.Options{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, Accept: true, Fair: fair, SCC: mode != modeNDFS}
	return runLivenessModel(path, m, p, mode, vo)
}

// rowProperty loads the row's model and finds its property: the row's
// ltl name, or the model's first claim or ltl block.
func rowProperty(r row) (path string, m *ast.Model, p *property.Property, err error) {
	path = filepath.Join(corpusDir, "models", r.model+".pml")
	fr, err := frontend.LoadFile(path, &frontend.Config{IncludeDirs: []string{filepath.Dir(path)}})
	if err != nil {
		return "", nil, nil, err
	}
	if fr.HasErrors() {
		return "", nil, nil, fmt.Errorf("front end: %s", fr.Diags.Error())
	}
	props := property.List(fr.Model)
	switch {
	case r.ltl != "-" && r.ltl != "":
		p = property.Find(props, r.ltl)
	case len(props) > 0:
		p = &props[0]
	}
	if p == nil {
		return "", nil, nil, fmt.Errorf("no property")
	}
	return path, fr.Model, p, nil
}

// runLivenessModel checks ltl property p of model m in one of the modes
// with verification options vo.
func runLivenessModel(path string, m0 *ast.Model, p *property.Property, mode string, vo verify.Options) (livenessRun, error) {
	fr := struct{ Model *ast.Model }{m0}
	var err error
	opt := engine.Options{ResetDead: true, HideWriteOnly: true, Merge: true}
	var m verify.Model
	claimModel, err := property.Model(fr.Model, p, property.FromLTL)
	if err != nil {
		return livenessRun{}, err
	}
	if mode == modeTGBA {
		probe, _, a, err := property.TGBAModels(fr.Model, p)
		if err != nil {
			return livenessRun{}, err
		}
		pe, err := buildEngine(probe, opt)
		if err != nil {
			return livenessRun{}, err
		}
		ce, err := buildEngine(claimModel, opt)
		if err != nil {
			return livenessRun{}, err
		}
		conds, err := pe.ClaimConditions(a.NumProps)
		if err != nil {
			return livenessRun{}, err
		}
		vo.TGBA = &search.Property{Aut: a, Eval: conds.EvalTimeout, UsesTimeout: conds.UsesTimeout()}
		vo.ClaimModel = ce
		m = pe
	} else {
		if m, err = buildEngine(claimModel, opt); err != nil {
			return livenessRun{}, err
		}
	}
	sum, res, err := verify.Run(context.Background(), path, m, vo)
	if err != nil {
		return livenessRun{}, err
	}
	out := livenessRun{verdict: "pass", kind: "-", visited: sum.StatesVisited, transitions: sum.Transitions}
	f, _ := property.FromAST(p.LTL.Formula)
	out.claimStates = len(ltl.Translate(ltl.Negate(f), ltl.Options{}).States)
	if a, err := property.TGBA(p.LTL); err == nil {
		out.tgbaStates, out.tgbaSets = len(a.States), a.NumSets
	}
	if out.visited == 0 {
		out.visited = sum.StatesStored
	}
	if len(sum.Violations) == 0 {
		return out, nil
	}
	out.verdict = "fail"
	out.kind = panKind[sum.Violations[0].Kind]
	first := res.Errors[0]
	if first.Trail == nil {
		out.replay = "no trail"
		return out, nil
	}
	// gospin run -t replays with merging only; the cycle closes in the
	// state space searched (dead variables reset)
	re, err := buildEngine(claimModel, engine.Options{Merge: true})
	if err != nil {
		return livenessRun{}, err
	}
	we, err := buildEngine(claimModel, opt)
	if err != nil {
		return livenessRun{}, err
	}
	out.replay = checkReplay(re, we, first, vo.IgnoreAssert)
	if out.replay != "" {
		// gospin run -t replays without dead-variable reset (trails do
		// not record it); SPIN's reset rule can change what a model does
		// (it may reset a variable a later option reads), so a trail may
		// only replay with it: say so
		if checkReplay(we, we, first, vo.IgnoreAssert) == "" {
			out.replay = "replays only with dead-variable reset: " + out.replay
		}
	}
	return out, nil
}

// checkReplay replays a counterexample on m as gospin run -t does and
// checks that it shows the error: the violation at its end, or for an
// acceptance cycle (followed on w, the model searched) a return to the
// state where the cycle starts through a state where the never claim
// accepts.
func checkReplay(m, w pins.Model, e search.Error, ignoreAssert bool) string {
	rr, err := simulate.Run(m, simulate.Options{Mode: simulate.Replay, Trail: &simulate.Trail{Steps: e.Trail, CycleStart: e.CycleStart}})
	if err != nil {
		return err.Error()
	}
	if e.Violation.Kind == pins.ClaimEnd && (rr.Violation == nil || rr.Violation.Kind != pins.ClaimEnd) {
		// The engine reports another error of the last step first (a
		// run-time error, an assertion), and no claim's end after a
		// rendezvous: then the claim must be at its end after the walk.
		states, err := walkTrail(w, e.Trail)
		if err != nil {
			return err.Error()
		}
		if rr.Violation == nil && w.Status(states[len(states)-1])&pins.ClaimEnded == 0 {
			return fmt.Sprintf("replay ends with %v (%v), not the claim's end", rr.End, rr.Violation)
		}
		return ""
	}
	if e.Violation.Kind != pins.AcceptanceCycle {
		if rr.Violation == nil || rr.Violation.Kind != e.Violation.Kind {
			return fmt.Sprintf("replay ends with %v (%v), not %v", rr.End, rr.Violation, e.Violation.Kind)
		}
		return ""
	}
	if rr.End != simulate.TrailEnd || rr.Violation != nil {
		// with -A the counterexample may pass a failing assertion, where
		// a replay stops; the walk below still follows it
		if !ignoreAssert || rr.Violation == nil || rr.Violation.Kind != pins.Assertion {
			return fmt.Sprintf("replay ends with %v (%v)", rr.End, rr.Violation)
		}
	}
	states, err := walkTrail(w, e.Trail)
	if err != nil {
		return err.Error()
	}
	cs := e.CycleStart
	if cs < 0 || cs >= len(e.Trail) {
		return "no cycle in the trail"
	}
	if !bytes.Equal(states[cs], states[len(states)-1]) {
		return "the cycle does not return to its first state"
	}
	for _, s := range states[cs:] {
		if w.Status(s)&pins.Accepting != 0 {
			return ""
		}
	}
	return "no accepting state on the cycle"
}

// walkTrail follows the steps of a trail (Pid, Group, K as trails number
// them) and returns the states met, the initial one first.
func walkTrail(m pins.Model, steps []trail.Step) ([][]byte, error) {
	s, err := m.Initial(nil)
	if err != nil {
		return nil, err
	}
	states := [][]byte{append([]byte(nil), s...)}
	for i, st := range steps {
		var next []byte
		n := 0
		m.Next(s, func(t *pins.Transition, succ []byte) bool {
			if t.Pid == st.Pid && t.Group == st.Group {
				if n == st.K {
					next = append([]byte(nil), succ...)
					return false
				}
				n++
			}
			return true
		})
		if next == nil {
			return nil, fmt.Errorf("trail does not match the model at step %d", i)
		}
		s = next
		states = append(states, next)
	}
	return states, nil
}

// TestTGBAVerdicts: every acc_noreduce and acc_fair row whose property is
// an ltl block, checked with -scc on the translator's generalized Büchi
// automaton (no degeneralization; fairness as one more acceptance mark per
// process), gives SPIN's verdict and error kind, and its counterexample
// replays on the model with the never claim to the same error (an
// acceptance cycle through an accepting claim state). The states visited
// are logged next to nested DFS and -scc on the degeneralized never claim;
// GOSPIN_TGBA_TABLE=file writes the table.
func TestTGBAVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dev := readDeviations(t)
	var table strings.Builder
	fmt.Fprintf(&table, "model\tconfig\tltl\tspin\tclaim_states\ttgba_states\ttgba_sets\tndfs_visited\tscc_claim_visited\tscc_tgba_visited\ttgba_verdict\n")
	same, total := 0, 0
	for _, cfg := range []string{"acc_noreduce", "acc_fair"} {
		fair := cfg == "acc_fair"
		for _, r := range selectRows(t, cfg) {
			r := r
			if !(r.ltl != "-" && r.ltl != "") && !ltlClaim(r) {
				continue
			}
			if tooCostlyFair(t, r) {
				t.Logf("%s/%s/%s left out: over %d states without reduction (GOSPIN_CONFORMANCE_ALL=1 runs it)", cfg, r.model, r.ltl, fairMaxStates)
				continue
			}
			key := r.model + "/" + r.config
			if r.ltl != "-" {
				key += "/" + r.ltl
			}
			t.Run(cfg+"/"+r.model+"/"+r.ltl, func(t *testing.T) {
				if reason, ok := dev[key]; ok {
					t.Skip("deviation: " + reason)
				}
				total++
				tg, err := runLiveness(r, modeTGBA, fair)
				if err != nil {
					t.Fatal(err)
				}
				nd, err := runLiveness(r, modeNDFS, fair)
				if err != nil {
					t.Fatal(err)
				}
				sc, err := runLiveness(r, modeSCCClaim, fair)
				if err != nil {
					t.Fatal(err)
				}
				if tg.verdict != r.verdict || tg.kind != r.errorKind {
					t.Errorf("-scc on the TGBA: verdict %s (%s); SPIN %s (%s)", tg.verdict, tg.kind, r.verdict, r.errorKind)
				} else {
					same++
				}
				if tg.replay != "" {
					t.Errorf("-scc on the TGBA: the counterexample does not replay: %s", tg.replay)
				}
				if nd.replay != "" || sc.replay != "" {
					t.Errorf("on the never claim, the counterexample does not replay: nested DFS %q, -scc %q", nd.replay, sc.replay)
				}
				t.Logf("states visited: nested DFS %d, -scc on the claim %d, -scc on the TGBA %d", nd.visited, sc.visited, tg.visited)
				fmt.Fprintf(&table, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", r.model, cfg, r.ltl, r.verdict, tg.claimStates, tg.tgbaStates, tg.tgbaSets, nd.visited, sc.visited, tg.visited, tg.verdict)
			})
		}
	}
	t.Logf("%d of %d ltl rows with SPIN's verdict on the TGBA\n%s", same, total, table.String())
	if f := os.Getenv("GOSPIN_TGBA_TABLE"); f != "" {
		if err := os.WriteFile(f, []byte(table.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
}
