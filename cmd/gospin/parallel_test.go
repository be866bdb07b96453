package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gospin/gospin/verify"
)

// TestVerifyWorkers: -j N, -j all, -DNCORE=N and -DBFS_PAR choose the
// workers of the search (the default, -j auto, every core where the
// parallel search covers the search) (the text report says how many searched); the
// verdict and the figures of a complete unreduced search are -j 1's; a
// search the parallel one does not cover runs on one worker, with a note;
// a bad -j is refused.
func TestVerifyWorkers(t *testing.T) {
	dir := cliModels(t)
	strict := filepath.Join(dir, "strict_end.pml")
	// -e: the search goes on past its errors, so it is complete and its
	// figures do not depend on where each worker was when one stopped
	_, one, _ := gospin("verify", "-notrail", "-noreduce", "-q", "-e", "-j", "1", strict)
	figures := func(out string) string {
		var keep []string
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, "states, stored") || strings.Contains(l, "transitions (= stored+matched)") || strings.Contains(l, "errors:") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	if figures(one) == "" || strings.Contains(one, "workers") {
		t.Fatalf("-j 1's report:\n%s", one)
	}
	for _, c := range []struct {
		name string
		args []string
		want string // in stdout
		note string // in stderr
	}{
		{"-j 2", []string{"-j", "2"}, "gospin: 2 workers", ""},
		{"-j3", []string{"-j3"}, "gospin: 3 workers", ""},
		{"-DNCORE=4", []string{"-DNCORE=4"}, "gospin: 4 workers", ""},
		{"-j 2 -bfs", []string{"-j", "2", "-bfs"}, "gospin: 2 workers", ""},
		{"-j 2 -store hc", []string{"-j", "2", "-store", "hc"}, "gospin: 2 workers", ""},
		{"-j 2 -store tree", []string{"-j", "2", "-store", "tree"}, "gospin: 2 workers", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"verify", "-notrail", "-noreduce", "-q", "-e"}, c.args...)
			code, out, errs := gospin(append(args, strict)...)
			if code != exitFound {
				t.Fatalf("exit %d\n%s%s", code, out, errs)
			}
			if c.want != "" && !strings.Contains(out, c.want) || c.note != "" && !strings.Contains(errs, c.note) {
				t.Errorf("report lacks %q or notes lack %q:\n%s%s", c.want, c.note, out, errs)
			}
			if c.name == "-j 2 -bfs" {
				// breadth-first, the first error is at -j 1's depth, and
				// the complete search's figures are -j 1's -bfs ones
				_, oneBFS, _ := gospin("verify", "-notrail", "-noreduce", "-q", "-e", "-bfs", "-j", "1", strict)
				first := func(out string) string { l, _, _ := strings.Cut(out[strings.Index(out, "gospin:1:"):], "\n"); return l }
				if !strings.Contains(oneBFS, "gospin:1:") || first(out) != first(oneBFS) || figures(out) != figures(oneBFS) {
					t.Errorf("first error %q, figures %q; -j 1's:\n%s", first(out), figures(out), oneBFS)
				}
			} else if c.note == "" && figures(out) != figures(one) {
				t.Errorf("figures %q, -j 1's %q", figures(out), figures(one))
			}
		})
	}
	for _, bad := range []string{"-j=x", "-j=-1"} {
		if code, _, errs := gospin("verify", bad, strict); code != exitUsage || !strings.Contains(errs, "-j takes a number") {
			t.Errorf("%s: exit %d, %s", bad, code, errs)
		}
	}
	// a complete search: the unreached statements are -j 1's (each
	// worker's engine records its own, merged after the search)
	unreached := func(out string) string {
		_, after, _ := strings.Cut(out, "unreached in")
		before, _, _ := strings.Cut(after, "gospin: elapsed")
		return before
	}
	_, u1, _ := gospin("verify", "-notrail", "-noreduce", "-j", "1", strict)
	_, u2, _ := gospin("verify", "-notrail", "-noreduce", "-j", "2", strict)
	if unreached(u1) == "" || unreached(u1) != unreached(u2) {
		t.Errorf("unreached statements with -j 2:\n%s\nwith -j 1:\n%s", unreached(u2), unreached(u1))
	}
	// the default (-j auto): every core where the parallel search covers
	// the search, one without a note where it does not or where the user
	// asked for what only one worker gives
	all := verify.WorkersAll()
	for _, c := range []struct {
		args    []string
		workers int
	}{
		{nil, all},
		{[]string{"-j", "auto"}, all},
		{[]string{"-DP_RAND"}, 1},
		{[]string{"-store", "tree"}, 1},
		{[]string{"-leap"}, 1}, // reduced with leap sets: one worker
		{[]string{"-j", "1"}, 1},
	} {
		args := append(append([]string{"verify", "-notrail", "-noreduce", "-q", "-e"}, c.args...), strict)
		if c.args != nil && c.args[0] == "-leap" {
			args = append(append([]string{"verify", "-notrail", "-q", "-e"}, c.args...), strict)
		}
		_, out, errs := gospin(args...)
		line := fmt.Sprintf("gospin: %d workers", c.workers)
		if got := strings.Contains(out, "workers\n"); got != (c.workers > 1) || c.workers > 1 && !strings.Contains(out, line) || strings.Contains(errs, "is not used") {
			t.Errorf("%v: want %d workers, no note:\n%s%s", c.args, c.workers, out, errs)
		}
		if c.args == nil && figures(out) != figures(one) {
			t.Errorf("the default's figures %q, -j 1's %q", figures(out), figures(one))
		}
	}
	if code, out, _ := gospin("verify", "-notrail", "-j", "all", strict); code == exitUsage || strings.Contains(out, "gospin: 1 workers") {
		t.Errorf("-j all: exit %d\n%s", code, out)
	}
	if code, out, errs := gospin("verify", "-notrail", "-DBFS_PAR", strict); code == exitUsage || !strings.Contains(out, "Breadth-First") || strings.Contains(out, "gospin: 1 workers") {
		t.Errorf("-DBFS_PAR: exit %d\n%s%s", code, out, errs)
	}
}

