package conformance

import (
	"flag"
	"github.com/gospin/gospin/parsearch"
	"testing"

	"github.com/gospin/gospin/verify"
)

var parSCCMax = flag.Int64("parsccmax", 20000, "TestParallelSCC: the largest acc_noreduce, acc_fair_noreduce or np_noreduce row (SPIN's states stored) it runs")

// TestParallelSCC runs the acc_noreduce, acc_fair_noreduce and np_noreduce
// rows (-l: non-progress cycles on pan's claim; up to
// -parsccmax states in SPIN's row, 20,000 by default; not those where
// pan stopped at a limit of its own) with -scc (on the never claim, as
// runWith checks them) and -j 2, the parallel SCC search (UFSCC,
// parsearch/ufscc.go), against -scc -j 1: the same verdict and error kind
// (or another kind that -j 1 finds with -e: which error comes first
// depends on the order); on a complete search the same states stored;
// every first error's trail replays, and a cycle's trail ends where its
// cycle starts (runWith).
func TestParallelSCC(t *testing.T) {
	if !parsearch.UFSCC {
		t.Skip("the parallel SCC search is off: GOSPIN_UFSCC=0 in the environment (docs/parallel.md)")
	}
	rows := 0
	for _, r := range readExpected(t) {
		if r.config != "acc_noreduce" && r.config != "acc_fair_noreduce" && r.config != "np_noreduce" || r.stored > *parSCCMax || r.complete == "no" || r.verdict == "incomplete" || r.verdict == "error" || r.errorKind == "other" {
			continue
		}
		rows++
		t.Run(r.config+"/"+r.model+"/"+r.ltl, func(t *testing.T) {
			np := r.config == "np_noreduce"
			s := verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, NoReduce: true, Accept: !np, NonProgress: np, SCC: true,
				Fair: r.config == "acc_fair_noreduce", Workers: 1, MemLimitMB: 1 << 10}
			one, err := runWith(r, true, true, s)
			if err != nil {
				t.Fatal(err)
			}
			if one.replay != "" {
				t.Errorf("-j 1: trail: %s", one.replay)
			}
			otherKind := errorKindsOfJ1(t, r, true, s)
			s.Workers = 2
			got, err := runWith(r, true, true, s)
			if err != nil {
				t.Fatal(err)
			}
			if got.workers != 2 {
				t.Errorf("-j 2: searched with %d workers", got.workers)
			}
			if got.verdict != one.verdict || got.kind != one.kind && !otherKind(got.kind) {
				t.Errorf("-j 2: verdict %s (%s); -j 1 %s (%s)", got.verdict, got.kind, one.verdict, one.kind)
			}
			if got.replay != "" {
				t.Errorf("-j 2: trail: %s", got.replay)
			}
			if one.complete && (!got.complete || got.stored != one.stored) {
				t.Errorf("-j 2: complete %v, states stored %d; -j 1 %d", got.complete, got.stored, one.stored)
			}
		})
	}
	if rows == 0 {
		t.Error("no acc_noreduce, acc_fair_noreduce or np_noreduce row")
	}
}
