package ltl

import (
	"errors"
	"math/rand"
	"strings"
	"testing"
	"time"
)

// equivalent decides whether two formulas (propositions numbered alike)
// have the same language: A(f) x A(!g) and A(g) x A(!f) are empty.
func equivalent(f, g *Formula) bool {
	return productEmpty(Translate(f, Options{}), Translate(Not(g), Options{})) &&
		productEmpty(Translate(g, Options{}), Translate(Not(f), Options{}))
}

// parseWith parses src and renumbers its propositions after names (the
// proposition numbering of another formula), adding new names at the end.
func parseWith(t *testing.T, src string, names *[]string) *Formula {
	t.Helper()
	f, ns, err := Parse(src)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	idx := map[string]int{}
	for i, n := range *names {
		idx[n] = i
	}
	var renum func(f *Formula) *Formula
	renum = func(f *Formula) *Formula {
		g := &Formula{Op: f.Op, Prop: f.Prop}
		if f.Op == OpProp {
			n := ns[f.Prop]
			i, ok := idx[n]
			if !ok {
				i = len(*names)
				idx[n] = i
				*names = append(*names, n)
			}
			g.Prop = i
		}
		for _, a := range f.Args {
			g.Args = append(g.Args, renum(a))
		}
		return g
	}
	return renum(f)
}

// TestParseSpotSyntax checks each formula in Spot's syntax against an
// equivalent one in SPIN's syntax, by language equivalence of their
// automata, and the propositions it names.
func TestParseSpotSyntax(t *testing.T) {
	cases := []struct {
		spot, spin string
		names      string // the Spot formula's propositions, comma-separated
	}{
		{"GFp", "[]<>p", "p"},
		{"G F p", "[]<>p", "p"},
		{"FGp", "<>[]p", "p"},
		{"GFXp", "[]<>X p", "p"},
		{"Xp", "X p", "p"},
		{"X[]p", "X []p", "p"},
		{"p R q", "p V q", "p,q"},
		{"p M q", "q U (p && q)", "p,q"},
		{"p M q", "!(!p W !q)", "p,q"},
		{"p W q", "p W q", "p,q"},
		{"p xor q", "!(p <-> q)", "p,q"},
		{"p ^ q", "(p && !q) || (!p && q)", "p,q"},
		{"p & q | r", "(p && q) || r", "p,q,r"},
		{"p | q & r", "p || (q && r)", "p,q,r"},
		{"p | q xor r", "p || (q xor r)", "p,q,r"},
		{"p xor q & r", "p xor (q && r)", "p,q,r"},
		{"p && q || r", "(p && q) || r", "p,q,r"},
		{"p & q U r", "p && (q U r)", "p,q,r"},
		{"1", "true", ""},
		{"0", "false", ""},
		{"1 U p", "<>p", "p"},
		{"p U 0", "false", "p"},
		{"TRUE -> False", "false", ""},
		{"G(p -> (q R 1))", "true", "p,q"},
		{"~p", "!p", "p"},
		{"not p", "!p", "p"},
		{"p => q", "p -> q", "p,q"},
		{"p --> q", "p -> q", "p,q"},
		{"p <=> q", "p <-> q", "p,q"},
		{"p <--> q", "p <-> q", "p,q"},
		{"p /\\ q \\/ r", "(p && q) || r", "p,q,r"},
		{`"a == 1" U "b\"c\\d"`, `("a == 1") U "b\"c\\d"`, `a == 1,b"c\d`},
		{`"p" U p`, "p", "p"},
		{"F1 U F p", "F1 U <>p", "F1,p"},
		{"Ready U go", "Ready U go", "Ready,go"},
		{"Up && Rq", "Up && Rq", "Up,Rq"},
		{"aUb", "aUb", "aUb"},
		{"a Ub", "a U b", "a,b"},
		{"a U(b)", "a U b", "a,b"},
		{"(a)U b", "a U b", "a,b"},
		{"GRequest", "[]Request", "Request"},
		{"Fal", "<>al", "al"},
		{"/* comment */ p U /**/ q", "p U q", "p,q"},
		{"G(p0 -> F p1)", "[](p0 -> <>p1)", "p0,p1"},
		// As Spot's printer writes random formulas: chains parenthesized.
		{"(p0 U (p1 R !p2)) M (G p0 xor X p1)", "(G p0 xor X p1) U ((p0 U (p1 V !p2)) && (G p0 xor X p1))", "p0,p1,p2"},
		{"!(p0 <-> (p1 -> (p2 W 0)))", "!(p0 <-> (p1 -> []p2))", "p0,p1,p2"},
		// SPIN's syntax keeps working.
		{"[](p -> <>q)", "[](p -> <>q)", "p,q"},
		{"p V q", "p release q", "p,q"},
		{"always p implies eventually q", "[]p -> <>q", "p,q"},
	}
	for _, c := range cases {
		var names []string
		f := parseWith(t, c.spot, &names)
		if got := strings.Join(names, ","); got != c.names {
			t.Errorf("Parse(%q): propositions %q, want %q", c.spot, got, c.names)
		}
		g := parseWith(t, c.spin, &names)
		if !equivalent(f, g) {
			t.Errorf("%q is not equivalent to %q", c.spot, c.spin)
		}
	}
}

