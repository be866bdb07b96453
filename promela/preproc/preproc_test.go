package preproc

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/token"
)

// run preprocesses src as "m.pml"; files are the other files that can be
// read (by path).
func run(t testing.TB, src string, files map[string]string, cfg *Config) (*Result, *diag.List) {
	t.Helper()
	if cfg == nil {
		cfg = &Config{}
	}
	if cfg.ReadFile == nil {
		cfg.ReadFile = func(path string) ([]byte, error) {
			if s, ok := files[path]; ok {
				return []byte(s), nil
			}
			return nil, fmt.Errorf("open %s: %w", path, fs.ErrNotExist)
		}
	}
	var errs diag.List
	r := Process("m.pml", []byte(src), cfg, &errs)
	if r == nil || r.File == nil {
		t.Fatalf("Process returned no result")
	}
	return r, &errs
}

// norm collapses white space, for comparing outputs.
func norm(s string) string { return strings.Join(strings.Fields(s), " ") }

func TestOutput(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"object", "#define N 5\nint x = N;", "int x = 5;"},
		{"function", "#define F(a,b) a+b\nF(1,2)", "1+2"},
		{"function no parens", "#define F(a) [a]\nF + F (x)", "F + [x]"},
		{"function parens on next line", "#define F(a) [a]\nF\n(x)", "[x]"},
		{"not function-like with space", "#define F (a) a\nF", "(a) a"},
		{"nested parens and commas", "#define F(a,b) [a|b]\nF((1,2),g(3,4))", "[(1,2)|g(3,4)]"},
		{"empty args", "#define F(a,b) [a|b]\nF(,)", "[|]"},
		{"zero params", "#define F() z\nF()", "z"},
		{"nested expansion", "#define A B\n#define B C\n#define C 7\nA", "7"},
		{"self reference", "#define a a b\na", "a b"},
		{"mutual recursion", "#define x y\n#define y x\nx y", "x y"},
		{"painted stays painted", "#define f(x) x f\nf(1)(2)", "1 f(2)"},
		{"arg prescan", "#define N 3\n#define F(a) a\nF(N)", "3"},
		{"stringize not expanded", "#define N 3\n#define S(a) #a\nS(N)", `"N"`},
		{"xstr", "#define N 3\n#define S(a) #a\n#define X(a) S(a)\nX(N)", `"3"`},
		{"stringize escapes", "#define S(a) #a\nS(a  \"b\\n\"   'c')", `"a \"b\\n\" 'c'"`},
		{"paste", "#define C(a,b) a##b\nC(x,1) C(,y) C(z,) C(,)", "x1 y z"},
		{"paste object", "#define C x ## y\nC", "xy"},
		{"paste then expand", "#define xy 42\n#define C(a,b) a##b\nC(x,y)", "42"},
		{"paste operators", "#define C(a,b) a##b\nC(-,>) C(<,<)", "-> <<"},
		{"variadic", "#define V(f, ...) printf(f, __VA_ARGS__)\nV(\"%d %d\", 1, 2)", `printf("%d %d", 1, 2)`},
		{"variadic empty", "#define V(f, ...) g(f __VA_ARGS__)\nV(x)", "g(x)"},
		{"named variadic", "#define V(args...) g(args)\nV(1, 2)", "g(1, 2)"},
		{"fn macro via object", "#define f(x) [x]\n#define g f\ng(1)", "[1]"},
		{"args from rescan", "#define f(x) [x]\n#define g f(\ng 1)", "[1]"},
		{"comments kept", "#define N 5\n/* N */ N // N", "/* N */ 5 // N"},
		{"strings not expanded", "#define N 5\nprintf(\"N\\\"N\", 'N')", "printf(\"N\\\"N\", 'N')"},
		{"directive in comment", "/*\n#define N 5\n*/\nN", "/* #define N 5 */ N"},
		{"directive in string", "\"a\\\n#define N 5\"\nN", "\"a\\ #define N 5\" N"},
		{"continuation", "#define L 1 + \\\n  2\nL", "1 + 2"},
		{"comment in directive", "#define L 1 /* x\n y */ + 2\nL", "1 + 2"},
		{"numbers", "#define e 1\n1e+e 0x1e e", "1e+e 0x1e 1"},
		{"undef", "#define N 1\n#undef N\nN", "N"},
		{"null directive", "#\nx", "x"},
		{"pragma", "#pragma once\nx", "x"},
		{"linemarker", "# 1 \"m.pml\"\nx", "x"},
		{"indented directive", "   #  define N 2\nN", "2"},
		{"line macro", "\n__LINE__ __FILE__", `2 "m.pml"`},
		{"gospin", "__GOSPIN__", "1"},
		{"promela", "#define ok (x > 0)\nactive proctype p() { do :: ok -> x-- od }",
			"active proctype p() { do :: (x > 0) -> x-- od }"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, errs := run(t, tt.src, nil, nil)
			if errs.Len() > 0 {
				t.Fatalf("diagnostics: %v", errs.Error())
			}
			if got := norm(string(r.File.Src())); got != norm(tt.want) {
				t.Errorf("got %q, want %q", got, norm(tt.want))
			}
		})
	}
}

