package conformance

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/simulate"
	"github.com/gospin/gospin/trail"
	"github.com/gospin/gospin/verify"
)

const corpusDir = "../../shared/corpus"

// defaultMaxStates bounds the rows run by default, to keep go test ./...
// within a few minutes on two cores.
const defaultMaxStates = 1_500_000

// fairMaxStates bounds the weak-fairness rows run by default, by the states
// of SPIN's search without reduction (acc_fair_noreduce).
const fairMaxStates = 300_000

// tooCostlyFair reports whether an acc_fair row's searches without
// reduction are left out of a default run: their cost is that of SPIN's
// acc_fair_noreduce row, and rows over fairMaxStates there (or without a
// complete one) run them only with GOSPIN_CONFORMANCE_ALL=1 (leader_ltl's
// four properties alone take about ten minutes on two cores). The nested
// search with reduction (gospin's default, as pan's acc_fair row) runs
// on every row.
func tooCostlyFair(t *testing.T, r row) bool {
	if r.config != "acc_fair" || os.Getenv("GOSPIN_CONFORMANCE_ALL") != "" {
		return false
	}
	for _, nr := range readExpected(t) {
		if nr.config == "acc_fair_noreduce" && nr.model == r.model && nr.ltl == r.ltl {
			return nr.complete == "no" || nr.stored > fairMaxStates
		}
	}
	return true
}

// row is one line of expected.tsv.
type row struct {
	model, config, ltl string
	verdict, errorKind string
	stored, trans      int64
	complete           string // yes, no, stopped-at-error
	claim              string
	maxDepth           int
}

