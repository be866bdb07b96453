package property

import (
	"testing"

	"github.com/gospin/gospin/promela/frontend"
)

// TestNeedsAcceptance: the properties whose violations only an accepting
// cycle shows need the acceptance search; safety properties, whose
// claims report by ending, do not.
func TestNeedsAcceptance(t *testing.T) {
	for _, c := range []struct {
		decl string
		want bool
	}{
		{"ltl p { [] (x < 3) }", false},
		{"ltl p { [] (b -> X (x == 1)) }", false},
		{"ltl p { (x == 0) U (y == 1) }", true},
		{"ltl p { <> (x == 2) }", true},
		{"ltl p { [] <> b }", true},
		{"ltl p { <> [] b }", true},
		{"ltl p { false }", false},
		// never claims: one that ends (safety), one with an accepting
		// cycle, one that cannot be read as an automaton (a local
		// variable): its accept label decides
		{"never { do :: x == 2 -> break :: else od }", false},
		{"never { T0: do :: b -> goto accept :: else od; accept: do :: b od }", true},
		{"never { byte n; accept: do :: n++ od }", true},
		{"never { byte n; do :: n++ :: x == 2 -> break od }", false},
	} {
		r := frontend.Load("live.pml", []byte(claimSys+c.decl), &frontend.Config{})
		if r.HasErrors() {
			t.Fatalf("%s: front end: %v", c.decl, &r.Diags)
		}
		ps := List(r.Model)
		if len(ps) != 1 {
			t.Fatalf("%s: %d properties", c.decl, len(ps))
		}
		if got := NeedsAcceptance(r.Model, &ps[0], FromLTL); got != c.want {
			t.Errorf("%s: NeedsAcceptance = %v, want %v", c.decl, got, c.want)
		}
	}
	if NeedsAcceptance(nil, nil, FromLTL) {
		t.Error("no property: true")
	}
}