// TestSpacing checks that expansions keep tokens apart exactly as cpp does.
func TestSpacing(t *testing.T) {
	tests := []struct{ src, want string }{
		{"#define N -1\nx-N", "x- -1"},
		{"#define N -1\nx - N", "x - -1"},
		{"#define E\n-E-", "- -"},
		{"#define P +\nP+", "+ +"},
		{"#define I x\nI(1) I.y", "x(1) x.y"},
		{"#define A a\n#define B b\nA B AB", "a b AB"},
		{"#define F(x) x\nF(a)b", "a b"},
		{"#define F(x) -x\nF(-1)", "- -1"},
		{"#define C(a,b) a b\nC(/,/)", "/ /"},
	}
	for _, tt := range tests {
		r, errs := run(t, tt.src, nil, nil)
		if errs.Len() > 0 {
			t.Errorf("%q: diagnostics: %v", tt.src, errs.Error())
		}
		out := string(r.File.Src())
		if got := strings.TrimLeft(out, "\n"); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestLineStructure checks that directives and skipped lines become empty
// lines.
func TestLineStructure(t *testing.T) {
	src := "a\n#define X \\\n 1\nb\n#if 0\nc\n#endif\nX\n"
	r, errs := run(t, src, nil, nil)
	if errs.Len() > 0 {
		t.Fatal(errs.Error())
	}
	want := "a\n\n\nb\n\n\n\n1\n"
	if got := string(r.File.Src()); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if n := len(r.File.Segments()); n != 3 {
		t.Errorf("got %d segments, want 3 (verbatim, X, verbatim): %+v", n, r.File.Segments())
	}
}

// where returns the position in the output of the n-th (0-based)
// occurrence of needle.
func where(t *testing.T, r *Result, needle string, n int) token.Position {
	t.Helper()
	s := string(r.File.Src())
	off := 0
	for i := 0; ; i++ {
		k := strings.Index(s[off:], needle)
		if k < 0 {
			t.Fatalf("%q (occurrence %d) not in output %q", needle, n, s)
		}
		if i == n {
			return r.File.Position(r.File.Pos(off + k))
		}
		off += k + len(needle)
	}
}

func TestPositions(t *testing.T) {
	files := map[string]string{
		"inc/defs.h":     "// defs\n#define TWO 2\nint incvar;\n#include \"sub/deep.h\"\n",
		"inc/sub/deep.h": "  deepvar\n",
		"lib/lib.h":      "libvar\n",
	}
	src := "#include \"inc/defs.h\"\n" + // 1
		"#include <lib.h>\n" + // 2
		"x = TWO; y\n" + // 3
		"#define F(a, b) (a+b)\n" + // 4
		"z = F(1,\n" + // 5
		"      2) + after\n" + // 6
		"#line 100 \"other.pml\"\n" + // 7
		"moved\n" + // 8 -> other.pml:100
		"next\n" // 9 -> other.pml:101
	r, errs := run(t, src, files, &Config{IncludeDirs: []string{"lib"}})
	if errs.Len() > 0 {
		t.Fatal(errs.Error())
	}
	tests := []struct {
		needle string
		n      int
		want   string
		macro  string
	}{
		{"incvar", 0, "inc/defs.h:3:5", ""},
		{"// defs", 0, "inc/defs.h:1:1", ""},
		{"deepvar", 0, "inc/sub/deep.h:1:3", ""},
		{"libvar", 0, "lib/lib.h:1:1", ""},
		{"x =", 0, "m.pml:3:1", ""},
		{"2", 0, "m.pml:3:5", "TWO"},
		{"; y", 0, "m.pml:3:8", ""},
		{"y", 0, "m.pml:3:10", ""},
		{"z =", 0, "m.pml:5:1", ""},
		{"(1+2)", 0, "m.pml:5:5", "F"},
		{"+ after", 0, "m.pml:6:10", ""},
		{"after", 0, "m.pml:6:12", ""},
		{"moved", 0, "other.pml:100:1", ""},
		{"next", 0, "other.pml:101:1", ""},
	}
	for _, tt := range tests {
		p := where(t, r, tt.needle, tt.n)
		if p.String() != tt.want || p.Macro != tt.macro {
			t.Errorf("%q: got %v (macro %q), want %s (macro %q)", tt.needle, p, p.Macro, tt.want, tt.macro)
		}
	}
	for _, name := range []string{"m.pml", "inc/defs.h", "inc/sub/deep.h", "lib/lib.h"} {
		if _, ok := r.Sources[name]; !ok {
			t.Errorf("Sources lacks %q (has %v)", name, keys(r.Sources))
		}
	}
	// Every offset maps somewhere.
	for off := 0; off <= r.File.Size(); off++ {
		if p := r.File.Position(r.File.Pos(off)); !p.IsValid() {
			t.Fatalf("offset %d has no position", off)
		}
	}
}

func keys(m map[string][]byte) []string {
	var k []string
	for n := range m {
		k = append(k, n)
	}
	return k
}

func TestConditionals(t *testing.T) {
	tests := []struct{ src, want string }{
		{"#ifdef A\na\n#else\nb\n#endif", "b"},
		{"#define A\n#ifdef A\na\n#else\nb\n#endif", "a"},
		{"#ifndef A\na\n#endif", "a"},
		{"#if 0\na\n#elif 1\nb\n#elif 1\nc\n#else\nd\n#endif", "b"},
		{"#if 0\n#if 1\na\n#else\nb\n#endif\n#else\nc\n#endif", "c"},
		{"#if 1\n#if 0\na\n#else\nb\n#endif\n#else\nc\n#endif", "b"},
		{"#if 0\n#elif 0\n#else\nd\n#endif", "d"},
		{"#if 0\n junk ' \" #bogus\n#foo\n#if garbage (((\n#endif\n#else\nok\n#endif", "ok"},
		{"#if 0\n/*\n#endif\n*/\n#endif\nx", "x"},
		{"#define N 3\n#if N > 2 && defined N && defined(N) && !defined M\ny\n#endif", "y"},
		{"#define F(x) (x*2)\n#if F(3) == 6\ny\n#endif", "y"},
		{"#if UNDEFINED == 0\ny\n#endif", "y"},
		{"#if 0 && 1/0\n#else\ny\n#endif", "y"},
		{"#if 1 || 1/0\ny\n#endif", "y"},
		{"#if 1 ? 2 : 1/0\ny\n#endif", "y"},
	}
	for _, tt := range tests {
		r, errs := run(t, tt.src, nil, nil)
		if errs.Len() > 0 {
			t.Errorf("%q: diagnostics: %v", tt.src, errs.Error())
		}
		if got := norm(string(r.File.Src())); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.src, got, tt.want)
		}
	}
}