func readExpected(t *testing.T) []row {
	t.Helper()
	f, err := os.Open(filepath.Join(corpusDir, "expected.tsv"))
	if err != nil {
		t.Skipf("shared corpus not present: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var cols map[string]int
	var rows []row
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if cols == nil {
			cols = map[string]int{}
			for i, c := range fs {
				cols[c] = i
			}
			continue
		}
		get := func(c string) string {
			if i, ok := cols[c]; ok && i < len(fs) {
				return fs[i]
			}
			return ""
		}
		r := row{model: get("model"), config: get("config"), ltl: get("ltl"), verdict: get("verdict"),
			errorKind: get("error_kind"), complete: get("complete"), claim: get("claim"), maxDepth: 10000}
		r.stored, _ = strconv.ParseInt(get("states_stored"), 10, 64)
		tr, _ := strconv.ParseFloat(get("transitions"), 64)
		r.trans = int64(tr)
		for _, a := range strings.Fields(get("pan_cmd")) {
			if strings.HasPrefix(a, "-m") {
				if d, err := strconv.Atoi(a[2:]); err == nil {
					r.maxDepth = d
				}
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// readDeviations reads deviations.tsv: model, config, reason.
func readDeviations(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open("deviations.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dev := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.SplitN(line, "\t", 3)
		if len(fs) != 3 {
			t.Fatalf("deviations.tsv: bad line %q", line)
		}
		dev[fs[0]+"/"+fs[1]] = fs[2]
	}
	return dev
}

// panKind maps gospin's violation kinds to pan's error_kind column.
var panKind = map[string]string{
	"assertion":          "assertion violated",
	"invalid-end-state":  "invalid end state",
	"runtime-error":      "other",
	"claim-end":          "assertion violated",
	"acceptance-cycle":   "acceptance cycle",
	"non-progress-cycle": "non-progress cycle",
}

type result struct {
	verdict, kind string
	stored, trans int64
	complete      bool
	reduced       bool   // partial-order reduction was applied
	replay        string // why the error trail did not replay, or ""
	// closure: the search ran against the closure under stuttering of
	// the claim's runs and end (no -a), a larger claim than the claim
	closure bool
	workers int             // the workers that searched (verify -j)
	kinds   map[string]bool // the kinds of all the errors reported
}

func run(t *testing.T, r row, noreduce bool) (result, error) {
	return runWith(r, noreduce, false, verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, NoReduce: true})
}

// runWith verifies the row's property (the -N one, else the model's first
// claim) as gospin verify -safety -notgba does with settings s (verify.Check:
// the reduction plan, the claim's closure or an inert claim left out,
// rebuilds), with the state space given apart: noreduce turns dead-variable
// reset and write-only hiding on (spin without -o1 -o2), merge statement
// merging (spin without -o3). The trail of the first error, written in a
// temporary directory, must replay to the same error on the model with the
// claim (with the options the search used, and the trail's headers).
func runWith(r row, noreduce, merge bool, s verify.Settings) (result, error) {
	path := filepath.Join(corpusDir, "models", r.model+".pml")
	fr, err := frontend.LoadFile(path, &frontend.Config{IncludeDirs: []string{filepath.Dir(path)}})
	if err != nil {
		return result{}, err
	}
	if fr.HasErrors() {
		return result{}, fmt.Errorf("front end: %s", fr.Diags.Error())
	}
	dir, err := os.MkdirTemp("", "conformance")
	if err != nil {
		return result{}, err
	}
	defer os.RemoveAll(dir)
	// the trails go to dir, not next to the corpus's model
	src := verify.NewSource(filepath.Join(dir, r.model+".pml"), fr)
	props := src.Properties()
	var p *property.Property
	switch {
	case r.ltl != "-" && r.ltl != "":
		p = property.Find(props, r.ltl)
	case r.claim != "-" && r.claim != ":np_:" && len(props) > 0:
		p = &props[0]
	}
	s.NoDeadVarReset, s.NoHideWriteOnly, s.NoMerge = !noreduce, !noreduce, !merge
	// as pan: no acceptance search without -a, the never claim with -scc
	s.SafetyOnly, s.NoTGBA, s.WriteTrails = true, true, true
	sum, err := verify.Check(context.Background(), src, p, s)
	if err != nil {
		return result{}, err
	}
	// closure: the search ran against the claim's closure under
	// stuttering, and no search without reduction followed
	closure := strings.Contains(sum.StutterNote, "closure under stuttering")
	res := result{verdict: "pass", kind: "-", stored: sum.StatesStored, trans: sum.Transitions, complete: sum.Complete, reduced: sum.Reduced, closure: closure, workers: sum.Workers}
	if len(sum.Violations) == 0 {
		return res, nil
	}
	first := sum.Violations[0]
	res.verdict = "fail"
	res.kind = panKind[first.Kind]
	res.kinds = map[string]bool{}
	for _, v := range sum.Violations {
		res.kinds[panKind[v.Kind]] = true
	}
	if first.Trail == "" {
		return res, nil
	}
	if s.NonProgress {
		// a -l trail replays on the model alone (search/nptrail.go)
		p = nil
	}
	// the trail must replay to the same error (gospin run -t)
	tr, err := trail.ReadFile(first.Trail)
	if err != nil {
		return result{}, err
	}
	tl := property.FromLTL
	if tr.Headers["claim"] == "si" {
		tl = property.SITranslator // the claim the trail was found with (as verify.SimModel)
	}
	pm, err := property.Model(fr.Model, p, tl)
	if err != nil {
		return result{}, err
	}
	e, err := buildEngine(pm, engine.Options{ResetDead: noreduce, HideWriteOnly: noreduce, Merge: merge})
	if err != nil {
		return result{}, err
	}
	rr, err := simulate.Run(e, simulate.Options{Mode: simulate.Replay, Trail: tr})
	switch {
	case err != nil:
		res.replay = err.Error()
	case rr.End == simulate.TrailMismatch:
		res.replay = fmt.Sprintf("the trail does not fit the model (at step %d)", rr.Steps)
	case first.Kind == pins.InvalidEndState.String() && rr.End != simulate.InvalidEnd:
		res.replay = fmt.Sprintf("replay ends with %v, not an invalid end state", rr.End)
	case first.Kind == pins.Assertion.String() || first.Kind == pins.RuntimeError.String() || first.Kind == pins.ClaimEnd.String():
		if rr.Violation == nil || rr.Violation.Kind.String() != first.Kind {
			res.replay = fmt.Sprintf("replay ends with %v (%v), not %v", rr.End, rr.Violation, first.Kind)
		}
	case (first.Kind == pins.AcceptanceCycle.String() || first.Kind == pins.NonProgressCycle.String()) && tr.CycleStart >= 0:
		// a cycle's trail ends in the state where its cycle starts
		pre := *tr
		pre.Steps, pre.CycleStart = tr.Steps[:tr.CycleStart], -1
		pr, err := simulate.Run(e, simulate.Options{Mode: simulate.Replay, Trail: &pre})
		if err != nil {
			res.replay = err.Error()
		} else if string(pr.State) != string(rr.State) {
			res.replay = fmt.Sprintf("the cycle's trail (%d steps) does not end where its cycle starts (step %d)", len(tr.Steps), tr.CycleStart)
		}
	}
	return res, nil
}

// ltlClaim reports whether pan's claim for the model came from an ltl
// block (the model has no never claim of its own).
func ltlClaim(r row) bool {
	if r.claim == "-" {
		return false
	}
	src, err := os.ReadFile(filepath.Join(corpusDir, "models", r.model+".pml"))
	return err == nil && !strings.Contains(string(src), "never")
}

func selectRows(t *testing.T, config string) []row {
	var out []row
	all := os.Getenv("GOSPIN_CONFORMANCE_ALL") != ""
	for _, r := range readExpected(t) {
		if r.config != config || r.complete == "no" || r.verdict == "incomplete" || r.verdict == "error" {
			continue
		}
		if !all && r.stored > defaultMaxStates {
			continue
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].stored < out[j].stored })
	return out
}

// TestSafetyPlain: with every optimization off (spin -o1 -o2 -o3,
// -DNOREDUCE), gospin's verdict and error kind equal SPIN's, and where
// SPIN's search was complete so do the states stored and the transitions.
// Where pan stopped at its first error the counts are compared too:
// gospin explores in pan's order and meets the same error first.
func TestSafetyPlain(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dev := readDeviations(t)
	rows := selectRows(t, "safety_plain")
	exact, deviations := 0, 0
	for _, r := range rows {
		r := r
		key := r.model + "/" + r.config
		t.Run(r.model, func(t *testing.T) {
			if reason, ok := dev[key]; ok {
				deviations++
				t.Skip("deviation: " + reason)
			}
			got, err := run(t, r, false)
			if err != nil {
				t.Fatal(err)
			}
			if got.verdict != r.verdict || got.kind != r.errorKind {
				t.Errorf("verdict %s (%s); SPIN %s (%s)", got.verdict, got.kind, r.verdict, r.errorKind)
			}
			if got.replay != "" {
				t.Errorf("trail: %s", got.replay)
			}
			if ltlClaim(r) {
				// our own automaton for the ltl block: only the verdict
				// is comparable
				t.Logf("ltl claim: states stored %d, transitions %d; SPIN %d, %d", got.stored, got.trans, r.stored, r.trans)
				return
			}
			if got.stored != r.stored || got.trans != r.trans {
				t.Errorf("states stored %d, transitions %d; SPIN %d, %d", got.stored, got.trans, r.stored, r.trans)
			}
			if !t.Failed() {
				exact++
			}
		})
	}
	t.Logf("safety_plain: %d rows identical to SPIN (verdict, states, transitions), %d listed deviations, %d rows run", exact, deviations, len(rows))
}

// TestSafetyNoreduce: with dead-variable reset and write-only hiding on
// (spin -o3, -DNOREDUCE), the same verdict as SPIN and at most SPIN's
// states stored.
func TestSafetyNoreduce(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dev := readDeviations(t)
	rows := selectRows(t, "safety_noreduce")
	equal, fewer, deviations := 0, 0, 0
	for _, r := range rows {
		r := r
		key := r.model + "/" + r.config
		t.Run(r.model, func(t *testing.T) {
			if reason, ok := dev[key]; ok {
				deviations++
				t.Skip("deviation: " + reason)
			}
			got, err := run(t, r, true)
			if err != nil {
				t.Fatal(err)
			}
			if got.verdict != r.verdict || got.kind != r.errorKind {
				t.Errorf("verdict %s (%s); SPIN %s (%s)", got.verdict, got.kind, r.verdict, r.errorKind)
			}
			if r.complete == "yes" && !ltlClaim(r) {
				switch {
				case got.stored > r.stored:
					t.Errorf("states stored %d; SPIN %d", got.stored, r.stored)
				case got.stored == r.stored:
					equal++
				default:
					fewer++
				}
			}
		})
	}
	t.Logf("safety_noreduce: %d rows with SPIN's states stored, %d with fewer, %d listed deviations, %d rows run", equal, fewer, deviations, len(rows))
}

// TestAcceptanceNoreduce: pan -a without partial-order reduction. The
// verdict and error kind must be SPIN's. (The counts differ until statement
// merging is on, since these rows use spin -a's default merging; they are
// logged side by side.)
func TestAcceptanceNoreduce(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dev := readDeviations(t)
	rows := selectRows(t, "acc_noreduce")
	same := 0
	for _, r := range rows {
		r := r
		key := r.model + "/" + r.config
		if r.ltl != "-" {
			key += "/" + r.ltl
		}
		t.Run(r.model+"/"+r.ltl, func(t *testing.T) {
			if reason, ok := dev[key]; ok {
				t.Skip("deviation: " + reason)
			}
			got, err := runWith(r, true, true, verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, NoReduce: true, Accept: true})
			if err != nil {
				t.Fatal(err)
			}
			// the SCC-based check (-scc) must agree
			vo := verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, NoReduce: true, SCC: true, Accept: true}
			scc, err := runWith(r, true, true, vo)
			if err != nil {
				t.Fatal(err)
			}
			if scc.verdict != got.verdict || scc.kind != got.kind {
				t.Errorf("-scc: verdict %s (%s); nested DFS %s (%s)", scc.verdict, scc.kind, got.verdict, got.kind)
			}
			if got.verdict != r.verdict || got.kind != r.errorKind {
				t.Errorf("verdict %s (%s); SPIN %s (%s)", got.verdict, got.kind, r.verdict, r.errorKind)
			} else {
				same++
			}
			if r.complete == "yes" && !ltlClaim(r) && got.stored != r.stored {
				t.Errorf("states stored %d; SPIN %d", got.stored, r.stored)
			}
			t.Logf("states stored %d; SPIN %d", got.stored, r.stored)
		})
	}
	t.Logf("acc_noreduce: %d rows with SPIN's verdict", same)
}

// TestNonProgressNoreduce: pan -l (-DNP) without partial-order reduction:
// the verdict must be SPIN's (counts logged; SPIN merges statements).
func TestNonProgressNoreduce(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dev := readDeviations(t)
	for _, r := range selectRows(t, "np_noreduce") {
		r := r
		t.Run(r.model, func(t *testing.T) {
			if reason, ok := dev[r.model+"/"+r.config]; ok {
				t.Skip("deviation: " + reason)
			}
			got, err := runWith(r, true, true, verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, NoReduce: true, NonProgress: true})
			if err != nil {
				t.Fatal(err)
			}
			// the SCC-based check (-scc) must agree
			vo := verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, NoReduce: true, SCC: true, NonProgress: true}
			scc, err := runWith(r, true, true, vo)
			if err != nil {
				t.Fatal(err)
			}
			if scc.verdict != got.verdict || scc.kind != got.kind {
				t.Errorf("-scc: verdict %s (%s); nested DFS %s (%s)", scc.verdict, scc.kind, got.verdict, got.kind)
			}
			if got.verdict != r.verdict || got.kind != r.errorKind {
				t.Errorf("verdict %s (%s); SPIN %s (%s)", got.verdict, got.kind, r.verdict, r.errorKind)
			}
			if r.complete == "yes" && got.stored != r.stored {
				t.Errorf("states stored %d; SPIN %d", got.stored, r.stored)
			}
			t.Logf("states stored %d; SPIN %d", got.stored, r.stored)
		})
	}
}

