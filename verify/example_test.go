package verify_test

import (
	"context"
	"fmt"
	"os"

	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/verify"
)

// The library's main path, as gospin verify takes it: load the model,
// list the properties the settings ask to check, check each, and report.
// Here the never claim is ignored (-noclaim) and the state space is SPIN's
// with spin -o1 -o2 -o3 and pan -DNOREDUCE: the figures are pan's
// (testdata/lost.pml records them).
func Example() {
	src, err := verify.Load("testdata/lost.pml", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := verify.DefaultSettings()
	s.NoClaim, s.NoReduce = true, true
	s.NoDeadVarReset, s.NoHideWriteOnly, s.NoMerge = true, true, true
	s.WriteTrails = false
	s.Workers = 1 // pan's order: the error pan finds first, at its depth
	props, err := verify.Properties(src, s)
	if err != nil {
		fmt.Println(err)
		return
	}
	var sums []*report.Summary
	for _, p := range props {
		sum, err := verify.Check(context.Background(), src, p, s)
		if err != nil {
			fmt.Println(err)
			return
		}
		sums = append(sums, sum)
		for _, v := range sum.Violations {
			fmt.Printf("%s (at depth %d)\n", v.Message, v.Depth)
		}
		fmt.Printf("%d states, stored\n%d states, matched\n%d transitions\n", sum.StatesStored, sum.StatesMatched, sum.Transitions)
	}
	// gospin verify's exit status: 1 when found, else 3 when incomplete
	found, incomplete := verify.Status(sums, len(props))
	fmt.Println("found:", found, "incomplete:", incomplete)
	// Output:
	// assertion violated (n==2) (at depth 9)
	// 25 states, stored
	// 4 states, matched
	// 29 transitions
	// found: true incomplete: true
}

// ExampleCheck checks the model's ltl property with gospin's defaults
// (partial-order reduction, statement merging): the property is one of
// liveness, so the search looks for acceptance cycles, as with -a, and
// says so on Notes. The report is pan's text (report.Text); its time and
// memory lines are left out here.
func ExampleCheck() {
	src, err := verify.Load("testdata/lost.pml", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := verify.DefaultSettings()
	s.WriteTrails = false
	s.Notes = os.Stdout
	s.Workers = 1 // pan's order: the same error, at the same depth, every run
	props, _ := verify.Properties(src, s)
	var sums []*report.Summary
	for _, p := range props {
		sum, err := verify.Check(context.Background(), src, p, s)
		if err != nil {
			fmt.Println(err)
			return
		}
		sums = append(sums, sum)
		fmt.Printf("property %s: %d error, %d states stored (%d visited), reduced %v\n", sum.Property, sum.Errors, sum.StatesStored, sum.StatesVisited, sum.Reduced)
		for _, v := range sum.Violations {
			fmt.Printf("%s (at depth %d)\n", v.Message, v.Depth)
		}
	}
	found, incomplete := verify.Status(sums, len(props))
	fmt.Println("found:", found, "incomplete:", incomplete)
	// Output:
	// gospin: testdata/lost.pml: finish is a liveness property: searching for acceptance cycles (as with -a; -safety: as SPIN, not)
	// property finish: 1 error, 18 states stored (26 visited), reduced true
	// assertion violated (n==2) (at depth 19)
	// found: true incomplete: true
}
