package reduce

import "testing"

// visibleTexts maps each system statement's text to whether it is
// visible to the model's never claim.
func visibleTexts(t *testing.T, src string) map[string]bool {
	t.Helper()
	e := build(t, src)
	vis := VisibleGroups(e)
	if vis == nil {
		t.Fatal("no claim")
	}
	out := map[string]bool{}
	for i, g := range e.Info().Groups {
		if g.ProcType != ":never:" {
			out[g.Text] = vis[i]
		}
	}
	return out
}

// TestVisibleRemoteLabel: a claim that tests P@L sees only the steps of P
// that leave or enter L (and a run, when L is where its type starts);
// a claim that reads P's variables, or pc_value, sees all of P's steps.
func TestVisibleRemoteLabel(t *testing.T) {
	got := visibleTexts(t, `
byte x, y;
active proctype P() { x = 1; L: y = 2; x = 3; x = 4 }
active proctype Q() { y = 5; y = 6 }
never { do :: !P@L :: P@L -> break od }
`)
	want := map[string]bool{"x = 1": true, "y = 2": true, "x = 3": false, "x = 4": false, "y = 5": false, "y = 6": false}
	for text, w := range want {
		if got[text] != w {
			t.Errorf("%s: visible %v, want %v (all: %v)", text, got[text], w, got)
		}
	}
	got = visibleTexts(t, `
byte x;
active proctype P() { L: x = 1; x = 2 }
active proctype R() { run P() }
never { do :: !P@L :: P@L -> break od }
`)
	if !got["x = 1"] || got["x = 2"] || !got["(run P())"] && !got["run P()"] {
		t.Errorf("label at the start: %v", got)
	}
	got = visibleTexts(t, `
byte x;
active proctype P() { byte v; L: v = 1; v = 2 }
never { do :: P[0]:v == 2 || P@L -> break :: else od }
`)
	if !got["v = 1"] || !got["v = 2"] {
		t.Errorf("a remote variable too: %v", got)
	}
}
