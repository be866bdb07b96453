package simulate

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/trail"
)

// load builds the engine of the model at path (as cmd/gospin does).
func load(path string) (*engine.Engine, error) {
	r, err := frontend.LoadFile(path, &frontend.Config{IncludeDirs: []string{filepath.Dir(path)}})
	if err != nil {
		return nil, err
	}
	if r.HasErrors() {
		var b bytes.Buffer
		r.PrintDiags(&b)
		return nil, fmt.Errorf("front end: %s", b.String())
	}
	// without claims, as a random simulation runs (SPIN ignores them)
	m, err := property.Model(r.Model, nil, nil)
	if err != nil {
		return nil, err
	}
	var errs diag.List
	prog := automata.LowerModel(m, &errs)
	if errs.HasErrors() || prog == nil {
		return nil, fmt.Errorf("lowering: %v", &errs)
	}
	return engine.New(prog)
}

func mustLoad(t testing.TB, path string) *engine.Engine {
	t.Helper()
	e, err := load(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return e
}

func runModel(t testing.TB, path string, opt Options) (string, *Result) {
	t.Helper()
	var b bytes.Buffer
	opt.Output = &b
	res, err := Run(mustLoad(t, path), opt)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return b.String(), res
}

// deterministic are the models of testdata whose printf output does not
// depend on the schedule; their .golden files are spin 6.5.2's output.
var deterministic = []string{"chanprint", "rendezvous", "atomic", "dstep", "unless", "runargs", "timeout", "death", "printm"}

// procLine matches the lines that name SPIN's state numbers and step
// counts (the summary of a run that ends in a timeout), which gospin
// cannot reproduce.
var procLine = regexp.MustCompile(`(?m)^ *[0-9]+:\tproc .*\n`)

func filter(s string) string { return procLine.ReplaceAllString(s, "") }

func TestGolden(t *testing.T) {
	for _, name := range deterministic {
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join("testdata", name+".golden"))
			if err != nil {
				t.Fatal(err)
			}
			for seed := uint64(1); seed <= 5; seed++ {
				got, res := runModel(t, filepath.Join("testdata", name+".pml"), Options{Seed: seed})
				if filter(got) != filter(string(want)) {
					t.Fatalf("seed %d: output differs\n--- got\n%s--- want\n%s", seed, got, want)
				}
				if res.Failed() {
					t.Fatalf("seed %d: run failed: %v", seed, res.End)
				}
			}
		})
	}
}

// TestSideBySide runs spin itself on the deterministic models, when it is
// installed, and compares the outputs.
func TestSideBySide(t *testing.T) {
	spin, err := exec.LookPath("spin")
	if err != nil {
		t.Skip("spin not installed")
	}
	for _, name := range deterministic {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			src, err := os.ReadFile(filepath.Join("testdata", name+".pml"))
			if err != nil {
				t.Fatal(err)
			}
			file := name + ".pml"
			if err := os.WriteFile(filepath.Join(dir, file), src, 0o644); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, spin, file)
			cmd.Dir = dir
			want, err := cmd.Output()
			if err != nil {
				t.Fatalf("spin: %v", err)
			}
			wd, _ := os.Getwd()
			os.Chdir(dir)
			got, _ := runModel(t, file, Options{Seed: 7})
			os.Chdir(wd)
			if filter(got) != filter(string(want)) {
				t.Fatalf("output differs\n--- gospin\n%s--- spin\n%s", got, want)
			}
		})
	}
}

func TestReproducible(t *testing.T) {
	opt := Options{Seed: 42, PrintSteps: true, Globals: true, Locals: true, Sends: true, Recvs: true}
	path := filepath.Join("testdata", "chanprint.pml")
	a, _ := runModel(t, path, opt)
	b, _ := runModel(t, path, opt)
	if a != b {
		t.Fatal("same seed, different runs")
	}
	// the interleavings of assert.pml depend on the seed
	outs := map[string]bool{}
	fails := 0
	for seed := uint64(0); seed < 40; seed++ {
		out, res := runModel(t, filepath.Join("testdata", "assert.pml"), Options{Seed: seed, PrintSteps: true})
		outs[out] = true
		if res.End == Violation {
			fails++
		}
	}
	if len(outs) < 2 {
		t.Fatal("every seed gave the same run")
	}
	t.Logf("%d distinct runs, %d assertion violations in 40 seeds", len(outs), fails)
}

