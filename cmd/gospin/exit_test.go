package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets the tests run this test binary as gospin itself (the
// signal and ulimit tests need a process of their own): with
// GOSPIN_TEST_AS_MAIN=1 it is gospin, its arguments gospin's.
func TestMain(m *testing.M) {
	if os.Getenv("GOSPIN_TEST_AS_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// gospinCmd is a command that runs gospin with args in a process of its
// own (this test binary; see TestMain).
func gospinCmd(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "GOSPIN_TEST_AS_MAIN=1")
	return cmd
}

// completeOf returns the top-level "complete" field of a JSON report.
func completeOf(t *testing.T, out string) bool {
	t.Helper()
	var r map[string]any
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("not a JSON report: %v\n%s", err, out)
	}
	c, ok := r["complete"].(bool)
	if !ok {
		t.Fatalf("the JSON report has no complete field\n%s", out)
	}
	return c
}

// TestExitPaths: one exit path each, its exit status and the JSON
// report's complete field (and reason).
func TestExitPaths(t *testing.T) {
	for _, c := range []struct {
		name, model string
		args        []string
		code        int
		complete    bool
		reason      string
	}{
		{"complete", "ok.pml", nil, exitOK, true, ""},
		{"error", "assert.pml", nil, exitFound, false, "stopped at error"},
		{"depth limit", "counters.pml", []string{"-m", "50"}, exitIncomplete, false, "depth limit"},
		{"memory limit", "counters.pml", []string{"-memlim", "16"}, exitIncomplete, false, "memory limit"},
		{"time limit", "counters.pml", []string{"-timelimit", "300ms", "-memlim", "512"}, exitIncomplete, false, "time limit"},
		{"time limit in minutes", "counters.pml", []string{"-timelimit", "0.005", "-memlim", "512"}, exitIncomplete, false, "time limit"},
	} {
		path := copyModel(t, "testdata/trust/"+c.model)
		args := append(append([]string{"verify", "-json"}, c.args...), path)
		code, out, errs := gospin(args...)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d\n%s%s", c.name, code, c.code, out, errs)
			continue
		}
		if got := completeOf(t, out); got != c.complete || c.reason != "" && !strings.Contains(out, `"`+c.reason+`"`) {
			t.Errorf("%s: complete %v, want %v with reason %q\n%s", c.name, got, c.complete, c.reason, out)
		}
	}
	// the text report says why, and the memory limit what to try
	path := copyModel(t, "testdata/trust/counters.pml")
	code, out, _ := gospin("verify", "-memlim", "16", path)
	if code != exitIncomplete || !strings.Contains(out, "Warning: Search not completed (memory limit)") || !strings.Contains(out, "raise -memlim") {
		t.Errorf("memory limit, text: exit %d\n%s", code, out)
	}
}

// TestExitSignals: SIGINT and SIGTERM end the search with the statistics
// so far, incomplete, exit 3.
func TestExitSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a search for a second or more")
	}
	for _, c := range []struct {
		sig    syscall.Signal
		reason string
	}{{syscall.SIGINT, "interrupted"}, {syscall.SIGTERM, "terminated"}} {
		path := copyModel(t, "testdata/trust/counters.pml")
		var out, errs bytes.Buffer
		var cmd *exec.Cmd
		// a signal that comes before gospin has set its handler kills it
		// (exit -1): then again, waiting longer
		for wait := time.Second; ; wait *= 2 {
			out.Reset()
			errs.Reset()
			cmd = gospinCmd("verify", "-json", "-memlim", "512", path)
			cmd.Stdout, cmd.Stderr = &out, &errs
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(wait)
			cmd.Process.Signal(c.sig)
			cmd.Wait()
			if cmd.ProcessState.ExitCode() != -1 || wait > 8*time.Second {
				break
			}
		}
		code := cmd.ProcessState.ExitCode()
		if code != exitIncomplete {
			t.Errorf("%v: exit %d, want %d\n%s%s", c.sig, code, exitIncomplete, out.String(), errs.String())
			continue
		}
		if completeOf(t, out.String()) || !strings.Contains(out.String(), `"`+c.reason+`"`) {
			t.Errorf("%v: want incomplete, %q\n%s", c.sig, c.reason, out.String())
		}
	}
}

