package ltl

import (
	"errors"
	"hash/fnv"
	"io"
	"math/rand"
	"strings"
	"testing"
	"time"
)

// fuzzMaxWork is the work bound of FuzzTranslate: a tenth of the default,
// so that each input takes at most about a tenth of a second.
const fuzzMaxWork = DefaultMaxWork / 10

// FuzzTranslate parses arbitrary text as a formula and translates it
// within a work bound: a syntax error must be a *SyntaxError inside the
// text, a refusal must say "formula too large", and an automaton must be
// well formed, printable, and agree with a direct evaluation of the
// formula on random ultimately periodic words (when it has at most 8
// propositions). Run it with
//
//	go test ./ltl -run '^$' -fuzz FuzzTranslate -fuzztime 10m -parallel 1
func FuzzTranslate(f *testing.F) {
	for _, s := range []string{
		"[]<>p", "G F p", "p U q", "!(p0 U (p1 R !p2)) M (G p0 xor X p1)",
		`"a == 1" W ("b\"" <-> X c)`, "1 U 0", "TRUE -> False", "GFp0 & GFp1 & GFp2",
		"a U b U c U d U e", "<>[]p0 && <>[]p1 && <>[]p2 && <>[]p3", "X X X X p",
		"((p -> q) <-> (q -> r)) xor s", "always p implies eventually q",
		"/* c */ p V q", "F1 U Ready", "p ^ q | r & s", "~p => q <=> r",
		"(", "p &&", `"unclosed`, "p \x00 q",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		// The bound must bound time too: a translation within a tenth
		// of the default bound takes a fraction of a second; 20 s (on a
		// loaded machine) means something escaped it.
		t0 := time.Now()
		defer func() {
			if d := time.Since(t0); d > 20*time.Second {
				t.Fatalf("%q took %v", src, d)
			}
		}()
		form, names, err := Parse(src)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Pos < 0 || se.Pos > len(src) {
				t.Fatalf("Parse(%q): %v (%T)", src, err, err)
			}
			return
		}
		if len(names) != form.NumProps() && !(len(names) > form.NumProps()) {
			t.Fatalf("Parse(%q): %d names for %d propositions", src, len(names), form.NumProps())
		}
		a, err := TryTranslate(form, Options{MaxWork: fuzzMaxWork})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "formula too large") {
				t.Fatalf("TryTranslate(%q): %v", src, err)
			}
			return
		}
		if len(a.States) == 0 || a.Init < 0 || a.Init >= len(a.States) {
			t.Fatalf("%q: %d states, initial %d", src, len(a.States), a.Init)
		}
		for q, s := range a.States {
			for _, e := range s.Edges {
				if e.To < 0 || e.To >= len(a.States) || len(e.Guard) == 0 {
					t.Fatalf("%q: state %d: edge to %d with guard %v", src, q, e.To, e.Guard)
				}
				for _, c := range e.Guard {
					if a.NumProps < 64 && (c.Pos|c.Neg)>>uint(a.NumProps) != 0 || c.Pos&c.Neg != 0 {
						t.Fatalf("%q: state %d: bad cube %+v", src, q, c)
					}
				}
			}
		}
		a.Formula = src
		a.NeverClaim(io.Discard, names)
		a.WriteHOA(io.Discard, names, HOAInfo{Tool: "gospin", Version: "fuzz"})
		a.DOT(io.Discard, names)
		if a.NumProps > 8 {
			return
		}
		h := fnv.New64a()
		io.WriteString(h, src)
		r := rand.New(rand.NewSource(int64(h.Sum64())))
		np := a.NumProps
		if np == 0 {
			np = 1
		}
		for i := 0; i < 4; i++ {
			l := randLasso(r, np)
			if got, want := a.accepts(l), l.eval(form)[0]; got != want {
				t.Fatalf("%q: word %v loop %d: automaton says %v, evaluation %v", src, l.word, l.loop, got, want)
			}
		}
	})
}