// TestNonProgressReduction: pan -l with partial-order reduction (the np
// rows): gospin's reduced search (on the product with <>[] np_ in SI
// normal form, search/np.go) gives the verdict of the search without
// reduction (the row's np_noreduce twin; SPIN's reduced search refuses
// cambridge: "partial order reduction invalid"). States are logged next
// to SPIN's np row.
func TestNonProgressReduction(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dev := readDeviations(t)
	noreduce := map[string]row{}
	for _, r := range readExpected(t) {
		if r.config == "np_noreduce" {
			noreduce[r.model] = r
		}
	}
	var lines []string
	for _, r := range selectRows(t, "np") {
		r := r
		nr, ok := noreduce[r.model]
		if !ok {
			continue
		}
		t.Run(r.model, func(t *testing.T) {
			if reason, ok := dev[r.model+"/np_noreduce"]; ok {
				t.Skip("deviation: " + reason)
			}
			got, err := runWith(r, true, true, verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, NonProgress: true})
			if err != nil {
				t.Fatal(err)
			}
			if !got.reduced {
				t.Errorf("not reduced")
			}
			if got.verdict != nr.verdict || got.kind != nr.errorKind {
				t.Errorf("verdict %s (%s) with reduction; without (SPIN) %s (%s)", got.verdict, got.kind, nr.verdict, nr.errorKind)
			}
			if r.complete == "yes" && got.stored > r.stored {
				// a complete row: at most pan's states with reduction
				// (loops.pml, one process: pan's 27 with pan's claim)
				t.Errorf("%d states stored with reduction; pan (np row) %d", got.stored, r.stored)
			}
			lines = append(lines, fmt.Sprintf("%s\t%s\t%d\t%d\t%d", r.model, got.verdict, got.stored, nr.stored, r.stored))
		})
	}
	t.Logf("model\tverdict\treduced\tspin-noreduce\tspin-np\n%s", strings.Join(lines, "\n"))
}

