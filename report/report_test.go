package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func sample() *Summary {
	return &Summary{
		Model: "m.pml", Complete: false, Incomplete: "stopped at error", Errors: 1,
		StatesStored: 112, StatesMatched: 21, Transitions: 133, Depth: 23, StateVectorBytes: 44,
		MemoryBytes: 3 << 20, TableBytes: 1 << 20, ElapsedS: 0.5, Search: "dfs",
		CheckAssert: true, CheckEnd: true, MaxDepth: 10000,
		Violations: []Violation{{Kind: "assertion", Message: "assertion violated (cnt<6)", Location: "m.pml:14:3", Depth: 20, Trail: "m.pml.trail"}},
		Unreached:  []Unreached{{Kind: "proctype", Name: "P", Lines: []string{`m.pml:6, state 6, "x = 0"`}, Count: 1, States: 11}},
	}
}

func TestText(t *testing.T) {
	var b bytes.Buffer
	Text(&b, sample())
	out := b.String()
	for _, want := range []string{
		"gospin:1: assertion violated (cnt<6) (at depth 20)\ngospin: wrote m.pml.trail\n",
		"Warning: Search not completed (stopped at error)\n",
		"\tnever claim         \t- (none specified)\n",
		"\tinvalid end states\t+\n",
		"State-vector 44 byte, depth reached 23, errors: 1\n",
		"      112 states, stored\n       21 states, matched\n      133 transitions (= stored+matched)\n",
		"unreached in proctype P\n\tm.pml:6, state 6, \"x = 0\"\n\t(1 of 11 states)\n",
		"gospin: rate      224.0 states/second\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

func TestJSONFieldNames(t *testing.T) {
	var b bytes.Buffer
	if err := JSON(&b, sample()); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"complete", "errors", "states_stored", "states_matched", "transitions", "depth", "state_vector_bytes", "memory_bytes", "elapsed_s", "violations"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	v := m["violations"].([]any)[0].(map[string]any)
	for _, k := range []string{"kind", "message", "location", "trail"} {
		if _, ok := v[k]; !ok {
			t.Errorf("violation lacks %q", k)
		}
	}
	if (&Summary{Complete: true}).Verdict() != "pass" || sample().Verdict() != "fail" {
		t.Error("verdicts wrong")
	}
}

// TestIncompleteAndTrailErrors: the reason a search is incomplete, what
// to try at the memory limit, and a trail that could not be written are
// in the text report and the JSON.
func TestIncompleteAndTrailErrors(t *testing.T) {
	s := &Summary{Model: "m.pml", Incomplete: "memory limit", MemoryHint: "raise -memlim",
		Errors: 1, TrailErrors: []string{"m.pml.gtrail: permission denied"}}
	var b strings.Builder
	Text(&b, s)
	for _, want := range []string{
		"gospin: warning: could not write the trail m.pml.gtrail: permission denied\n",
		"Warning: Search not completed (memory limit)\n\t(raise -memlim)\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
	b.Reset()
	JSON(&b, s)
	for _, want := range []string{`"complete": false`, `"incomplete": "memory limit"`, `"incomplete_hint": "raise -memlim"`, `"trail_errors": [`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("JSON lacks %s:\n%s", want, b.String())
		}
	}
}
