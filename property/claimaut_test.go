package property

import (
	"strings"
	"testing"

	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/promela/frontend"
)

// loadClaim loads src and reads its only never claim.
func loadClaim(t *testing.T, src string, ignoreAssert bool) (*ltl.Automaton, []string, string) {
	t.Helper()
	r := frontend.Load("claim.pml", []byte(src), &frontend.Config{})
	if r.HasErrors() {
		t.Fatalf("front end: %v", &r.Diags)
	}
	ps := List(r.Model)
	if len(ps) != 1 || ps[0].Kind != Never {
		t.Fatalf("want one never claim, have %d properties", len(ps))
	}
	a, props, why := ClaimAutomaton(r.Model, ps[0].Never, ignoreAssert)
	var names []string
	for i := range props {
		names = append(names, string(rune('a'+i)))
	}
	return a, names, why
}

const claimSys = `byte x, y; bool b;
chan q = [1] of { byte };
active proctype P() { do :: x = (x+1)%3 :: y = 1 - y :: b = !b :: q!1 :: q?_ od }
`

// TestClaimAutomatonShapes: claims written by hand read as the automata
// they mean, whatever their shape.
func TestClaimAutomatonShapes(t *testing.T) {
	for _, c := range []struct {
		name, claim string
		// words (prefix | loop, letters as valuations) and whether the
		// automaton accepts them
		accept, reject [][2][]uint64
		props          int
	}{
		{
			name: "SPIN's shape ([]<> p)",
			claim: `never { T0_init: if :: ((x == 1)) -> goto accept_S9 :: (1) -> goto T0_init fi;
				accept_S9: if :: (1) -> goto T0_init fi; }`,
			props:  1,
			accept: [][2][]uint64{{nil, {1}}, {{0, 0}, {0, 1}}},
			reject: [][2][]uint64{{{1}, {0}}},
		},
		{
			name:   "do loop with else and a skip (<> [] !p)",
			claim:  `never { do :: skip :: (x == 1) -> break :: else od; accept: do :: !(x == 1) od }`,
			props:  1,
			accept: [][2][]uint64{{{1}, {0}}, {{0, 0, 1, 0}, {0}}},
			reject: [][2][]uint64{{nil, {1}}, {{1}, {0, 1}}},
		},
		{
			name:   "conjunction and disjunction share propositions",
			claim:  `never { accept: do :: (x == 1 && !b) || (b && y > 0) od }`,
			props:  3,
			accept: [][2][]uint64{{nil, {1}}, {nil, {0b110, 1}}},
			reject: [][2][]uint64{{nil, {0b011}}, {{1}, {0b010}}},
		},
		{
			name:   "an assert ends the claim when it fails",
			claim:  `never { do :: assert(!(x == 2 && b)) od }`,
			props:  2,
			accept: [][2][]uint64{{{0, 0b11}, {0}}},
			reject: [][2][]uint64{{nil, {0, 1, 2}}},
		},
		{
			name:   "the claim's end accepts everything after it",
			claim:  `never { (x == 1) -> skip; (y == 1) }`,
			props:  2,
			accept: [][2][]uint64{{{1, 0, 2}, {0}}, {{1, 0, 3}, {1}}},
			reject: [][2][]uint64{{{1, 1}, {0}}, {nil, {0}}},
		},
		{
			name:   "a poll and a remote label are propositions",
			claim:  `never { do :: q?[1] -> break :: else od; accept: do :: P@L od }`,
			props:  2,
			accept: [][2][]uint64{{{1}, {2}}},
			reject: [][2][]uint64{{{1}, {0}}, {nil, {2}}},
		},
	} {
		sys := claimSys
		if strings.Contains(c.claim, "P@L") {
			sys = strings.Replace(sys, "do ::", "L: do ::", 1)
		}
		a, _, why := loadClaim(t, sys+c.claim, false)
		if a == nil {
			t.Errorf("%s: not read: %s", c.name, why)
			continue
		}
		if a.NumProps != c.props {
			t.Errorf("%s: %d propositions, want %d", c.name, a.NumProps, c.props)
		}
		for _, w := range c.accept {
			if !a.Accepts(w[0], w[1]) {
				t.Errorf("%s: rejects %v(%v)^ω", c.name, w[0], w[1])
			}
		}
		for _, w := range c.reject {
			if a.Accepts(w[0], w[1]) {
				t.Errorf("%s: accepts %v(%v)^ω", c.name, w[0], w[1])
			}
		}
	}
}