// TestAcceptanceFair: pan -a -f (weak fairness), gospin verify -a -f with
// its defaults (reduction on, docs/por-ltl.md "Weak fairness"), and with
// -scc, must give SPIN's verdict on every row; on rows small enough without reduction
// (tooCostlyFair) the nested search and -scc without reduction must
// agree with it. The log lists the states stored next to pan's.
func TestAcceptanceFair(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dev := readDeviations(t)
	skipped := 0
	var lines []string
	for _, r := range selectRows(t, "acc_fair") {
		r := r
		key := r.model + "/" + r.config
		if r.ltl != "-" {
			key += "/" + r.ltl
		}
		t.Run(r.model+"/"+r.ltl, func(t *testing.T) {
			if reason, ok := dev[key]; ok {
				t.Skip("deviation: " + reason)
			}
			start := time.Now()
			got, err := runWith(r, true, true, verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, Accept: true, Fair: true})
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, fmt.Sprintf("%s\t%s\t%s\t%d\t%d\t%.2f", r.model, r.ltl, got.verdict, got.stored, r.stored, time.Since(start).Seconds()))
			if got.verdict != r.verdict || got.kind != r.errorKind {
				t.Errorf("verdict %s (%s); SPIN %s (%s)", got.verdict, got.kind, r.verdict, r.errorKind)
			}
			// the SCC-based check with its defaults (-scc -a -f reduced
			// on the product with the claim in SI normal form, or for an
			// invariant the search for the claim's end, as above: not
			// repeated on the rows over 500,000 states, both invariants)
			if r.stored <= 500_000 {
				sc, err := runWith(r, true, true, verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, Accept: true, Fair: true, SCC: true})
				if err != nil {
					t.Fatal(err)
				}
				if sc.verdict != r.verdict || sc.kind != r.errorKind {
					t.Errorf("-scc: verdict %s (%s); SPIN %s (%s)", sc.verdict, sc.kind, r.verdict, r.errorKind)
				}
			}
			if tooCostlyFair(t, r) {
				skipped++
				return
			}
			// without reduction, the nested search and the SCC-based
			// check (-scc) must agree
			for _, scc := range []bool{false, true} {
				vo := verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, NoReduce: true, SCC: scc, Accept: true, Fair: true}
				full, err := runWith(r, true, true, vo)
				if err != nil {
					t.Fatal(err)
				}
				if full.verdict != got.verdict || full.kind != got.kind {
					t.Errorf("without reduction (-scc %v): verdict %s (%s); reduced %s (%s)", scc, full.verdict, full.kind, got.verdict, got.kind)
				}
			}
		})
	}
	t.Logf("model\tltl\tverdict\tstored\tpan-stored\tseconds\n%s", strings.Join(lines, "\n"))
	if skipped > 0 {
		t.Logf("%d acc_fair rows over %d states without reduction (SPIN's acc_fair_noreduce) checked with reduction only; GOSPIN_CONFORMANCE_ALL=1 runs the others too", skipped, fairMaxStates)
	}
}

