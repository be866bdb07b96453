package ltl

import (
	"math/rand"
	"slices"
	"testing"
)

// letterEdges expands an automaton's guards into its relation over
// letters: rel[s][b] are the targets of s on letter b.
func letterEdges(a *Automaton) [][][]int {
	nl := 1 << uint(a.NumProps)
	all := make([]int, nl)
	for b := range all {
		all[b] = b
	}
	return a.letterSucc(nl, all)
}

// checkDef12 reports the first way in which a is not in SI normal form
// (Siegel, Definition 12) over the alphabet of its letter classes (the
// letters that all its guards treat alike are one letter), or "".
func checkDef12(a *Automaton) string {
	rel := letterEdges(a)
	reps, _ := letterClasses(a, 1<<uint(a.NumProps))
	isRep := map[int]bool{}
	for _, b := range reps {
		isRep[b] = true
	}
	for q := range rel {
		for b := range rel[q] {
			if !isRep[b] {
				rel[q][b] = nil // the same as its representative's
			}
		}
	}
	nl := 1 << uint(a.NumProps)
	n := len(a.States)
	in := make([]map[int]bool, n) // letters of the edges into each state
	for i := range in {
		in[i] = map[int]bool{}
	}
	for q := range rel {
		for b, ts := range rel[q] {
			for _, t := range ts {
				in[t][b] = true
			}
		}
	}
	if len(in[a.Init]) != 0 {
		return "the initial state has incoming edges"
	}
	sameOut := func(x, y int) bool {
		for b := 0; b < nl; b++ {
			if len(rel[x][b]) != len(rel[y][b]) {
				return false
			}
			for _, t := range rel[x][b] {
				if !slices.Contains(rel[y][b], t) {
					return false
				}
			}
		}
		return true
	}
	for s := 0; s < n; s++ {
		if s == a.Init {
			continue
		}
		// (1) one letter a_s on every incoming edge
		if len(in[s]) != 1 {
			return "state " + itoa(s) + ": incoming edges on several letters (or none)"
		}
		as := -1
		for b := range in[s] {
			as = b
		}
		// (2) exactly one outgoing edge on a_s
		if len(rel[s][as]) != 1 {
			return "state " + itoa(s) + ": not exactly one edge on a_s"
		}
		loop := rel[s][as][0] == s
		// (3)
		if !a.States[s].Accepting && !loop {
			return "state " + itoa(s) + ": not accepting and no self-loop on a_s"
		}
		// (4)
		if !loop {
			h := rel[s][as][0]
			if a.States[h].Accepting || !sameOut(s, h) {
				return "state " + itoa(s) + ": no twin s#"
			}
		}
	}
	return ""
}

// stutterLasso repeats some letters of a lasso.
func stutterLasso(r *rand.Rand, l lasso) lasso {
	var w []uint64
	loop := 0
	for i, x := range l.word {
		if i == l.loop {
			loop = len(w)
		}
		for k := 1 + r.Intn(2); k > 0; k-- {
			w = append(w, x)
		}
	}
	return lasso{w, loop}
}

// TestSINormalForm: for random stutter-invariant formulas over up to 3
// propositions (and their negations), the SI normal form of the
// automaton satisfies Definition 12 and accepts the same random lassos
// (and stuttered variants of them) as the automaton and the evaluator.
func TestSINormalForm(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 100
	}
	r := rand.New(rand.NewSource(6))
	done, words, grew := 0, 0, 0
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
		a.NumProps = np // the lasso letters range over np propositions
		b := SINormalForm(a)
		if b == nil {
			t.Fatalf("%s: no SI normal form", f)
		}
		if msg := checkDef12(b); msg != "" {
			t.Fatalf("%s: not in SI normal form: %s (%d states)", f, msg, len(b.States))
		}
		if len(b.States) > len(a.States) {
			grew++
		}
		for k := 0; k < 30; k++ {
			l := randLasso(r, np)
			if k%2 == 1 {
				l = stutterLasso(r, l)
			}
			want := l.eval(f)[0]
			if got := a.accepts(l); got != want {
				t.Fatalf("%s: the automaton says %v on %v loop %d, the evaluator %v", f, got, l.word, l.loop, want)
			}
			if got := b.accepts(l); got != want {
				t.Fatalf("%s: the SI normal form says %v on %v loop %d, the evaluator %v", f, got, l.word, l.loop, want)
			}
			words++
		}
		done++
	}
	if done < n {
		t.Fatalf("only %d stutter-invariant formulas in the tries", done)
	}
	t.Logf("%d formulas, %d lassos; the normal form has more states than the automaton for %d", done, words, grew)
}

// TestSINormalFormSiegel: the language of B1 and B2 (Siegel's Fig. 1 and
// 3: a nonempty finite run of ¬p, then p forever) as a formula; the
// normal form's structure and language.
func TestSINormalFormSiegel(t *testing.T) {
	f, _, err := Parse("!p && (!p U [] p)")
	if err != nil {
		t.Fatal(err)
	}
	a := Translate(f, Options{})
	b := SINormalForm(a)
	if msg := checkDef12(b); msg != "" {
		t.Fatal(msg)
	}
	for _, c := range []struct {
		l    lasso
		want bool
	}{
		{lasso{[]uint64{0, 1}, 1}, true},
		{lasso{[]uint64{0, 0, 0, 1}, 3}, true},
		{lasso{[]uint64{1}, 0}, false},
		{lasso{[]uint64{0}, 0}, false},
		{lasso{[]uint64{0, 1, 0}, 1}, false},
	} {
		if got := b.accepts(c.l); got != c.want {
			t.Errorf("%v loop %d: %v, want %v", c.l.word, c.l.loop, got, c.want)
		}
	}
	t.Logf("B: %d states; SI normal form: %d states", len(a.States), len(b.States))
}
