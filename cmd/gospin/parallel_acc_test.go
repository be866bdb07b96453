package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVerifyWorkersAccept: verify -a -j N (CNDFS), reduced and not,
// finds the acceptance cycle of testdata/cli/parallel_cycle.pml with
// several workers, writes its trail, and gospin run -t follows it to its
// end (a cycle: exit 1); with -e every cycle found has a trail that
// replays, and -c 2 reports two.
func TestVerifyWorkersAccept(t *testing.T) {
	dir := cliModels(t)
	path := filepath.Join(dir, "parallel_cycle.pml")
	for _, args := range [][]string{{"-j", "2"}, {"-j", "3", "-noreduce"}, {"-j", "2", "-noreduce"}} {
		os.Remove(path + ".trail")
		code, out, errs := gospin(append(append([]string{"verify", "-a"}, args...), path)...)
		if code != exitFound || !strings.Contains(out, "acceptance cycle") || !strings.Contains(out, "workers") || strings.Contains(errs, "is not used") {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		}
		rcode, rout, rerrs := gospin("run", "-t", path)
		if rcode != exitFound || !strings.Contains(rout, "START OF CYCLE") {
			t.Errorf("%v: run -t: exit %d\n%s%s", args, rcode, rout, rerrs)
		}
	}
	// -e and -c N run in parallel too: every error's trail is written
	// and replays to its cycle; -c 2 stops at the second
	for _, args := range [][]string{{"-e"}, {"-c2"}} {
		matches, _ := filepath.Glob(path + "*trail")
		for _, m := range matches {
			os.Remove(m)
		}
		code, out, errs := gospin(append(append([]string{"verify", "-a", "-j", "2", "-noreduce"}, args...), path)...)
		if code != exitFound || !strings.Contains(out, "workers") || strings.Contains(errs, "is not used") {
			t.Fatalf("%v -j 2: exit %d\n%s%s", args, code, out, errs)
		}
		n := strings.Count(out, "acceptance cycle (at depth")
		if args[0] == "-c2" && (n != 2 || !strings.Contains(out, "errors: 2")) || n < 2 {
			t.Errorf("%v -j 2: %d cycles reported\n%s", args, n, out)
		}
		trails, _ := filepath.Glob(path + "*trail")
		if args[0] == "-e" && len(trails) != n || len(trails) == 0 {
			t.Errorf("%v -j 2: %d trails written for %d errors", args, len(trails), n)
		}
		for _, tp := range trails {
			rcode, rout, rerrs := gospin("run", "-trail", tp, path)
			if rcode != exitFound || !strings.Contains(rout, "START OF CYCLE") {
				t.Errorf("%v: run -trail %s: exit %d\n%s%s", args, tp, rcode, rout, rerrs)
			}
		}
	}
}

// TestVerifyWorkersNonProgressReduced: verify -l -j 2 with reduction
// (CNDFS on the product with <>[] np_ in SI normal form, the static
// proviso) finds np_ignoring.pml's cycle, which a reduction without a
// cycle proviso misses (TestNonProgressReduced), on two workers, and its
// trail, rewritten for pan's claim, replays to the cycle.
func TestVerifyWorkersNonProgressReduced(t *testing.T) {
	path := copyModel(t, "testdata/porltl/np_ignoring.pml")
	for range 3 {
		code, out, errs := gospin("verify", "-l", "-j", "2", path)
		if code != exitFound || !strings.Contains(out, "non-progress cycle") || !strings.Contains(out, "+ Partial Order Reduction") ||
			!strings.Contains(out, "2 workers") || strings.Contains(errs, "is not used") {
			t.Fatalf("exit %d, want the non-progress cycle found with reduction on 2 workers\n%s%s", code, out, errs)
		}
		rcode, rout, rerrs := gospin("run", "-t", path)
		if rcode != exitFound || !strings.Contains(rout, "START OF CYCLE") || strings.Contains(rout, "does not match") {
			t.Errorf("replay: exit %d\n%s%s", rcode, rout, rerrs)
		}
	}
}