// TestClaimAutomatonRefuses: claims that are not automata over state
// propositions are refused with a reason.
func TestClaimAutomatonRefuses(t *testing.T) {
	for claim, want := range map[string]string{
		`never { byte k; do :: k++ od }`:               "local",
		`never { do :: timeout od }`:                   "timeout",
		`never { do :: atomic { x == 1 -> skip } od }`: "atomic",
		`never { do :: _last == 0 od }`:                "_last",
		`never { do :: x == 0 || x == 1 || x == 2 || y == 0 || y == 1 || y == 2 || b || x > y || y > x -> skip od }`: "propositions",
	} {
		a, _, why := loadClaim(t, claimSys+claim, false)
		if a != nil || !strings.Contains(why, want) {
			t.Errorf("%s: read %v, reason %q; want refused (%s)", claim, a != nil, why, want)
		}
	}
}

// TestClaimInert: claims that can neither end nor fail and whose first
// state loops on true are inert without -a; the others are not.
func TestClaimInert(t *testing.T) {
	for claim, want := range map[string]bool{
		// SPIN's claim of !([]<> p): waits in its first state
		`never { T0_init: if :: (x == 1) -> goto accept_S9 :: (1) -> goto T0_init fi;
			accept_S9: if :: (1) -> goto T0_init fi; }`: true,
		`never { do :: skip :: (x == 1) -> break od; accept: do :: !(x == 1) od }`: true,
		// blocks in its first state: prunes the search
		`never { accept: do :: !(x == 1) od }`: false,
		// can end
		`never { do :: skip :: (x == 1) -> break od }`: false,
		// can fail
		`never { do :: skip :: assert(x != 2) od }`: false,
	} {
		r := frontend.Load("claim.pml", []byte(claimSys+claim), &frontend.Config{})
		if r.HasErrors() {
			t.Fatalf("front end: %v", &r.Diags)
		}
		d := List(r.Model)[0].Never
		if got := ClaimInert(r.Model, d, false); got != want {
			t.Errorf("%s: inert %v, want %v", claim, got, want)
		}
	}
	// with assertions ignored (-A) an assert is a step like skip
	r := frontend.Load("claim.pml", []byte(claimSys+`never { do :: skip :: assert(x != 2) od }`), &frontend.Config{})
	if !ClaimInert(r.Model, List(r.Model)[0].Never, true) {
		t.Error("a claim whose assertion is ignored is not inert")
	}
	for f, want := range map[string]bool{
		"[]<> (x == 1)":         true,  // !: <>[] !p, waits in its first state
		"[] ((x == 1) -> <> b)": true,  // !: <> (p && [] !b)
		"<> (x == 1)":           false, // !: [] !p blocks at once
		"[] (x < 2)":            false, // !: <> !p ends
		"(x == 1) U (y == 1)":   false,
	} {
		r := frontend.Load("f.pml", []byte(claimSys+"ltl p { "+f+" }"), &frontend.Config{})
		if r.HasErrors() {
			t.Fatalf("front end: %v", &r.Diags)
		}
		if got := LTLInert(List(r.Model)[0].LTL); got != want {
			t.Errorf("ltl %s: inert %v, want %v", f, got, want)
		}
	}
}

// TestClaimWaits: without -a, claims that stay in their first state or
// move to their end (accepting or not) are searched as invariants.
func TestClaimWaits(t *testing.T) {
	for claim, want := range map[string]bool{
		`never { do :: assert(x != 2) od }`:                      true,
		`never { do :: (x != 2) od }`:                            true, // only prunes
		`never { accept: do :: (x != 2) :: b -> break od }`:      true,
		`never { do :: skip :: (x == 1) -> break od; (y == 1) }`: false,
		`never { accept: do :: (x != 2) od; }`:                   true,
	} {
		r := frontend.Load("claim.pml", []byte(claimSys+claim), &frontend.Config{})
		if r.HasErrors() {
			t.Fatalf("front end: %v", &r.Diags)
		}
		if got := NeverWaits(r.Model, List(r.Model)[0].Never, false); got != want {
			t.Errorf("%s: waits %v, want %v", claim, got, want)
		}
	}
	for f, want := range map[string]bool{
		"[] (x < 2)":          true,
		"<> (x == 1)":         true, // !: [] !p waits, then blocks
		"[]<> (x == 1)":       false,
		"(x == 1) U (y == 1)": true, // !: waits on (x == 1) && !(y == 1), ends on neither
		"<> [] (x == 1)":      false,
	} {
		r := frontend.Load("f.pml", []byte(claimSys+"ltl p { "+f+" }"), &frontend.Config{})
		if r.HasErrors() {
			t.Fatalf("front end: %v", &r.Diags)
		}
		if got := LTLWaits(List(r.Model)[0].LTL); got != want {
			t.Errorf("ltl %s: waits %v, want %v", f, got, want)
		}
	}
}
