package conformance

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/simulate"
	"github.com/gospin/gospin/verify"
)

// TestSpinCounts runs the models of testdata/counts, each a rule of
// SPIN's on which gospin's counts once differed from pan's (issue 17), in
// the three state spaces of testdata/counts/oracle.sh, and compares the
// states stored, the transitions and whether pan found an error with SPIN
// 6.5.2's figures in expected.txt. The search is gospin verify's without
// partial-order reduction, stopping at the first error as pan does; the
// error's trail must replay to it, at its last step.
func TestSpinCounts(t *testing.T) {
	f, err := os.Open("../testdata/counts/expected.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	opts := map[string]engine.Options{
		"plain":    {},
		"noreduce": {ResetDead: true, HideWriteOnly: true},
		"default":  {ResetDead: true, HideWriteOnly: true, Merge: true},
	}
	sc := bufio.NewScanner(f)
	rows := 0
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		if len(fs) != 5 {
			t.Fatalf("expected.txt: bad line %q", sc.Text())
		}
		rows++
		name, cfg := fs[0], fs[1]
		stored, _ := strconv.ParseInt(fs[2], 10, 64)
		trans, _ := strconv.ParseInt(fs[3], 10, 64)
		errs, _ := strconv.Atoi(fs[4])
		t.Run(name+"/"+cfg, func(t *testing.T) {
			eo, ok := opts[cfg]
			if !ok {
				t.Fatalf("unknown configuration %q", cfg)
			}
			path := filepath.Join("../testdata/counts", name+".pml")
			fr, err := frontend.LoadFile(path, &frontend.Config{IncludeDirs: []string{filepath.Dir(path)}})
			if err != nil {
				t.Fatal(err)
			}
			if fr.HasErrors() {
				t.Fatalf("front end: %s", fr.Diags.Error())
			}
			var dl diag.List
			prog := automata.Lower(fr.Program, &dl)
			if dl.HasErrors() || prog == nil {
				t.Fatalf("lowering: %s", dl.Error())
			}
			m, err := engine.NewWithOptions(prog, eo)
			if err != nil {
				t.Fatal(err)
			}
			sum, sres, err := verify.Run(context.Background(), path, m, verify.Options{MaxDepth: 100000, StopAfter: 1, HashLog2: 16})
			if err != nil {
				t.Fatal(err)
			}
			if sum.StatesStored != stored || sum.Transitions != trans || (sum.Errors > 0) != (errs > 0) {
				t.Errorf("stored %d, transitions %d, errors %d; SPIN %d, %d, %d", sum.StatesStored, sum.Transitions, sum.Errors, stored, trans, errs)
			}
			if len(sres.Errors) == 0 || sres.Errors[0].Trail == nil {
				return
			}
			// the trail replays to the same error (gospin run -t)
			first := sres.Errors[0]
			r, err := engine.NewWithOptions(prog, eo)
			if err != nil {
				t.Fatal(err)
			}
			rr, err := simulate.Run(r, simulate.Options{Mode: simulate.Replay, Trail: &simulate.Trail{Steps: first.Trail, CycleStart: first.CycleStart, Headers: replayHeaders(verify.Options{})}})
			switch {
			case err != nil:
				t.Errorf("replay: %v", err)
			case first.Violation.Kind == pins.InvalidEndState:
				if rr.End != simulate.InvalidEnd {
					t.Errorf("replay ends with %v, not an invalid end state", rr.End)
				}
			case rr.Violation == nil || rr.Violation.Kind != first.Violation.Kind:
				t.Errorf("replay ends with %v (%v), not %v", rr.End, rr.Violation, first.Violation.Kind)
			}
			// and not before its last step
			short, err := engine.NewWithOptions(prog, eo)
			if err != nil {
				t.Fatal(err)
			}
			steps := first.Trail[:len(first.Trail)-1]
			rr, err = simulate.Run(short, simulate.Options{Mode: simulate.Replay, Trail: &simulate.Trail{Steps: steps, CycleStart: -1, Headers: replayHeaders(verify.Options{})}})
			switch {
			case err != nil:
				t.Errorf("replay without the last step: %v", err)
			case rr.End != simulate.TrailEnd:
				t.Errorf("the trail without its last step ends with %v (%v), not at its end", rr.End, rr.Violation)
			}
		})
	}
	if rows == 0 {
		t.Fatal("no rows in expected.txt")
	}
}