func TestExpressions(t *testing.T) {
	tests := []struct {
		expr string
		want bool
	}{
		{"1", true}, {"0", false}, {"-1", true}, {"1 + 2 * 3 == 7", true},
		{"(1 + 2) * 3 == 9", true}, {"10 / 3 == 3", true}, {"10 % 3 == 1", true},
		{"-7 / 2 == -3", true}, {"1 << 4 == 16", true}, {"-16 >> 2 == -4", true},
		{"1 << 70 == 0", true}, {"(5 & 3) == 1", true}, {"(5 | 3) == 7", true},
		{"(5 ^ 3) == 6", true}, {"~0 == -1", true}, {"!0", true}, {"!5", false},
		{"3 > 2", true}, {"3 < 2", false}, {"2 >= 2", true}, {"2 <= 1", false},
		{"1 != 1", false}, {"0 || 2", true}, {"1 && 0", false},
		{"1 ? 0 : 1", false}, {"0 ? 0 : 1", true}, {"0 ? 1 : 0 ? 1 : 2", true},
		{"0x10 == 16", true}, {"010 == 8", true}, {"10UL == 10", true},
		{"'a' == 97", true}, {"'\\n' == 10", true}, {"(1, 0)", false},
		{"9223372036854775807 + 1 < 0", true}, {"+3 == 3", true},
	}
	for _, tt := range tests {
		r, errs := run(t, "#if "+tt.expr+"\nyes\n#else\nno\n#endif", nil, nil)
		if errs.Len() > 0 {
			t.Errorf("%s: diagnostics: %v", tt.expr, errs.Error())
			continue
		}
		want := "no"
		if tt.want {
			want = "yes"
		}
		if got := norm(string(r.File.Src())); got != want {
			t.Errorf("#if %s: got %s, want %s", tt.expr, got, want)
		}
	}
}

