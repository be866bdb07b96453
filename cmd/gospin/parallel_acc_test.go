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
// end (a cycle: exit 1); -a with -e stays on one worker, with a note.
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
	code, _, errs := gospin("verify", "-a", "-e", "-j", "2", "-noreduce", path)
	if code != exitFound || !strings.Contains(errs, "-j 2 is not used: the parallel acceptance-cycle search (CNDFS) stops at its first cycle") {
		t.Errorf("-a -e -j 2: exit %d, notes %q", code, errs)
	}
}
