package conformance

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/gospin/gospin/verify"
)

var parSweep = flag.Int64("parsweep", 0, "TestParallelSweep: run every corpus row of every configuration up to this many states (SPIN's states stored) with -j 2 against -j 1 (0: skip)")

// TestParallelSweep (opt-in: -parsweep N) runs every corpus row of every
// configuration up to N states in SPIN's row with -j 2 and compares it
// with -j 1: the same verdict and error kind (or another kind that -j 1
// finds with -e: which error comes first depends on the order), a
// complete search where -j 1's is, and on complete unreduced searches
// (safety_plain, safety_noreduce, acc_noreduce, np_noreduce) the same
// states stored. It logs, per configuration, how many rows ran and how
// many of them the parallel search covered (the others run on one
// worker, with a note, and agree by construction).
func TestParallelSweep(t *testing.T) {
	if *parSweep <= 0 {
		t.Skip("opt-in: go test ./conformance -run TestParallelSweep -timeout 2h -args -parsweep 2000000")
	}
	type tally struct{ rows, parallel, sameStates, reducedMore int }
	tallies := map[string]*tally{}
	for _, r := range readExpected(t) {
		if r.stored > *parSweep || r.complete == "no" || r.verdict == "error" || r.verdict == "incomplete" || r.errorKind == "other" {
			continue
		}
		s := verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, Workers: 1, MemLimitMB: 2 << 10}
		noreduce, merge, exact := true, true, false
		switch r.config {
		case "safety_plain":
			noreduce, merge, exact = false, false, true
			s.NoReduce = true
		case "safety_noreduce":
			s.NoReduce, exact = true, true
		case "safety":
		case "safety_noend":
			s.IgnoreEnd = true
		case "safety_bfs":
			s.BFS = true
		case "acc", "acc_fair":
			s.Accept, s.Fair = true, r.config == "acc_fair"
		case "acc_noreduce", "acc_fair_noreduce":
			s.Accept, s.Fair, s.NoReduce, exact = true, r.config == "acc_fair_noreduce", true, true
		case "np":
			s.NonProgress = true
		case "np_noreduce":
			s.NonProgress, s.NoReduce, exact = true, true, true
		default:
			continue
		}
		tl := tallies[r.config]
		if tl == nil {
			tl = &tally{}
			tallies[r.config] = tl
		}
		tl.rows++
		name := r.config + "/" + r.model
		if r.ltl != "-" {
			name += "/" + r.ltl
		}
		t.Run(name, func(t *testing.T) {
			one, err := runWith(r, noreduce, merge, s)
			if err != nil {
				t.Fatal(err)
			}
			otherKind := errorKindsOfJ1(t, r, merge, s)
			two := s
			two.Workers = 2
			got, err := runWith(r, noreduce, merge, two)
			if err != nil {
				t.Fatal(err)
			}
			if got.workers == 2 {
				tl.parallel++
			}
			if got.verdict != one.verdict || got.kind != one.kind && !otherKind(got.kind) {
				t.Errorf("-j 2: verdict %s (%s); -j 1 %s (%s)", got.verdict, got.kind, one.verdict, one.kind)
			}
			if got.replay != "" {
				t.Errorf("-j 2: trail: %s", got.replay)
			}
			if one.complete && !got.complete {
				t.Errorf("-j 2: incomplete, -j 1 complete")
			}
			switch {
			case !one.complete || one.verdict != "pass":
			case exact:
				if got.stored != one.stored {
					t.Errorf("-j 2: %d states stored, -j 1 %d", got.stored, one.stored)
				} else {
					tl.sameStates++
				}
			case got.stored > one.stored:
				tl.reducedMore++
			}
		})
	}
	var b strings.Builder
	var configs []string
	for c := range tallies {
		configs = append(configs, c)
	}
	sort.Strings(configs)
	for _, c := range configs {
		tl := tallies[c]
		fmt.Fprintf(&b, "%-18s %3d rows, %3d searched by 2 workers, %3d complete with -j 1's states, %3d reduced with more states than -j 1\n", c, tl.rows, tl.parallel, tl.sameStates, tl.reducedMore)
	}
	t.Log("\n" + b.String())
}
