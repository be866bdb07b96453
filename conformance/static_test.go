package conformance

import (
	"flag"
	"testing"

	"github.com/gospin/gospin/verify"
)

var staticMax = flag.Int64("staticmax", 3000, "TestStaticProviso: the largest safety or acc row (SPIN's states stored) it runs (the long run: -staticmax 20000, about a minute)")

// TestStaticProviso runs the reduced safety and acc rows (up to
// -staticmax states in SPIN's row: 3,000 by default) with the static cycle proviso
// (docs/parallel.md): with -j 1 (-proviso static) and with -j 2 (its
// default there), against -j 1's stack proviso. The verdict and the
// error kind are -j 1's (or another kind that -j 1 finds with -e: which
// error comes first depends on the order); a complete search without
// error stores the same states with -j 1 and -j 2 (the reduced graph is
// a function of the state); trails replay (runWith). It logs the states
// stored with each proviso.
func TestStaticProviso(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	rows := 0
	var stack, static int64
	for _, r := range readExpected(t) {
		if r.config != "safety" && r.config != "acc" || r.stored > *staticMax || r.complete == "no" || r.verdict == "incomplete" || r.verdict == "error" || r.errorKind == "other" {
			continue
		}
		rows++
		acc := r.config == "acc"
		t.Run(r.config+"/"+r.model+"/"+r.ltl, func(t *testing.T) {
			s := verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, Accept: acc, Workers: 1, MemLimitMB: 1 << 10}
			merge := !acc
			one, err := runWith(r, merge, merge, s)
			if err != nil {
				t.Fatal(err)
			}
			otherKind := errorKindsOfJ1(t, r, merge, s)
			s.Proviso = verify.ProvisoStatic
			st, err := runWith(r, merge, merge, s)
			if err != nil {
				t.Fatal(err)
			}
			s.Proviso, s.Workers = "", 2
			par, err := runWith(r, merge, merge, s)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range []struct {
				name string
				res  result
			}{{"-j 1 static", st}, {"-j 2", par}} {
				if x.res.verdict != one.verdict || x.res.kind != one.kind && !otherKind(x.res.kind) {
					t.Errorf("%s: verdict %s (%s); -j 1 %s (%s)", x.name, x.res.verdict, x.res.kind, one.verdict, one.kind)
				}
				if x.res.replay != "" {
					t.Errorf("%s: trail: %s", x.name, x.res.replay)
				}
				if one.complete && !x.res.complete {
					t.Errorf("%s: incomplete, -j 1 complete", x.name)
				}
			}
			if st.complete && par.complete && st.verdict == "pass" && st.stored != par.stored {
				t.Errorf("-j 2 stored %d states, -j 1 with the static proviso %d", par.stored, st.stored)
			}
			if one.complete && st.complete && one.verdict == "pass" {
				stack += one.stored
				static += st.stored
				t.Logf("states stored: %d with the stack proviso, %d with the static one (-j 2: %d)", one.stored, st.stored, par.stored)
			}
		})
	}
	t.Logf("%d rows; states stored on the complete ones without error: %d with the stack proviso, %d with the static one", rows, stack, static)
	if rows < 20 {
		t.Errorf("only %d safety and acc rows found", rows)
	}
}
