package frontend

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gospin/gospin/diag"
)

// TestBadModels loads every model in testdata/bad and compares the
// diagnostics with the `// want:` lines at the top of the file (see
// testdata/bad/README.md).
func TestBadModels(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "bad")
	files, err := filepath.Glob(filepath.Join(dir, "*.pml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 60 {
		t.Errorf("only %d bad models in %s; the front end promises at least 60", len(files), dir)
	}
	for _, path := range files {
		path := path
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			wantErrs, wantWarns := parseWants(src)
			if len(wantErrs)+len(wantWarns) == 0 {
				t.Fatalf("no `// want:` lines")
			}
			r := Load(path, src, nil)
			var gotErrs, gotWarns []string
			for _, d := range r.Diags.Items {
				s := formatDiag(dir, path, d)
				if d.Severity == diag.Error {
					gotErrs = append(gotErrs, s)
				} else {
					gotWarns = append(gotWarns, s)
				}
			}
			sort.Strings(gotErrs)
			sort.Strings(wantErrs)
			if strings.Join(gotErrs, "\n") != strings.Join(wantErrs, "\n") {
				t.Errorf("errors differ\n got:\n\t%s\nwant:\n\t%s", strings.Join(gotErrs, "\n\t"), strings.Join(wantErrs, "\n\t"))
			}
			for _, w := range wantWarns {
				if !contains(gotWarns, w) {
					t.Errorf("missing warning %q; got warnings:\n\t%s", w, strings.Join(gotWarns, "\n\t"))
				}
			}
		})
	}
}

// formatDiag writes d as LINE:COL: severity: msg, with the file name in
// front when the diagnostic is in another file than the model itself.
func formatDiag(dir, model string, d *diag.Diagnostic) string {
	s := fmt.Sprintf("%d:%d: %s: %s", d.Pos.Line, d.Pos.Column, d.Severity, d.Msg)
	if d.Pos.Filename != model && d.Pos.Filename != "" {
		name := d.Pos.Filename
		if rel, err := filepath.Rel(dir, name); err == nil {
			name = rel
		}
		s = name + ":" + s
	}
	return s
}

func parseWants(src []byte) (errs, warns []string) {
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		rest, ok := strings.CutPrefix(line, "// want:")
		if !ok {
			if line == "" || strings.HasPrefix(line, "//") {
				continue
			}
			break
		}
		rest = strings.TrimSpace(rest)
		if strings.Contains(rest, ": warning: ") {
			warns = append(warns, rest)
		} else {
			errs = append(errs, rest)
		}
	}
	return errs, warns
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestCorpusAccepted loads every model of the shared conformance corpus:
// SPIN 6.5.2 accepts them all, so must we.
func TestCorpusAccepted(t *testing.T) {
	dir := corpusDir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*.pml"))
	for _, path := range files {
		r, err := LoadFile(path, nil)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if r.HasErrors() {
			var b bytes.Buffer
			r.PrintDiags(&b)
			t.Errorf("%s rejected:\n%s", filepath.Base(path), b.String())
		}
	}
}

// corpusDir finds ../shared/corpus/models beside the repository, or skips.
func corpusDir(t testing.TB) string {
	dir := filepath.Join("..", "..", "..", "shared", "corpus", "models")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("shared corpus not present:", dir)
	}
	return dir
}

// generatedModel is a model with nGlobals globals and one do loop with
// nOptions options, as machine-generated models have.
func generatedModel(nGlobals, nOptions int) []byte {
	var sb strings.Builder
	for i := 0; i < nGlobals; i++ {
		fmt.Fprintf(&sb, "byte g%d = %d;\n", i, i%256)
	}
	sb.WriteString("active proctype P() {\n\tdo\n")
	for i := 0; i < nOptions; i++ {
		fmt.Fprintf(&sb, "\t:: g%d > 0 -> g%d = g%d - 1\n", i%nGlobals, (i+1)%nGlobals, i%nGlobals)
	}
	sb.WriteString("\tod\n}\n")
	return []byte(sb.String())
}

// TestGeneratedModelUnderOneSecond is the front end's scalability promise:
// 10,000 do options and 1,000 globals load (preprocess, parse, check) in
// well under a second.
func TestGeneratedModelUnderOneSecond(t *testing.T) {
	src := generatedModel(1000, 10000)
	start := time.Now()
	r := Load("gen.pml", src, nil)
	d := time.Since(start)
	if r.HasErrors() {
		t.Fatal(r.Diags.Error())
	}
	t.Logf("%d bytes loaded in %v", len(src), d)
	if d > time.Second {
		t.Errorf("loading took %v, more than one second", d)
	}
}

func BenchmarkLoadGenerated(b *testing.B) {
	src := generatedModel(1000, 10000)
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		if r := Load("gen.pml", src, nil); r.HasErrors() {
			b.Fatal(r.Diags.Error())
		}
	}
}

// BenchmarkLoadLargestCorpusModel loads the largest model of the corpus.
func BenchmarkLoadLargestCorpusModel(b *testing.B) {
	dir := corpusDir(b)
	files, _ := filepath.Glob(filepath.Join(dir, "*.pml"))
	var largest string
	var size int64
	for _, f := range files {
		if st, err := os.Stat(f); err == nil && st.Size() > size {
			largest, size = f, st.Size()
		}
	}
	src, err := os.ReadFile(largest)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%s (%d bytes)", filepath.Base(largest), size)
	b.SetBytes(size)
	cfg := &Config{IncludeDirs: []string{dir}}
	for i := 0; i < b.N; i++ {
		if r := Load(largest, src, cfg); r.HasErrors() {
			b.Fatal(r.Diags.Error())
		}
	}
}

