package engine

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
)

func mustLoad(t testing.TB, src string) *Engine {
	t.Helper()
	e, err := loadSrc("test.pml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// successors returns the successors of s with their transitions.
func successors(m pins.Model, s []byte) ([][]byte, []pins.Transition) {
	var out [][]byte
	var trs []pins.Transition
	m.Next(s, func(t *pins.Transition, succ []byte) bool {
		out = append(out, append([]byte(nil), succ...))
		trs = append(trs, *t)
		return true
	})
	return out, trs
}

// TestNoAllocs checks that successor generation allocates nothing in the
// steady state, for models with buffered and rendezvous channels, process
// creation and death, atomic sequences and d_steps.
func TestNoAllocs(t *testing.T) {
	for _, f := range []string{"basic", "buffered", "rendezvous", "death", "dstep", "sorted", "typedef", "remote", "unless"} {
		e, err := loadModel("../testdata/engine/" + f + ".pml")
		if err != nil {
			t.Fatal(err)
		}
		// collect some states
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
		// warm up
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

// TestAutomata checks the shape of the automata against pan -d: the
// number of transitions of each proctype (SPIN's, with -o3).
func TestAutomata(t *testing.T) {
	e, err := loadModel("../testdata/engine/basic.pml")
	if err != nil {
		t.Fatal(err)
	}
	prog := e.Program()
	count := map[string]int{}
	reach := map[string]int{}
	for _, p := range prog.Procs {
		seen := map[int]bool{}
		var walk func(int)
		walk = func(l int) {
			if seen[l] {
				return
			}
			seen[l] = true
			for _, tr := range p.Locs[l].Out {
				count[p.Name]++
				walk(tr.To)
			}
		}
		walk(p.Start)
		reach[p.Name] = len(seen)
	}
	// pan -d for basic.pml: P has 11 transitions, init 2.
	if count["P"] != 11 || count[":init:"] != 2 {
		t.Errorf("transitions per proctype: %v (pan: P 11, init 2)", count)
	}
	var buf bytes.Buffer
	if err := automata.WriteDOT(&buf, prog); err != nil {
		t.Fatal(err)
	}
	dot := buf.String()
	for _, want := range []string{"digraph", "cluster_0", "x = (x+1)", "D_STEP", "-end-", "else"} {
		if !strings.Contains(dot, want) {
			t.Errorf("DOT output lacks %q", want)
		}
	}
}

// TestDeathOrder: a process can only die when it is the last one.
func TestDeathOrder(t *testing.T) {
	e := mustLoad(t, `
active proctype A() { skip }
active proctype B() { skip; skip }
`)
	s, _ := e.Initial(nil)
	// A (pid 0) ends first; it must wait for B to die.
	succ, trs := successors(e, s)
	if len(succ) != 2 {
		t.Fatalf("%d successors, want 2", len(succ))
	}
	// follow A's skip
	var afterA []byte
	for i, tr := range trs {
		if tr.Pid == 0 {
			afterA = succ[i]
		}
	}
	_, trs = successors(e, afterA)
	for _, tr := range trs {
		if tr.Pid == 0 {
			t.Errorf("pid 0 moved (died) while pid 1 is alive: %s", e.Info().Groups[tr.Group].Text)
		}
	}
}

// TestRuntimeErrors: array bounds and division by zero are violations
// with the statement's position.
func TestRuntimeErrors(t *testing.T) {
	for _, tc := range []struct{ src, msg string }{
		{"byte a[2]; byte i = 2; active proctype P() { a[i] = 1 }", "array index out of range"},
		{"byte z; byte x; active proctype P() { x = 3 / z }", "division by zero"},
		{"byte x; active proctype P() { assert(x == 1) }", "assertion violated"},
	} {
		e := mustLoad(t, tc.src)
		s, _ := e.Initial(nil)
		_, trs := successors(e, s)
		if len(trs) != 1 || trs[0].Violation == nil {
			t.Errorf("%q: no violation", tc.src)
			continue
		}
		v := trs[0].Violation
		if !strings.Contains(v.Message, tc.msg) || v.Pos.Line != 1 {
			t.Errorf("%q: violation %q at %v, want %q on line 1", tc.src, v.Message, v.Pos, tc.msg)
		}
	}
}

// BenchmarkNext measures successor generation on three corpus models (or
// on test models when the corpus is absent): ns per successor and
// allocations (0 in the steady state).
func BenchmarkNext(b *testing.B) {
	models := []string{corpusDir + "/models/cambridge.pml", corpusDir + "/models/beem_mcs3.pml", corpusDir + "/models/sort.pml"}
	for i, m := range models {
		if _, err := os.Stat(m); err != nil {
			models[i] = "../testdata/engine/" + []string{"basic", "buffered", "rendezvous"}[i] + ".pml"
		}
	}
	for _, path := range models {
		b.Run(filepath.Base(path), func(b *testing.B) {
			e, err := loadModel(path)
			if err != nil {
				b.Skip(err)
			}
			s0, _ := e.Initial(nil)
			states := [][]byte{s0}
			seen := map[string]bool{string(s0): true}
			for i := 0; i < len(states) && len(states) < 5000; i++ {
				succ, _ := successors(e, states[i])
				for _, s := range succ {
					if !seen[string(s)] {
						seen[string(s)] = true
						states = append(states, s)
					}
				}
			}
			n := 0
			yield := func(t *pins.Transition, succ []byte) bool { n++; return true }
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				e.Next(states[i%len(states)], yield)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(n, 1)), "ns/successor")
		})
	}
}

// FuzzNext feeds arbitrary state vectors to the engine of a few test
// models: Next, Status and Describe must never panic (bad vectors have no
// successors).
func FuzzNext(f *testing.F) {
	names := []string{"basic", "buffered", "rendezvous", "remote", "typedef", "never", "structmsg"}
	var engines []*Engine
	for _, n := range names {
		e, err := loadModel("../testdata/engine/" + n + ".pml")
		if err != nil {
			f.Fatal(err)
		}
		engines = append(engines, e)
		s, _ := e.Initial(nil)
		f.Add(s, uint8(len(engines)-1))
		succ, _ := successors(e, s)
		for _, x := range succ {
			f.Add(x, uint8(len(engines)-1))
		}
	}
	f.Fuzz(func(t *testing.T, s []byte, which uint8) {
		e := engines[int(which)%len(engines)]
		e.Next(s, func(*pins.Transition, []byte) bool { return true })
		e.Status(s)
		e.Describe(s)
	})
}

// TestClone explores one model with two clones of an engine at once: both
// searches must give the counts of a single one.
func TestClone(t *testing.T) {
	e, err := loadModel("../testdata/engine/basic.pml")
	if err != nil {
		t.Fatal(err)
	}
	want := explore(e, 1_000_000)
	got := make([]counts, 2)
	done := make(chan bool)
	for i := range got {
		c := e.Clone()
		go func() {
			got[i] = explore(c, 1_000_000)
			done <- true
		}()
	}
	<-done
	<-done
	for i, g := range got {
		if g.stored != want.stored || g.transitions() != want.transitions() {
			t.Errorf("clone %d: stored %d transitions %d; want %d %d", i, g.stored, g.transitions(), want.stored, want.transitions())
		}
	}
}