// TestTrailWrittenAsFound: a search that goes on after its first error
// (-c0) is killed; the error's trail is on disk already, whole, and
// replays to the error.
func TestTrailWrittenAsFound(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a search for a second or more")
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		path := copyModel(t, "testdata/trust/counters_err.pml")
		var out, errs bytes.Buffer
		cmd := gospinCmd("verify", "-json", "-c0", "-memlim", "512", path)
		cmd.Stdout, cmd.Stderr = &out, &errs
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		tp := path + ".gtrail"
		deadline := time.Now().Add(30 * time.Second)
		for time.Now().Before(deadline) {
			if _, err := os.Stat(tp); err == nil {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if _, err := os.Stat(tp); err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no trail on disk while the search runs: %v\n%s", err, errs.String())
		}
		if cmd.ProcessState != nil {
			t.Fatalf("the search ended before the signal\n%s", out.String())
		}
		cmd.Process.Signal(sig)
		cmd.Wait()
		if code := cmd.ProcessState.ExitCode(); code != exitFound {
			t.Errorf("%v: exit %d, want %d (errors found)\n%s%s", sig, code, exitFound, out.String(), errs.String())
		}
		if completeOf(t, out.String()) || !strings.Contains(out.String(), tp) {
			t.Errorf("%v: want incomplete, naming the trail\n%s", sig, out.String())
		}
		code, rout, rerrs := gospin("run", "-t", path)
		if code != exitFound || !strings.Contains(rout, "assertion violated") {
			t.Errorf("%v: replay: exit %d\n%s%s", sig, code, rout, rerrs)
		}
		if tmps, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*tmp*")); len(tmps) > 0 {
			t.Errorf("temporary trail files left: %v", tmps)
		}
	}
}

// TestTrailUnwritable: a trail that cannot be written leaves the report
// whole, with a warning, and a non-zero exit.
func TestTrailUnwritable(t *testing.T) {
	path := copyModel(t, "testdata/trust/assert.pml")
	// a directory where the trail goes: not writable even by root
	if err := os.Mkdir(path+".gtrail", 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errs := gospin("verify", path)
	if code == exitOK || !strings.Contains(out, "errors: 1") || !strings.Contains(out+errs, "could not write the trail") {
		t.Errorf("exit %d, want the report with a warning\n%s%s", code, out, errs)
	}
	code, out, _ = gospin("verify", "-json", path)
	if code == exitOK || !strings.Contains(out, `"trail_errors"`) {
		t.Errorf("-json: exit %d\n%s", code, out)
	}
	if os.Geteuid() != 0 {
		dir := t.TempDir()
		src, _ := os.ReadFile(path)
		p := filepath.Join(dir, "assert.pml")
		os.WriteFile(p, src, 0o644)
		os.Chmod(dir, 0o555)
		defer os.Chmod(dir, 0o755)
		code, out, errs := gospin("verify", p)
		if code == exitOK || !strings.Contains(out, "errors: 1") || !strings.Contains(out+errs, "could not write the trail") {
			t.Errorf("read-only directory: exit %d\n%s%s", code, out, errs)
		}
	}
}

// TestBadTrail: a replay of a trail that does not fit the model, or is
// not a trail, or is SPIN's, is an error (exit 2).
func TestBadTrail(t *testing.T) {
	path := copyModel(t, "testdata/trust/assert.pml")
	if code, _, errs := gospin("verify", path); code != exitFound {
		t.Fatalf("verify: exit %d\n%s", code, errs)
	}
	// the trail of another model
	other, _ := os.ReadFile("../../testdata/trust/counters.pml")
	os.WriteFile(path, other, 0o644)
	code, out, errs := gospin("run", "-t", path)
	if code != exitUsage || !strings.Contains(errs, "does not fit the model") {
		t.Errorf("trail of another model: exit %d\n%s%s", code, out, errs)
	}
	os.WriteFile(path+".gtrail", []byte("# gospin trail 1\nnot a step\n"), 0o644)
	if code, _, errs := gospin("run", "-t", path); code != exitUsage {
		t.Errorf("not a trail: exit %d\n%s", code, errs)
	}
	// only SPIN's trail: said so
	os.Remove(path + ".gtrail")
	os.WriteFile(path+".trail", []byte("-2:1:-2\n-4:-4:-4\n1:0:6\n"), 0o644)
	if code, _, errs := gospin("run", "-t", path); code != exitUsage || !strings.Contains(errs, "SPIN") {
		t.Errorf("SPIN's trail: exit %d\n%s", code, errs)
	}
}

// TestTrailNames: trails are model.pml.gtrail (SPIN does not read them);
// with several properties model.pml.NAME.gtrail, which run -t finds by
// itself or by -N; a trail under the old name (model.pml.trail) of
// gospin's format still replays.
func TestTrailNames(t *testing.T) {
	path := copyModel(t, "testdata/trust/assert.pml")
	if code, _, _ := gospin("verify", path); code != exitFound {
		t.Fatal("verify found no error")
	}
	if _, err := os.Stat(path + ".trail"); err == nil {
		t.Error("a trail under SPIN's name")
	}
	os.Rename(path+".gtrail", path+".trail")
	if code, out, errs := gospin("run", "-t", path); code != exitFound || !strings.Contains(out, "assertion violated") {
		t.Errorf("old name: exit %d\n%s%s", code, out, errs)
	}

	dir := t.TempDir()
	mp := filepath.Join(dir, "two.pml")
	src, _ := os.ReadFile("../../testdata/trust/live.pml")
	os.WriteFile(mp, append(src, "ltl small { [] (x < 2) }\n"...), 0o644)
	if code, _, errs := gospin("verify", "-N", "p1", mp); code != exitFound {
		t.Fatalf("verify -N p1: exit %d\n%s", code, errs)
	}
	if _, err := os.Stat(mp + ".p1.gtrail"); err != nil {
		t.Fatalf("no trail named after the property: %v", err)
	}
	code, out, errs := gospin("run", "-t", mp)
	if code != exitFound || !strings.Contains(out, "START OF CYCLE") {
		t.Errorf("run -t: exit %d\n%s%s", code, out, errs)
	}
	if code, _, _ := gospin("run", "-t", "-N", "p1", mp); code != exitFound {
		t.Errorf("run -t -N p1: exit %d", code)
	}
	if code, _, errs := gospin("run", "-t", "-N", "small", mp); code != exitUsage || !strings.Contains(errs, "no trail") {
		t.Errorf("run -t -N small (no trail): exit %d\n%s", code, errs)
	}
}

// TestLivenessWithoutA: a liveness property checked without -a gets the
// acceptance search all the same, with a note; -safety keeps SPIN's
// behaviour and its warning. The replay of the cycle shows the claim's
// moves as spin -t does.
func TestLivenessWithoutA(t *testing.T) {
	path := copyModel(t, "testdata/trust/live.pml")
	code, out, errs := gospin("verify", path)
	if code != exitFound || !strings.Contains(out, "acceptance cycle") || !strings.Contains(errs, "liveness property") {
		t.Errorf("without -a: exit %d\n%s%s", code, out, errs)
	}
	code, out, _ = gospin("verify", "-safety", "-notrail", path)
	if code != exitOK || !strings.Contains(out, "warning: never claim + accept labels requires -a flag to fully verify") {
		t.Errorf("-safety: exit %d\n%s", code, out)
	}
	code, out, errs = gospin("run", "-t", "-p", path)
	for _, want := range []string{"starting claim 1\n", "Never claim moves to line ", "<<<<<START OF CYCLE>>>>>"} {
		if !strings.Contains(out, want) {
			t.Errorf("replay lacks %q\n%s%s", want, out, errs)
		}
	}
	if code != exitFound {
		t.Errorf("replay of a cycle: exit %d, want %d", code, exitFound)
	}
	// a safety property gets no acceptance search
	safe := filepath.Join(t.TempDir(), "safe.pml")
	src, _ := os.ReadFile(path)
	os.WriteFile(safe, bytes.Replace(src, []byte("<>[] (x == 1)"), []byte("[] (x < 2)"), -1), 0o644)
	if code, out, errs := gospin("verify", safe); code != exitOK || strings.Contains(errs, "liveness") || strings.Contains(out, "acceptance   cycles \t+") {
		t.Errorf("safety property: exit %d\n%s%s", code, out, errs)
	}
}

// TestLargeHashTable: -w asks for a table size the table reaches by
// growth; a large one is not allocated up front.
func TestLargeHashTable(t *testing.T) {
	path := copyModel(t, "testdata/trust/ok.pml")
	code, out, _ := gospin("verify", "-json", "-w", "34", path)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, out)
	}
	var r struct {
		Memory int64 `json:"memory_bytes"`
	}
	json.Unmarshal([]byte(out), &r)
	if r.Memory > 256<<20 {
		t.Errorf("-w34 took %d MB", r.Memory>>20)
	}
}