// TestParseAssociativity: chains associate to the left, as in SPIN.
func TestParseAssociativity(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"p R q R r", "(p V q) V r"},
		{"p -> q => r", "(p -> q) -> r"},
		{"p xor q xor r", "!(!(p <-> q) <-> r)"},
		{"p M q", "!(!p W !q)"},
	} {
		f, names, err := Parse(c.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.in, err)
		}
		if got := f.Format(names); got != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestParseSpotErrors(t *testing.T) {
	deep := func(open, close string, n int) string {
		return strings.Repeat(open, n) + "p" + strings.Repeat(close, n)
	}
	for _, c := range []struct {
		in  string
		pos int
		msg string
	}{
		{`"abc U p`, 0, "unclosed string"},
		{"p U /* q", 4, "unclosed comment"},
		{"p ∧ q", 2, `unexpected character '∧'`},
		{"p U", 3, "expected proposition"},
		{"U p", 0, "expected proposition"},
		{"p 10", 2, "expected binary operator"},
		{"p M", 3, "expected proposition"},
		{"p xor", 5, "expected proposition"},
		{deep("(", ")", 1001), 1000, "nested more than 1000 levels"},
		{deep("!", "", 1001), 1000, "nested more than 1000 levels"},
		{deep("G(", ")", 600), 1000, "nested more than 1000 levels"},
	} {
		_, _, err := Parse(c.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%.20q): err = %v, want SyntaxError", c.in, err)
			continue
		}
		if se.Pos != c.pos || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("Parse(%.20q): %v (pos %d), want pos %d and %q", c.in, se, se.Pos, c.pos, c.msg)
		}
	}
	for _, ok := range []string{deep("(", ")", 1000), deep("!", "", 999), deep("X", "", 999)} {
		if _, _, err := Parse(ok); err != nil {
			t.Errorf("Parse(%.20q...): %v", ok, err)
		}
	}
}

