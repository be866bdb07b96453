package engine

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gospin/gospin/pins"
)

// TestVerdictProbes runs each model of testdata/verdicts as pan does in
// safety_plain (stopping at the first error) and compares the states
// stored, the transitions, whether there is an error and pan's message
// for it with SPIN's (expected.txt, made by oracle.sh there).
func TestVerdictProbes(t *testing.T) {
	f, err := os.Open("../testdata/verdicts/expected.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type want struct {
		stored, trans, errors int64
		msg                   string
	}
	exp := map[string]want{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.SplitN(sc.Text(), " ", 5)
		if len(fs) < 5 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		exp[fs[0]] = want{atoi(fs[1]), atoi(fs[2]), atoi(fs[3]), fs[4]}
	}
	files, _ := filepath.Glob("../testdata/verdicts/*.pml")
	if len(files) < 10 {
		t.Fatalf("only %d probes", len(files))
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".pml")
		t.Run(name, func(t *testing.T) {
			w, ok := exp[name]
			if !ok {
				t.Fatal("no expected counts")
			}
			e, err := loadModel(file)
			if err != nil {
				t.Fatal(err)
			}
			got := exploreWith(e, 1_000_000, 100000, true, false)
			if got.stored != w.stored || got.transitions() != w.trans {
				t.Errorf("stored %d transitions %d; SPIN %d %d", got.stored, got.transitions(), w.stored, w.trans)
			}
			if (len(got.violations) > 0) != (w.errors > 0) {
				t.Fatalf("violations %v; SPIN errors %d (%s)", got.violations, w.errors, w.msg)
			}
			if w.errors > 0 {
				v := got.violations[0]
				kind := pins.RuntimeError
				if w.msg == "invalid end state" {
					kind = pins.InvalidEndState
				}
				if v.Kind != kind || !strings.HasPrefix(v.Message, w.msg) {
					t.Errorf("violation %v %q; SPIN: %q", v.Kind, v.Message, w.msg)
				}
				if v.Fatal != panFatal[w.msg] {
					t.Errorf("fatal %v; pan reports %q with Uerror: %v", v.Fatal, w.msg, panFatal[w.msg])
				}
			}
		})
	}
}

// panFatal: the errors of the probes that pan reports with Uerror (its
// search ends there even with -e), read in the generated pan.c.
var panFatal = map[string]bool{
	"too many processes":               true,
	"too many fields in recv":          true,
	"block in d_step seq":              true,
	"rv-attempt in d_step":             true,
	"error to poll rendezvous channel": true,
}

// TestDStepLoopsForever: pan hangs on a d_step that never ends; gospin
// finds its repeated state (Brent's cycle detection, after dstepWatch
// steps) and reports a run-time error at the d_step.
func TestDStepLoopsForever(t *testing.T) {
	for _, src := range []string{
		"byte x; active proctype A() { d_step { do :: x++ od } }",
		// the state repeats only every 65536 steps (short x wraps)
		"short x; byte y; active proctype A() { d_step { do :: x++; y = 1 - y od } }",
	} {
		e, err := loadSrc("forever.pml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		got := exploreWith(e, 100, 100, true, false)
		if len(got.violations) != 1 || got.violations[0].Message != errDStepInf+" (D_STEP1)" {
			t.Errorf("%s: violations %v; want %q", src, got.violations, errDStepInf)
		}
	}
}

// TestInitializerErrors: a run-time error in an initializer is reported
// with the variable and its place, before any step for the globals and
// the active processes (the initial state is built all the same), at
// the run for a process created later.
func TestInitializerErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"byte a[2]; byte i = 5;\nbyte x = a[i];\nactive proctype A() { x++ }", "array index out of range in the initializer of x at init.pml:2:6"},
		{"byte z;\nint y = 10 / z;\nactive proctype A() { y++ }", "division by zero in the initializer of y at init.pml:2:5"},
		{"active proctype A() { byte a[3]; byte k = 7;\n byte x = a[k]; x++ }", "array index out of range in the initializer of A's x at init.pml:2:7"},
	} {
		e, err := loadSrc("init.pml", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		v := e.InitialViolation()
		if v == nil || v.Kind != pins.RuntimeError || v.Message != c.want || v.Pos.Line == 0 {
			t.Errorf("%q: initial violation %+v; want %q", c.src, v, c.want)
		}
	}
	e, err := loadSrc("init.pml", []byte("byte z;\nproctype P(byte d) { byte q = 10 / d; q++ }\ninit { run P(z) }"))
	if err != nil {
		t.Fatal(err)
	}
	if v := e.InitialViolation(); v != nil {
		t.Fatalf("initial violation %v; want none", v)
	}
	got := exploreWith(e, 100, 100, true, false)
	want := "division by zero in the initializer of P's q at init.pml:2:27 ((run P(z)))"
	if len(got.violations) != 1 || got.violations[0].Message != want {
		t.Errorf("violations %v; want %q", got.violations, want)
	}
}
