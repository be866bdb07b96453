package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// cliModels copies testdata/cli (the models and inc/) into a fresh
// directory and returns it.
func cliModels(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("..", "..", "testdata", "cli")
	err := filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if fi.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// jsonDoc is the part of the JSON document the spelling tests read.
type jsonDoc struct {
	Options struct {
		Search          string   `json:"search"`
		MaxDepth        int      `json:"max_depth"`
		HashLog2        int      `json:"hash_log2"`
		MemLimitMB      int64    `json:"memlim_mb"`
		StopAfter       int      `json:"stop_after"`
		Iterative       string   `json:"iterative"`
		Reduce          bool     `json:"reduce"`
		StrictEndStates bool     `json:"strict_end_states"`
		NoClaim         bool     `json:"no_claim"`
		Defines         []string `json:"defines"`
		Store           string   `json:"store"`
		MemBytes        int64    `json:"mem"`
		HCBits          int      `json:"hc_bits"`
		K               int      `json:"k"`
		HashSeed        uint64   `json:"hash_seed"`
	} `json:"options"`
	Errors     int `json:"errors"`
	Properties []struct {
		Checks struct {
			Acceptance  bool   `json:"acceptance"`
			NonProgress bool   `json:"non_progress"`
			Reduction   bool   `json:"reduction"`
			Storage     string `json:"storage"`
		} `json:"checks"`
		Violations []struct {
			Depth int `json:"depth"`
		} `json:"violations"`
		Unreached []struct {
			Lines []string `json:"lines"`
		} `json:"unreached"`
	} `json:"properties"`
}

// TestVerifySpellings: each of SPIN's and pan's spellings that gospin
// verify takes, with what it must do (read back from the JSON document's
// options and checks), and the ones it refuses, with their message.
func TestVerifySpellings(t *testing.T) {
	dir := cliModels(t)
	strict := filepath.Join(dir, "strict_end.pml")
	shorter := filepath.Join(dir, "shorter.pml")
	macro := filepath.Join(dir, "macro.pml")
	inc := filepath.Join(dir, "inc")
	unreachedLines := func(d *jsonDoc) int {
		n := 0
		for _, u := range d.Properties[0].Unreached {
			n += len(u.Lines)
		}
		return n
	}
	for _, c := range []struct {
		name   string
		args   []string // the model is named by the test
		code   int
		stderr string // a part of stderr ("" for none expected)
		check  func(d *jsonDoc) bool
	}{
		// pan's compile-time names, as gcc takes them
		{"-DNOREDUCE", []string{"-DNOREDUCE", strict}, exitOK, "", func(d *jsonDoc) bool { return !d.Options.Reduce && !d.Properties[0].Checks.Reduction }},
		{"-D NOREDUCE", []string{"-D", "NOREDUCE", strict}, exitOK, "", func(d *jsonDoc) bool { return !d.Options.Reduce }},
		{"-DBFS", []string{"-DBFS", strict}, exitOK, "", func(d *jsonDoc) bool { return d.Options.Search == "bfs" }},
		{"-DSAFETY", []string{"-DSAFETY", strict}, exitOK, "", func(d *jsonDoc) bool { return !d.Properties[0].Checks.Acceptance }},
		{"-DSAFETY -a", []string{"-DSAFETY", "-a", strict}, exitUsage, "disabled by -DSAFETY", nil},
		{"-DNP -l", []string{"-DNP", "-l", strict}, exitOK, "", func(d *jsonDoc) bool { return d.Properties[0].Checks.NonProgress }},
		{"-DNP -a", []string{"-DNP", "-a", strict}, exitOK, "-a is disabled by -DNP", func(d *jsonDoc) bool { return !d.Properties[0].Checks.Acceptance }},
		{"-DMEMLIM=64", []string{"-DMEMLIM=64", strict}, exitOK, "", func(d *jsonDoc) bool { return d.Options.MemLimitMB == 64 }},
		{"-DMEMLIM", []string{"-DMEMLIM", strict}, exitUsage, "-DMEMLIM needs a value", nil},
		{"-DMEMLIM=-1", []string{"-DMEMLIM=-1", strict}, exitUsage, "not a non-negative number", nil},
		{"-DNOCLAIM", []string{"-DNOCLAIM", strict}, exitOK, "", func(d *jsonDoc) bool { return d.Options.NoClaim }},
		{"-compress", []string{"-compress", strict}, exitOK, "", func(d *jsonDoc) bool { return d.Properties[0].Checks.Storage == "exhaustive, zero-suppressed" }},
		{"-DNOCOMP", []string{"-compress", "-DNOCOMP", strict}, exitOK, "", func(d *jsonDoc) bool { return d.Properties[0].Checks.Storage == "exhaustive" }},
		{"-DBITSTATE", []string{"-DBITSTATE", strict}, exitOK, "", func(d *jsonDoc) bool { return d.Properties[0].Checks.Storage == "bitstate" }},
		{"-DHC4", []string{"-DHC4", strict}, exitOK, "", func(d *jsonDoc) bool { return d.Properties[0].Checks.Storage == "hash compaction" }},
		{"-store hc -hcbits 40 -mem 1.5MB", []string{"-store", "hc", "-hcbits", "40", "-mem", "1.5MB", strict}, exitOK, "", func(d *jsonDoc) bool { return d.Properties[0].Checks.Storage == "hash compaction" }},
		{"-store bitstate -k 5 -w20 -hashseed 7", []string{"-store", "bitstate", "-k", "5", "-w20", "-hashseed", "7", strict}, exitOK, "", func(d *jsonDoc) bool {
			o := d.Options
			return d.Properties[0].Checks.Storage == "bitstate" && o.Store == "bitstate" && o.K == 5 && o.MemBytes == 1<<17 && o.HashSeed == 7
		}},
		{"-DHC2 -RS3 -mem 1.5MB", []string{"-DHC2", "-RS3", "-mem", "1.5MB", strict}, exitOK, "", func(d *jsonDoc) bool {
			o := d.Options
			return o.Store == "hc" && o.HCBits == 48 && o.MemBytes == 3<<19 && o.HashSeed == 3
		}},
		{"-store nothing", []string{"-store", "nothing", strict}, exitUsage, "want exact, tree, hc, bitstate or auto", nil},
		{"-hcbits 3", []string{"-store", "hc", "-hcbits", "3", strict}, exitUsage, "4 to 64", nil},
		{"-mem 12XB", []string{"-store", "hc", "-mem", "12XB", strict}, exitUsage, "want a size", nil},
		{"-DVECTORSZ=2048", []string{"-DVECTORSZ=2048", strict}, exitOK, "-DVECTORSZ=2048 ignored: gospin has no limit", func(d *jsonDoc) bool { return true }},
		{"-DNOSTUTTER", []string{"-DNOSTUTTER", strict}, exitUsage, "not supported", nil},
		// model macros: any other name, glued or not, and -macro
		{"-DN=3", []string{"-DN=3", "-I" + inc, macro}, exitFound, "", func(d *jsonDoc) bool { return reflect.DeepEqual(d.Options.Defines, []string{"N=3"}) }},
		{"-D N=1 -I dir", []string{"-D", "N=1", "-I", inc, macro}, exitOK, "", func(d *jsonDoc) bool { return d.Options.Iterative == "" }},
		{"-macro NOREDUCE", []string{"-macro", "NOREDUCE", strict}, exitOK, "", func(d *jsonDoc) bool {
			return d.Options.Reduce && reflect.DeepEqual(d.Options.Defines, []string{"NOREDUCE"})
		}},
		// pan's glued numbers, and item 8's refusals
		{"-m50", []string{"-m50", strict}, exitOK, "", func(d *jsonDoc) bool { return d.Options.MaxDepth == 50 }},
		{"-m 50", []string{"-m", "50", strict}, exitOK, "", func(d *jsonDoc) bool { return d.Options.MaxDepth == 50 }},
		{"-w18", []string{"-w18", strict}, exitOK, "", func(d *jsonDoc) bool { return d.Options.HashLog2 == 18 }},
		{"-c0", []string{"-c0", strict}, exitOK, "", func(d *jsonDoc) bool { return d.Options.StopAfter == 0 }},
		{"-m -1", []string{"-m", "-1", strict}, exitUsage, "flag -m: must not be negative", nil},
		{"-w -2", []string{"-w", "-2", strict}, exitUsage, "flag -w: must not be negative", nil},
		{"-c=-1", []string{"-c=-1", strict}, exitUsage, "flag -c: must not be negative", nil},
		{"-memlim -5", []string{"-memlim", "-5", strict}, exitUsage, "flag -memlim: must not be negative", nil},
		{"-w41", []string{"-w41", strict}, exitUsage, "at most -w40", nil},
		// flags after the model
		{"model -DBFS -m50", []string{strict, "-DBFS", "-m50"}, exitOK, "", func(d *jsonDoc) bool { return d.Options.Search == "bfs" && d.Options.MaxDepth == 50 }},
		{"model -q", []string{strict, "-q"}, exitFound, "", func(d *jsonDoc) bool { return d.Options.StrictEndStates && d.Properties[0].Violations[0].Depth == 4 }},
		// pan's run-time flags
		{"-q", []string{"-q", strict}, exitFound, "", func(d *jsonDoc) bool { return d.Errors == 1 }},
		{"no -q", []string{strict}, exitOK, "", func(d *jsonDoc) bool { return d.Errors == 0 && !d.Options.StrictEndStates }},
		{"-n", []string{"-DN=1", "-I" + inc, "-n", macro}, exitOK, "", func(d *jsonDoc) bool { return unreachedLines(d) == 0 }},
		{"no -n", []string{"-DN=1", "-I" + inc, macro}, exitOK, "", func(d *jsonDoc) bool { return unreachedLines(d) == 1 }},
		{"-i", []string{"-i", shorter}, exitFound, "", func(d *jsonDoc) bool { return d.Options.Iterative == "-i" && d.Properties[0].Violations[0].Depth == 7 }},
		{"-I", []string{"-I", shorter}, exitFound, "", func(d *jsonDoc) bool { return d.Options.Iterative == "-I" && d.Properties[0].Violations[0].Depth == 7 }},
		{"model -I", []string{shorter, "-I"}, exitFound, "", func(d *jsonDoc) bool { return d.Options.Iterative == "-I" }},
		{"no -i", []string{shorter}, exitFound, "", func(d *jsonDoc) bool { return d.Properties[0].Violations[0].Depth == 41 }},
		{"-i -a", []string{"-i", "-a", shorter}, exitFound, "work for safety properties only", func(d *jsonDoc) bool { return d.Options.Iterative == "" }},
		{"-noprogress", []string{"-noprogress", strict}, exitOK, "", func(d *jsonDoc) bool { return true }},
		// SPIN's flags gospin does not have: a hint
		{"-V", []string{"-V", strict}, exitUsage, "use 'gospin version'", nil},
		{"-x", []string{"-x", strict}, exitUsage, "pan's -x", nil},
		{"-search", []string{"-search", strict}, exitUsage, "use 'gospin verify'", nil},
		{"-r", []string{"-r", strict}, exitUsage, "gospin run -t", nil},
		{"-k3", []string{"-k3", "-DBITSTATE", strict}, exitOK, "", func(d *jsonDoc) bool { return d.Properties[0].Checks.Storage == "bitstate" }},
		{"-h3", []string{"-h3", strict}, exitUsage, "-hashseed", nil},
		{"-o4", []string{"-o4", strict}, exitUsage, "-o4 is not one of them", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"verify", "-json", "-notrail"}, c.args...)
			code, out, errs := gospin(args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d\n%s%s", code, c.code, out, errs)
			}
			if c.stderr != "" && !strings.Contains(errs, c.stderr) {
				t.Errorf("stderr lacks %q:\n%s", c.stderr, errs)
			}
			if c.code == exitUsage {
				if out != "" {
					t.Errorf("a refused command line printed a report:\n%s", out)
				}
				return
			}
			var d jsonDoc
			if err := json.Unmarshal([]byte(out), &d); err != nil || len(d.Properties) != 1 {
				t.Fatalf("JSON: %v\n%s", err, out)
			}
			if !c.check(&d) {
				t.Errorf("not what %s means:\n%s", c.name, out)
			}
		})
	}
}

