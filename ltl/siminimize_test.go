package ltl

import (
	"math/rand"
	"testing"
)

// minimized is SIMinimize's result on the raw SI normal form b without
// the final check of Definition 12 (so that the test's own check,
// checkDef12, sees what the steps built), or nil when SIMinimize would
// not start.
func minimized(b *Automaton) *Automaton {
	g := newSIGraph(b)
	if g == nil || g.def12() != "" {
		return nil
	}
	return g.minimize().automaton(b)
}

// TestSIMinimize: for random stutter-invariant formulas over up to 3
// propositions, the minimised SI normal form (SIMinimize of the raw
// construction, and SINormalForm, which may take the automaton itself
// when it is in SI normal form and smaller) and the minimisation's steps
// without its final check are in SI normal form
// (checkDef12, the test's own reading of Definition 12); they have at
// most the states and edges of the raw construction; their product with
// the automaton of the formula's negation is empty (no word outside the
// language); and they accept the same random lassos, and stuttered ones,
// as the raw construction and the LTL evaluator (no word of the language
// lost).
func TestSIMinimize(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 100
	}
	r := rand.New(rand.NewSource(19))
	done, rawStates, minStates, rawEdges, minEdges, smaller := 0, 0, 0, 0, 0, 0
	for tries := 0; done < n && tries < 50*n; tries++ {
		np := 1 + r.Intn(3)
		f := randFormulaGen(r, np)(3 + r.Intn(2))
		if r.Intn(2) == 0 {
			f = Not(f)
		}
		if !StutterInvariant(f) {
			continue
		}
		a := Translate(f, Options{})
		a.NumProps = np
		raw := siNormalForm(a, false)
		if msg := checkDef12(raw); msg != "" {
			t.Fatalf("%s: the raw construction is not in SI normal form: %s", f, msg)
		}
		steps := minimized(raw)
		if steps == nil {
			t.Fatalf("%s: SIMinimize does not read the raw construction", f)
		}
		if msg := checkDef12(steps); msg != "" {
			t.Fatalf("%s: the minimisation's steps leave SI normal form: %s", f, msg)
		}
		b := SIMinimize(raw)
		if msg := checkDef12(b); msg != "" {
			t.Fatalf("%s: not in SI normal form: %s", f, msg)
		}
		if len(b.States) != len(steps.States) {
			t.Fatalf("%s: SIMinimize has %d states, its steps %d", f, len(b.States), len(steps.States))
		}
		c := SINormalForm(a)
		if msg := checkDef12(c); msg != "" {
			t.Fatalf("%s: SINormalForm is not in SI normal form: %s", f, msg)
		}
		if len(c.States) > len(b.States) {
			t.Fatalf("%s: SINormalForm has %d states, the minimised construction %d", f, len(c.States), len(b.States))
		}
		if len(b.States) > len(raw.States) || b.NumEdges() > raw.NumEdges() {
			t.Fatalf("%s: %d states and %d edges, the raw construction %d and %d", f, len(b.States), b.NumEdges(), len(raw.States), raw.NumEdges())
		}
		rawStates += len(raw.States)
		minStates += len(b.States)
		rawEdges += raw.NumEdges()
		minEdges += b.NumEdges()
		if len(b.States) < len(raw.States) {
			smaller++
		}
		pos := Translate(Not(f), Options{})
		pos.NumProps = np
		for _, x := range []*Automaton{raw, b, c} {
			if !productEmpty(x, pos) {
				t.Fatalf("%s: the SI normal form (%d states) accepts a word of the negation", f, len(x.States))
			}
		}
		for k := 0; k < 40; k++ {
			l := randLasso(r, np)
			if k%2 == 1 {
				l = stutterLasso(r, l)
			}
			want := l.eval(f)[0]
			for _, x := range []*Automaton{raw, b, steps, c} {
				if got := x.accepts(l); got != want {
					t.Fatalf("%s: an SI normal form (%d states) says %v on %v loop %d, the evaluator %v", f, len(x.States), got, l.word, l.loop, want)
				}
			}
		}
		done++
	}
	if done < n {
		t.Fatalf("only %d stutter-invariant formulas in the tries", done)
	}
	t.Logf("%d formulas: %d states and %d edges in the raw SI normal forms, %d and %d minimised (smaller for %d)",
		done, rawStates, rawEdges, minStates, minEdges, smaller)
}

