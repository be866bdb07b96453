package main

import (
	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/verify"
)

// lower builds the process automata of a checked model.
func lower(r *frontend.Result) (*automata.Program, error) {
	var errs diag.List
	prog := automata.Lower(r.Model, &errs)
	if errs.HasErrors() || prog == nil {
		errs.Sort()
		return nil, &errs
	}
	return prog, nil
}

// buildModel lowers a checked model to process automata and returns the
// engine that executes them, with the state-space options of spin -a.
func buildModel(r *frontend.Result, mo modelOptions) (verify.Model, error) {
	prog, err := lower(r)
	if err != nil {
		return nil, err
	}
	// Statement merging (SPIN's default, off with -o3) is implemented
	// (engine.Options.Merge: with it, states and transitions are pan's for
	// spin -a, -DNOREDUCE, on all comparable corpus models) but not yet on
	// here: a trail written from a merged search holds one step per merge
	// chain, and gospin run -t replays trails with an unmerged engine
	// (run.go), so it would stop after the chain's first statement. Turn
	// it on (Merge: !mo.noMerge) together with Merge in the replay engine.
	// Until then the state space is that of spin -o3.
	e, err := engine.NewWithOptions(prog, engine.Options{
		ResetDead:     !mo.noDeadVarReset,
		HideWriteOnly: !mo.noHideWriteOnly,
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}