// TestRunSpellings: spin's spellings that gospin run takes.
func TestRunSpellings(t *testing.T) {
	dir := cliModels(t)
	macro := filepath.Join(dir, "macro.pml")
	inc := filepath.Join(dir, "inc")
	// two trails: the assertion of macro.pml with N=3, with -e and -c0 (the
	// search finds the error along two interleavings)
	if code, out, errs := gospin("verify", "-DN=3", "-I"+inc, "-e", "-noreduce", "-noprogress", macro); code != exitFound || !strings.Contains(out, "gospin:2:") {
		t.Fatalf("verify -e: exit %d\n%s%s", code, out, errs)
	}
	// -seed's output, to compare -n with
	_, seeded, _ := gospin("run", "-seed", "7", "-DN=1", "-I", inc, macro)
	for _, c := range []struct {
		name string
		args []string
		code int
		out  string // a part of stdout
		errs string // a part of stderr
	}{
		{"-DN=3 -I.", []string{"-DN=3", "-I" + inc, macro}, exitFound, "n=3, m=2", ""},
		{"-D N=1 -I dir", []string{"-D", "N=1", "-I", inc, macro}, exitOK, "n=1, m=2", ""},
		{"model -DN=1", []string{macro, "-DN=1", "-I" + inc}, exitOK, "n=1, m=2", ""},
		{"-n7", []string{"-n7", "-DN=1", "-I", inc, macro}, exitOK, seeded, ""},
		{"-n 7", []string{"-n", "7", "-DN=1", "-I", inc, macro}, exitOK, seeded, ""},
		{"-t", []string{"-t", "-DN=3", "-I" + inc, macro}, exitFound, "assertion violated", ""},
		{"-t1", []string{"-t1", "-DN=3", "-I" + inc, macro}, exitFound, "assertion violated", ""},
		{"-t9", []string{"-t9", "-DN=3", "-I" + inc, macro}, exitUsage, "", "macro.pml9.gtrail"},
		{"-k file", []string{"-k", macro + "1.gtrail", "-DN=3", "-I" + inc, macro}, exitFound, "assertion violated", ""},
		{"-k device", []string{"-k", os.DevNull, "-DN=3", "-I" + inc, macro}, exitUsage, "", "not a regular file"},
		{"-u5", []string{"-u5", "-DN=1", "-I" + inc, macro}, exitOK, "", ""},
		{"-u -1", []string{"-u", "-1", macro}, exitUsage, "", "must not be negative"},
		{"-a", []string{"-a", macro}, exitUsage, "", "use 'gospin verify model.pml'"},
		{"-f", []string{"-f", "[]p", macro}, exitUsage, "", "gospin ltl -f"},
		{"-V", []string{"-V", macro}, exitUsage, "", "gospin version"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := gospin(append([]string{"run"}, c.args...)...)
			if code != c.code || !strings.Contains(out, c.out) || !strings.Contains(errs, c.errs) {
				t.Errorf("exit %d (want %d), stdout should contain %q, stderr %q:\n%s%s", code, c.code, c.out, c.errs, out, errs)
			}
		})
	}
	// -t1 replays the second trail, -t the first: both exist
	if _, err := os.Stat(macro + "1.gtrail"); err != nil {
		t.Errorf("no second trail: %v", err)
	}
}

// TestStrictEndReplay: a trail found with pan's -q (an end state with a
// message left in a channel) replays as the error it is: the trail says
// -q, and gospin run -t ends with exit 1; the same end without -q is a
// normal end.
func TestStrictEndReplay(t *testing.T) {
	dir := cliModels(t)
	model := filepath.Join(dir, "strict_end.pml")
	if code, out, errs := gospin("verify", "-q", "-noprogress", model); code != exitFound {
		t.Fatalf("verify -q: exit %d\n%s%s", code, out, errs)
	}
	data, err := os.ReadFile(model + ".gtrail")
	if err != nil || !strings.Contains(string(data), "# strict-end: yes\n") {
		t.Fatalf("the trail does not say -q: %v\n%s", err, data)
	}
	if code, out, errs := gospin("run", "-t", model); code != exitFound || !strings.Contains(out, "queue 1 (c): [2]") {
		t.Errorf("replay: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := gospin("run", "-u", "100", model); code != exitOK {
		t.Errorf("simulation without -q: exit %d\n%s%s", code, out, errs)
	}
}
