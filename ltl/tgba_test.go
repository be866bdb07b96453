package ltl

import (
	"math/rand"
	"strings"
	"testing"
)

// The TGBA (before degeneralization) accepts exactly the words that
// satisfy the formula, on random lassos checked against the direct
// evaluator, for the benchmark formulas and their negations.
func TestTGBARandomWords(t *testing.T) {
	words := 20
	if testing.Short() {
		words = 4
	}
	bench := loadBench(t)
	r := rand.New(rand.NewSource(7))
	checked, sets, multi := 0, 0, 0
	for _, b := range bench {
		np := b.f.NumProps()
		for _, f := range []*Formula{b.f, Not(b.f)} {
			a := TranslateTGBA(f, Options{})
			sets += a.NumSets
			if a.NumSets > 1 {
				multi++
			}
			for w := 0; w < words; w++ {
				l := randLasso(r, np)
				want := l.eval(f)[0]
				if got := a.Accepts(l.word[:l.loop], l.word[l.loop:]); got != want {
					t.Errorf("%s %s (negated %v): word %v loop %d: TGBA says %v, evaluator %v", b.id, b.text, f != b.f, l.word, l.loop, got, want)
					break
				}
				checked++
			}
		}
	}
	t.Logf("%d formulas, %d checks; %d acceptance sets in all, %d automata with 2 or more", len(bench), checked, sets, multi)
}

func TestTGBAUniversal(t *testing.T) {
	f, _, err := Parse("<> p")
	if err != nil {
		t.Fatal(err)
	}
	a := TranslateTGBA(f, Options{})
	n := 0
	for q := range a.States {
		if a.Universal(q) {
			n++
		}
	}
	if n != 1 || a.Universal(a.Init) {
		t.Errorf("<> p: %d universal states (init universal: %v), want 1 (not init)", n, a.Universal(a.Init))
	}
	g, _, _ := Parse("[]<> p && []<> q")
	if b := TranslateTGBA(g, Options{}); b.NumSets != 2 || len(b.States) != 1 {
		s, e, k := b.Stats()
		t.Errorf("[]<>p && []<>q: %d states %d edges %d sets, want 1 state and 2 sets", s, e, k)
	}
}

// TestTGBAHOA checks the HOA output of a TGBA: generalized Büchi
// acceptance on the edges (trans-acc), each edge with its sets.
func TestTGBAHOA(t *testing.T) {
	f, names, err := Parse("[]<> p && []<> q")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	TranslateTGBA(f, Options{}).WriteHOA(&b, names, HOAInfo{})
	want := `HOA: v1
States: 1
Start: 0
AP: 2 "p" "q"
acc-name: generalized-Buchi 2
Acceptance: 2 Inf(0)&Inf(1)
properties: trans-labels explicit-labels trans-acc no-univ-branch deterministic complete
--BODY--
State: 0 ""
`
	if got := b.String(); !strings.HasPrefix(got, want) || !strings.Contains(got, "[0&1] 0 {0 1}\n") || !strings.HasSuffix(got, "--END--\n") {
		t.Errorf("got:\n%s\nwant a body starting:\n%s", got, want)
	}
}
