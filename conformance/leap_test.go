package conformance

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/gospin/gospin/verify"
)

// TestLeapCorpus runs the claim-free safety rows of the corpus (SPIN's
// default state space, partial-order reduction on) with leap sets
// (-leap): the verdict must be SPIN's, and the log lists the states
// stored by SPIN, by gospin's ample sets and by its leap sets.
func TestLeapCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	noreduce := map[string]row{}
	for _, r := range readExpected(t) {
		if r.config == "safety_noreduce" {
			noreduce[r.model] = r
		}
	}
	type line struct {
		model             string
		spin, ample, leap int64
	}
	var lines []line
	for _, r := range readExpected(t) {
		if r.config != "safety" || r.complete != "yes" || r.claim != "-" || (r.verdict != "pass" && r.verdict != "fail") || r.errorKind == "other" {
			continue
		}
		if nr, ok := noreduce[r.model]; !ok || r.stored > 200_000 || nr.stored > defaultMaxStates {
			continue
		}
		vo := verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16}
		ample, err := runSpinDefaults(r, vo)
		if err != nil {
			t.Logf("%s: %v", r.model, err)
			continue
		}
		vo.Leap = true
		leap, err := runSpinDefaults(r, vo)
		if err != nil {
			t.Errorf("%s: %v", r.model, err)
			continue
		}
		if leap.verdict != r.verdict {
			t.Errorf("%s: verdict %s with leap sets, SPIN's %s", r.model, leap.verdict, r.verdict)
		}
		if leap.replay != "" {
			t.Errorf("%s: leap trail: %s", r.model, leap.replay)
		}
		if r.verdict == "pass" {
			lines = append(lines, line{r.model, r.stored, ample.stored, leap.stored})
		}
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].spin < lines[j].spin })
	var b strings.Builder
	b.WriteString("model\tspin\tample\tleap\n")
	var sumSpin, sumAmple, sumLeap, fewer int64
	for _, l := range lines {
		fmt.Fprintf(&b, "%s\t%d\t%d\t%d\n", l.model, l.spin, l.ample, l.leap)
		sumSpin += l.spin
		sumAmple += l.ample
		sumLeap += l.leap
		if l.leap < l.ample {
			fewer++
		}
	}
	fmt.Fprintf(&b, "%d passing models: states SPIN %d, ample sets %d, leap sets %d; leap sets store fewer than ample sets on %d\n", len(lines), sumSpin, sumAmple, sumLeap, fewer)
	t.Log(b.String())
	if len(lines) == 0 {
		t.Fatal("no rows")
	}
}
