package ltl

import (
	"math/rand"
	"testing"
)

// stutterings returns variants of the lasso word (prefix, loop) that
// stutter it: one letter repeated, or one of two equal neighbours dropped.
func stutterings(r *rand.Rand, prefix, loop []uint64) [][2][]uint64 {
	var out [][2][]uint64
	for k := 0; k < 4; k++ {
		p := append([]uint64(nil), prefix...)
		l := append([]uint64(nil), loop...)
		if len(p) > 0 && r.Intn(2) == 0 {
			i := r.Intn(len(p))
			p = append(p[:i+1], p[i:]...)
		} else {
			i := r.Intn(len(l))
			l = append(l[:i+1], l[i:]...)
		}
		out = append(out, [2][]uint64{p, l})
	}
	// drop one of two equal neighbours in the prefix
	for i := 0; i+1 < len(prefix); i++ {
		if prefix[i] == prefix[i+1] {
			p := append(append([]uint64(nil), prefix[:i]...), prefix[i+1:]...)
			out = append(out, [2][]uint64{p, loop})
			break
		}
	}
	return out
}

// TestStutterClosure: the closure under stuttering of a claim contains
// the claim's language, is closed under stuttering, and equals the claim
// on stutter-invariant formulas; for a formula with X it accepts a word
// the claim does not.
func TestStutterClosure(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	formulas := []string{"[] p", "<> p", "p U q", "[] (p -> <> q)", "<> [] p", "X p", "p && X q",
		"[] (p -> X q)", "X X p", "(p U q) || X ! p", "[] <> (p && X ! p)"}
	for _, src := range formulas {
		f, _, err := Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		nf := Negate(f)
		a := Translate(nf, Options{})
		c := StutterClosure(a)
		if c == nil {
			t.Fatalf("%s: no closure", src)
		}
		si := StutterInvariant(nf)
		np := a.NumProps
		differ := false
		for k := 0; k < 3000; k++ {
			prefix := make([]uint64, r.Intn(4))
			loop := make([]uint64, 1+r.Intn(3))
			for i := range prefix {
				prefix[i] = uint64(r.Intn(1 << uint(np)))
			}
			for i := range loop {
				loop[i] = uint64(r.Intn(1 << uint(np)))
			}
			inA, inC := a.Accepts(prefix, loop), c.Accepts(prefix, loop)
			if inA && !inC {
				t.Fatalf("%s: %v %v accepted by the claim, not by its closure", src, prefix, loop)
			}
			if inA != inC {
				differ = true
				if si {
					t.Fatalf("%s (stutter-invariant): %v %v: claim %v, closure %v", src, prefix, loop, inA, inC)
				}
			}
			for _, w := range stutterings(r, prefix, loop) {
				if c.Accepts(w[0], w[1]) != inC {
					t.Fatalf("%s: closure not closed under stuttering: %v %v (%v) vs %v %v", src, prefix, loop, inC, w[0], w[1])
				}
			}
		}
		if !si && !differ {
			t.Errorf("%s: not stutter-invariant, but no word told the closure from the claim", src)
		}
		// the closure's SI normal form has the closure's language
		b := SINormalForm(c)
		if b == nil {
			t.Fatalf("%s: no SI normal form of the closure", src)
		}
		for k := 0; k < 500; k++ {
			prefix := []uint64{uint64(r.Intn(1 << uint(np))), uint64(r.Intn(1 << uint(np)))}
			loop := []uint64{uint64(r.Intn(1 << uint(np))), uint64(r.Intn(1 << uint(np)))}
			if b.Accepts(prefix, loop) != c.Accepts(prefix, loop) {
				t.Fatalf("%s: SI normal form of the closure differs on %v %v", src, prefix, loop)
			}
		}
	}
}

// TestStutterClosureNext: the claim of !(X q) (the next state must be q)
// accepts p !q^ω... only with its second letter; its closure accepts the
// stuttering of a word the claim accepts.
func TestStutterClosureNext(t *testing.T) {
	f, _, _ := Parse("X q")
	a := Translate(Negate(f), Options{})
	c := StutterClosure(a)
	// q: bit 0. q, q, !q^ω stutters q, !q^ω (accepted: the second letter is !q)
	if a.Accepts([]uint64{1, 1}, []uint64{0}) {
		t.Fatal("claim of !X q accepts q q !q^ω")
	}
	if !a.Accepts([]uint64{1}, []uint64{0}) || !c.Accepts([]uint64{1, 1}, []uint64{0}) {
		t.Fatal("closure misses q q !q^ω")
	}
	if c.Accepts(nil, []uint64{1}) {
		t.Fatal("closure accepts q^ω")
	}
}

// TestStutterClosureLetters: the closure runs over letters, not over the
// classes of letters the claim's guards treat alike. The claim of
// !X (p || q) reads p then q as one class; p, q, !p&&!q, ... is no
// stuttering of a word whose second letter is !p&&!q, so the closure must
// reject it (over classes it accepted it: a spurious counterexample).
func TestStutterClosureLetters(t *testing.T) {
	f, _, _ := Parse("X (p || q)")
	a := Translate(Negate(f), Options{})
	c := StutterClosure(a)
	// p: bit 0, q: bit 1
	if c.Accepts([]uint64{1, 2, 0}, []uint64{1}) {
		t.Error("closure accepts p, q, none, p^ω")
	}
	if !c.Accepts([]uint64{1, 1, 0}, []uint64{1}) {
		t.Error("closure rejects p, p, none, p^ω (a stuttering of p, none, p^ω)")
	}
}