// TestTooLarge: formulas beyond the bound end quickly with "formula too
// large".
func TestTooLarge(t *testing.T) {
	gf := func(n int, op string) string {
		var parts []string
		for i := 0; i < n; i++ {
			parts = append(parts, op+"p"+itoa(i))
		}
		return strings.Join(parts, " && ")
	}
	for _, c := range []struct {
		src  string
		kind string
	}{
		{gf(30, "[]<>"), "work"},
		{gf(30, "<>[]"), "work"},
		{"p0 U p1 U p2 U p3 U p4 U p5 U p6 U p7 U p8 U p9 U p10 U p11", "work"},
		{gf(65, ""), "limit"},
		{gf(70, "<>"), "any"},
	} {
		f, _, err := Parse(c.src)
		if err != nil {
			t.Fatal(err)
		}
		t0 := time.Now()
		a, err := TryTranslate(f, Options{})
		d := time.Since(t0)
		if a != nil || err == nil || !strings.HasPrefix(err.Error(), "formula too large") {
			t.Errorf("%.40s...: automaton %v, err %v; want formula too large", c.src, a != nil, err)
			continue
		}
		var tl *TooLargeError
		var le *LimitError
		switch {
		case c.kind == "work" && !errors.As(err, &tl), c.kind == "limit" && !errors.As(err, &le):
			t.Errorf("%.40s...: err %T, want %s", c.src, err, c.kind)
		}
		if d > 20*time.Second {
			t.Errorf("%.40s...: refused after %v", c.src, d)
		}
		t.Logf("%.40s...: %v in %v", c.src, err, d)
	}
	// Translate panics with the error; TranslateTGBA too (a small bound
	// keeps this quick).
	f, _, _ := Parse(gf(30, "[]<>"))
	small := Options{MaxWork: 10_000}
	for name, tr := range map[string]func(){
		"Translate":     func() { Translate(f, small) },
		"TranslateTGBA": func() { TranslateTGBA(f, small) },
	} {
		func() {
			defer func() {
				if _, ok := recover().(*TooLargeError); !ok {
					t.Errorf("%s did not panic with *TooLargeError", name)
				}
			}()
			tr()
		}()
	}
	// A small bound refuses what the default accepts; no bound at all
	// accepts it too.
	f, _, _ = Parse(gf(6, "[]<>"))
	if _, err := TryTranslate(f, Options{MaxWork: 100}); err == nil {
		t.Error("MaxWork 100 accepted GF-6")
	}
	if _, err := TryTranslate(f, Options{MaxWork: -1}); err != nil {
		t.Errorf("no bound: %v", err)
	}
	if si, decided := StutterInvariance(f); !si || !decided {
		t.Errorf("StutterInvariance(GF-6) = %v, %v", si, decided)
	}
}

// TestBenchWithinBound: every benchmark formula and its negation translate
// within the default bound, with at least a third of it to spare.
func TestBenchWithinBound(t *testing.T) {
	if testing.Short() {
		t.Skip("translates the benchmark set twice")
	}
	worst, id := 0, ""
	for _, b := range loadBench(t) {
		for _, f := range []*Formula{b.f, Not(b.f)} {
			peak := 0
			if _, err := TryTranslate(f, Options{peak: &peak}); err != nil {
				t.Errorf("%s: %v", b.id, err)
			}
			if peak > worst {
				worst, id = peak, b.id
			}
		}
	}
	t.Logf("largest work: %d (%s), bound %d", worst, id, DefaultMaxWork)
	if worst > DefaultMaxWork*2/3 {
		t.Errorf("largest work %d (%s) is within a third of the bound %d", worst, id, DefaultMaxWork)
	}
}

func TestStutterInvariance(t *testing.T) {
	for _, c := range []struct {
		src         string
		si, decided bool
	}{
		{"[]<>p", true, true},
		{"p U q", true, true},
		{"X p", false, true},
		{"p U X q", false, true},
		{"X true U p", true, true}, // X disappears in simplification
		{"[](p -> X q)", false, true},
		{"[](p -> X (q U p))", true, true},
		{"<>(p && X[]p)", true, true}, // = <>[]p
	} {
		f, _, err := Parse(c.src)
		if err != nil {
			t.Fatal(err)
		}
		si, decided := StutterInvariance(f)
		if si != c.si || decided != c.decided {
			t.Errorf("StutterInvariance(%s) = %v, %v; want %v, %v", c.src, si, decided, c.si, c.decided)
		}
	}
}

