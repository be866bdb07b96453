package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gospin/gospin/report"
)

func TestParsePan(t *testing.T) {
	tests := []struct {
		file     string
		want     PanReport
		verdict  string
		memLines int
		firstErr string
	}{
		{
			file: "abp.pan.out",
			want: PanReport{HasSummary: true, StateVector: 36, Depth: 9, Stored: 12, Matched: 3,
				Transitions: 15, TotalMB: 132.773},
			verdict:  "pass",
			memLines: 5,
		},
		{
			file: "book_p312.pan.out",
			want: PanReport{HasSummary: true, Errors: 1, ErrorKind: "assertion violated", StateVector: 64, Depth: 53,
				Stored: 56, Matched: 1, Transitions: 57, AtomicSteps: 2, TotalMB: 132.773, NotCompleted: true},
			verdict:  "fail",
			memLines: 5,
			firstErr: "assertion violated (i==(last_i+1))",
		},
		{
			file: "book_p105_1.pan.out",
			want: PanReport{HasSummary: true, Errors: 1, ErrorKind: "invalid end state", StateVector: 52, Depth: 20,
				Stored: 11, Transitions: 11, AtomicSteps: 3, TotalMB: 132.773, NotCompleted: true},
			verdict:  "fail",
			memLines: 5,
			firstErr: "invalid end state",
		},
		{
			file: "book_p108.vectorsz.pan.out",
			want: PanReport{HasSummary: true, Errors: 1, ErrorKind: "other", StateVector: 1028, Depth: 4281,
				Stored: 4282, Transitions: 4282, TotalMB: 134.140, ElapsedS: 0.01, NotCompleted: true, VectorTooSmall: true},
			verdict:  "error",
			memLines: 5,
			firstErr: "VECTORSZ is too small, edit pan.h",
		},
		{
			file: "beem_mcs3.depth.pan.out",
			want: PanReport{HasSummary: true, StateVector: 52, Depth: 99999, Stored: 521110, Matched: 1371369,
				Transitions: 1892479, AtomicSteps: 3, HashConflicts: 12728, TotalMB: 158.164, ElapsedS: 0.4,
				Rate: 1302775, DepthTooSmall: true},
			verdict:  "incomplete",
			memLines: 6, // the "state-vector as stored" line has no figure
		},
		{
			// A model with an ltl formula (pan runs its claim even with
			// -DSAFETY) and pan's progress lines, from the top-10 run.
			file: "rk_dijkstraN.pan.out",
			want: PanReport{HasSummary: true, Claim: "mutex", StateVector: 108, Depth: 7658898, Stored: 12122667,
				Matched: 36367999, Transitions: 48490666, AtomicSteps: 27, HashConflicts: 8752540,
				TotalMB: 1788.986, ElapsedS: 29.6, Rate: 409549.56},
			verdict:  "pass",
			memLines: 5,
		},
		{
			// Still too deep at -m10000000.
			file: "priorities.pan.out",
			want: PanReport{HasSummary: true, StateVector: 52, Depth: 9999999, Stored: 9999999, Matched: 1,
				Transitions: 10000000, AtomicSteps: 2, HashConflicts: 347695, TotalMB: 1120.066,
				ElapsedS: 6.55, Rate: 1526717.4, DepthTooSmall: true},
			verdict:  "incomplete",
			memLines: 5,
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			out, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			got := ParsePan(out)
			if len(got.Memory) != tt.memLines {
				t.Errorf("memory lines = %d, want %d: %+v", len(got.Memory), tt.memLines, got.Memory)
			}
			if tt.firstErr != "" && (len(got.ErrorLines) == 0 || got.ErrorLines[0] != tt.firstErr) {
				t.Errorf("error lines = %q, want first %q", got.ErrorLines, tt.firstErr)
			}
			if tt.firstErr == "" && len(got.ErrorLines) != 0 {
				t.Errorf("error lines = %q, want none", got.ErrorLines)
			}
			if v := got.Verdict(false); v != tt.verdict {
				t.Errorf("verdict = %q, want %q", v, tt.verdict)
			}
			got.Memory, got.ErrorLines = nil, nil
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParsePan:\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestParsePanMemoryLines(t *testing.T) {
	out, err := os.ReadFile("testdata/beem_mcs3.depth.pan.out")
	if err != nil {
		t.Fatal(err)
	}
	got := ParsePan(out)
	want := []MemEntry{
		{35.782, "equivalent memory usage for states (stored*(State-vector + overhead))"},
		{24.165, "actual memory usage for states (compression: 67.53%)"},
		{128, "memory used for hash table (-w24)"},
		{4.578, "memory used for DFS stack (-m100000)"},
		{1.340, "other (proc and chan stacks)"},
		{158.164, "total actual memory usage"},
	}
	if len(got.Memory) != len(want) {
		t.Fatalf("memory = %+v", got.Memory)
	}
	for i := range want {
		if got.Memory[i] != want[i] {
			t.Errorf("memory[%d] = %+v, want %+v", i, got.Memory[i], want[i])
		}
	}
}

func TestParsePanGarbage(t *testing.T) {
	for _, in := range []string{"", "pan: out of memory\n", "State-vector x byte\n", "\x00\xff{"} {
		r := ParsePan([]byte(in))
		if r.HasSummary {
			t.Errorf("%q: HasSummary", in)
		}
		if v := r.Verdict(false); v != "error" {
			t.Errorf("%q: verdict %q, want error", in, v)
		}
		if v := r.Verdict(true); v != "incomplete" {
			t.Errorf("%q: verdict after timeout %q, want incomplete", in, v)
		}
	}
	if !ParsePan([]byte("pan: out of memory\n")).OutOfMemory {
		t.Error("out of memory not recognised")
	}
}

func TestParseGospinJSON(t *testing.T) {
	out, err := os.ReadFile("testdata/fail.gospin.json")
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseGospinJSON(append([]byte("warning: something\n"), out...))
	if err != nil {
		t.Fatal(err)
	}
	want := GospinReport{Incomplete: "stopped at the first error", Errors: 1, StatesStored: 56, StatesMatched: 1,
		Transitions: 57, Depth: 53, StateVectorBytes: 64, MemoryBytes: 1052672, ElapsedS: 0.0012}
	if len(got.Violations) != 1 {
		t.Fatalf("violations = %+v", got.Violations)
	}
	v := got.Violations[0]
	if v.Kind != "assertion" || v.Message != "assertion violated (i==(last_i+1))" || v.Location != "book_p312.pml:21:3" || v.Trail != "book_p312.pml.trail" {
		t.Errorf("violation = %+v", v)
	}
	got.Violations = nil
	if got.Complete != want.Complete || got.Incomplete != want.Incomplete || got.Errors != want.Errors ||
		got.StatesStored != want.StatesStored || got.StatesMatched != want.StatesMatched ||
		got.Transitions != want.Transitions || got.Depth != want.Depth ||
		got.StateVectorBytes != want.StateVectorBytes || got.MemoryBytes != want.MemoryBytes || got.ElapsedS != want.ElapsedS {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	if g := got.Verdict(false); g != "fail" {
		t.Errorf("verdict %q", g)
	}
	got.Violations = []GospinViolation{v}
	if k := got.ErrorKind(); k != "assertion violated" {
		t.Errorf("error kind %q", k)
	}
}

// TestParseGospinJSONReport round-trips gospin verify's JSON document, so that a
// renamed field in package report breaks this test rather than the numbers.
func TestParseGospinJSONReport(t *testing.T) {
	sum := &report.Summary{
		Model: "m.pml", Complete: true, StatesStored: 12122667, StatesMatched: 36367999,
		Transitions: 48490666, Depth: 7658898, StateVectorBytes: 108, MemoryBytes: 1 << 30, ElapsedS: 3.5,
		Violations: []report.Violation{{Kind: "invalid-end-state", Message: "invalid end state", Location: "m.pml:3:1", Trail: "m.pml.trail"}},
		Errors:     1,
	}
	var buf bytes.Buffer
	if err := report.NewDocument("v1", "", "m.pml", report.Options{}, []*report.Summary{sum}).Write(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := ParseGospinJSON(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !got.Complete || got.Errors != 1 || got.StatesStored != sum.StatesStored || got.StatesMatched != sum.StatesMatched ||
		got.Transitions != sum.Transitions || got.Depth != sum.Depth || got.StateVectorBytes != 108 ||
		got.MemoryBytes != 1<<30 || got.ElapsedS != 3.5 || len(got.Violations) != 1 ||
		got.Violations[0].Trail != "m.pml.trail" || got.ErrorKind() != "invalid end state" {
		t.Errorf("round trip through report.Document: %+v", got)
	}
}

func TestParseGospinJSONErrors(t *testing.T) {
	for _, in := range []string{
		"",
		"gospin: unknown command \"verify\"\n",
		"{",
		`{"complete": true, "errors": 0}`, // fields missing
		`{"complete": true, "errors": 0, "states": 5, "states_matched": 0, "transitions": 0, "depth": 0, "state_vector_bytes": 0, "memory_bytes": 0, "elapsed_s": 0, "violations": []}`,
	} {
		if _, err := ParseGospinJSON([]byte(in)); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}

func TestParseExpected(t *testing.T) {
	tsv := "model\tconfig\tltl\tverdict\tstates_stored\ttransitions\tcomplete\tspin_cmd\tcc_cmd\tpan_cmd\n" +
		"a\tsafety_plain\t-\tpass\t100\t150\tyes\tspin -o1 -o2 -o3 -a a.pml\tgcc -O2 -DSAFETY -DNOREDUCE -DVECTORSZ=4096 -o pan pan.c\t./pan -m1000000\n" +
		"b\tsafety_plain\t-\tpass\t300\t400\tyes\tspin -a b.pml\tgcc -O2 -o pan pan.c\t./pan -m100000\n" +
		"c\tsafety_plain\t-\terror\t-\t-\t-\tspin -a c.pml\tgcc\t./pan\n" +
		"d\tsafety\t-\tpass\t999\t1000\tyes\tspin -a d.pml\tgcc\t./pan -m100000\n" +
		"e\tsafety_plain\t-\tpass\t200\t201\tyes\tspin -a e.pml\tgcc\t./pan -m100000\n" +
		"f\tsafety_plain\t-\tincomplete\t5000\t6000\tno\tspin -a f.pml\tgcc\t./pan -m100000\n" +
		"l\tacc_fair\tp1\tpass\t26178\t9\tyes\tspin -a l.pml\tgcc -O2 -DNFAIR=3 -o pan pan.c\t./pan -a -f -m100000 -N p1\n" +
		"l\tacc_fair\tp0\tpass\t12057\t9\tyes\tspin -a l.pml\tgcc -O2 -DNFAIR=3 -o pan pan.c\t./pan -a -f -m100000 -N p0\n"
	rows, err := parseExpected(strings.NewReader(tsv))
	if err != nil {
		t.Fatal(err)
	}
	a := findRow(rows, "a", "safety_plain", "")
	if a == nil || a.Depth != 1000000 || a.VectorSz != 4096 || a.Stored != 100 || a.Trans != 150 {
		t.Fatalf("a = %+v", a)
	}
	if got := strings.Join(a.spinArgs(), " "); got != "-o1 -o2 -o3 -a" {
		t.Errorf("a spin args = %q", got)
	}
	if got := strings.Join(a.ccArgs(), " "); got != "-O2 -DSAFETY -DNOREDUCE" {
		t.Errorf("a cc args = %q (VECTORSZ, -o pan pan.c are the harness's)", got)
	}
	names := func(rs []Expected) string {
		var out []string
		for _, r := range rs {
			out = append(out, r.Model+r.LTL)
		}
		return strings.Join(out, ",")
	}
	// the incomplete row f, the largest, and the error row c are left out
	if got := names(topRows(rows, "safety_plain", 2)); got != "b,e" {
		t.Errorf("top 2 = %s, want b,e", got)
	}
	if got := names(topRows(rows, "safety_plain", 10)); got != "b,e,a" {
		t.Errorf("top 10 = %s, want b,e,a", got)
	}
	if got := names(topRows(rows, "acc_fair", 10)); got != "lp1,lp0" {
		t.Errorf("acc_fair rows = %s, want lp1,lp0", got)
	}
	l := findRow(rows, "l", "acc_fair", "p0")
	if l == nil {
		t.Fatal("no row l acc_fair p0")
	}
	j := newJob("m/l.pml", "acc_fair", l)
	if got := strings.Join(j.cfg.cc, " "); got != "-O2 -DNFAIR=3" {
		t.Errorf("l cc = %q", got)
	}
	if got := strings.Join(j.cfg.pan, " "); got != "-a -f -N p0" {
		t.Errorf("l pan = %q (the depth is the harness's)", got)
	}
	if j.ltl != "p0" || j.label() != "l -N p0" || strings.Join(j.cfg.gospin, " ") != "-a -f" {
		t.Errorf("l job = %+v", j)
	}
	// without a row: the configuration's own commands
	if j := newJob("x.pml", "np", nil); strings.Join(j.cfg.cc, " ") != "-O2 -DNP" || strings.Join(j.cfg.pan, " ") != "-l" {
		t.Errorf("np job = %+v", j)
	}
}

func TestParsePanNFair(t *testing.T) {
	out := "pan: too many processes -- current max is 16 procs (-DNFAIR=3)\n"
	if r := ParsePan([]byte(out)); r.NFairNeeded != 3 || r.HasSummary {
		t.Errorf("NFairNeeded = %d, HasSummary %v", r.NFairNeeded, r.HasSummary)
	}
}

func TestStageModel(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(src, "m.pml"), []byte("#include \"inc/x.pml\"\n#include \"for.h\"\ninit{}\n"), 0o644)
	os.MkdirAll(filepath.Join(src, "inc"), 0o755)
	os.WriteFile(filepath.Join(src, "inc", "x.pml"), []byte("#include \"../up.h\"\n"), 0o644)
	os.WriteFile(filepath.Join(src, "for.h"), []byte("\n"), 0o644)
	os.WriteFile(filepath.Join(src, "other.pml"), []byte("\n"), 0o644)
	p, err := stageModel(filepath.Join(src, "m.pml"), dst)
	if err != nil {
		t.Fatal(err)
	}
	if p != filepath.Join(dst, "m.pml") {
		t.Errorf("path %s", p)
	}
	for _, f := range []string{"m.pml", "inc/x.pml", "for.h"} {
		if !exists(filepath.Join(dst, f)) {
			t.Errorf("%s not copied", f)
		}
	}
	if exists(filepath.Join(dst, "other.pml")) {
		t.Error("other.pml copied")
	}
}

func TestSummarizeTargets(t *testing.T) {
	mk := func(rate, tm, mem float64) ModelResult {
		return ModelResult{Spin: SpinResult{OK: true}, Gospin: GospinResult{OK: true},
			Metrics: Metrics{RateRatio: fptr(rate), TimeRatio: fptr(tm), MemRatio: fptr(mem), StatesEqual: bptr(true)}}
	}
	// issue 19's targets: states/s 1.2x on the median, 1.0x everywhere
	sum := summarize([]ModelResult{mk(1.2, 0.5, 0.9), mk(1.0, 0.9, 0.5), mk(1.5, 1.1, 1.0)})
	if *sum.MedianRateRatio != 1.2 || *sum.MinRateRatio != 1.0 || *sum.MaxTimeRatio != 1.1 || *sum.MaxMemRatio != 1.0 {
		t.Errorf("summary %+v", sum)
	}
	want := []string{"met", "met", "missed", "met"}
	for i, tg := range sum.Targets {
		if tg.Status != want[i] {
			t.Errorf("target %q: %s, want %s", tg.Name, tg.Status, want[i])
		}
	}
	low := summarize([]ModelResult{mk(1.1, 0.5, 0.9), mk(0.9, 0.5, 0.5), mk(1.5, 0.5, 1.0)})
	if low.Targets[0].Status != "missed" || low.Targets[1].Status != "missed" {
		t.Errorf("median 1.1x, min 0.9x: targets %+v", low.Targets[:2])
	}
	none := summarize([]ModelResult{{Spin: SpinResult{OK: true}}})
	for _, tg := range none.Targets {
		if tg.Status != na {
			t.Errorf("target %q without gospin: %s", tg.Name, tg.Status)
		}
	}
}

// TestGospinRunFake runs the gospin side of the harness against a stand-in
// script that prints a report, checking the plumbing (arguments, timing,
// peak RSS, parsing) and the derived ratios.
func TestGospinRunFake(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "fakegospin")
	script := "#!/bin/sh\necho \"$@\" > args.txt\ncat <<'J'\n" +
		`{"complete":true,"errors":0,"states_stored":1000,"states_matched":500,"transitions":1500,"depth":7,"state_vector_bytes":40,"memory_bytes":64000,"elapsed_s":0.01,"violations":[]}` +
		"\nJ\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	o := &options{gospinBin: bin, timeout: 10 * time.Second, gomaxprocs: 1}
	j := newJob("m.pml", "safety_plain", nil)
	var gr GospinResult
	gospinRun(&gr, &j, dir, "m.pml", 100000, "", o)
	if !gr.OK || gr.Failure != "" {
		t.Fatalf("gospin side failed: %+v", gr)
	}
	args, _ := os.ReadFile(filepath.Join(dir, "args.txt"))
	if got, want := strings.TrimSpace(string(args)), "verify -noreduce -o1 -o2 -o3 -m 100000 -noclaim -json m.pml"; got != want {
		t.Errorf("arguments %q, want %q", got, want)
	}
	if gr.Verdict != "pass" || gr.Report.StatesStored != 1000 || len(gr.Samples) != 1 || gr.Samples[0].MaxRSSKB <= 0 {
		t.Errorf("result %+v", gr)
	}
	aggregateGospin(&gr)
	r := ModelResult{Gospin: gr, Spin: SpinResult{OK: true, Verdict: "pass", CompileS: 1, RunS: 1, MaxRSSKB: 1000,
		Report: PanReport{HasSummary: true, Stored: 1000, Transitions: 1500, TotalMB: 1}}}
	m := derive(&r, nil)
	if m.StatesEqual == nil || !*m.StatesEqual || m.TransitionsEqual == nil || !*m.TransitionsEqual || m.VerdictsAgree == nil || !*m.VerdictsAgree {
		t.Errorf("comparisons %+v", m)
	}
	if m.SpinRate == nil || *m.SpinRate != 1000 || m.TimeRatio == nil || *m.TimeRatio != gr.RunS/2 {
		t.Errorf("rates %+v", m)
	}
	if m.SpinBPSRSS == nil || *m.SpinBPSRSS != 1024 || m.GospinBPSOwn == nil || *m.GospinBPSOwn != 64 {
		t.Errorf("bytes per state %+v", m)
	}

	// A gospin without the verify command: n/a with the reason.
	os.WriteFile(bin, []byte("#!/bin/sh\necho 'gospin: unknown command \"verify\"' >&2\nexit 2\n"), 0o755)
	gr = GospinResult{}
	gospinRun(&gr, &j, dir, "m.pml", 100000, "", o)
	if gr.OK || !strings.Contains(gr.Failure, "unknown command") {
		t.Errorf("failing gospin: %+v", gr)
	}
}

// TestRunMeasuredTimeout: a process stopped at the time limit is marked
// timed out, not failed, and what it printed on SIGINT is kept (pan prints
// its statistics then).
func TestRunMeasuredTimeout(t *testing.T) {
	m := runMeasured(t.TempDir(), nil, 300*time.Millisecond, "sh", "-c", `trap 'echo stats so far; exit 1' INT; while :; do sleep 0.05; done`)
	if !m.TimedOut || m.Err != nil || !strings.Contains(string(m.Stdout), "stats so far") {
		t.Errorf("timed out %v, err %v, stdout %q", m.TimedOut, m.Err, m.Stdout)
	}
}

// TestDeriveCPU: with -cpu the rates and the time ratio come from CPU
// times, SPIN's compile CPU included.
func TestDeriveCPU(t *testing.T) {
	r := ModelResult{Basis: "cpu",
		Spin: SpinResult{OK: true, Verdict: "pass", CompileS: 9, CompileCPUS: 1, RunS: 9, CPUS: 1,
			Report: PanReport{HasSummary: true, Stored: 1000}},
		Gospin: GospinResult{OK: true, Verdict: "pass", RunS: 9, CPUS: 0.5, Report: GospinReport{StatesStored: 1000}}}
	m := derive(&r, nil)
	if m.SpinRate == nil || *m.SpinRate != 1000 || m.GospinRate == nil || *m.GospinRate != 2000 || *m.TimeRatio != 0.25 {
		t.Errorf("metrics %+v", m)
	}
}
