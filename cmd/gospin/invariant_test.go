package main

import (
	"strings"
	"testing"
)

// TestInvariantReduced: an invariant ltl property, searched for the
// claim's end without -a, is reduced on the product (the report says so),
// its violation is found with fewer states than without reduction, and
// the trail replays to the claim's end.
func TestInvariantReduced(t *testing.T) {
	path := copyModel(t, "testdata/porltl/invariant.pml")
	// every error (-c 0), so that the searches run to the end
	code, full, _ := gospin("verify", "-noprogress", "-c", "0", "-noreduce", "-notrail", path)
	if code != exitFound {
		t.Fatalf("without reduction: exit %d\n%s", code, full)
	}
	code, red, errs := gospin("verify", "-noprogress", "-c", "0", "-notrail", path)
	if code != exitFound || !strings.Contains(red, "+ Partial Order Reduction") {
		t.Fatalf("with reduction: exit %d\n%s%s", code, red, errs)
	}
	if a, b := statesStored(full), statesStored(red); b <= 0 || b >= a {
		t.Errorf("states stored: %d with reduction, %d without", b, a)
	}
	if code, out, _ := gospin("verify", "-noprogress", path); code != exitFound || !strings.Contains(out, "end state in claim reached") {
		t.Fatalf("first error: exit %d\n%s", code, out)
	}
	// (the claim ends on a process's death: the replay says so there)
	rcode, rout, rerrs := gospin("run", "-t", "-p", path)
	if rcode == exitUsage || !strings.Contains(rout, "claim :never: terminates") || strings.Contains(rout+rerrs, "does not match") {
		t.Errorf("replay: exit %d\n%s%s", rcode, rout, rerrs)
	}
}
