package format

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/parser"
	"github.com/gospin/gospin/promela/preproc"
	"github.com/gospin/gospin/promela/token"
)

var (
	update = flag.Bool("update", false, "rewrite the .golden files")
)

// corpusDir is the shared corpus of models, or "" when absent.
func corpusDir() string {
	d := filepath.Join("..", "..", "..", "shared", "corpus", "models")
	if st, err := os.Stat(d); err == nil && st.IsDir() {
		return d
	}
	return ""
}

// parse preprocesses and parses src as the file filename.
func parse(filename string, src []byte) (*ast.Model, *diag.List) {
	errs := &diag.List{}
	res := preproc.Process(filename, src, &preproc.Config{}, errs)
	if errs.HasErrors() || res == nil || res.File == nil {
		return nil, errs
	}
	return parser.ParseFile(res.File, errs), errs
}

// sameTree reports whether two models have equal declarations.
func sameTree(a, b *ast.Model) bool {
	if len(a.Decls) != len(b.Decls) {
		return false
	}
	for i := range a.Decls {
		if !ast.Equal(a.Decls[i], b.Decls[i]) {
			return false
		}
	}
	return true
}

// check formats src and verifies idempotence and, when src parses, that
// the output parses to the same tree. It returns the formatted text.
func check(t *testing.T, filename string, src []byte) []byte {
	t.Helper()
	out, err := Source(filename, src)
	if err != nil {
		t.Fatalf("%s: %v", filename, err)
	}
	checkLayout(t, filename, out)
	again, err := Source(filename, out)
	if err != nil {
		t.Fatalf("%s: formatting the output: %v\n%s", filename, err, out)
	}
	if !bytes.Equal(out, again) {
		t.Errorf("%s: not idempotent:\n%s", filename, diffLines(out, again))
	}
	m1, errs1 := parse(filename, src)
	if errs1.HasErrors() {
		return out
	}
	m2, errs2 := parse(filename, out)
	if errs2.HasErrors() {
		t.Errorf("%s: output does not parse: %v\n%s", filename, errs2, out)
		return out
	}
	if !sameTree(m1, m2) {
		t.Errorf("%s: output parses to a different tree", filename)
	}
	return out
}

// diffLines shows the first differing line of a and b.
func diffLines(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(la) || i < len(lb); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return "line " + itoa(i+1) + ":\n- " + x + "\n+ " + y
		}
	}
	return "(same lines)"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

func TestGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.input"))
	if len(files) == 0 {
		t.Fatal("no golden tests")
	}
	for _, in := range files {
		t.Run(filepath.Base(in), func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			out := check(t, in, src)
			golden := strings.TrimSuffix(in, ".input") + ".golden"
			if *update {
				if err := os.WriteFile(golden, out, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, want) {
				t.Errorf("%s: output differs from %s:\n%s", in, golden, diffLines(out, want))
			}
			// The golden file is itself formatted.
			check(t, golden, want)
		})
	}
}

func TestCorpus(t *testing.T) {
	dir := corpusDir()
	if dir == "" {
		t.Skip("no corpus of models")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.pml"))
	if len(files) == 0 {
		t.Skip("no models in corpus")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if _, errs := parse(f, src); errs.HasErrors() {
				t.Skipf("model does not parse: %v", errs)
			}
			check(t, f, src)
		})
	}
}

func TestErrors(t *testing.T) {
	for _, src := range []string{
		"init { x = 08a }",
		"init { x = \"abc\n }",
		"proctype P( { skip }",
		"init { $ }",
	} {
		out, err := Source("bad.pml", []byte(src))
		if err == nil {
			t.Errorf("%q: no error, output %q", src, out)
			continue
		}
		if _, ok := err.(*diag.List); !ok {
			t.Errorf("%q: error %T, want *diag.List", src, err)
		}
		if out != nil {
			t.Errorf("%q: output on error", src)
		}
	}
}

func FuzzSource(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.input"))
	if dir := corpusDir(); dir != "" {
		models, _ := filepath.Glob(filepath.Join(dir, "*.pml"))
		if len(models) > 8 {
			models = models[:8]
		}
		files = append(files, models...)
	}
	for _, name := range files {
		if src, err := os.ReadFile(name); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		out, err := Source("fuzz.pml", src)
		if err != nil {
			return
		}
		again, err := Source("fuzz.pml", out)
		if err != nil {
			t.Fatalf("output does not format: %v\n%s", err, out)
		}
		if !bytes.Equal(out, again) {
			t.Fatalf("not idempotent:\n%s", diffLines(out, again))
		}
		if bytes.Contains(src, []byte("#")) {
			return // no includes or macros from fuzz input
		}
		errs := &diag.List{}
		m1 := parser.ParseFile(tokenFile("fuzz.pml", src), errs)
		if errs.HasErrors() {
			return
		}
		errs2 := &diag.List{}
		m2 := parser.ParseFile(tokenFile("fuzz.pml", out), errs2)
		if errs2.HasErrors() {
			t.Fatalf("output does not parse: %v\n%s", errs2, out)
		}
		if !sameTree(m1, m2) {
			t.Fatalf("output parses to a different tree:\n%s", out)
		}
	})
}

func tokenFile(name string, src []byte) *token.File { return token.NewFile(name, src) }

// checkLayout checks the properties every output has: no trailing white
// space, no run of blank lines, none at the start, and exactly one
// newline at the end.
func checkLayout(t *testing.T, filename string, out []byte) {
	t.Helper()
	if len(out) == 0 {
		return
	}
	if !bytes.HasSuffix(out, []byte("\n")) || bytes.HasSuffix(out, []byte("\n\n")) {
		t.Errorf("%s: output does not end with exactly one newline", filename)
	}
	if out[0] == '\n' {
		t.Errorf("%s: output starts with a blank line", filename)
	}
	// Lines ending inside embedded C code are copied verbatim.
	verbatim := map[int]bool{}
	items, _ := tokenize(token.NewFile(filename, out), &diag.List{})
	for _, it := range items {
		if it.verbatim {
			line := bytes.Count(out[:it.off], []byte("\n"))
			for k := range strings.Count(it.text, "\n") {
				verbatim[line+k] = true
			}
		}
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	for i, l := range lines {
		if !verbatim[i] && strings.TrimRight(l, " \t") != l && !strings.HasSuffix(strings.TrimRight(l, " \t"), "\\") {
			t.Errorf("%s:%d: trailing white space: %q", filename, i+1, l)
		}
		if i > 0 && l == "" && lines[i-1] == "" {
			t.Errorf("%s:%d: run of blank lines", filename, i+1)
		}
	}
}
