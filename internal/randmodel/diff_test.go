package randmodel

import (
	"context"
	"flag"
	"sort"
	"strings"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/verify"
)

var nModels = flag.Int("randmodels", 300, "number of random models for the differential test")

type outcome struct {
	kinds    string // the error kinds found (all errors, sorted)
	stored   int64
	complete bool
	reduced  bool
}

func check(t *testing.T, src string, merge, reduce bool) (outcome, bool) {
	t.Helper()
	fr := frontend.Load("rand.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		return outcome{}, false
	}
	var errs diag.List
	prog := automata.Lower(fr.Model, &errs)
	if errs.HasErrors() || prog == nil {
		return outcome{}, false
	}
	e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: merge})
	if err != nil {
		return outcome{}, false
	}
	// every error, so that the set of error kinds is compared (the first
	// error found may differ: the reduced search explores in another order)
	sum, _, err := verify.Run(context.Background(), "rand.pml", e, verify.Options{MaxDepth: 1 << 20, StopAfter: 0, HashLog2: 12, Reduce: reduce})
	if err != nil {
		t.Fatalf("verify: %v\n%s", err, src)
	}
	set := map[string]bool{}
	for _, v := range sum.Violations {
		set[v.Kind] = true
	}
	var ks []string
	for k := range set {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return outcome{kinds: strings.Join(ks, ","), stored: sum.StatesStored, complete: sum.Complete, reduced: sum.Reduced}, true
}

// TestReductionDifferential checks on random models that partial-order
// reduction finds the same kinds of errors as the full search and never
// stores more states.
func TestReductionDifferential(t *testing.T) {
	n := *nModels
	if testing.Short() {
		n = 60
	}
	var ran, invalid, withErr, smaller int
	var full, red int64
	for seed := int64(1); seed <= int64(n); seed++ {
		src := Generate(seed, Default)
		merge := seed%2 == 0
		a, ok := check(t, src, merge, false)
		if !ok {
			invalid++
			continue
		}
		b, _ := check(t, src, merge, true)
		if !a.complete || !b.complete {
			t.Errorf("seed %d: incomplete search", seed)
			continue
		}
		ran++
		if a.kinds != b.kinds {
			t.Errorf("seed %d (merge %v): errors %q without reduction, %q with\n%s", seed, merge, a.kinds, b.kinds, src)
		}
		if b.stored > a.stored {
			t.Errorf("seed %d: reduction stored %d states, full search %d", seed, b.stored, a.stored)
		}
		if a.kinds != "" {
			withErr++
		}
		if b.stored < a.stored {
			smaller++
		}
		full += a.stored
		red += b.stored
	}
	t.Logf("%d models (%d rejected by the front end), %d with errors; reduction smaller on %d; states %d -> %d", ran, invalid, withErr, smaller, full, red)
	if ran < n/2 {
		t.Errorf("only %d of %d models ran", ran, n)
	}
}