// TestReductionVerdicts: with partial-order reduction (gospin verify's
// default) every model of the corpus under 300,000 states (SPIN's
// safety_noreduce row) gets the verdict it gets without, and the reduced
// search never stores more states. Both runs use SPIN's default state
// space (dead-variable reset, write-only hiding, statement merging). The
// log lists the states stored without and with reduction next to those of
// SPIN's own reduced search (the safety row).
func TestReductionVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	spinReduced := map[string]row{}
	for _, r := range readExpected(t) {
		if r.config == "safety" {
			spinReduced[r.model] = r
		}
	}
	var lines []string
	for _, r := range selectRows(t, "safety_noreduce") {
		if r.stored >= 300_000 {
			continue
		}
		r := r
		t.Run(r.model, func(t *testing.T) {
			vo := verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, NoReduce: true}
			full, err := runSpinDefaults(r, vo)
			if err != nil {
				t.Skip(err)
			}
			vo.NoReduce = false
			red, err := runSpinDefaults(r, vo)
			if err != nil {
				t.Fatal(err)
			}
			if red.replay != "" {
				t.Errorf("reduced trail: %s", red.replay)
			}
			if full.verdict != red.verdict {
				t.Errorf("verdict %s (%s) with reduction, %s (%s) without", red.verdict, red.kind, full.verdict, full.kind)
			} else if full.kind != red.kind {
				// the first error met may differ: the kinds found must not
				ka, kb := errorKinds(t, r, false), errorKinds(t, r, true)
				if ka != kb {
					t.Errorf("error kinds %q with reduction, %q without", kb, ka)
				}
			}
			if full.verdict == "pass" && full.complete && red.stored > full.stored {
				if red.closure {
					// the product with the closure of the claim is a
					// different graph, which can be larger even reduced
					t.Logf("reduction against the closure of the claim stored %d states, the full search with the claim %d", red.stored, full.stored)
				} else {
					t.Errorf("reduction stored %d states, the full search %d", red.stored, full.stored)
				}
			}
			sp := "-"
			if s, ok := spinReduced[r.model]; ok {
				sp = strconv.FormatInt(s.stored, 10)
			}
			lines = append(lines, fmt.Sprintf("%s\t%s\t%d\t%d\t%s", r.model, full.verdict, full.stored, red.stored, sp))
		})
	}
	t.Logf("model\tverdict\tfull\treduced\tspin-safety\n%s", strings.Join(lines, "\n"))
}

