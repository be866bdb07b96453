package main

import (
	"strings"
	"testing"
)

func TestRunReplaysVerifyTrail(t *testing.T) {
	path := copyModel(t, "simulate/testdata/assert.pml")
	if code, _, errs := gospin("verify", "-noprogress", path); code != exitFound {
		t.Fatalf("verify: exit %d\n%s", code, errs)
	}
	code, out, errs := gospin("run", "-t", "-p", path)
	if code != exitFound {
		t.Fatalf("run -t: exit %d, want %d\n%s%s", code, exitFound, out, errs)
	}
	for _, s := range []string{"Error: assertion violated\n", "spin: text of failed assertion: assert((x==2))\n", "spin: trail ends after "} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
}

func TestRunRandom(t *testing.T) {
	path := copyModel(t, "simulate/testdata/chanprint.pml")
	code, a, errs := gospin("run", "-seed", "3", path)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	_, b, _ := gospin("run", "-seed", "3", path)
	if a != b || !strings.HasSuffix(a, "2 processes created\n") {
		t.Fatalf("runs differ or end wrongly:\n%s---\n%s", a, b)
	}
	code, out, _ := gospin("run", "-u", "3", "-p", path)
	if code != exitOK || !strings.Contains(out, "depth-limit (-u3 steps) reached\n") {
		t.Fatalf("-u 3: exit %d\n%s", code, out)
	}
}

func TestRunInteractive(t *testing.T) {
	path := copyModel(t, "simulate/testdata/dstep.pml")
	old := stdin
	stdin = strings.NewReader("1\n1\nq\n")
	defer func() { stdin = old }()
	code, out, errs := gospin("run", "-i", path)
	if code != exitOK || strings.Count(out, "Select a statement\n") != 3 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
}

// TestRunReplayMergedAssert: with statement merging the failing
// assertion runs in a step that starts with printm; the replay names the
// assertion (not the step's first statement), and printm prints the name
// from the variable's own mtype, as spin -t does.
func TestRunReplayMergedAssert(t *testing.T) {
	path := copyModel(t, "testdata/outputs/printm_assert.pml")
	if code, _, errs := gospin("verify", "-q", path); code != exitFound {
		t.Fatalf("verify: exit %d\n%s", code, errs)
	}
	code, out, errs := gospin("run", "-t", path)
	if code != exitFound {
		t.Fatalf("run -t: exit %d\n%s%s", code, out, errs)
	}
	want := "      pear      \nspin: " + path + ":13, Error: assertion violated\nspin: text of failed assertion: assert(0)\n"
	if !strings.HasPrefix(out, want) {
		t.Errorf("replay output:\n%s\nwant it to start with:\n%s", out, want)
	}
}
