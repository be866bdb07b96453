package engine

import (
	"github.com/gospin/gospin/pins"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// mergedEngine loads a model with SPIN's default state-space options
// (statement merging, dead-variable reset, write-only globals hidden).
func mergedEngine(t *testing.T, path string) *Engine {
	t.Helper()
	e, err := loadModel(path)
	if err != nil {
		t.Fatal(err)
	}
	e, err = NewWithOptions(e.Program(), Options{ResetDead: true, HideWriteOnly: true, Merge: true})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestMergeProbes compares each probe in testdata/merge with SPIN's
// default configuration minus partial-order reduction (expected.txt, made
// by testdata/merge/oracle.sh): states stored and transitions.
func TestMergeProbes(t *testing.T) {
	exp := readExpected(t, "../testdata/merge/expected.txt")
	files, _ := filepath.Glob("../testdata/merge/*.pml")
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".pml")
		t.Run(name, func(t *testing.T) {
			want, ok := exp[name]
			if !ok {
				t.Skip("no expected counts")
			}
			e := mergedEngine(t, f)
			got := exploreWith(e, 1_000_000, 100000, false, e.Program().Never != nil)
			if got.incomplete != "" {
				t.Fatalf("incomplete: %s", got.incomplete)
			}
			if got.stored != atoi(want[0]) || got.transitions() != atoi(want[1]) {
				t.Errorf("stored %d transitions %d; SPIN: %s %s", got.stored, got.transitions(), want[0], want[1])
			}
			if got.atomic != atoi(want[2]) {
				t.Logf("atomic steps %d; SPIN: %s", got.atomic, want[2])
			}
			spinErr := atoi(want[3]) > 0
			ourErr := len(got.violations) > 0 || got.deadlocks > 0
			if spinErr != ourErr {
				t.Errorf("errors: violations %v deadlocks %d; SPIN errors %s", got.violations, got.deadlocks, want[3])
			}
		})
	}
}

// TestMergeCorpus compares the corpus models of testdata/merge/corpus.txt
// (SPIN's merged configuration, made by testdata/merge/corpus.sh) with
// the engine's merged state space: states stored and transitions must be
// SPIN's. Rows whose claim comes from an ltl formula are skipped: the
// engine alone does not build that claim, and gospin's own automaton for
// a formula is not SPIN's (the conformance tests compare only verdicts
// there). Models with a never claim in the source are compared.
func TestMergeCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	exp := readExpected(t, "../testdata/merge/corpus.txt")
	if _, err := os.Stat(filepath.Join(corpusDir, "models")); err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	var names []string
	for n := range exp {
		names = append(names, n)
	}
	sort.Strings(names)
	match, skipped := 0, 0
	for _, name := range names {
		want := exp[name]
		t.Run(name, func(t *testing.T) {
			st := atoi(want[0])
			e := mergedEngine(t, filepath.Join(corpusDir, "models", name+".pml"))
			if want[4] != "-" && e.Program().Never == nil {
				skipped++
				t.Skip("claim from an ltl formula")
			}
			got := exploreWith(e, 2*st+1000, 100000, false, e.Program().Never != nil)
			if got.stored != st || got.transitions() != atoi(want[1]) {
				t.Errorf("stored %d transitions %d; SPIN %s %s", got.stored, got.transitions(), want[0], want[1])
				return
			}
			match++
		})
	}
	t.Logf("statement merging: %d of %d corpus models match SPIN exactly (%d skipped: ltl claims)", match, len(names)-skipped, skipped)
}

// TestMergePrintfOrder: a merged transition prints each statement's
// output, in order (simulation shows them as SPIN does).
func TestMergePrintfOrder(t *testing.T) {
	e := mergedEngine(t, "../testdata/merge/m02_printf.pml")
	e.SetPrinting(true)
	s0, err := e.Initial(nil)
	if err != nil {
		t.Fatal(err)
	}
	var outs []string
	e.Next(s0, func(tr *pins.Transition, succ []byte) bool {
		outs = append(outs, string(e.StepOutput()))
		return true
	})
	if len(outs) != 1 || outs[0] != "one\na=1\n" {
		t.Errorf("outputs %q; want one step printing %q", outs, "one\na=1\n")
	}
}

// TestMergeNoAllocs: merged transitions allocate nothing.
func TestMergeNoAllocs(t *testing.T) {
	for _, f := range []string{"m05_atomic", "m10_unless", "m14_atomic_recv", "m15_rendezvous", "m16_two_procs", "m21_do_atomic_break", "m22_run"} {
		e := mergedEngine(t, "../testdata/merge/"+f+".pml")
		var states [][]byte
		s0, _ := e.Initial(nil)
		queue := [][]byte{s0}
		seen := map[string]bool{}
		for len(queue) > 0 && len(states) < 200 {
			s := queue[0]
			queue = queue[1:]
			if seen[string(s)] {
				continue
			}
			seen[string(s)] = true
			states = append(states, s)
			succ, _ := successors(e, s)
			queue = append(queue, succ...)
		}
		n := 0
		yield := func(t *pins.Transition, succ []byte) bool { n += len(succ); return true }
		for _, s := range states {
			e.Next(s, yield)
		}
		allocs := testing.AllocsPerRun(20, func() {
			for _, s := range states {
				e.Next(s, yield)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per round of %d states", f, allocs, len(states))
		}
	}
}

// TestMergeInfo: a merged step's dependency information covers the whole
// chain (the reduction relies on it).
func TestMergeInfo(t *testing.T) {
	e, err := loadSrc("m.pml", []byte("active proctype P() { byte a, b; a = 1; b = 2; a == 1 }"))
	if err != nil {
		t.Fatal(err)
	}
	e, err = NewWithOptions(e.Program(), Options{Merge: true})
	if err != nil {
		t.Fatal(err)
	}
	info := e.Info()
	slot := func(name string) int {
		for i, s := range info.Slots {
			if s.Name == name {
				return i
			}
		}
		t.Fatalf("no slot %s", name)
		return -1
	}
	a, b := slot("P.a"), slot("P.b")
	for _, g := range info.Groups {
		if g.Text != "a = 1" {
			continue
		}
		has := func(l []int, x int) bool {
			for _, y := range l {
				if y == x {
					return true
				}
			}
			return false
		}
		if !has(g.Writes, a) || !has(g.Writes, b) {
			t.Errorf("merged group writes %v; want a (%d) and b (%d)", g.Writes, a, b)
		}
		return
	}
	t.Fatal("no group a = 1")
}