// errorKinds runs the row's model to the end (every error) and returns the
// sorted set of the kinds found.
func errorKinds(t *testing.T, r row, reduce bool) string {
	t.Helper()
	path := filepath.Join(corpusDir, "models", r.model+".pml")
	fr, err := frontend.LoadFile(path, &frontend.Config{IncludeDirs: []string{filepath.Dir(path)}})
	if err != nil || fr.HasErrors() {
		t.Fatalf("front end: %v", err)
	}
	props := property.List(fr.Model)
	var p *property.Property
	if r.claim != "-" && r.claim != ":np_:" && len(props) > 0 {
		p = &props[0]
	}
	pm, err := property.Model(fr.Model, p, property.FromLTL)
	if err != nil {
		t.Fatal(err)
	}
	var errs diag.List
	prog := automata.LowerModel(pm, &errs)
	m, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: true})
	if err != nil {
		t.Fatal(err)
	}
	sum, _, err := verify.Run(context.Background(), path, m, verify.Options{MaxDepth: r.maxDepth, StopAfter: 0, HashLog2: 16, Reduce: reduce})
	if err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	for _, v := range sum.Violations {
		set[v.Kind] = true
	}
	var ks []string
	for k := range set {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ",")
}

// runSpinDefaults is runWith for SPIN's default state space (dead-variable
// reset, write-only hiding, statement merging), with the trail replayed by
// an engine with the same options.
func runSpinDefaults(r row, vo verify.Settings) (result, error) {
	return runWith(r, true, true, vo)
}

// replayHeaders are the trail headers a replay of a search with options vo
// needs (verify writes them into trail files).
func replayHeaders(vo verify.Options) map[string]string {
	if vo.BFS || vo.SCC {
		return nil
	}
	return map[string]string{trail.ClaimStutter: "pan"}
}
