package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/verify"
)

// TestJSONShape: gospin verify -json prints one object of the golden shape
// (report/testdata/document.shape) whatever it checks: a model without a
// claim, one with two ltl properties, an error or none, -a, -l, with and
// without trails, and a search cut by the depth limit. Every path that is
// not inside a list is always there; nothing outside the golden shape is.
func TestJSONShape(t *testing.T) {
	golden, err := os.ReadFile(filepath.Join("..", "..", "report", "testdata", "document.shape"))
	if err != nil {
		t.Fatal(err)
	}
	dir := cliModels(t)
	two := copyModel(t, "testdata/porltl/bfs_ignoring.pml")
	for _, args := range [][]string{
		{filepath.Join(dir, "strict_end.pml")},
		{"-q", filepath.Join(dir, "strict_end.pml")},
		{"-notrail", "-m3", filepath.Join(dir, "shorter.pml")},
		{"-a", two},
		{"-l", filepath.Join(dir, "strict_end.pml")},
		{"-DN=1", "-I" + filepath.Join(dir, "inc"), filepath.Join(dir, "macro.pml")},
	} {
		_, out, errs := gospin(append([]string{"verify", "-json"}, args...)...)
		var v any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("%v: not one JSON object: %v\n%s%s", args, err, out, errs)
		}
		got := report.Shape(v)
		for _, l := range strings.Split(strings.TrimSpace(got), "\n") {
			if !strings.Contains(string(golden), l+"\n") {
				t.Errorf("%v: %q is not in the golden shape", args, l)
			}
		}
		for _, l := range strings.Split(strings.TrimSpace(string(golden)), "\n") {
			if !strings.Contains(l, "[]") && !strings.Contains(got, l+"\n") {
				t.Errorf("%v: lacks %q", args, l)
			}
		}
		doc := v.(map[string]any)
		if n := len(doc["properties"].([]any)); (args[0] == "-a") != (n == 2) || n == 0 {
			t.Errorf("%v: %d properties", args, n)
		}
		if doc["complete"] == false && doc["reason"] == "" || doc["complete"] == true && doc["reason"] != "" {
			t.Errorf("%v: complete %v, reason %q", args, doc["complete"], doc["reason"])
		}
	}
}

// TestReportLines: the text report's lines in pan's shape.
func TestReportLines(t *testing.T) {
	dir := cliModels(t)
	_, out, _ := gospin("verify", "-notrail", "-DN=1", "-I"+filepath.Join(dir, "inc"), filepath.Join(dir, "macro.pml"))
	lines := strings.Split(out, "\n")
	if !regexp.MustCompile(`^\(gospin version \S+.*\)$`).MatchString(lines[0]) {
		t.Errorf("first line %q does not name gospin's version", lines[0])
	}
	for _, want := range []string{
		"\tacceptance   cycles \t- (not selected)\n",
		"\nunreached in init\n\t(0 of 3 states)\n",
		"\nunreached in proctype P\n\t" + filepath.Join(dir, "macro.pml") + ":19, state ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "init init") {
		t.Errorf("init init:\n%s", out)
	}
	// (the depth of the first error is pan's with pan's order: -j 1)
	_, out, _ = gospin("verify", "-notrail", "-j", "1", filepath.Join(dir, "shorter.pml"))
	if !strings.Contains(out, "\ngospin:1: assertion violated ((x!=3)&&(x<10)) (at depth 41)\n") {
		t.Errorf("error line not in pan's shape:\n%s", out)
	}
	_, out, _ = gospin("verify", "-notrail", "-j", "1", "-DN=3", "-I"+filepath.Join(dir, "inc"), filepath.Join(dir, "macro.pml"))
	if !strings.Contains(out, "\ngospin:1: assertion violated ((n+2)<5) (at depth 3)\n") {
		t.Errorf("error line not in pan's shape:\n%s", out)
	}
}

// TestProgressLines: off a terminal, the progress is pan's line.
func TestProgressLines(t *testing.T) {
	var b strings.Builder
	f := verify.ProgressFunc(&b, false)
	f(searchStatsForTest())
	re := regexp.MustCompile(`^Depth= +\d+ States= +[0-9.e+]+ Transitions= +[0-9.e+]+ Memory= +[0-9.]+\tt= +[0-9.e+]+ R= +[0-9e+]+\n$`)
	if !re.MatchString(b.String()) {
		t.Errorf("progress line %q is not pan's", b.String())
	}
}