// TestClosurePrefixes: on random automata with states from which they can
// only block later, and an end (a true sink, State.End), the closure
// under stuttering and its SI normal form with every state kept
// (StutterClosurePrefixes, SINormalFormPrefixes) read exactly the finite
// words of which the automaton reads a stuttering, and enter a state
// marked as an end on exactly the words on whose stuttering the
// automaton enters its end; the normal form keeps Definition 12. Trimmed
// (StutterClosure, SINormalForm), the closure blocks earlier on some of
// these words: what a search without -a, or the system's assertions in a
// search with a claim, would lose.
func TestClosurePrefixes(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	const np = 2
	trimmedLoses := 0
	for k := 0; k < 300; k++ {
		a := randBlockingAutomaton(r, np)
		c := StutterClosurePrefixes(a)
		b := SINormalFormPrefixes(c)
		if c == nil || b == nil {
			t.Fatal("no closure or normal form")
		}
		if msg := checkDef12(b); msg != "" {
			t.Fatalf("automaton %d: normal form not in SI normal form: %s", k, msg)
		}
		tb := SINormalForm(StutterClosure(a))
		for w := 0; w < 200; w++ {
			u := make([]uint64, 1+r.Intn(6))
			for i := range u {
				u[i] = uint64(r.Intn(1 << np))
				if i > 0 && r.Intn(3) == 0 {
					u[i] = u[i-1]
				}
			}
			wantRead, wantEnd := stutterRun(a, u)
			for _, x := range []struct {
				name string
				aut  *Automaton
			}{{"closure", c}, {"normal form", b}} {
				read, end := finiteRun(x.aut, u)
				if read != wantRead || end != wantEnd {
					t.Fatalf("automaton %d, word %v: the %s reads it %v, ends %v; the automaton reads a stuttering %v, ends %v", k, u, x.name, read, end, wantRead, wantEnd)
				}
			}
			if read, _ := finiteRun(tb, u); read != wantRead {
				trimmedLoses++
			}
		}
	}
	if trimmedLoses == 0 {
		t.Error("the trimmed closure read every word the automaton reads: the test has no doomed states")
	}
}

// randBlockingAutomaton draws an automaton over np propositions whose
// states may block later (no accepting future) and whose last state may
// be an end: accepting, a true self-loop, State.End.
func randBlockingAutomaton(r *rand.Rand, np int) *Automaton {
	n := 2 + r.Intn(4)
	a := &Automaton{NumProps: np}
	end := -1
	if r.Intn(3) > 0 {
		end = n - 1
	}
	for q := 0; q < n; q++ {
		s := State{Accepting: r.Intn(4) == 0}
		if q == end {
			s = State{Accepting: true, End: true, Edges: []Edge{{To: q, Guard: Guard{Cube{}}}}}
			a.States = append(a.States, s)
			continue
		}
		for e := r.Intn(4); e > 0; e-- {
			var c Cube
			for i := 0; i < np; i++ {
				switch r.Intn(3) {
				case 0:
					c.Pos |= 1 << uint(i)
				case 1:
					c.Neg |= 1 << uint(i)
				}
			}
			s.Edges = append(s.Edges, Edge{To: r.Intn(n), Guard: Guard{c}})
		}
		a.States = append(a.States, s)
	}
	return a
}

// finiteRun reports whether a can read the finite word u, and whether
// some run on it enters a state marked as an end.
func finiteRun(a *Automaton, u []uint64) (read, end bool) {
	cur := map[int]bool{a.Init: true}
	for _, x := range u {
		next := map[int]bool{}
		for q := range cur {
			for _, e := range a.States[q].Edges {
				if e.Guard.Eval(x) {
					next[e.To] = true
					end = end || a.States[e.To].End
				}
			}
		}
		cur = next
	}
	return len(cur) > 0, end
}

// stutterRun reports whether a can read some stuttering of u (each block
// of equal letters read one or more times), and whether some run on one
// enters a state marked as an end.
func stutterRun(a *Automaton, u []uint64) (read, end bool) {
	cur := map[int]bool{a.Init: true}
	for i := 0; i < len(u); i++ {
		if i > 0 && u[i] == u[i-1] {
			continue // the block was read one or more times already
		}
		x := u[i]
		next := map[int]bool{}
		frontier := []int{}
		for q := range cur {
			frontier = append(frontier, q)
		}
		seen := map[int]bool{}
		for len(frontier) > 0 {
			q := frontier[len(frontier)-1]
			frontier = frontier[:len(frontier)-1]
			for _, e := range a.States[q].Edges {
				if e.Guard.Eval(x) && !next[e.To] {
					next[e.To] = true
					end = end || a.States[e.To].End
				}
				if e.Guard.Eval(x) && !seen[e.To] {
					seen[e.To] = true
					frontier = append(frontier, e.To)
				}
			}
		}
		cur = next
	}
	return len(cur) > 0, end
}
