package verify

import (
	"context"
	"fmt"

	"github.com/gospin/gospin/parsearch"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/store"
)

// WorkersAll is the number of workers of -j 0 (or -j all): every core the
// process may use.
func WorkersAll() int { return parsearch.Workers(0) }

// forker is a model that gives each worker of a parallel search a copy
// of its own (engine.Engine.Fork), with a function that merges the
// copy's coverage back once the search is over.
type forker interface {
	Fork() (pins.Model, func())
}

// runSearch runs the search of sm (m, or m under a reduction layer) with
// opt.Workers workers: the parallel search (package parsearch) where it
// covers the search and m is an engine that can be cloned, else the
// sequential one, with a note saying why. It returns the number of
// workers that searched.
func runSearch(ctx context.Context, m Model, sm pins.Model, opt Options, sopt search.Options, claim bool) (*search.Result, int, error) {
	n := opt.Workers
	if n == 1 || n == 0 {
		res, err := search.Run(ctx, sm, sopt)
		return res, 1, err
	}
	n = parsearch.Workers(n)
	f, canFork := m.(forker)
	ok, why := parsearch.Supported(sm, sopt)
	if ok && opt.Leap && opt.Reduce {
		ok, why = false, "the parallel search has no leap sets"
	}
	if ok && opt.Stubborn && opt.Reduce && sopt.Accept {
		// a stubborn set's recorded choice does not fit the byte that
		// the workers share (parsearch/cndfs.go)
		ok, why = false, "the parallel acceptance-cycle search has no stubborn sets"
	}
	if ok && !canFork {
		ok, why = false, "the model cannot be cloned"
	}
	if !ok || n == 1 {
		if !ok && opt.Notes != nil {
			fmt.Fprintf(opt.Notes, "gospin: -j %d is not used: %s\n", opt.Workers, why)
		}
		res, err := search.Run(ctx, sm, sopt)
		return res, 1, err
	}
	if _, reduced := sm.(pins.Reduced); reduced && opt.Notes != nil {
		proviso := "the done proviso (each successor of a reduced set new or done)"
		if sopt.Storage.Mode == store.ModeBitstate {
			proviso = "the visited proviso (no successor of a reduced set stored: bitstate keeps no done bits)"
		}
		fmt.Fprintf(opt.Notes, "gospin: -j %d: the reduction's cycle proviso is %s, weaker than -j 1's stack proviso: more states may be stored (docs/parallel.md; -noreduce, or -j 1)\n", n, proviso)
	}
	if sopt.Storage.Mode == store.ModeTree && opt.Notes != nil {
		fmt.Fprintf(opt.Notes, "gospin: -j %d -store tree: the workers' shared tree keeps its roots in a hash table, about 20 to 30 bytes a state more than -j 1's compact root set (docs/storage.md)\n", n)
	}
	var merges []func()
	po := parsearch.Options{Options: sopt, Workers: n, Clone: func() (pins.Model, error) {
		c, merge := f.Fork()
		cm, ok := c.(Model)
		if !ok {
			return nil, fmt.Errorf("a copy of the model for a worker is not a verify.Model")
		}
		merges = append(merges, merge)
		var scratch search.Options
		rm, _ := reduction(cm, opt, &scratch, claim)
		return rm, nil
	}}
	res, err := parsearch.Run(ctx, sm, po)
	for _, merge := range merges {
		merge()
	}
	return res, n, err
}
