package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

var updateGolden = flag.Bool("update-ltl-golden", false, "rewrite testdata/ltl-*.golden")

// gospinLTL runs gospin ltl with args, reading stdin from the string
// given, and returns the exit code and outputs.
func gospinLTL(stdin string, args ...string) (int, string, string) {
	old := ltlStdin
	ltlStdin = strings.NewReader(stdin)
	defer func() { ltlStdin = old }()
	var out, errw bytes.Buffer
	code := run(append([]string{"ltl"}, args...), &out, &errw)
	return code, out.String(), errw.String()
}

// TestLTLHOAGolden: the HOA output of two formulas in Spot's syntax, as
// ltlcross calls gospin (-hoa -f %f), against testdata/ltl-hoa.golden
// (the version in the tool: line is written VERSION there).
func TestLTLHOAGolden(t *testing.T) {
	for _, c := range []struct{ golden, formula string }{
		{"ltl-hoa-gf.golden", "G F a"},
		{"ltl-hoa-x.golden", `"req 1" U X(!ack M 0 | 1 xor c)`},
	} {
		code, out, errs := gospinLTL("", "-hoa", "-f", c.formula)
		if code != exitOK || errs != "" {
			t.Fatalf("%s: exit %d, stderr %q", c.formula, code, errs)
		}
		out = strings.Replace(out, `tool: "gospin" "`+toolVersion()+`"`, `tool: "gospin" "VERSION"`, 1)
		path := filepath.Join("testdata", c.golden)
		if *updateGolden {
			if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if out != string(want) {
			t.Errorf("%s:\n%s\nwant (%s):\n%s", c.formula, out, path, want)
		}
	}
}

func TestLTLSpotAndSpinSyntax(t *testing.T) {
	// The same formula in both syntaxes gives the same never claim (the
	// comment aside).
	claim := func(f string) string {
		code, out, errs := gospinLTL("", "-f", f)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", f, code, errs)
		}
		_, body, _ := strings.Cut(out, "\n")
		return body
	}
	for _, p := range [][2]string{
		{"[](p -> <>q)", "G(p -> F q)"},
		{"!(p U q) || r V s", "!(p U q) | (r R s)"},
		{"[]<>p && X true", "GFp & X 1"},
	} {
		if a, b := claim(p[0]), claim(p[1]); a != b {
			t.Errorf("%s and %s differ:\n%s\n%s", p[0], p[1], a, b)
		}
	}
}

func TestLTLManyFormulas(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.ltl")
	src := "# a comment\nG F p\n\n[]<>q\n(a U\nGFp0 & GFp1\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(name string, code int, out, errs, where string) {
		t.Helper()
		if code != exitUsage {
			t.Errorf("%s: exit %d, want %d (a formula failed)", name, code, exitUsage)
		}
		if want := where + ":5:5: syntax error: expected proposition"; !strings.Contains(errs, want) {
			t.Errorf("%s: stderr %q, want %q", name, errs, want)
		}
		if n := strings.Count(out, "--END--"); n != 3 {
			t.Errorf("%s: %d automata, want 3:\n%s", name, n, out)
		}
		// In order, one per formula.
		i, j, k := strings.Index(out, `name: "G F p"`), strings.Index(out, `name: "[]<>q"`), strings.Index(out, `name: "GFp0 & GFp1"`)
		if i < 0 || j < i || k < j {
			t.Errorf("%s: automata missing or out of order:\n%s", name, out)
		}
	}
	code, out, errs := gospinLTL("", "-hoa", "-F", file)
	check("-F file", code, out, errs, file)
	code, out, errs = gospinLTL(src, "-hoa", "-F", "-")
	check("-F -", code, out, errs, "<stdin>")
	code, out, errs = gospinLTL(src, "-hoa")
	check("stdin", code, out, errs, "<stdin>")

	// Never claims are separated by a blank line; -stats names each
	// formula.
	code, out, _ = gospinLTL("", "-f", "[]p", "-f", "<>p", "X p")
	if code != exitOK || strings.Count(out, "never  {") != 3 || strings.Count(out, "}\n\nnever  {") != 2 {
		t.Errorf("three never claims: exit %d\n%s", code, out)
	}
	code, out, _ = gospinLTL("[]p\n<>p\n", "-stats")
	if code != exitOK || !strings.Contains(out, "formula: []p\nstates: 1\n") || !strings.Contains(out, "formula: <>p\n") {
		t.Errorf("-stats of two formulas: exit %d\n%s", code, out)
	}

	code, _, errs = gospinLTL("", "-F", filepath.Join(dir, "none.ltl"))
	if code != exitUsage || !strings.Contains(errs, "none.ltl") {
		t.Errorf("missing file: exit %d, %q", code, errs)
	}
	code, _, errs = gospinLTL("\n# only comments\n")
	if code != exitUsage || !strings.Contains(errs, "no formula given") {
		t.Errorf("no formula: exit %d, %q", code, errs)
	}
	code, _, errs = gospinLTL("", "-maxwork", "0", "-f", "p")
	if code != exitUsage || !strings.Contains(errs, "-maxwork must be positive") {
		t.Errorf("-maxwork 0: exit %d, %q", code, errs)
	}
}

func TestLTLErrors(t *testing.T) {
	code, _, errs := gospinLTL("", "-f", "p U \x1b[2J")
	if code != exitUsage || !strings.Contains(errs, `syntax error at column 5: unexpected character '\x1b'`) || strings.Contains(errs, "\x1b") {
		t.Errorf("control character: exit %d, %q", code, errs)
	}
	var parts []string
	for i := 0; i < 30; i++ {
		parts = append(parts, "[]<>p"+strconv.Itoa(i))
	}
	t0 := time.Now()
	code, out, errs := gospinLTL("", "-hoa", "-f", strings.Join(parts, " && "), "-f", "GFa")
	if code != exitUsage || !strings.Contains(errs, "formula too large") || !strings.Contains(errs, "-maxwork") {
		t.Errorf("GF-30: exit %d, %q", code, errs)
	}
	if strings.Count(out, "--END--") != 1 {
		t.Errorf("GF-30 then GFa: want GFa's automaton:\n%s", out)
	}
	if d := time.Since(t0); d > 30*time.Second {
		t.Errorf("GF-30 refused after %v", d)
	}
	code, _, errs = gospinLTL("", "-maxwork", "50", "-f", "GFa && GFb && GFc")
	if code != exitUsage || !strings.Contains(errs, "more than 50 steps") {
		t.Errorf("-maxwork 50: exit %d, %q", code, errs)
	}
}
