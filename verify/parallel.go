package verify

import (
	"context"
	"fmt"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/parsearch"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
)

// WorkersAll is the number of workers of -j 0 (or -j all): every core the
// process may use.
func WorkersAll() int { return parsearch.Workers(0) }

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
	e, isEngine := m.(*engine.Engine)
	ok, why := parsearch.Supported(sm, sopt)
	if ok && !isEngine {
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
		fmt.Fprintf(opt.Notes, "gospin: -j %d: the reduction's cycle proviso is the visited proviso (no successor of a reduced set stored by any worker), weaker than -j 1's stack proviso: more states may be stored (docs/parallel.md; -noreduce, or -j 1)\n", n)
	}
	var clones []*engine.Engine
	po := parsearch.Options{Options: sopt, Workers: n, Clone: func() (pins.Model, error) {
		c := e.CloneCovered()
		clones = append(clones, c)
		var scratch search.Options
		cm, _ := reduction(c, opt, &scratch, claim)
		return cm, nil
	}}
	res, err := parsearch.Run(ctx, sm, po)
	for _, c := range clones {
		e.MergeCoverage(c)
	}
	return res, n, err
}