func TestDefines(t *testing.T) {
	r, errs := run(t, "A B C F(2)", nil, &Config{Defines: []string{"A", "B=x+y", "C=", "F(a)=a*a"}})
	if errs.Len() > 0 {
		t.Fatal(errs.Error())
	}
	if got := norm(string(r.File.Src())); got != "1 x+y 2*2" {
		t.Errorf("got %q", got)
	}
}

func TestIncludeSearch(t *testing.T) {
	files := map[string]string{
		"a.h":       "from_dot",
		"i1/b.h":    "from_i1",
		"i2/b.h":    "from_i2",
		"i2/c.h":    "from_i2c",
		"d/local.h": "#include \"sib.h\"\n",
		"d/sib.h":   "sibling",
	}
	cfg := &Config{IncludeDirs: []string{"i1", "i2"}}
	src := "#include \"a.h\"\n#include \"b.h\"\n#include <c.h>\n#include \"d/local.h\"\n#define H \"a.h\"\n#include H\n"
	r, errs := run(t, src, files, cfg)
	if errs.Len() > 0 {
		t.Fatal(errs.Error())
	}
	if got := norm(string(r.File.Src())); got != "from_dot from_i1 from_i2c sibling from_dot" {
		t.Errorf("got %q", got)
	}
	// <a.h> is not looked up next to the including file.
	_, errs = run(t, "#include <a.h>\n", files, cfg)
	if errs.Len() != 1 || errs.Items[0].Msg != `#include: cannot open "a.h": no such file` {
		t.Errorf("got %v", errs.Error())
	}
}

