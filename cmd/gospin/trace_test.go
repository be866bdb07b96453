package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestTraceProbes verifies the trace and notrace probes of
// testdata/outputs/trace with every optimization off and compares with
// pan's figures in expected.txt (oracle.sh): states stored and matched,
// transitions, atomic steps, errors, and the first error's message and
// depth.
func TestTraceProbes(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "outputs", "trace")
	f, err := os.Open(filepath.Join(dir, "expected.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// Where gospin's error depth is not pan's, and why (docs/spin-semantics.md):
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		nums, msg, _ := strings.Cut(line, " | ")
		fs := strings.Fields(nums)
		if len(fs) != 6 {
			t.Fatalf("bad line %q", line)
		}
		name := fs[0]
		n++
		t.Run(name, func(t *testing.T) {
			path := copyModel(t, filepath.Join("testdata", "outputs", "trace", name+".pml"))
			_, out, errs := gospin("verify", "-noreduce", "-o1", "-o2", "-o3", "-json", "-notrail", path)
			var doc struct {
				Properties []struct {
					Errors        int
					StatesStored  int64 `json:"states_stored"`
					StatesMatched int64 `json:"states_matched"`
					Transitions   int64
					AtomicSteps   int64 `json:"atomic_steps"`
					Checks        struct{ Trace string }
					Violations    []struct {
						Kind, Message string
						Depth         int
					}
				}
			}
			if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Properties) != 1 {
				t.Fatalf("%v\n%s%s", err, out, errs)
			}
			sum := doc.Properties[0]
			want := []int64{}
			for _, s := range fs[1:] {
				v, _ := strconv.ParseInt(s, 10, 64)
				want = append(want, v)
			}
			got := []int64{sum.StatesStored, sum.StatesMatched, sum.Transitions, sum.AtomicSteps, int64(sum.Errors)}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("stored/matched/transitions/atomic/errors %v, pan %v", got, want)
					break
				}
			}
			if sum.Checks.Trace != "trace" && sum.Checks.Trace != "notrace" {
				t.Errorf("report does not say the model has a trace sequence: %q", sum.Checks.Trace)
			}
			if msg == "" {
				return
			}
			if len(sum.Violations) == 0 {
				t.Fatalf("no violation, pan: %s", msg)
			}
			v := sum.Violations[0]
			wantMsg, depth, _ := strings.Cut(strings.TrimSuffix(msg, ")"), " (at depth ")
			if v.Message != wantMsg {
				t.Errorf("error %q, pan %q", v.Message, wantMsg)
			}
			d, _ := strconv.Atoi(depth)
			// pan's depth exactly (verify's panDepth), on every probe
			if v.Depth != d {
				t.Errorf("error at depth %d, want %d (pan: %s)", v.Depth, d, depth)
			}
		})
	}
	if n < 10 {
		t.Fatalf("only %d probes in expected.txt", n)
	}
}

// TestTraceDefaults: with gospin's defaults (reduction, merging,
// dead-variable reset) a model with a trace sequence is verified without
// partial-order reduction, and the report says why.
func TestTraceDefaults(t *testing.T) {
	path := copyModel(t, "testdata/outputs/trace/ring_trace.pml")
	code, out, errs := gospin("verify", "-notrail", path)
	if code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for _, s := range []string{"- Partial Order Reduction (off: the trace sequence observes every send and receive on its channels)\n", "\ttrace assertion    \t+\n", "errors: 0\n"} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	// a random simulation ignores the sequence, as SPIN's does
	code, out, _ = gospin("run", "-seed", "1", path)
	if code != exitOK || !strings.HasPrefix(out, "warning: trace assertion not used in random simulation\n") {
		t.Errorf("run: exit %d\n%s", code, out)
	}
}
