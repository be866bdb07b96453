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