func TestErrors(t *testing.T) {
	files := map[string]string{
		"self.h": "#include \"self.h\"\n",
		"bad.h":  "ok\n#if 1\n",
	}
	tests := []struct {
		src  string
		want string // diagnostics, one per line
	}{
		{"x\n  #include \"x.h\"\n", `m.pml:2:3: error: #include: cannot open "x.h": no such file`},
		{"#include\n", `m.pml:1:1: error: #include expects "FILENAME" or <FILENAME>`},
		{"#include \"self.h\"\n", `self.h:1:1: error: #include nested too deeply (more than 200 levels)`},
		{"#include \"bad.h\"\n", `bad.h:2:1: error: unterminated #if`},
		{"a\n#if 1\nb\n", `m.pml:2:1: error: unterminated #if`},
		{"#ifdef X\n#else\n", `m.pml:1:1: error: unterminated #ifdef`},
		{"\n #endif\n", `m.pml:2:2: error: #endif without #if`},
		{"#else\n", `m.pml:1:1: error: #else without #if`},
		{"#elif 1\n", `m.pml:1:1: error: #elif without #if`},
		{"#if 1\n#else\n#elif 1\n#endif\n", `m.pml:3:1: error: #elif after #else`},
		{"#if 1\n#else\n#else\n#endif\n", `m.pml:3:1: error: #else after #else`},
		{"#if 1/0\n#endif\n", `m.pml:1:1: error: #if: division by zero`},
		{"#if 1 %  0\n#endif\n", `m.pml:1:1: error: #if: division by zero`},
		{"#if\n#endif\n", `m.pml:1:1: error: #if with no expression`},
		{"#if 1 +\n#endif\n", `m.pml:1:1: error: #if: unexpected end of expression`},
		{"#if (1\n#endif\n", `m.pml:1:1: error: #if: missing ')' in expression`},
		{"#if 1 2\n#endif\n", `m.pml:1:1: error: #if: unexpected "2" in expression`},
		{"#if defined\n#endif\n", `m.pml:1:1: error: #if: operator "defined" requires an identifier`},
		{"#if 1.5\n#endif\n", `m.pml:1:1: error: #if: invalid integer constant "1.5"`},
		{"#if 0\n#elif 1/0\n#endif\n", `m.pml:2:1: error: #elif: division by zero`},
		{"#foo bar\n", `m.pml:1:1: error: unknown preprocessor directive #foo`},
		{"#error stop here\n", `m.pml:1:1: error: #error stop here`},
		{"#warning careful\n", `m.pml:1:1: warning: #warning careful`},
		{"#define F(a,b) a\nx F(1)\n", `m.pml:2:3: error: macro "F" expects 2 arguments, got 1`},
		{"#define F(a) a\nF(1,2)\n", `m.pml:2:1: error: macro "F" expects 1 argument, got 2`},
		{"#define V(a,...) a\nV()\n", ``},
		{"#define V(a,b,...) a\nV(1)\n", `m.pml:2:1: error: macro "V" expects at least 2 arguments, got 1`},
		{"#define F(a) a\n  F(1,\n2\n", `m.pml:2:3: error: unterminated argument list invoking macro "F"`},
		{"#define F(a) a\nF(1,\n#define X\n)\n", `m.pml:2:1: error: unterminated argument list invoking macro "F"`},
		{"#define N 1\n#define N 2\n", `m.pml:2:1: warning: macro "N" redefined`},
		{"#define N 1\n#define N  1\n#define F(a) a\n#define F(a) a\n", ``},
		{"#define\n", `m.pml:1:1: error: no macro name given in #define directive`},
		{"#define 3 x\n", `m.pml:1:1: error: macro names must be identifiers`},
		{"#define F(a x\n", `m.pml:1:1: error: missing ')' in macro parameter list`},
		{"#define F(a,a) a\n", `m.pml:1:1: error: duplicate macro parameter "a"`},
		{"#define F(a) #b\n", `m.pml:1:1: error: '#' is not followed by a macro parameter`},
		{"#define F(a) ## a\n", `m.pml:1:1: error: '##' cannot appear at either end of a macro expansion`},
		{"#undef\n", `m.pml:1:1: error: macro names must be identifiers`},
		{"#ifdef\n#endif\n", `m.pml:1:1: error: no macro name given in #ifdef directive`},
		{"#line x\n", `m.pml:1:1: error: #line: expected a line number`},
		{"#line 10 \"f.pml\"\n\n#error here\n", `f.pml:11:1: error: #error here`},
		{"#if 0\n#foo\n#error no\n#endif\n", ``},
		{"#define x1 x0 x0\n#define x2 x1 x1\n#define x3 x2 x2\n#define x4 x3 x3\n#define x5 x4 x4\n" +
			"#define x6 x5 x5\n#define x7 x6 x6\n#define x8 x7 x7\n#define x9 x8 x8\n#define x10 x9 x9\n" +
			"#define x11 x10 x10\n#define x12 x11 x11\n#define x13 x12 x12\n#define x14 x13 x13\n" +
			"#define x15 x14 x14\n#define x16 x15 x15\n#define x17 x16 x16\n#define x18 x17 x17\n" +
			"#define x19 x18 x18\n#define x20 x19 x19\n#define x21 x20 x20\n#define x22 x21 x21\n" +
			"#define x23 x22 x22\n  x21\n", `m.pml:24:3: error: macro expansion too large`},
	}
	for _, tt := range tests {
		_, errs := run(t, tt.src, files, nil)
		var got []string
		for _, d := range errs.Items {
			got = append(got, d.String())
		}
		if g := strings.Join(got, "\n"); g != tt.want {
			t.Errorf("%q:\ngot  %s\nwant %s", tt.src, g, tt.want)
		}
	}
}

func TestNilConfig(t *testing.T) {
	var errs diag.List
	r := Process("m.pml", []byte("#define A 1\nA\n"), nil, &errs)
	if r == nil || norm(string(r.File.Src())) != "1" || errs.Len() != 0 {
		t.Fatalf("bad result")
	}
	if string(r.Sources["m.pml"]) != "#define A 1\nA\n" {
		t.Errorf("Sources: %v", keys(r.Sources))
	}
}

