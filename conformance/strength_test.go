package conformance

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/gospin/gospin/verify"
)

// TestReductionStrength compares the states stored by gospin's reduced
// safety search with those of SPIN's (the safety rows of expected.tsv:
// spin -a, -DSAFETY, partial-order reduction on), both on SPIN's default
// state space (dead-variable reset, write-only hiding, statement
// merging). Rows whose run includes a never claim or ltl property are
// listed apart: gospin reduces the search for a claim's end for a claim
// that waits in its first state until it ends or blocks (an invariant
// [] p, <> p: property.NeverWaits, LTLWaits) and leaves out a claim that
// can report nothing (property.ClaimInert, LTLInert); others are not
// reduced.
//
// It logs the table and asserts, over the claim-free rows, what has been
// reached: gospin stores at most SPIN's states on at least minShare of
// them, and at most SPIN's sum in total over those where both searches
// were complete. Where pan stopped at its first error the counts say how
// soon each search happened to meet an error (order and luck), and
// SPIN's reduction is not sound (it trusts xr/xs, counts every run as
// safe, and ignores that a step can decide whether another process's
// atomic sequence blocks midway): their sum is logged apart.
func TestReductionStrength(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	const minShare = 0.90
	noreduce := map[string]row{}
	for _, r := range readExpected(t) {
		if r.config == "safety_noreduce" {
			noreduce[r.model] = r
		}
	}
	all := os.Getenv("GOSPIN_CONFORMANCE_ALL") != ""
	type line struct {
		model       string
		spin, ours  int64
		claim, stop bool
		reduced     bool
	}
	var lines []line
	for _, r := range readExpected(t) {
		if r.config != "safety" || r.complete == "no" || (r.verdict != "pass" && r.verdict != "fail") {
			continue
		}
		// SPIN's "partial order reduction invalid" (an xr/xs assertion
		// violated) has no counterpart: gospin checks no such assertion
		if r.errorKind == "other" {
			continue
		}
		nr, ok := noreduce[r.model]
		if !ok || !all && (r.stored > 500_000 || nr.stored > defaultMaxStates) {
			continue
		}
		vo := verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16}
		res, err := runSpinDefaults(r, vo)
		if err != nil {
			t.Logf("%s: %v", r.model, err)
			continue
		}
		if res.verdict != r.verdict {
			t.Errorf("%s: verdict %s with reduction, SPIN's %s", r.model, res.verdict, r.verdict)
		}
		lines = append(lines, line{model: r.model, spin: r.stored, ours: res.stored, claim: r.claim != "-", stop: r.complete == "stopped-at-error", reduced: res.reduced})
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].spin < lines[j].spin })
	var b strings.Builder
	b.WriteString("model\tspin\tgospin\tratio\n")
	var n, le, sumSpin, sumOurs int64
	var cn, cle, csumSpin, csumOurs, cred int64
	var stopSpin, stopOurs int64
	for _, l := range lines {
		mark := ""
		if l.claim && l.reduced {
			mark += " (claim, reduced)"
		} else if l.claim {
			mark += " (claim: not reduced)"
		}
		if l.stop {
			mark += " (stopped at error)"
		}
		fmt.Fprintf(&b, "%s\t%d\t%d\t%.2f%s\n", l.model, l.spin, l.ours, float64(l.ours)/float64(max(1, l.spin)), mark)
		if l.claim {
			cn++
			if l.reduced {
				cred++
			}
			if l.ours <= l.spin {
				cle++
			}
			if !l.stop {
				csumSpin += l.spin
				csumOurs += l.ours
			}
			continue
		}
		n++
		if l.ours <= l.spin {
			le++
		}
		if l.stop {
			stopSpin += l.spin
			stopOurs += l.ours
			continue
		}
		sumSpin += l.spin
		sumOurs += l.ours
	}
	fmt.Fprintf(&b, "without a claim: %d models, gospin <= SPIN on %d (%.1f%%); complete searches: states %d (SPIN %d); stopped at an error: states %d (SPIN %d)\n",
		n, le, 100*float64(le)/float64(max(1, n)), sumOurs, sumSpin, stopOurs, stopSpin)
	fmt.Fprintf(&b, "with a claim: %d models (%d reduced), gospin <= SPIN on %d (%.1f%%); complete searches: states %d (SPIN %d)\n", cn, cred, cle, 100*float64(cle)/float64(max(1, cn)), csumOurs, csumSpin)
	t.Log(b.String())
	if n == 0 {
		t.Fatal("no rows")
	}
	if float64(le) < minShare*float64(n) {
		t.Errorf("gospin stores at most SPIN's states on %d of %d claim-free models, below %.0f%%", le, n, 100*minShare)
	}
	if sumOurs > sumSpin {
		t.Errorf("gospin stores %d states over the claim-free complete searches, SPIN %d", sumOurs, sumSpin)
	}
	if csumOurs > csumSpin {
		t.Errorf("gospin stores %d states over the complete searches with a claim, SPIN %d", csumOurs, csumSpin)
	}
}
