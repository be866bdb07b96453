package engine

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

const corpusDir = "../../shared/corpus"

// corpusMaxStates keeps TestSafetyPlainCounts within about a minute.
const corpusMaxStates = 1_500_000

// knownDiffs lists the corpus models whose counts are allowed to differ
// from SPIN's for now, each with the reason. Besides these, every row
// whose search included a claim made from an ltl block is skipped: the
// engine runs never claims, but translating LTL is not its job.
var knownDiffs = map[string]string{}

// ltlOnly reports whether pan's claim for a model came from an ltl block
// (the model has no never claim of its own).
func ltlOnly(src []byte) bool {
	return !strings.Contains(string(src), "never")
}

type corpusRow struct {
	model          string
	stored, trans  int64
	verdict, claim string
	stopped        bool // pan stopped at its first error
	maxDepth       int  // pan's -m
	errorKind      string
}

func readCorpus(t *testing.T) []corpusRow {
	f, err := os.Open(filepath.Join(corpusDir, "expected.tsv"))
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var cols map[string]int
	var rows []corpusRow
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
		complete := get("complete")
		if get("config") != "safety_plain" || complete != "yes" && complete != "stopped-at-error" {
			continue
		}
		depth := 10000
		for _, f := range strings.Fields(get("pan_cmd")) {
			if strings.HasPrefix(f, "-m") {
				if d, err := strconv.Atoi(f[2:]); err == nil {
					depth = d
				}
			}
		}
		st, err1 := strconv.ParseInt(get("states_stored"), 10, 64)
		tr, err2 := strconv.ParseFloat(get("transitions"), 64)
		if err1 != nil || err2 != nil {
			continue
		}
		rows = append(rows, corpusRow{model: get("model"), stored: st, trans: int64(tr), verdict: get("verdict"),
			claim: get("claim"), stopped: complete == "stopped-at-error", maxDepth: depth, errorKind: get("error_kind")})
	}
	return rows
}

// TestSafetyPlainCounts explores every corpus model that has a complete
// safety_plain row (SPIN with every optimization off) and compares the
// states stored and the transitions with SPIN's. Rows where pan stopped
// at its first error are compared too: the search follows pan's order, so
// it meets the same error after the same number of states.
func TestSafetyPlainCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	rows := readCorpus(t)
	sort.Slice(rows, func(i, j int) bool { return rows[i].stored < rows[j].stored })
	match, tried, skipped := 0, 0, 0
	var failed []string
	deadline := time.Now().Add(50 * time.Second)
	for _, r := range rows {
		if r.stored > corpusMaxStates {
			continue
		}
		if time.Now().After(deadline) {
			t.Logf("time budget used up before %s", r.model)
			break
		}
		tried++
		reason, known := knownDiffs[r.model]
		path := filepath.Join(corpusDir, "models", r.model+".pml")
		if src, err := os.ReadFile(path); err == nil && r.claim != "-" && ltlOnly(src) {
			reason, known = "the claim comes from an ltl formula (needs the LTL translator)", true
		}
		ok := t.Run(r.model, func(t *testing.T) {
			if known && strings.HasPrefix(reason, "the claim") {
				t.Skip(reason)
			}
			e, err := loadModel(path)
			if err != nil {
				if known {
					t.Skipf("known: %s (%v)", reason, err)
				}
				t.Fatal(err)
			}
			src, _ := os.ReadFile(path)
			got := exploreWith(e, r.stored*2+1000, r.maxDepth, r.stopped, strings.Contains(string(src), "never"))
			if r.stopped && len(got.violations) == 0 {
				t.Errorf("no error found; SPIN: %s", r.errorKind)
			}
			if got.stored != r.stored || got.transitions() != r.trans {
				if known {
					t.Skipf("known: %s (stored %d transitions %d; SPIN %d %d)", reason, got.stored, got.transitions(), r.stored, r.trans)
				}
				t.Errorf("stored %d transitions %d (%s); SPIN: %d %d", got.stored, got.transitions(), got.incomplete, r.stored, r.trans)
			}
		})
		switch {
		case !ok:
			failed = append(failed, r.model)
		case known:
			skipped++
		default:
			match++
		}
	}
	t.Logf("corpus: %d of %d rows match SPIN's safety_plain counts exactly (%d skipped as known differences); failing: %v", match, tried, skipped, failed)
}

// noreduceExceptions are the safety_noreduce rows where the reductions
// store more states than SPIN's.
var noreduceExceptions = map[string]string{}

// TestSafetyNoreduceAtMost checks the dead-variable reset and the hiding
// of write-only globals (spin -o3: no statement merging, data-flow and
// hiding on) on the corpus: never more states stored than SPIN.
func TestSafetyNoreduceAtMost(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	f, err := os.Open(filepath.Join(corpusDir, "expected.tsv"))
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var cols map[string]int
	equal, fewer := 0, 0
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if cols == nil {
			cols = map[string]int{}
			for i, c := range fs {
				cols[c] = i
			}
			continue
		}
		if len(fs) < len(cols) || fs[cols["config"]] != "safety_noreduce" || fs[cols["complete"]] != "yes" || fs[cols["claim"]] != "-" {
			continue
		}
		model := fs[cols["model"]]
		st, err := strconv.ParseInt(fs[cols["states_stored"]], 10, 64)
		if err != nil || st > 300_000 {
			continue
		}
		if _, ok := noreduceExceptions[model]; ok {
			continue
		}
		t.Run(model, func(t *testing.T) {
			e, err := loadModel(filepath.Join(corpusDir, "models", model+".pml"))
			if err != nil {
				t.Fatal(err)
			}
			e, err = NewWithOptions(e.Program(), Options{ResetDead: true, HideWriteOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			got := exploreWith(e, 2*st+1000, 100000, false, false)
			switch {
			case got.stored > st:
				t.Errorf("stored %d; SPIN %d", got.stored, st)
			case got.stored == st:
				equal++
			default:
				fewer++
			}
		})
	}
	t.Logf("dead-variable reset and write-only hiding: %d rows with SPIN's states stored, %d with fewer", equal, fewer)
}
