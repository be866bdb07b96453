package verify

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/parsearch"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/store"
)

// WorkersAll is the number of workers of -j 0 (or -j all): every core the
// process may use.
func WorkersAll() int { return parsearch.Workers(0) }

// WorkersAuto (-1) is gospin verify's default -j (DefaultSettings; -j
// auto): every core the process may use (WorkersAll) where the parallel
// search covers the search (parsearch.Supported), else one worker,
// without a note. (Workers 0, the zero value, is one worker.) It keeps
// one worker where the user asked for what one worker does best: a
// search order (pan's -DP_RAND, -DT_REVERSE), the tree store (chosen for
// its memory: the workers' shared tree takes 1.1 to 1.8 times one
// worker's bytes a state) or leap sets. -j 1 is pan's sequential search:
// its order, its depths and trails, and with reduction its stack
// proviso's counts (docs/parallel.md, "The default").
const WorkersAuto = -1

// autoParallel says whether the default (WorkersAuto) may run opt's
// search on several workers.
func autoParallel(opt Options, sopt search.Options) bool {
	return parsearch.Workers(0) > 1 && opt.Order.IsDefault() &&
		sopt.Storage.Mode != store.ModeTree && !(opt.Leap && opt.Reduce)
}

// The cycle provisos of the reduction (Options.Proviso, -proviso).
const (
	// ProvisoAuto: the search's own with one worker (-j 1's stack
	// proviso, which gives pan's counts), the static one with several.
	ProvisoAuto = "auto"
	// ProvisoSearch: the search's own: the stack proviso (-j 1), the
	// done proviso (parallel safety), the visited proviso (bitstate).
	ProvisoSearch = "search"
	// ProvisoStatic: the static proviso (por.Config.Static), which does
	// not depend on the search order (docs/parallel.md).
	ProvisoStatic = "static"
)

// staticLayer is a reduction layer that can take the static proviso
// (por.Layer.SetStatic).
type staticLayer interface {
	SetStatic(on bool) bool
}

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
	autoWorkers := n == WorkersAuto
	if n == 0 || n == 1 || autoWorkers && !autoParallel(opt, sopt) {
		res, err := search.Run(ctx, sm, sopt)
		return res, 1, err
	}
	n = parsearch.Workers(n)
	f, canFork := m.(forker)
	// the static cycle proviso, where the parallel search reduces: its
	// reduced sets do not depend on the order the workers go (by
	// default not breadth-first, where the workers keep -j 1's queue
	// proviso)
	st, _ := sm.(staticLayer)
	autoProviso := opt.Proviso == "" || opt.Proviso == ProvisoAuto
	static := st != nil && n > 1 && (opt.Proviso == ProvisoStatic || autoProviso && !sopt.BFS) && st.SetStatic(true)
	ok, why := parsearch.Supported(sm, sopt)
	if ok && opt.Leap && opt.Reduce {
		ok, why = false, "the parallel search has no leap sets"
	}
	if ok && !canFork {
		ok, why = false, "the model cannot be cloned"
	}
	if !ok || n == 1 {
		if !ok && !autoWorkers && opt.Notes != nil {
			fmt.Fprintf(opt.Notes, "gospin: -j %d is not used: %s\n", opt.Workers, why)
		}
		if static && opt.Proviso != ProvisoStatic {
			st.SetStatic(false) // -j 1's stack proviso, as pan
		}
		res, err := search.Run(ctx, sm, sopt)
		return res, 1, err
	}
	// (breadth-first, the workers keep -j 1's queue proviso, but with
	// bitstate, which keeps no done bits)
	bfsQueue := sopt.BFS && sopt.Storage.Mode != store.ModeBitstate
	if _, reduced := sm.(pins.Reduced); reduced && !static && opt.Notes != nil && !bfsQueue {
		proviso := "the done proviso (each successor of a reduced set new or done)"
		if sopt.Storage.Mode == store.ModeBitstate {
			proviso = "the visited proviso (no successor of a reduced set stored: bitstate keeps no done bits)"
		}
		fmt.Fprintf(opt.Notes, "gospin: -j %d: the reduction's cycle proviso is %s, weaker than -j 1's stack proviso: more states may be stored (docs/parallel.md; -noreduce, or -j 1)\n", n, proviso)
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
		copt := opt
		if static {
			copt.Proviso = ProvisoStatic
		}
		rm, _ := reduction(cm, copt, &scratch, claim)
		return rm, nil
	}}
	if sopt.Property != nil {
		po.PropertyOf = propertyOf(sopt.Property)
	}
	// the default gives the static proviso up where it is weak (its
	// fallbacks): one worker with the stack proviso then, from the start
	po.GiveUpWeakProviso = autoWorkers && static && opt.Proviso != ProvisoStatic
	res, err := parsearch.Run(ctx, sm, po)
	if errors.Is(err, parsearch.ErrWeakProviso) {
		if u, ok := m.(Unreacher); ok {
			u.EnableCoverage() // forget what the abandoned search reached
		}
		st.SetStatic(false)
		// the abandoned search's store (a bitstate table is resident in
		// full) goes back before the new one is allocated
		debug.FreeOSMemory()
		res, err = search.Run(ctx, sm, sopt)
		return res, 1, err
	}
	for _, merge := range merges {
		merge()
	}
	return res, n, err
}

// propertyOf returns parsearch.Options.PropertyOf for the property p of
// -scc -a: p on a worker's copy of the engine (its own Conditions).
func propertyOf(p *search.Property) func(pins.Model) (*search.Property, error) {
	return func(m pins.Model) (*search.Property, error) {
		e, ok := m.(interface {
			ClaimConditions(n int) (*engine.Conditions, error)
		})
		if !ok {
			return nil, fmt.Errorf("a worker's model gives no conditions for the property")
		}
		conds, err := e.ClaimConditions(p.Aut.NumProps)
		if err != nil {
			return nil, err
		}
		return &search.Property{Aut: p.Aut, Eval: conds.EvalTimeout, UsesTimeout: p.UsesTimeout}, nil
	}
}