func TestInteractive(t *testing.T) {
	path := filepath.Join("testdata", "rendezvous.pml")
	// the first choice every time, then quit
	in := strings.NewReader("1\n1\n1\nx\n1\nq\n")
	out, res := runModel(t, path, Options{Mode: Interactive, Input: in})
	if res.End != Quit {
		t.Fatalf("end %v, want quit", res.End)
	}
	for _, s := range []string{"Select a statement\n", "\tchoice 1: proc  0 (Client:1) testdata/rendezvous.pml:9 (state 4) [req!i]\n" /* spin -i: state 4 */, "Select [1-1]: ", "\tchoice is outside range\n", "      client asks 1\n"} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	if res.Steps != 4 {
		t.Errorf("steps %d, want 4", res.Steps)
	}
	// choices through to the end: always the last choice
	in2 := strings.NewReader(strings.Repeat("1\n", 200))
	_, res = runModel(t, filepath.Join("testdata", "dstep.pml"), Options{Mode: Interactive, Input: in2})
	if res.End != Normal {
		t.Fatalf("end %v, want normal", res.End)
	}
}

func TestReplay(t *testing.T) {
	path := filepath.Join("testdata", "assert.pml")
	e := mustLoad(t, path)
	sr, err := search.Run(context.Background(), e, search.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(sr.Errors) == 0 || sr.Errors[0].Trail == nil {
		t.Fatal("search found no error")
	}
	tr := trail.New()
	tr.Set("model", path)
	tr.Steps = sr.Errors[0].Trail
	var buf bytes.Buffer
	if err := tr.Write(&buf); err != nil {
		t.Fatal(err)
	}
	st, err := trail.Read(&buf, "assert.pml.trail")
	if err != nil {
		t.Fatal(err)
	}
	out, res := runModel(t, path, Options{Mode: Replay, Trail: st, PrintSteps: true})
	if res.End != Violation || res.Violation.Kind != pins.Assertion {
		t.Fatalf("end %v, want an assertion violation:\n%s", res.End, out)
	}
	if *res.Violation != sr.Errors[0].Violation {
		t.Errorf("violation %+v, search found %+v", *res.Violation, sr.Errors[0].Violation)
	}
	for _, s := range []string{
		"spin: testdata/assert.pml:14, Error: assertion violated\n",
		"spin: text of failed assertion: assert((x==2))\n",
		fmt.Sprintf("spin: trail ends after %d steps\n", res.Steps),
		"#processes: 3\n",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
}

func TestCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "corpus", "models")
	files, _ := filepath.Glob(filepath.Join(dir, "*.pml"))
	if len(files) == 0 {
		t.Skip("no corpus")
	}
	ran := 0
	for _, f := range files {
		e, err := load(f)
		if err != nil {
			t.Logf("%s: skipped: %v", filepath.Base(f), firstLine(err.Error()))
			continue
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic: %v", filepath.Base(f), r)
				}
			}()
			t0 := time.Now()
			res, err := Run(e, Options{Seed: 1, MaxSteps: 10000, Output: io.Discard, PrintSteps: true, Globals: true, Locals: true, Sends: true, Recvs: true})
			if err != nil {
				t.Logf("%s: %v", filepath.Base(f), err)
				return
			}
			ran++
			if testing.Verbose() {
				t.Logf("%s: %v after %d steps (%v)", filepath.Base(f), res.End, res.Steps, time.Since(t0))
			}
		}()
	}
	t.Logf("%d of %d corpus models simulated", ran, len(files))
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// BenchmarkSimulate measures random simulation steps per second (no
// output) on three corpus models.
func BenchmarkSimulate(b *testing.B) {
	for _, name := range []string{"beem_phils5.pml", "abp.pml", "beem_lamport6.pml"} {
		path := filepath.Join("..", "..", "shared", "corpus", "models", name)
		if _, err := os.Stat(path); err != nil {
			b.Skip("no corpus")
		}
		b.Run(name, func(b *testing.B) {
			e := mustLoad(b, path)
			b.ReportAllocs()
			steps := 0
			seed := uint64(0)
			start := time.Now()
			for b.Loop() {
				seed++
				res, err := Run(e, Options{Seed: seed, MaxSteps: 1000})
				if err != nil {
					b.Fatal(err)
				}
				steps += res.Steps
			}
			b.ReportMetric(float64(steps)/time.Since(start).Seconds(), "steps/s")
		})
	}
}