// TestVersion: gospin version names the module version, and the VCS
// revision when the build recorded one.
func TestVersion(t *testing.T) {
	code, out, _ := gospin("version")
	if code != exitOK || !regexp.MustCompile(`^gospin (\(devel\)|v\S+)(, revision [0-9a-f]+(\+modified)?( \(\S+\))?)?, go\S+\n$`).MatchString(out) {
		t.Errorf("version: exit %d %q", code, out)
	}
}

// TestAssertionDepthAsPan: on three corpus models with a failing assertion,
// the depth of gospin's error line is pan's (SPIN with every optimization
// off, gospin with the same settings). It runs where spin and gcc are
// installed and the corpus is at ../shared/corpus.
func TestAssertionDepthAsPan(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	corpus := filepath.Join("..", "..", "..", "shared", "corpus", "models")
	if _, err := os.Stat(corpus); err != nil {
		t.Skip("no corpus at ../shared/corpus")
	}
	for _, tool := range []string{"spin", "gcc"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip("no " + tool)
		}
	}
	depthRe := regexp.MustCompile(`(?m)^(?:pan|gospin):1: assertion violated.* \(at depth (\d+)\)$`)
	// book_p312, cd_inversion, ex_3c: assertions; test_mtype and
	// gomela_udp_ok: along rendezvous
	for _, m := range []string{"book_p312", "cd_inversion", "ex_3c", "test_mtype", "gomela_udp_ok"} {
		dir := t.TempDir()
		src, err := os.ReadFile(filepath.Join(corpus, m+".pml"))
		if err != nil {
			t.Fatal(err)
		}
		model := filepath.Join(dir, m+".pml")
		if err := os.WriteFile(model, src, 0o644); err != nil {
			t.Fatal(err)
		}
		sh := exec.Command("sh", "-c", "spin -o1 -o2 -o3 -a "+m+".pml >/dev/null && gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c && ./pan -m100000")
		sh.Dir = dir
		panOut, err := sh.Output()
		if err != nil {
			t.Fatalf("%s: pan: %v\n%s", m, err, panOut)
		}
		_, out, errs := gospin("verify", "-j", "1", "-noreduce", "-o1", "-o2", "-o3", "-m100000", "-notrail", model)
		p, g := depthRe.FindStringSubmatch(string(panOut)), depthRe.FindStringSubmatch(out)
		if p == nil || g == nil || p[1] != g[1] {
			t.Errorf("%s: pan %q, gospin %q\n%s", m, p, g, errs)
		} else {
			t.Logf("%s: at depth %s, as pan", m, g[1])
		}
	}
}

func searchStatsForTest() search.Stats {
	return search.Stats{StatesStored: 1000000, Transitions: 2400000, DepthReached: 509372, Elapsed: 5390 * time.Millisecond}
}

// TestClaimDepthAsPan: with a never claim, or pan -l's, the error's depth
// is pan's, which counts the claim's steps apart, and a rendezvous as two
// steps (testdata/cli/claim_*.pml and rendezvous.pml give pan's figures).
func TestClaimDepthAsPan(t *testing.T) {
	dir := cliModels(t)
	for _, c := range []struct {
		args []string
		line string
	}{
		{[]string{"claim_depth.pml"}, "gospin:1: assertion violated (x==4) (at depth 23)"},
		{[]string{"-DNOCLAIM", "-l", "claim_depth.pml"}, "gospin:1: assertion violated (x==4) (at depth 23)"},
		{[]string{"-DNOCLAIM", "claim_depth.pml"}, "gospin:1: assertion violated (x==4) (at depth 11)"},
		{[]string{"claim_end.pml"}, "gospin:1: end state in claim reached (at depth 17)"},
		{[]string{"-o1", "-o2", "-o3", "rendezvous.pml"}, "gospin:1: assertion violated (got!=3) (at depth 8)"},
	} {
		args := append([]string{"verify", "-j", "1", "-noreduce", "-notrail"}, c.args...)
		args[len(args)-1] = filepath.Join(dir, args[len(args)-1])
		_, out, errs := gospin(args...)
		if !strings.Contains(out, "\n"+c.line+"\n") {
			t.Errorf("%v: no %q\n%s%s", c.args, c.line, out, errs)
		}
	}
}
