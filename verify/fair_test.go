package verify

import (
	"context"
	"testing"

	"github.com/gospin/gospin/property"
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

// TestFairPipeReduced: -a -f on testdata/fair_pipe.pml is reduced, with
// the sends and receives on its point-to-point channel in ample sets,
// and keeps the verdict (SPIN: errors: 0) with fewer states.
func TestFairPipeReduced(t *testing.T) {
	src, err := Load("testdata/fair_pipe.pml", nil)
	if err != nil {
		t.Fatal(err)
	}
	props := src.Properties()
	var stored [2]int64
	for i, noReduce := range []bool{false, true} {
		sum, err := Check(context.Background(), src, &props[0], Settings{Accept: true, Fair: true, NoReduce: noReduce, StopAfter: 1})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Errors != 0 || !sum.Complete || sum.Reduced == noReduce {
			t.Errorf("noreduce %v: errors %d, complete %v, reduced %v", noReduce, sum.Errors, sum.Complete, sum.Reduced)
		}
		stored[i] = sum.StatesStored
	}
	if stored[0] >= stored[1] {
		t.Errorf("states stored %d reduced, %d without", stored[0], stored[1])
	}
}

// TestFairNonProgressReduced: -l -f is reduced (on the product with
// <>[] np_ in SI normal form, unfolded for fairness under the reduction
// layer) and finds the weakly fair non-progress cycle of
// testdata/fair_receivers_np.pml (SPIN: errors: 1), as the search
// without reduction does.
func TestFairNonProgressReduced(t *testing.T) {
	src, err := Load("testdata/fair_receivers_np.pml", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, noReduce := range []bool{false, true} {
		sum, err := Check(context.Background(), src, nil, Settings{NonProgress: true, Fair: true, NoReduce: noReduce, StopAfter: 1})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Errors != 1 || len(sum.Violations) != 1 || sum.Violations[0].Kind != "non-progress-cycle" {
			t.Errorf("noreduce %v: errors %d %+v, want one non-progress cycle", noReduce, sum.Errors, sum.Violations)
		}
		if sum.Reduced == noReduce {
			t.Errorf("noreduce %v: reduced %v", noReduce, sum.Reduced)
		}
	}
}

// TestFairSCCReduced: -scc -a -f is reduced (the SCC search binds the
// layer, its fairness marks computed on the unreduced product) and finds
// the weakly fair acceptance cycle of testdata/fair_receivers.pml (SPIN:
// errors: 1), which the ample sets lose without F1 (a send on a channel
// with two receivers); on testdata/fair_pipe.pml it keeps SPIN's verdict
// (errors: 0) with fewer states; and -scc -l -f on
// testdata/fair_receivers_np.pml finds pan's non-progress cycle.
func TestFairSCCReduced(t *testing.T) {
	for _, c := range []struct {
		path   string
		np     bool
		errors int
		kind   string
	}{
		{"testdata/fair_receivers.pml", false, 1, "acceptance-cycle"},
		{"testdata/fair_pipe.pml", false, 0, ""},
		{"testdata/fair_receivers_np.pml", true, 1, "non-progress-cycle"},
	} {
		src, err := Load(c.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		var prop *property.Property
		if props := src.Properties(); len(props) > 0 && !c.np {
			prop = &props[0]
		}
		var stored [2]int64
		for i, noReduce := range []bool{false, true} {
			s := Settings{Accept: !c.np, NonProgress: c.np, Fair: true, SCC: true, NoReduce: noReduce, StopAfter: 1}
			sum, err := Check(context.Background(), src, prop, s)
			if err != nil {
				t.Fatal(err)
			}
			if sum.Errors != c.errors || c.errors > 0 && (len(sum.Violations) != 1 || sum.Violations[0].Kind != c.kind) {
				t.Errorf("%s noreduce %v: errors %d %+v, want %d %s", c.path, noReduce, sum.Errors, sum.Violations, c.errors, c.kind)
			}
			if sum.Reduced == noReduce {
				t.Errorf("%s noreduce %v: reduced %v", c.path, noReduce, sum.Reduced)
			}
			stored[i] = sum.StatesStored
		}
		if c.errors == 0 && stored[0] >= stored[1] {
			t.Errorf("%s: states stored %d reduced, %d without", c.path, stored[0], stored[1])
		}
	}
}