// singlePath reports whether m has exactly one execution (every reachable
// state has at most one successor), exploring at most limit steps.
func singlePath(m pins.Model, limit int) bool {
	s, err := m.Initial(nil)
	if err != nil {
		return false
	}
	for step := 0; step < limit; step++ {
		n := 0
		var next []byte
		m.Next(s, func(_ *pins.Transition, succ []byte) bool {
			n++
			next = append(next[:0], succ...)
			return n < 2
		})
		switch n {
		case 0:
			return true
		case 1:
			s = append(s[:0], next...)
		default:
			return false
		}
	}
	return false
}

// printfLines keeps the printf output of a run (the indented lines), not
// the end-of-run summary, whose state numbers and step counts are SPIN's
// own.
func printfLines(out string) string {
	var b strings.Builder
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "      ") && !strings.HasPrefix(strings.TrimSpace(l), "queue ") {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// TestCorpusSinglePath: every corpus model with a single execution path
// prints, under gospin run, exactly the printf output that spin prints.
func TestCorpusSinglePath(t *testing.T) {
	spin, err := exec.LookPath("spin")
	if err != nil {
		t.Skip("spin not installed")
	}
	dir := filepath.Join("..", "..", "shared", "corpus", "models")
	models, _ := filepath.Glob(filepath.Join(dir, "*.pml"))
	if len(models) == 0 {
		t.Skip("corpus not present")
	}
	n := 0
	for _, path := range models {
		e, err := load(path)
		if err != nil || !singlePath(e, 20000) {
			continue
		}
		n++
		t.Run(filepath.Base(path), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			abs, _ := filepath.Abs(path)
			cmd := exec.CommandContext(ctx, spin, "-u20000", filepath.Base(abs))
			cmd.Dir = filepath.Dir(abs)
			want, _ := cmd.Output() // spin exits 1 on errors; the output is what counts
			got, _ := runModel(t, path, Options{Seed: 1, MaxSteps: 20000})
			if printfLines(got) != printfLines(string(want)) {
				t.Errorf("printf output differs\n--- gospin\n%s--- spin\n%s", printfLines(got), printfLines(string(want)))
			}
		})
	}
	t.Logf("%d corpus models with a single execution path", n)
}

// stateNum masks SPIN's state numbers, which gospin's automata do not
// have (docs/spin-semantics.md).
var stateNum = regexp.MustCompile(`\(state [0-9]+\)`)

// TestQueueNumbers compares -c and -s -r output with spin's on a model
// whose run is deterministic: queue numbers in creation order, channel
// names as the statements write them, every process in the -c header.
func TestQueueNumbers(t *testing.T) {
	for _, c := range []struct {
		golden string
		opt    Options
		exact  bool // state numbers included
	}{
		{"qorder.c.golden", Options{MSC: true}, false},
		{"qorder.sr.golden", Options{Sends: true, Recvs: true}, false},
		// spin -p: SPIN's state numbers (docs/spin-semantics.md, SN)
		{"qorder.p.golden", Options{PrintSteps: true}, true},
	} {
		want, err := os.ReadFile(filepath.Join("testdata", c.golden))
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 3; seed++ {
			opt := c.opt
			opt.Seed = seed
			got, _ := runModel(t, filepath.Join("testdata", "qorder.pml"), opt)
			got = strings.ReplaceAll(got, filepath.Join("testdata", "qorder.pml"), "qorder.pml")
			g, w := got, string(want)
			if !c.exact {
				g, w = stateNum.ReplaceAllString(got, "(state _)"), stateNum.ReplaceAllString(string(want), "(state _)")
			}
			if g != w {
				t.Fatalf("%s, seed %d: output differs\n--- got\n%s--- want\n%s", c.golden, seed, got, want)
			}
		}
	}
}