// bigModel builds a model of about size bytes that uses ndef macros.
func bigModel(size, ndef int) []byte {
	var b strings.Builder
	for i := range ndef {
		if i%2 == 0 {
			fmt.Fprintf(&b, "#define M%d %d\n", i, i)
		} else {
			fmt.Fprintf(&b, "#define M%d(a, b) ((a) + (b) * M%d)\n", i, i-1)
		}
	}
	b.WriteString("active proctype p() {\n")
	for i := 0; b.Len() < size; i++ {
		k := i % ndef
		if k%2 == 0 {
			fmt.Fprintf(&b, "  x = x + M%d; /* comment M%d */ printf(\"M%d\\n\");\n", k, k, k)
		} else {
			fmt.Fprintf(&b, "  y = M%d(x, y) - z; // M%d\n", k, k)
		}
		if i%100 == 0 {
			b.WriteString("#ifdef M1\n  skip;\n#else\n  junk\n#endif\n")
		}
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

func TestLarge(t *testing.T) {
	src := bigModel(1<<20, 1000)
	start := time.Now()
	var errs diag.List
	r := Process("big.pml", src, nil, &errs)
	d := time.Since(start)
	if errs.Len() > 0 {
		t.Fatal(errs.Error())
	}
	t.Logf("preprocessed %d bytes into %d bytes, %d segments, in %v", len(src), r.File.Size(), len(r.File.Segments()), d)
	if d > 5*time.Second {
		t.Errorf("too slow: %v", d)
	}
}

func BenchmarkProcess(b *testing.B) {
	src := bigModel(1<<20, 1000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		var errs diag.List
		Process("big.pml", src, nil, &errs)
	}
}

func FuzzProcess(f *testing.F) {
	seeds := []string{
		"#define N -1\nx-N\n",
		"#define F(a,b) a##b #a\nF(1,2) F((,),) F(\n",
		"#if defined(X) || 1/0 ? 2 : 3\n#elif\n#else\n#endif\n#endif\n",
		"#include \"inc.h\"\n#include <inc.h>\n#include X\n",
		"/* #define A 1 */ \"A\" 'A' // A\n#line 5 \"x\"\n",
		"#define V(...) __VA_ARGS__ #__VA_ARGS__\nV(1,2,3) V()\n",
		"#define f(x) x f\nf(1)(2)(3)\n#define g(x) g(x)\ng(g(1))\n",
		"#if 0\n'\n\"\n/*\n#endif\n*/\n#endif\n",
		"#define a(x) x\\\n+1\na(a(a(\n",
		"# 3 \"f\"\n#\n#pragma x\n#error e\n#warning w\n#foo\n",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	cfg := &Config{
		IncludeDirs: []string{"dir"},
		Defines:     []string{"D=2", "E"},
		ReadFile: func(path string) ([]byte, error) {
			if strings.HasSuffix(path, "inc.h") {
				return []byte("#define INC 1\nINC\n#if 1\n"), nil
			}
			return nil, fs.ErrNotExist
		},
	}
	f.Fuzz(func(t *testing.T, src string) {
		var errs diag.List
		start := time.Now()
		r := Process("f.pml", []byte(src), cfg, &errs)
		if d := time.Since(start); d > 5*time.Second && len(src) < 1000 {
			t.Fatalf("too slow: %v", d)
		}
		if r == nil || r.File == nil || r.Sources == nil {
			t.Fatal("nil result")
		}
		// Position is linear in the distance from a segment's start, so
		// check a bounded sample of offsets.
		step := 1 + r.File.Size()/2000
		for off := 0; off <= r.File.Size(); off += step {
			r.File.Position(r.File.Pos(off))
		}
		segs := r.File.Segments()
		for _, sg := range segs {
			if p := r.File.Position(r.File.Pos(sg.Offset)); !p.IsValid() {
				t.Fatalf("segment %+v maps to an invalid position", sg)
			}
		}
		for i := 1; i < len(segs); i++ {
			if segs[i].Offset <= segs[i-1].Offset {
				t.Fatalf("segments out of order: %+v", segs)
			}
		}
		for _, d := range errs.Items {
			if !d.Pos.IsValid() {
				t.Fatalf("diagnostic without position: %v", d)
			}
		}
	})
}

// corpusDir finds the shared corpus of models, if present.
func corpusDir() string {
	for _, d := range []string{"/work/shared/corpus/models", "../../../shared/corpus/models"} {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d
		}
	}
	return ""
}

// squash removes comments (outside string literals) and all white space,
// for comparing preprocessor outputs.
func squash(s []byte) []byte {
	var b []byte
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			i = blockCommentEnd(string(s), i)
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			i = lineCommentEnd(string(s), i)
		case c == '"':
			j := quoteEnd(string(s), i)
			b = append(b, s[i:j]...)
			i = j
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		default:
			b = append(b, c)
			i++
		}
	}
	return b
}

