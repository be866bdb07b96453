package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestClosureUnderStuttering: an ltl property with X (not
// stutter-invariant) is checked with reduction against the closure under
// stuttering of its claim (Holzmann and Kupferman), and the report says
// that the claim is not closed under stuttering:
//   - a property that holds: the reduced search finds nothing, which
//     proves it for the claim too;
//   - a property that holds, whose closure has a counterexample that is
//     no run of the claim: the search without reduction against the claim
//     follows and finds nothing;
//   - a property that fails (the claim ends; an acceptance cycle): the
//     error is checked against the claim along its trail (the paper's
//     membership check, search.ClaimTrailAnyK), reported as the claim's,
//     and its trail replays with the claim.
func TestClosureUnderStuttering(t *testing.T) {
	for _, c := range []struct {
		model   string
		errors  int
		reduced bool
		note    string
	}{
		{"testdata/porltl/closure_holds.pml", 0, true, "accepts every run the claim accepts"},
		{"testdata/porltl/closure_spurious.pml", 0, false, "is not one of the claim"},
		{"testdata/porltl/closure_real.pml", 1, true, "is one of the claim"},
		{"testdata/porltl/closure_cycle.pml", 1, true, "is one of the claim"},
	} {
		path := copyModel(t, c.model)
		_, out, errs := gospin("verify", "-a", "-json", path)
		var doc struct {
			Properties []struct {
				Errors int `json:"errors"`
				Checks struct {
					Reduced bool `json:"reduction"`
				} `json:"checks"`
				StutterNote string `json:"stutter_note"`
			} `json:"properties"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Properties) != 1 {
			t.Fatalf("%s: %v\n%s%s", c.model, err, out, errs)
		}
		p := doc.Properties[0]
		sum := struct {
			Errors      int
			Reduced     bool
			StutterNote string
		}{p.Errors, p.Checks.Reduced, p.StutterNote}
		if sum.Errors != c.errors || sum.Reduced != c.reduced {
			t.Errorf("%s: errors %d reduced %v, want %d %v\n%s", c.model, sum.Errors, sum.Reduced, c.errors, c.reduced, out)
		}
		if !strings.Contains(sum.StutterNote, "the claim is not closed under stuttering") || !strings.Contains(sum.StutterNote, c.note) {
			t.Errorf("%s: note %q", c.model, sum.StutterNote)
		}
		_, text, _ := gospin("verify", "-a", path)
		if !strings.Contains(text, "the claim is not closed under stuttering") {
			t.Errorf("%s: the text report has no note\n%s", c.model, text)
		}
		if c.errors > 0 {
			rcode, rout, rerrs := gospin("run", "-t", path)
			if rcode == exitUsage || strings.Contains(rout, "does not match") || !strings.Contains(rout, "claim") && !strings.Contains(rout, "START OF CYCLE") {
				t.Errorf("%s: replay: exit %d\n%s%s", c.model, rcode, rout, rerrs)
			}
		}
		// -noreduce: the usual claim, no note, the same verdict
		_, nout, _ := gospin("verify", "-a", "-noreduce", "-json", path)
		if !strings.Contains(nout, `"errors": `+string(rune('0'+c.errors))) || !strings.Contains(nout, `"stutter_note": ""`) {
			t.Errorf("%s: -noreduce\n%s", c.model, nout)
		}
	}
}
