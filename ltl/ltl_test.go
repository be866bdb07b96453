package ltl

import (
	"bufio"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestParsePrecedence(t *testing.T) {
	cases := []struct{ in, want string }{
		{"p && q || r", "(p && q) || r"},
		{"p || q && r", "p || (q && r)"},
		{"p -> q || r", "p -> (q || r)"},
		{"p -> q -> r", "(p -> q) -> r"},
		{"p <-> q -> r", "(p <-> q) -> r"},
		{"p U q && r", "(p U q) && r"},
		{"p && q U r", "p && (q U r)"},
		{"p U q U r", "(p U q) U r"},
		{"p U q V r W s", "((p U q) V r) W s"},
		{"!p U q", "!p U q"},
		{"[]p U <>q", "[]p U <>q"},
		{"X p && q", "X p && q"},
		{"! (p && q)", "!(p && q)"},
		{"always p implies eventually q", "[]p -> <>q"},
		{"p until q", "p U q"},
		{"p stronguntil q", "p U q"},
		{"p weakuntil q", "p W q"},
		{"p release q", "p V q"},
		{"next p equivalent q", "X p <-> q"},
		{"p /\\ q \\/ r", "(p && q) || r"},
		{"true U false", "true U false"},
		{"[]<>p0 && <>[]p1", "[]<>p0 && <>[]p1"},
		{"[][]p", "[][]p"},
		{"!!p", "!!p"},
		{"((p))", "p"},
	}
	for _, c := range cases {
		f, names, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if got := f.Format(names); got != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestParseNames(t *testing.T) {
	f, names, err := Parse("b U (a && b) || c")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(names, ",") != "b,a,c" {
		t.Errorf("names = %v", names)
	}
	if f.NumProps() != 3 {
		t.Errorf("NumProps = %d", f.NumProps())
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		in  string
		pos int
		msg string
	}{
		{"p &&", 4, "expected proposition"},
		{"(p U q", 6, "expected ')'"},
		{"p q", 2, "expected binary operator"},
		{"p # q", 2, "unexpected character"},
		{"", 0, "expected proposition"},
		{"[] && p", 3, "expected proposition"},
	}
	for _, c := range cases {
		_, _, err := Parse(c.in)
		se, ok := err.(*SyntaxError)
		if !ok {
			t.Errorf("Parse(%q): err = %v, want SyntaxError", c.in, err)
			continue
		}
		if se.Pos != c.pos || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("Parse(%q): %v (pos %d), want pos %d and %q", c.in, se, se.Pos, c.pos, c.msg)
		}
	}
}

// ---- direct evaluator of LTL on lassos ----

type lasso struct {
	word []uint64 // prefix followed by cycle
	loop int      // index where the cycle starts
}

func (l lasso) succ(i int) int {
	if i+1 < len(l.word) {
		return i + 1
	}
	return l.loop
}

// eval returns the truth value of f at every position of the lasso.
func (l lasso) eval(f *Formula) []bool {
	n := len(l.word)
	v := make([]bool, n)
	var a, b []bool
	if len(f.Args) > 0 {
		a = l.eval(f.Args[0])
	}
	if len(f.Args) > 1 {
		b = l.eval(f.Args[1])
	}
	fix := func(init bool, step func(i int, nx bool) bool) {
		for i := range v {
			v[i] = init
		}
		for changed := true; changed; {
			changed = false
			for i := n - 1; i >= 0; i-- {
				x := step(i, v[l.succ(i)])
				if x != v[i] {
					v[i] = x
					changed = true
				}
			}
		}
	}
	switch f.Op {
	case OpTrue:
		for i := range v {
			v[i] = true
		}
	case OpFalse:
	case OpProp:
		for i := range v {
			v[i] = l.word[i]>>uint(f.Prop)&1 != 0
		}
	case OpNot:
		for i := range v {
			v[i] = !a[i]
		}
	case OpAnd, OpOr:
		for i := range v {
			v[i] = f.Op == OpAnd
		}
		for _, g := range f.Args {
			x := l.eval(g)
			for i := range v {
				if f.Op == OpAnd {
					v[i] = v[i] && x[i]
				} else {
					v[i] = v[i] || x[i]
				}
			}
		}
	case OpImplies:
		for i := range v {
			v[i] = !a[i] || b[i]
		}
	case OpEquiv:
		for i := range v {
			v[i] = a[i] == b[i]
		}
	case OpNext:
		for i := range v {
			v[i] = a[l.succ(i)]
		}
	case OpUntil:
		fix(false, func(i int, nx bool) bool { return b[i] || (a[i] && nx) })
	case OpRelease:
		fix(true, func(i int, nx bool) bool { return b[i] && (a[i] || nx) })
	case OpWeakUntil:
		fix(true, func(i int, nx bool) bool { return b[i] || (a[i] && nx) })
	case OpAlways:
		fix(true, func(i int, nx bool) bool { return a[i] && nx })
	case OpEventually:
		fix(false, func(i int, nx bool) bool { return a[i] || nx })
	}
	return v
}

// accepts decides whether the automaton accepts the lasso.
func (a *Automaton) accepts(l lasso) bool { return a.Accepts(l.word[:l.loop], l.word[l.loop:]) }

// productEmpty decides whether L(a) ∩ L(b) is empty.
func productEmpty(a, b *Automaton) bool { return product(a, b).isEmpty() }

func randLasso(r *rand.Rand, np int) lasso {
	m := r.Intn(4)
	k := 1 + r.Intn(5)
	w := make([]uint64, m+k)
	for i := range w {
		w[i] = uint64(r.Int63()) & (1<<uint(np) - 1)
	}
	return lasso{w, m}
}

// ---- benchmark files ----

type benchFormula struct {
	set, id, text string
	f             *Formula
	names         []string
}

// sharedDirs are the candidate locations of the benchmark files
// (/work/shared/ltl when the repository is /work/main).
var sharedDirs = []string{"../../shared/ltl", "../../../shared/ltl"}

func benchDir() string {
	for _, d := range sharedDirs {
		if _, err := os.Stat(filepath.Join(d, "formulas.txt")); err == nil {
			return d
		}
	}
	return ""
}

func loadBench(t testing.TB) []benchFormula {
	dir := benchDir()
	if dir == "" {
		t.Skip("benchmark formulas not found in ../../shared/ltl")
	}
	var out []benchFormula
	for _, set := range []string{"formulas", "random"} {
		fh, err := os.Open(filepath.Join(dir, set+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		fam, k := "", 0
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if line == "" {
				continue
			}
			if strings.HasPrefix(line, "#") {
				if i := strings.Index(line, "["); i >= 0 {
					if j := strings.Index(line[i:], "]"); j > 0 {
						fam, k = line[i+1:i+j], 0
					}
				}
				continue
			}
			k++
			f, names, err := Parse(line)
			if err != nil {
				t.Fatalf("%s:%d: %v", fam, k, err)
			}
			out = append(out, benchFormula{set, fam + ":" + itoa(k), line, f, names})
		}
		fh.Close()
	}
	return out
}

func TestCorrectnessRandomWords(t *testing.T) {
	words := 40 // per formula, each checked against A(f) and A(!f)
	if testing.Short() {
		words = 5
	}
	bench := loadBench(t)
	r := rand.New(rand.NewSource(1))
	checked, accepted := 0, 0
	for _, b := range bench {
		np := b.f.NumProps()
		pos := Translate(b.f, Options{})
		neg := Translate(Not(b.f), Options{})
		for w := 0; w < words; w++ {
			l := randLasso(r, np)
			want := l.eval(b.f)[0]
			if got := pos.accepts(l); got != want {
				t.Errorf("%s %s: word %v loop %d: automaton for f says %v, evaluator %v", b.id, b.text, l.word, l.loop, got, want)
				break
			}
			if got := neg.accepts(l); got != !want {
				t.Errorf("%s %s: word %v loop %d: automaton for !f says %v, evaluator %v", b.id, b.text, l.word, l.loop, got, !want)
				break
			}
			checked += 2
			if want {
				accepted++
			}
		}
	}
	t.Logf("%d formulas, %d (automaton, lasso) checks, %d lassos satisfied f", len(bench), checked, accepted)
}

func TestCorrectnessProductEmpty(t *testing.T) {
	bench := loadBench(t)
	for _, b := range bench {
		pos := Translate(b.f, Options{})
		neg := Translate(Not(b.f), Options{})
		if !productEmpty(pos, neg) {
			t.Errorf("%s %s: A(f) x A(!f) is not empty", b.id, b.text)
		}
	}
	t.Logf("%d formulas: A(f) x A(!f) empty", len(bench))
}

// Random small formulas checked against the evaluator (beyond the files).
func TestCorrectnessRandomFormulas(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	n := 3000
	if testing.Short() {
		n = 300
	}
	if v := os.Getenv("LTL_RANDOM_FORMULAS"); v != "" { // longer runs
		n, _ = strconv.Atoi(v)
	}
	gen := randFormulaGen(r, 3)
	checks := 0
	for i := 0; i < n; i++ {
		f := gen(4)
		opts := []Options{{}}
		if i%10 == 0 {
			opts = append(opts, Options{NoSimulation: true}, Options{NoWDBA: true}, Options{NoPostProcessing: true})
		}
		for _, opt := range opts {
			a := Translate(f, opt)
			na := Translate(Not(f), opt)
			if !productEmpty(a, na) {
				t.Fatalf("%s (%+v): A(f) x A(!f) not empty", f, opt)
			}
			for w := 0; w < 20; w++ {
				l := randLasso(r, 3)
				want := l.eval(f)[0]
				if got := a.accepts(l); got != want {
					t.Fatalf("%s (%+v): word %v loop %d: automaton says %v, evaluator %v", f, opt, l.word, l.loop, got, want)
				}
				checks++
			}
		}
	}
	t.Logf("%d random formulas, %d lasso checks", n, checks)
}

// TestManyProps exercises the path without truth tables (more than 12
// propositions: no simulation, DNF guards).
func TestManyProps(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	gen := randFormulaGen(r, 14)
	checks := 0
	for i := 0; i < 300; i++ {
		f := Or(And(gen(3), gen(3)), And(gen(3), Prop(13)))
		a := Translate(f, Options{})
		na := Translate(Not(f), Options{})
		if !productEmpty(a, na) {
			t.Fatalf("%s: A(f) x A(!f) not empty", f)
		}
		for w := 0; w < 20; w++ {
			l := randLasso(r, 14)
			want := l.eval(f)[0]
			if got := a.accepts(l); got != want {
				t.Fatalf("%s: word %v loop %d: automaton says %v, evaluator %v", f, l.word, l.loop, got, want)
			}
			checks++
		}
	}
	t.Logf("%d lasso checks", checks)
}

func randFormulaGen(r *rand.Rand, np int) func(d int) *Formula {
	var gen func(d int) *Formula
	gen = func(d int) *Formula {
		if d == 0 || r.Intn(5) == 0 {
			switch r.Intn(8) {
			case 0:
				return True()
			case 1:
				return False()
			}
			return Prop(r.Intn(np))
		}
		switch r.Intn(13) {
		case 0:
			return Not(gen(d - 1))
		case 1:
			return And(gen(d-1), gen(d-1))
		case 2:
			return Or(gen(d-1), gen(d-1))
		case 3:
			return Implies(gen(d-1), gen(d-1))
		case 4:
			return Equiv(gen(d-1), gen(d-1))
		case 5:
			return Next(gen(d - 1))
		case 6:
			return Until(gen(d-1), gen(d-1))
		case 7:
			return Release(gen(d-1), gen(d-1))
		case 8:
			return WeakUntil(gen(d-1), gen(d-1))
		case 9, 10:
			return Always(gen(d - 1))
		default:
			return Eventually(gen(d - 1))
		}
	}
	return gen
}
