package automata_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
)

// spinTriples lowers the model at path and returns its transitions as
// "proctype from to" with SPIN's state numbers (the -end- transition goes
// to 0, as pan prints it), and the proctypes without SPIN's numbers.
func spinTriples(t *testing.T, path string) (map[string]bool, []string) {
	t.Helper()
	r, err := frontend.LoadFile(path, &frontend.Config{IncludeDirs: []string{filepath.Dir(path)}})
	if err != nil || r.HasErrors() {
		t.Skipf("%s: does not load", path)
	}
	var errs diag.List
	prog := automata.Lower(r.Program, &errs)
	if prog == nil || errs.HasErrors() {
		t.Skipf("%s: does not lower", path)
	}
	got := map[string]bool{}
	var none []string
	for _, p := range prog.Procs {
		if p.Kind == automata.NeverClaim {
			continue
		}
		if p.SpinStates == 0 {
			none = append(none, p.Name)
			continue
		}
		for _, l := range p.Locs {
			if l.Flags&automata.DStepLoc != 0 {
				continue
			}
			for _, x := range l.Out {
				to := p.Locs[x.To].SpinState
				if x.Kind == automata.TEnd {
					to = 0
				}
				got[fmt.Sprintf("%s %d %d", p.Name, l.SpinState, to)] = true
			}
		}
	}
	return got, none
}

// TestSpinStateNumbers compares the state numbers of the probes of
// testdata/outputs/statenum with pan -d's (expected.txt, made by
// expect.sh): every transition of pan's automaton is one of gospin's
// with the same numbers.
func TestSpinStateNumbers(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "outputs", "statenum")
	f, err := os.Open(filepath.Join(dir, "expected.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 4 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		want[fs[0]] = append(want[fs[0]], strings.Join(fs[1:], " "))
	}
	if len(want) < 3 {
		t.Fatalf("only %d models in expected.txt", len(want))
	}
	for m, triples := range want {
		got, none := spinTriples(t, filepath.Join(dir, m+".pml"))
		if len(none) > 0 {
			t.Errorf("%s: no SPIN numbers for %v", m, none)
		}
		for _, x := range triples {
			if !got[x] {
				t.Errorf("%s: pan's transition %q (proctype from to) not among gospin's", m, x)
			}
		}
	}
}

// TestSpinStateNumbersUnless: a proctype with unless keeps gospin's own
// numbers (SPIN builds extra elements for it, not modelled).
func TestSpinStateNumbersUnless(t *testing.T) {
	prog, errs := lower(t, "byte x;\nactive proctype P() { { x = 1; x = 2 } unless { x == 2 }; x = 3 }\nactive proctype Q() { x = 1; x = 2 }")
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	if prog.Procs[0].SpinStates != 0 {
		t.Errorf("P (unless) has SPIN numbers")
	}
	q := prog.Procs[1]
	if q.SpinStates != 4 || q.Locs[q.Start].SpinState != 1 || q.Locs[q.End].SpinState != 3 {
		t.Errorf("Q: %d states, start %d, end %d; want 4, 1, 3", q.SpinStates, q.Locs[q.Start].SpinState, q.Locs[q.End].SpinState)
	}
}

// TestSpinStateNumbersCorpus (opt-in: GOSPIN_STATENUM_CORPUS=1, with spin
// and gcc installed; minutes) compares every corpus model whose
// proctypes get SPIN's numbers with pan -d and reports the proctypes
// whose numbers differ.
func TestSpinStateNumbersCorpus(t *testing.T) {
	if os.Getenv("GOSPIN_STATENUM_CORPUS") == "" {
		t.Skip("set GOSPIN_STATENUM_CORPUS=1 to compare with pan -d on the corpus")
	}
	script, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "outputs", "statenum", "expect.sh"))
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpus", "models", "*.pml"))
	exact := 0
	for _, f := range files {
		out, err := exec.Command("sh", script, f).Output()
		if err != nil {
			continue
		}
		got, none := spinTriples(t, f)
		skip := map[string]bool{}
		for _, p := range none {
			skip[p] = true
		}
		bad := map[string]bool{}
		for _, line := range strings.Split(string(out), "\n") {
			fs := strings.Fields(line)
			if len(fs) != 4 || skip[fs[1]] {
				continue
			}
			if !got[strings.Join(fs[1:], " ")] {
				bad[fs[1]] = true
			}
		}
		if len(bad) == 0 {
			exact++
		} else {
			t.Logf("%s: numbers differ in %v", filepath.Base(f), bad)
		}
	}
	t.Logf("%d of %d models: every numbered proctype has pan's numbers", exact, len(files))
}
