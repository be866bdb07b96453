package main

import (
	"os"
	"strings"
	"testing"
)

// TestTGBAVerdicts: -scc on an ltl property's generalized Büchi automaton
// gives the verdict of nested DFS on its never claim, with and without
// weak fairness, on models that exercise SPIN's product semantics
// (stutter at termination, timeout, atomic sequences, rendezvous,
// fairness, a claim that ends at once, and Siegel's Fig. 2 as an ltl
// block), and of nested DFS with the default reduction; every
// counterexample replays with gospin run -t as an
// acceptance cycle (or the end) of the never claim.
func TestTGBAVerdicts(t *testing.T) {
	want := map[string][2]bool{ // errors without, with -f
		"siegel_fig2_ltl.pml": {true, true},
		"stutter.pml":         {true, true},
		"timeout.pml":         {false, false},
		"atomic.pml":          {false, false},
		"fair.pml":            {true, false},
		"rendezvous.pml":      {true, true},
		"false.pml":           {true, true}, // the claim's end, not a cycle
		"timeoutprop.pml":     {true, true}, // the claim's end
	}
	for name, w := range want {
		for i, fair := range []bool{false, true} {
			path := copyModel(t, "testdata/tgba/"+name)
			args := []string{"verify", "-a", "-noprogress"}
			if fair {
				args = append(args, "-f")
			}
			// nested DFS without reduction (as pan -DNOREDUCE)
			ndCode, ndOut, _ := gospin(append(append([]string(nil), args...), "-noreduce", "-notrail", path)...)
			code, out, errs := gospin(append(append([]string(nil), args...), "-scc", path)...)
			// nested DFS with the default reduction (the SI normal form
			// claim, reduced, where the property allows it)
			_, redOut, _ := gospin(append(append([]string(nil), args...), "-notrail", path)...)
			if strings.Contains(redOut, "errors: 1") != w[i] {
				t.Errorf("%s fair=%v: nested DFS with reduction: want errors=%v\n%s", name, fair, w[i], redOut)
			}
			failed := strings.Contains(out, "errors: 1")
			if failed != w[i] || failed != strings.Contains(ndOut, "errors: 1") || code != ndCode {
				t.Errorf("%s fair=%v: -scc (TGBA) exit %d, nested DFS exit %d, want errors=%v\n%s%s", name, fair, code, ndCode, w[i], out, errs)
				continue
			}
			if !failed {
				continue
			}
			data, err := os.ReadFile(path + ".gtrail")
			if err != nil || strings.Contains(string(data), "# note:") {
				t.Errorf("%s: trail: %v\n%s", name, err, data)
				continue
			}
			rcode, rout, rerrs := gospin("run", "-t", path)
			shows := "START OF CYCLE"
			if name == "false.pml" || name == "timeoutprop.pml" {
				shows = "claim :never: terminates"
			}
			if rcode == exitUsage || !strings.Contains(rout, shows) || strings.Contains(rout, "does not match") {
				t.Errorf("%s fair=%v: replay: exit %d\n%s%s", name, fair, rcode, rout, rerrs)
			}
		}
	}
}

// TestSiegelFig2SCC: the never claim of Siegel's Fig. 2 (not an ltl
// block) still reports its acceptance cycle with -scc.
func TestSiegelFig2SCC(t *testing.T) {
	path := copyModel(t, "testdata/engine/siegel_fig2.pml")
	code, out, _ := gospin("verify", "-a", "-scc", "-notrail", path)
	if code != exitFound || !strings.Contains(out, "errors: 1") {
		t.Errorf("exit %d\n%s", code, out)
	}
}