// TestCorpus preprocesses every model of the shared corpus, and compares
// the result with gcc -E -P when gcc is available.
func TestCorpus(t *testing.T) {
	dir := corpusDir()
	if dir == "" {
		t.Skip("no corpus of models")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.pml"))
	if len(files) == 0 {
		t.Skip("no models in corpus")
	}
	gcc, _ := exec.LookPath("gcc")
	compared := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var errs diag.List
		r := Process(path, src, nil, &errs)
		if errs.HasErrors() {
			t.Errorf("%s: %v", path, errs.Error())
			continue
		}
		if gcc == "" || testing.Short() {
			continue
		}
		cmd := exec.Command(gcc, "-E", "-P", "-x", "c", "-I", filepath.Dir(path), "-")
		cmd.Stdin = bytes.NewReader(src)
		want, err := cmd.Output()
		if err != nil {
			t.Logf("%s: gcc failed (%v), not compared", path, err)
			continue
		}
		compared++
		got, exp := squash(r.File.Src()), squash(want)
		if !bytes.Equal(got, exp) {
			i := 0
			for i < len(got) && i < len(exp) && got[i] == exp[i] {
				i++
			}
			t.Errorf("%s: output differs from gcc -E at squashed offset %d:\ngot  %q\nwant %q",
				path, i, got[max(0, i-60):min(len(got), i+60)], exp[max(0, i-60):min(len(exp), i+60)])
		}
	}
	t.Logf("%d models preprocessed, %d compared with gcc", len(files), compared)
}

// TestAgainstGCC compares tricky expansions (among them the examples of
// the C standard, 6.10.3.5) with gcc -E.
func TestAgainstGCC(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	srcs := []string{
		`#define F(a) [a]
F + F (x)`,
		"#define f(x) x f\nf(1)(2)",
		"#define S(a) #a\nS(a  \"b\\n\"   'c')",
		"#define C(a,b) a##b\nC(x,1) C(,y) C(z,) C(,)",
		"#define C(a,b) a##b\nC(-,>) C(<,<)",
		"#define V(f, ...) g(f __VA_ARGS__)\nV(x)",
		"#define f(x) [x]\n#define g f(\ng 1)",
		"#define L 1 /* x\n y */ + 2\nL",
		"#define e 1\n1e+e 0x1e e",
		"#define N -1\nx-N x - N",
		"#define E\n-E-",
		"#define P +\nP+",
		"#define I x\nI(1) I.y",
		"#define F(x) x\nF(a)b",
		"#define F(x) -x\nF(-1)",
		"#define C(a,b) a b\nC(/,/)",
		"#define g(x) [x]\n#define f(x) g(x g)\nf(f(1))",
		"#define h() H\nh ( ) h()",
		"#define q(x) x\nq(q)(1)",
		"#define AA BB\n#define BB AA\n#define F(x) x AA\nF(AA)",
		"#define str(s) # s\n#define xstr(s) str(s)\n#define INCFILE(n) vers ## n\nxstr(INCFILE(2).h) str(strncmp(\"abc\\0d\", \"abc\", '\\4') == 0)",
		"#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n#define g f\n#define z z[0]\n#define h g(~\n#define m(a) a(w)\n#define w 0,1\n#define t(a) a\n#define p() int\n#define q(x) x\n#define r(x,y) x ## y\nf(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\ng(x+(3,4)-w) | h 5) & m\n(f)^m(m);\np() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };",
	}
	for _, src := range srcs {
		r, errs := run(t, src, nil, nil)
		cmd := exec.Command(gcc, "-E", "-P", "-x", "c", "-")
		cmd.Stdin = bytes.NewReader([]byte(src))
		want, err := cmd.Output()
		if err != nil {
			t.Errorf("%q: gcc: %v", src, err)
			continue
		}
		if !bytes.Equal(squash(r.File.Src()), squash(want)) {
			t.Errorf("%q:\ngot  %q\ngcc  %q\n%v", src, r.File.Src(), want, errs.Error())
		}
	}
}
