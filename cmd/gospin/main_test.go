package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// gospin runs the command line args and returns the exit code and outputs.
func gospin(args ...string) (int, string, string) {
	var out, errw bytes.Buffer
	code := run(args, &out, &errw)
	return code, out.String(), errw.String()
}

// copyModel copies a model of testdata into a fresh directory.
func copyModel(t *testing.T, rel string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", rel))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), filepath.Base(rel))
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestHelpAndVersion(t *testing.T) {
	code, out, _ := gospin("help")
	for _, c := range []string{"check", "fmt", "verify", "graph"} {
		if !strings.Contains(out, c) {
			t.Errorf("help does not list %s", c)
		}
	}
	if code != exitOK {
		t.Errorf("help: exit %d", code)
	}
	if code, out, _ := gospin("version"); code != exitOK || !strings.HasPrefix(out, "gospin") {
		t.Errorf("version: %d %q", code, out)
	}
	if code, _, _ := gospin("nosuchcommand"); code != exitUsage {
		t.Errorf("unknown command: exit %d", code)
	}
}

func TestCheck(t *testing.T) {
	if code, _, errs := gospin("check", "../../examples/peterson.pml"); code != exitOK {
		t.Errorf("check peterson: exit %d\n%s", code, errs)
	}
	code, _, errs := gospin("check", "../../testdata/bad/name_undefined_var.pml")
	if code != exitFound || !strings.Contains(errs, "error: undefined:") || !strings.Contains(errs, "^") {
		t.Errorf("check bad model: exit %d\n%s", code, errs)
	}
}

func TestVerifyJSONAndTrail(t *testing.T) {
	path := copyModel(t, "testdata/engine/assertfail.pml")
	code, out, errs := gospin("verify", "-json", path)
	if code != exitFound {
		t.Fatalf("exit %d, want %d\n%s", code, exitFound, errs)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	props, _ := doc["properties"].([]any)
	if len(props) != 1 {
		t.Fatalf("properties: %v", doc["properties"])
	}
	sum := props[0].(map[string]any)
	for _, k := range []string{"complete", "errors", "states_stored", "states_matched", "transitions", "depth", "state_vector_bytes", "memory_bytes", "elapsed_s", "violations"} {
		if _, ok := sum[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	vs, _ := sum["violations"].([]any)
	if len(vs) != 1 {
		t.Fatalf("violations: %v", sum["violations"])
	}
	v := vs[0].(map[string]any)
	if v["kind"] != "assertion" {
		t.Errorf("kind %v", v["kind"])
	}
	trail, _ := v["trail"].(string)
	if _, err := os.Stat(trail); err != nil {
		t.Errorf("trail file %q: %v", trail, err)
	}
}

func TestVerifyText(t *testing.T) {
	path := copyModel(t, "examples/peterson.pml")
	code, out, errs := gospin("verify", "-noprogress", path)
	if code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{"errors: 0", "states, stored", "transitions (= stored+matched)"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

func TestGraph(t *testing.T) {
	code, out, errs := gospin("graph", "../../examples/peterson.pml")
	if code != exitOK || !strings.HasPrefix(out, "digraph") || !strings.Contains(out, "cluster_") {
		t.Errorf("graph: exit %d\n%s%s", code, out, errs)
	}
}

func TestFmt(t *testing.T) {
	path := copyModel(t, "examples/peterson.pml")
	code, out, errs := gospin("fmt", path)
	if code != exitOK || !strings.Contains(out, "proctype user()") {
		t.Fatalf("fmt: exit %d\n%s", code, errs)
	}
	// formatting the output again changes nothing
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, list, _ := gospin("fmt", "-l", path); code != exitOK || list != "" {
		t.Errorf("fmt -l lists the formatted file: %q", list)
	}
}

func TestVerifyFairness(t *testing.T) {
	path := copyModel(t, "testdata/engine/fairness.pml")
	if code, out, _ := gospin("verify", "-a", "-notrail", path); code != exitFound || !strings.Contains(out, "errors: 1") {
		t.Errorf("-a: exit %d\n%s", code, out)
	}
	if code, out, _ := gospin("verify", "-a", "-f", "-notrail", path); code != exitOK || !strings.Contains(out, "fairness enabled") {
		t.Errorf("-a -f: exit %d\n%s", code, out)
	}
}

// TestSiegelFig2: the acceptance cycle of Siegel's Fig. 2 is reported.
func TestSiegelFig2(t *testing.T) {
	path := copyModel(t, "testdata/engine/siegel_fig2.pml")
	code, out, _ := gospin("verify", "-a", "-notrail", path)
	if code != exitFound || !strings.Contains(out, "errors: 1") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// TestReplayWithClaim: a trail found with a never claim replays with the
// same claim (the trail records the property).
func TestReplayWithClaim(t *testing.T) {
	path := copyModel(t, "testdata/engine/siegel_fig2.pml")
	if code, _, errs := gospin("verify", "-a", path); code != exitFound {
		t.Fatalf("verify: exit %d %s", code, errs)
	}
	data, err := os.ReadFile(path + ".gtrail")
	if err != nil || !strings.Contains(string(data), "# property: never_0") {
		t.Fatalf("trail lacks the property: %v\n%s", err, data)
	}
	code, out, errs := gospin("run", "-t", path)
	if code == exitUsage || !strings.Contains(out, "START OF CYCLE") {
		t.Errorf("replay: exit %d\n%s%s", code, out, errs)
	}
}

// TestLeapNotUsed: -leap where leap sets do not apply (breadth-first, or
// -scc, whose product is not reduced) says so on stderr instead of being
// dropped silently; where they do (a safety search, -a with an ltl
// property) it says nothing.
func TestLeapNotUsed(t *testing.T) {
	path := copyModel(t, "testdata/tgba/stutter.pml")
	for _, args := range [][]string{{"-a", "-scc"}, {"-bfs"}} {
		_, _, errs := gospin(append(append([]string{"verify"}, args...), "-leap", "-noprogress", "-notrail", path)...)
		if !strings.Contains(errs, "-leap is not used") {
			t.Errorf("%v: no note on stderr: %q", args, errs)
		}
	}
	_, _, errs := gospin("verify", "-a", "-leap", "-noprogress", "-notrail", path)
	if strings.Contains(errs, "-leap is not used") {
		t.Errorf("note with -a and an ltl property: %q", errs)
	}
	path = copyModel(t, "testdata/engine/basic.pml")
	_, _, errs = gospin("verify", "-leap", "-noprogress", "-notrail", path)
	if strings.Contains(errs, "-leap is not used") {
		t.Errorf("note on a safety search: %q", errs)
	}
}

// statesStored reads "N states, stored" from a text report, or -1.
func statesStored(out string) int {
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 2 && f[1] == "states," && f[2] == "stored" {
			n, _ := strconv.Atoi(f[0])
			return n
		}
	}
	return -1
}