// TestMemoryUlimit: under ulimit -v, a search that outgrows memory stops
// at gospin's budget, cleanly: "memory limit", exit 3, no Go runtime
// crash. The default run uses a limit that leaves little beyond what the
// Go runtime reserves (it stops within a second); with
// GOSPIN_TEST_ULIMIT=1 (or GOSPIN_LONG=1) it runs the case too, ulimit -v 1000000 on
// counters.pml's 16.7 million states, and 2000000 (some 30 s of CPU in
// all, 160 s on this machine under load).
func TestMemoryUlimit(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	limits := []string{"850000"}
	if os.Getenv("GOSPIN_TEST_ULIMIT") != "" || os.Getenv("GOSPIN_LONG") != "" {
		limits = append(limits, "1000000", "2000000")
	}
	path := copyModel(t, "testdata/trust/counters.pml")
	for _, lim := range limits {
		for _, args := range [][]string{{}, {"-a"}, {"-bfs"}, {"-noreduce", "-nocompress"}} {
			a := append(append([]string{"-c", `ulimit -v ` + lim + `; exec "$0" "$@"`, os.Args[0], "verify", "-json"}, args...), path)
			cmd := exec.Command("bash", a...)
			cmd.Env = append(os.Environ(), "GOSPIN_TEST_AS_MAIN=1")
			var out, errs bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errs
			cmd.Run()
			code := cmd.ProcessState.ExitCode()
			if code != exitIncomplete || strings.Contains(errs.String(), "fatal error") || !strings.Contains(out.String(), `"memory limit"`) {
				t.Errorf("ulimit -v %s %v: exit %d, want %d and \"memory limit\"\n%s%.2000s", lim, args, code, exitIncomplete, out.String(), errs.String())
				continue
			}
			if completeOf(t, out.String()) {
				t.Errorf("ulimit -v %s %v: complete", lim, args)
			}
		}
	}
}