// TestHOAProperties checks deterministic, complete and weak against brute
// force on the automata of random formulas.
func TestHOAProperties(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	gen := randFormulaGen(r, 3)
	counts := map[string]int{}
	for i := 0; i < 300; i++ {
		a := Translate(gen(4), Options{})
		det, comp := true, true
		for _, s := range a.States {
			for v := uint64(0); v < 8; v++ {
				n := 0
				for _, e := range s.Edges {
					if e.Guard.Eval(v) {
						n++
					}
				}
				det = det && n <= 1
				comp = comp && n >= 1
			}
		}
		// reach[q][r]: r reachable from q in one or more steps.
		n := len(a.States)
		reach := make([][]bool, n)
		for q := range reach {
			reach[q] = make([]bool, n)
			for _, e := range a.States[q].Edges {
				reach[q][e.To] = true
			}
		}
		for k := 0; k < n; k++ {
			for q := 0; q < n; q++ {
				for r := 0; r < n; r++ {
					reach[q][r] = reach[q][r] || reach[q][k] && reach[k][r]
				}
			}
		}
		weak, veryWeak := true, true
		for q := 0; q < n; q++ {
			for r := 0; r < n; r++ {
				if q != r && reach[q][r] && reach[r][q] {
					veryWeak = false
					if a.States[q].Accepting != a.States[r].Accepting {
						weak = false
					}
				}
			}
		}
		gotComp, decided := a.Complete()
		gotWeak, gotVery := a.Weak()
		if a.Deterministic() != det || gotComp != comp || !decided || gotWeak != weak || gotVery != (weak && veryWeak) {
			t.Fatalf("%s: deterministic %v complete %v weak %v very-weak %v; brute force %v %v %v %v",
				a.Formula, a.Deterministic(), gotComp, gotWeak, gotVery, det, comp, weak, weak && veryWeak)
		}
		for _, p := range a.HOAProperties(HOAInfo{}) {
			counts[p]++
		}
	}
	t.Logf("properties over 300 automata: %v", counts)
	for _, p := range []string{"deterministic", "complete", "weak", "very-weak"} {
		if counts[p] == 0 || counts[p] == 300 {
			t.Errorf("property %s held for %d of 300 automata: the test does not tell", p, counts[p])
		}
	}
}

// TestTautology: the complete check's tautology test, beyond what the
// automata above exercise.
func TestTautology(t *testing.T) {
	p := func(i uint) Cube { return Cube{Pos: 1 << i} }
	n := func(i uint) Cube { return Cube{Neg: 1 << i} }
	for _, c := range []struct {
		g    Guard
		want bool
	}{
		{nil, false},
		{Guard{{}}, true},
		{Guard{p(0), n(0)}, true},
		{Guard{p(0), n(1)}, false},
		{Guard{{Pos: 3}, {Pos: 1, Neg: 2}, n(0)}, true},
		{Guard{{Pos: 3}, {Pos: 1, Neg: 2}, {Neg: 1, Pos: 4}}, false},
		{Guard{p(63), n(63)}, true},
	} {
		budget := 1000
		got, ok := tautology(c.g, &budget)
		if got != c.want || !ok {
			t.Errorf("tautology(%v) = %v, %v; want %v", c.g, got, ok, c.want)
		}
	}
	// 20 propositions, no tautology, tiny budget: undecided.
	var g Guard
	for i := uint(0); i < 20; i++ {
		g = append(g, Cube{Pos: 1 << i, Neg: 1 << ((i + 1) % 20)})
	}
	budget := 10
	if _, ok := tautology(g, &budget); ok {
		t.Error("tautology decided within 10 steps")
	}
}

func TestWriteHOA(t *testing.T) {
	f, names, err := Parse(`G("a b" -> F c) && X d`)
	if err != nil {
		t.Fatal(err)
	}
	a := Translate(f, Options{})
	a.Formula = `G("a b" -> F c) && X d`
	var b strings.Builder
	a.WriteHOA(&b, names, HOAInfo{Tool: "gospin", Version: "v1.2.3", StutterSensitive: true})
	head, _, ok := strings.Cut(b.String(), "--BODY--\n")
	if !ok {
		t.Fatalf("no --BODY--:\n%s", b.String())
	}
	want := `HOA: v1
tool: "gospin" "v1.2.3"
name: "G(\"a b\" -> F c) && X d"
States: 5
Start: 0
AP: 3 "a b" "c" "d"
acc-name: Buchi
Acceptance: 1 Inf(0)
properties: trans-labels explicit-labels state-acc no-univ-branch deterministic stutter-sensitive
`
	if head != want {
		t.Errorf("HOA header:\n%s\nwant:\n%s", head, want)
	}
	if !strings.HasSuffix(b.String(), "--END--\n") {
		t.Errorf("HOA does not end with --END--:\n%s", b.String())
	}
	if got := strings.Count(b.String(), "\nState: "); got != len(a.States) {
		t.Errorf("%d State: lines for %d states", got, len(a.States))
	}
}