// FuzzLoad runs the whole front end (preprocessor, parser, checker) on
// arbitrary text: it must never panic or hang.
func FuzzLoad(f *testing.F) {
	for _, dir := range []string{"../../testdata/engine", "../../testdata/bad", "../../testdata/accept", "../../examples"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.pml"))
		for _, p := range files {
			if src, err := os.ReadFile(p); err == nil {
				f.Add(string(src))
			}
		}
	}
	f.Add("#define N 3\nbyte a[N];\ninit { a[N-1] = 1 }")
	f.Fuzz(func(t *testing.T, src string) {
		cfg := &Config{ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }}
		Load("f.pml", []byte(src), cfg)
	})
}

// TestLongSumFoldsLinearly: constant folding is linear in the size of the
// expression, and a long left-deep chain does not recurse once per
// operator in the checker: `x = 1+1+...+1` with 200,000 terms loads in
// under a second and folds to 200000. The best of three runs counts, and
// on a machine so busy that the wall time says nothing, the CPU time the
// load used (about 0.2 s where the quadratic folding took minutes).
func TestLongSumFoldsLinearly(t *testing.T) {
	const n = 200_000
	var sb strings.Builder
	sb.WriteString("int x;\nactive proctype P() { x = 1")
	for i := 1; i < n; i++ {
		sb.WriteString("+1")
	}
	sb.WriteString(" }\n")
	src := []byte(sb.String())
	best, bestCPU := time.Hour, time.Hour
	var r *Result
	for try := 0; try < 3 && best > time.Second; try++ {
		start := time.Now()
		cpu0, okCPU := cpuTime()
		r = Load("sum.pml", src, nil)
		if d := time.Since(start); d < best {
			best = d
		}
		if cpu1, ok := cpuTime(); ok && okCPU && cpu1-cpu0 < bestCPU {
			bestCPU = cpu1 - cpu0
		}
	}
	if r.HasErrors() {
		t.Fatal(r.Diags.Error())
	}
	t.Logf("%d terms loaded in %v (CPU %v)", n, best, bestCPU)
	if best > time.Second && bestCPU > time.Second {
		t.Errorf("loading took %v (CPU %v), more than one second", best, bestCPU)
	}
	found := false
	for _, v := range r.Program.Consts {
		if v == n {
			found = true
		}
	}
	if !found {
		t.Errorf("the sum was not folded to %d", n)
	}
}

// TestTooManyErrors: a file reports at most MaxErrors errors, then "too
// many errors", as go vet does.
func TestTooManyErrors(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("active proctype P() {\n")
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&sb, "\ty%d = 1;\n", i)
	}
	sb.WriteString("}\n")
	r := Load("errs.pml", []byte(sb.String()), nil)
	if n := r.Diags.ErrorCount(); n != MaxErrors+1 {
		t.Fatalf("%d errors, want %d:\n%s", n, MaxErrors+1, r.Diags.Error())
	}
	last := r.Diags.Items[len(r.Diags.Items)-1]
	if last.Msg != diag.TooManyErrors {
		t.Errorf("last diagnostic %q", last.String())
	}
	// a syntax error on every line: the parser stops too
	src := strings.Repeat("byte = ;\n", 100000)
	r = Load("syn.pml", []byte(src), nil)
	if n := r.Diags.ErrorCount(); n > MaxErrors+1 {
		t.Errorf("%d syntax errors kept", n)
	}
}

// TestHugeExpressionRefused: an expression beyond the parser's bound on
// operators (whose tree the later stages would walk as deep as it is
// long) is an error with a position, not a stack overflow.
func TestHugeExpressionRefused(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("byte x;\nactive proctype P() { x = x")
	for i := 0; i < 300_000; i++ {
		sb.WriteString("+x")
	}
	sb.WriteString(" }\n")
	r := Load("huge.pml", []byte(sb.String()), nil)
	if !r.HasErrors() || !strings.Contains(r.Diags.Error(), "huge.pml:2:") || !strings.Contains(r.Diags.Error(), "expression too large") {
		t.Errorf("got %s", r.Diags.Error())
	}
}

// TestModelSizeBounded: a device, a directory or a file over
// preproc.MaxModelBytes is refused, as a model and as an #include (with
// the position of the #include), without reading it; a text that grows
// past the bound in preprocessing stops with an error.
func TestModelSizeBounded(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.pml")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(50 << 20); err != nil { // 50 MB, sparse
		t.Fatal(err)
	}
	f.Close()
	if _, err := LoadFile(big, nil); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("50 MB model: %v", err)
	}
	if _, err := LoadFile(dir, nil); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("directory: %v", err)
	}
	incs := map[string]string{"big.pml": "too large"}
	if _, err := os.Stat("/dev/zero"); err == nil {
		incs["/dev/zero"] = "a device, not a file"
		if _, err := LoadFile("/dev/zero", nil); err == nil || !strings.Contains(err.Error(), "device") {
			t.Errorf("/dev/zero as the model: %v", err)
		}
	}
	for inc, want := range incs {
		m := filepath.Join(dir, "m.pml")
		if err := os.WriteFile(m, []byte("byte x;\n  #include \""+inc+"\"\ninit { x = 1 }\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := LoadFile(m, nil)
		if err != nil {
			t.Fatal(err)
		}
		if e := r.Diags.Error(); !strings.Contains(e, m+":2:3: error: #include") || !strings.Contains(e, want) {
			t.Errorf("#include %q: %s", inc, e)
		}
	}
	// 17 MB of text given directly (as the fuzzer or an API user may)
	r := Load("huge.pml", bytes.Repeat([]byte("skip;\n"), 17<<20/6), nil)
	if e := r.Diags.Error(); !strings.Contains(e, "too large after preprocessing") {
		t.Errorf("17 MB text: %.300s", e)
	}
}
