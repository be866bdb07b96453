package main

import "testing"

// TestStubbornOption: with -stubborn gospin verify uses stubborn sets, and
// on two independent pairs of processes (no ample set of one process)
// stores fewer states than with its default ample sets or without
// reduction.
func TestStubbornOption(t *testing.T) {
	path := copyModel(t, "testdata/stubborn/pairs.pml")
	var n [3]int
	for i, args := range [][]string{{"-noreduce"}, {}, {"-stubborn"}} {
		code, out, errs := gospin(append(append([]string{"verify", "-noprogress", "-notrail"}, args...), path)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		}
		n[i] = statesStored(out)
	}
	if !(n[2] > 0 && n[2] < n[1] && n[1] < n[0]) {
		t.Errorf("states stored: %d stubborn, %d ample, %d unreduced", n[2], n[1], n[0])
	}
}
