package conformance

import (
	"flag"
	"testing"

	"github.com/gospin/gospin/verify"
)

var parAccMax = flag.Int64("paraccmax", 20000, "TestParallelAcceptance: the largest acc_noreduce row (SPIN's states stored) it runs")

// TestParallelAcceptance runs the acc_noreduce, acc, np_noreduce and np rows (up to
// -paraccmax states in SPIN's row: 20,000 by default, the small ones;
// not those where pan stopped at a limit of its own, "other", whose
// state spaces are large)
// with -j 2 and -j 3, the parallel acceptance-cycle search (CNDFS, for
// -l on pan's non-progress product, or reduced on np rows on the
// product with <>[] np_ in SI normal form;
// reduced on acc and np rows, with the static proviso, or for an invariant's
// claim the parallel safety search of the reduced product), against -j 1 (and SPIN, unreduced): the same verdict and
// error kind (or another kind that -j 1 finds with -e: which error comes
// first depends on the order);
// unreduced, on a complete search the same states stored as -j 1; every
// first error's trail replays, and a cycle's trail ends where its cycle
// starts (runWith).
func TestParallelAcceptance(t *testing.T) {
	dev := readDeviations(t)
	rows := 0
	for _, r := range readExpected(t) {
		if r.config != "acc_noreduce" && r.config != "acc" && r.config != "np_noreduce" && r.config != "np" || r.stored > *parAccMax || r.complete == "no" || r.verdict == "incomplete" || r.verdict == "error" || r.errorKind == "other" {
			continue
		}
		rows++
		key := r.model + "/" + r.config
		if r.ltl != "-" {
			key += "/" + r.ltl
		}
		reduced, np := r.config == "acc" || r.config == "np", r.config == "np_noreduce" || r.config == "np"
		t.Run(r.config+"/"+r.model+"/"+r.ltl, func(t *testing.T) {
			s := verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, NoReduce: !reduced, Accept: !np, NonProgress: np, Workers: 1, MemLimitMB: 1 << 10}
			one, err := runWith(r, true, true, s)
			if err != nil {
				t.Fatal(err)
			}
			if one.replay != "" {
				t.Errorf("-j 1: trail: %s", one.replay)
			}
			// the first error found depends on the order: with several
			// workers it may be another one that -j 1 finds too (-e)
			otherKind := errorKindsOfJ1(t, r, true, s)
			for _, j := range []int{2, 3} {
				s.Workers = j
				got, err := runWith(r, true, true, s)
				if err != nil {
					t.Fatal(err)
				}
				if got.workers != j {
					t.Errorf("-j %d: searched with %d workers", j, got.workers)
				}
				if got.verdict != one.verdict || got.kind != one.kind && !otherKind(got.kind) {
					t.Errorf("-j %d: verdict %s (%s); -j 1 %s (%s)", j, got.verdict, got.kind, one.verdict, one.kind)
				}
				if _, ok := dev[key]; !ok && !reduced && (got.verdict != r.verdict || got.kind != r.errorKind && !otherKind(got.kind)) {
					t.Errorf("-j %d: verdict %s (%s); SPIN %s (%s)", j, got.verdict, got.kind, r.verdict, r.errorKind)
				}
				if got.replay != "" {
					t.Errorf("-j %d: trail: %s", j, got.replay)
				}
				if one.complete && !got.complete {
					t.Errorf("-j %d: incomplete, -j 1 complete", j)
				}
				if reduced {
					// the static proviso: other states than -j 1's stack
					// proviso (logged), the same verdict
					t.Logf("-j %d: states stored %d; -j 1 %d", j, got.stored, one.stored)
					continue
				}
				if one.complete && got.stored != one.stored {
					t.Logf("-j %d: states stored %d; -j 1 %d", j, got.stored, one.stored)
					if got.stored < one.stored {
						t.Errorf("-j %d: fewer states stored (%d) than -j 1 (%d)", j, got.stored, one.stored)
					}
				}
			}
		})
	}
	if rows < 20 {
		t.Errorf("only %d acc and acc_noreduce rows found", rows)
	}
}
