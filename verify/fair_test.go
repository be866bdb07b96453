package verify

import (
	"context"
	"testing"
)

// TestFairReduced: -a -f with reduction finds the weakly fair acceptance
// cycle of testdata/fair_receivers.pml (SPIN: errors: 1), which an ample
// set of a send on a channel with two receivers would lose; reduced and
// unreduced agree.
func TestFairReduced(t *testing.T) {
	src, err := Load("testdata/fair_receivers.pml", nil)
	if err != nil {
		t.Fatal(err)
	}
	props := src.Properties()
	for _, noReduce := range []bool{false, true} {
		sum, err := Check(context.Background(), src, &props[0], Settings{Accept: true, Fair: true, NoReduce: noReduce, StopAfter: 1})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Errors != 1 || len(sum.Violations) != 1 || sum.Violations[0].Kind != "acceptance-cycle" {
			t.Errorf("noreduce %v: errors %d %+v, want one acceptance cycle", noReduce, sum.Errors, sum.Violations)
		}
		if sum.Reduced == noReduce {
			t.Errorf("noreduce %v: reduced %v", noReduce, sum.Reduced)
		}
	}
}
