package ltl

import (
	"bufio"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNeverClaimFormat(t *testing.T) {
	f, names, _ := Parse("!([]p)")
	a := Translate(f, Options{})
	var b strings.Builder
	a.NeverClaim(&b, names)
	want := "never  {    /* !p0 */\nT0_init:\n\tif\n\t:: ((!p)) -> goto accept_all\n\t:: ((p)) -> goto T0_init\n\tfi;\naccept_all:\n\tskip\n}\n"
	a.Formula = "!p0"
	b.Reset()
	a.NeverClaim(&b, names)
	if b.String() != want {
		t.Errorf("never claim:\n%s\nwant:\n%s", b.String(), want)
	}
	s, e, acc := a.Stats()
	if s != 2 || e != 3 || acc != 1 {
		t.Errorf("Stats = %d %d %d", s, e, acc)
	}
	b.Reset()
	a.HOA(&b, names)
	if !strings.Contains(b.String(), "Acceptance: 1 Inf(0)") || !strings.Contains(b.String(), "[!0] 1") {
		t.Errorf("HOA:\n%s", b.String())
	}
	b.Reset()
	a.DOT(&b, names)
	if !strings.HasPrefix(b.String(), "digraph") {
		t.Errorf("DOT:\n%s", b.String())
	}
}

// TestStutterInvariant compares StutterInvariant with the
// stutter_invariant column of formulas.tsv and random.tsv (Spot's
// automata-based check).
func TestStutterInvariant(t *testing.T) {
	dir := benchDir()
	if dir == "" {
		t.Skip("benchmark files not found")
	}
	n, agree, si := 0, 0, 0
	for _, name := range []string{"formulas.tsv", "random.tsv"} {
		fh, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		var col, fcol = -1, -1
		for sc.Scan() {
			c := strings.Split(sc.Text(), "\t")
			if col < 0 {
				for i, h := range c {
					switch h {
					case "stutter_invariant":
						col = i
					case "formula":
						fcol = i
					}
				}
				continue
			}
			f, _, err := Parse(c[fcol])
			if err != nil {
				t.Fatal(err)
			}
			want := c[col] == "1" || strings.EqualFold(c[col], "true") || strings.EqualFold(c[col], "yes")
			got := StutterInvariant(f)
			n++
			if got == want {
				agree++
			} else if got && !want {
				t.Errorf("%s %s: StutterInvariant = true, Spot says false", c[0], c[fcol])
			}
			if got {
				si++
			}
		}
		fh.Close()
	}
	t.Logf("%d formulas: %d stutter-invariant by our check, agreement with Spot on %d", n, si, agree)
	if agree != n {
		t.Errorf("%d disagreements with Spot", n-agree)
	}
}

func TestStutterSmall(t *testing.T) {
	cases := map[string]bool{
		"[]<>p":             true,
		"X p":               false,
		"<>(p && X []q)":    true, // eh:4
		"p U q":             true,
		"[](p -> X q)":      false,
		"X <>p || <>p":      true,
		"<>(p && X !p)":     true,
		"[](p -> X p)":      true, // = [](p -> []p)
		"[](p && X !p)":     true, // empty language
		"[](p -> X !p)":     false,
		"p && X !p":         false,
		"X X p <-> X X X p": false,
	}
	for src, want := range cases {
		f, _, _ := Parse(src)
		if got := StutterInvariant(f); got != want {
			t.Errorf("StutterInvariant(%s) = %v, want %v", src, got, want)
		}
	}
}

// TestSimplifyEquivalent checks Simplify on random formulas and lassos.
func TestSimplifyEquivalent(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	bench := []string{"[](p0 && X <>p1)", "<>(p0 || X [](p1 || X []p2))", "[]<>(p0 && X <>p1)", "(p0 U p1) && (p2 U p1)"}
	for _, src := range bench {
		f, _, _ := Parse(src)
		g := Simplify(f)
		for i := 0; i < 300; i++ {
			l := randLasso(r, 3)
			if l.eval(f)[0] != l.eval(g)[0] {
				t.Fatalf("Simplify(%s) = %s differs on %v loop %d", src, g, l.word, l.loop)
			}
		}
	}
}