// TestSIMinimizeExhaustive: on small formulas, the minimised and the raw
// SI normal forms agree on every lasso of up to two letters before the
// cycle and up to three in it (four letters in all over three
// propositions).
func TestSIMinimizeExhaustive(t *testing.T) {
	for _, src := range []string{
		"!([](a U b))",
		"!((![]<>p) -> [](<>q -> <>r))",
		"<>[]p",
		"[]<>p && []<>!p",
		"!([](p -> <>q))",
		"(p U q) || []<>r",
		"!p && (!p U [] p)",
	} {
		f, names, err := Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		a := Translate(f, Options{})
		a.NumProps = len(names)
		raw := siNormalForm(a, false)
		b := SINormalForm(a)
		nl := uint64(1) << uint(a.NumProps)
		var words [][]uint64
		var grow func(w []uint64, k int)
		grow = func(w []uint64, k int) {
			words = append(words, append([]uint64(nil), w...))
			if k == 0 {
				return
			}
			for x := uint64(0); x < nl; x++ {
				grow(append(w, x), k-1)
			}
		}
		depth := 5
		if nl > 4 {
			depth = 4
		}
		grow(nil, depth)
		checked := 0
		for _, w := range words {
			for loop := 0; loop < len(w) && loop <= 2; loop++ {
				if len(w)-loop > 3 {
					continue
				}
				l := lasso{w, loop}
				if got, want := b.accepts(l), raw.accepts(l); got != want {
					t.Fatalf("%s: minimised %v, raw %v on %v loop %d", src, got, want, w, loop)
				}
				checked++
			}
		}
		t.Logf("%s: %d lassos; usual %d states, SI normal form %d, minimised %d", src, checked, len(a.States), len(raw.States), len(b.States))
	}
}

// TestSIMinimizeGolden: the sizes for !([](a U b)) (leader_ltl's p2
// negated) and mobile1's property negated, whose SI normal forms made
// gospin store more states than SPIN on those corpus rows.
func TestSIMinimizeGolden(t *testing.T) {
	for _, c := range []struct {
		f                   string
		usual, raw, minimum int
	}{
		{"!([](a U b))", 3, 14, 7},
		{"!((![]<>p) -> [](<>q -> <>r))", 3, 16, 12},
	} {
		f, names, err := Parse(c.f)
		if err != nil {
			t.Fatal(err)
		}
		a := Translate(f, Options{})
		a.NumProps = len(names)
		raw := siNormalForm(a, false)
		b := SINormalForm(a)
		if len(a.States) != c.usual || len(raw.States) != c.raw || len(b.States) != c.minimum {
			t.Errorf("%s: %d states, SI normal form %d, minimised %d; want %d, %d, %d",
				c.f, len(a.States), len(raw.States), len(b.States), c.usual, c.raw, c.minimum)
		}
		if msg := checkDef12(b); msg != "" {
			t.Errorf("%s: %s", c.f, msg)
		}
	}
}

// TestSIPruneStrict: an edge goes only for a strictly simulating sibling.
// States 1 and 2, both entered on class 0, simulate each other without
// being bisimilar (2 has one more edge, into 4, which 3 simulates), so
// the initial state keeps its edges to both, and 2 loses its edge to 4.
func TestSIPruneStrict(t *testing.T) {
	g := &siGraph{
		np:      1,
		members: [][]int{{0}, {1}},
		acc:     []bool{false, false, false, true, false},
		end:     make([]bool, 5),
		label:   []int{-1, 0, 0, 1, 1},
		succ: [][][]int{
			{{1, 2}, nil},
			{{1}, {3}},
			{{2}, {3, 4}},
			{nil, {3}},
			{nil, {4}},
		},
		order: [][]int{{1, 2}, {1, 3}, {2, 3, 4}, {3}, {4}},
	}
	sim := g.simulation()
	if !sim[1][2] || !sim[2][1] || !sim[4][3] || sim[3][4] {
		t.Fatalf("simulation: 1<=2 %v, 2<=1 %v, 4<=3 %v, 3<=4 %v", sim[1][2], sim[2][1], sim[4][3], sim[3][4])
	}
	if !g.prune(sim) {
		t.Fatal("nothing pruned")
	}
	if len(g.succ[0][0]) != 2 || len(g.succ[2][1]) != 1 || g.succ[2][1][0] != 3 {
		t.Fatalf("after pruning: 0 -> %v on class 0, 2 -> %v on class 1", g.succ[0][0], g.succ[2][1])
	}
}

// TestSINormalFormUsual: where the automaton is already in SI normal
// form (Definition 12 by checkDef12, with an initial state without
// incoming edges) SINormalForm returns no more states than it has, and
// for the two such formulas below, fewer than the minimised
// construction (4 states); the result accepts what the evaluator says.
func TestSINormalFormUsual(t *testing.T) {
	for _, src := range []string{
		"!(((false <-> p0) U []p0) <-> !<>p0)",
		"!(([]!p0 <-> []X p0) W (<>(p0 -> p0) V ((p0 U true) -> p0)))",
	} {
		f, names, err := Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		a := Translate(f, Options{})
		a.NumProps = len(names)
		if msg := checkDef12(a); msg != "" {
			t.Fatalf("%s: the automaton is not in SI normal form: %s", src, msg)
		}
		raw := SIMinimize(siNormalForm(a, false))
		b := SINormalForm(a)
		if len(b.States) > len(a.States) || len(b.States) >= len(raw.States) {
			t.Errorf("%s: %d states, the automaton %d, the minimised construction %d", src, len(b.States), len(a.States), len(raw.States))
		}
		if msg := checkDef12(b); msg != "" {
			t.Errorf("%s: %s", src, msg)
		}
		r := rand.New(rand.NewSource(1))
		for k := 0; k < 200; k++ {
			l := randLasso(r, a.NumProps)
			if got, want := b.accepts(l), l.eval(f)[0]; got != want {
				t.Fatalf("%s: %v on %v loop %d, the evaluator %v", src, got, l.word, l.loop, want)
			}
		}
	}
}