// TestVerifyDefaultWeakProviso: where the static cycle proviso is weak
// (loops that end by their data alone), -j 2 stores many more states
// than -j 1's stack proviso, and the default (-j auto) gives the
// parallel search up early and searches with one worker: -j 1's states,
// pan's on the safety search and -a; also with -f, and -scc -a -f
// (UFSCC reduced). On one core the default is one worker anyway.
func TestVerifyDefaultWeakProviso(t *testing.T) {
	dir := cliModels(t)
	type figures struct {
		Stored  int64 `json:"states_stored"`
		Workers int   `json:"workers"`
	}
	run := func(args ...string) figures {
		t.Helper()
		code, out, errs := gospin(append([]string{"verify", "-json", "-notrail"}, args...)...)
		var doc struct {
			Properties []figures `json:"properties"`
		}
		if code != exitOK || json.Unmarshal([]byte(out), &doc) != nil || len(doc.Properties) != 1 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		}
		return doc.Properties[0]
	}
	for _, c := range []struct {
		model string
		flags []string
		pan   int64 // 0: not pan's (the fairness counter's order)
	}{
		{"loop_data.pml", nil, 97},
		{"loop_data_ltl.pml", []string{"-a"}, 670},
		{"loop_data_ltl.pml", []string{"-a", "-f"}, 0},
		{"loop_data_ltl.pml", []string{"-scc", "-a", "-f"}, 0},
	} {
		path := filepath.Join(dir, c.model)
		one := run(append(append([]string{}, c.flags...), "-j", "1", path)...)
		two := run(append(append([]string{}, c.flags...), "-j", "2", path)...)
		def := run(append(append([]string{}, c.flags...), path)...)
		if c.pan != 0 && one.Stored != c.pan {
			t.Errorf("%s %v -j 1: %d states, pan %d", c.model, c.flags, one.Stored, c.pan)
		}
		if two.Workers != 2 || two.Stored < 10*one.Stored {
			t.Errorf("%s %v -j 2: %d workers, %d states (-j 1 %d): the static proviso should be weak here", c.model, c.flags, two.Workers, two.Stored, one.Stored)
		}
		if def.Workers != 1 || def.Stored != one.Stored {
			t.Errorf("%s %v default: %d workers, %d states; want one worker and -j 1's %d", c.model, c.flags, def.Workers, def.Stored, one.Stored)
		}
	}
}
