package conformance

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gospin/gospin/verify"
)

// TestStubbornCorpus runs the claim-free safety rows of the corpus with a
// complete SPIN search (SPIN's default state space, reduction on) with
// gospin's ample sets and with stubborn sets (-stubborn): the verdicts
// must be SPIN's, and the log lists the states stored by SPIN, by the
// ample sets and by the stubborn sets, with the time per stored state.
// GOSPIN_CONFORMANCE_ALL lifts the size limits.
func TestStubbornCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	all := os.Getenv("GOSPIN_CONFORMANCE_ALL") != ""
	noreduce := map[string]row{}
	for _, r := range readExpected(t) {
		if r.config == "safety_noreduce" {
			noreduce[r.model] = r
		}
	}
	type line struct {
		model             string
		spin, ample, stub int64
		tAmple, tStub     time.Duration
	}
	var lines []line
	for _, r := range readExpected(t) {
		if r.config != "safety" || r.complete != "yes" || r.claim != "-" || (r.verdict != "pass" && r.verdict != "fail") || r.errorKind == "other" {
			continue
		}
		if nr, ok := noreduce[r.model]; !ok || !all && (r.stored > 500_000 || nr.stored > defaultMaxStates) {
			continue
		}
		vo := verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16}
		t0 := time.Now()
		ample, err := runSpinDefaults(r, vo)
		tAmple := time.Since(t0)
		if err != nil {
			t.Logf("%s: %v", r.model, err)
			continue
		}
		vo.Stubborn = true
		t0 = time.Now()
		stub, err := runSpinDefaults(r, vo)
		tStub := time.Since(t0)
		if err != nil {
			t.Errorf("%s: %v", r.model, err)
			continue
		}
		if stub.verdict != r.verdict {
			t.Errorf("%s: verdict %s with stubborn sets, SPIN's %s", r.model, stub.verdict, r.verdict)
		}
		if stub.replay != "" {
			t.Errorf("%s: stubborn trail: %s", r.model, stub.replay)
		}
		if r.verdict == "pass" && ample.complete && stub.complete {
			lines = append(lines, line{r.model, r.stored, ample.stored, stub.stored, tAmple, tStub})
		}
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].spin < lines[j].spin })
	var b strings.Builder
	b.WriteString("model\tspin\tample\tstubborn\tns/state ample\tns/state stubborn\n")
	var sumSpin, sumAmple, sumStub, fewer, more, leA, leS int64
	var tA, tS time.Duration
	for _, l := range lines {
		fmt.Fprintf(&b, "%s\t%d\t%d\t%d\t%.0f\t%.0f\n", l.model, l.spin, l.ample, l.stub,
			float64(l.tAmple.Nanoseconds())/float64(max(1, l.ample)), float64(l.tStub.Nanoseconds())/float64(max(1, l.stub)))
		sumSpin += l.spin
		sumAmple += l.ample
		sumStub += l.stub
		tA += l.tAmple
		tS += l.tStub
		if l.stub < l.ample {
			fewer++
		}
		if l.stub > l.ample {
			more++
		}
		if l.ample <= l.spin {
			leA++
		}
		if l.stub <= l.spin {
			leS++
		}
	}
	fmt.Fprintf(&b, "%d passing models, complete: states SPIN %d, ample %d (<= SPIN on %d), stubborn %d (<= SPIN on %d); stubborn fewer than ample on %d, more on %d; time ample %v (%.0f ns/state), stubborn %v (%.0f ns/state)\n",
		len(lines), sumSpin, sumAmple, leA, sumStub, leS, fewer, more, tA.Round(time.Millisecond), float64(tA.Nanoseconds())/float64(max(1, sumAmple)), tS.Round(time.Millisecond), float64(tS.Nanoseconds())/float64(max(1, sumStub)))
	t.Log(b.String())
	if len(lines) == 0 {
		t.Fatal("no rows")
	}
}
