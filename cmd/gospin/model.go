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
	// pan's start-up checks (spin simulates such models; pan refuses them)
	var errs diag.List
	if automata.CheckSelfLoops(prog, &errs); errs.HasErrors() {
		errs.Sort()
		return nil, &errs
	}
	// Statement merging is SPIN's default (off with -o3): chains of
	// local, always executable statements are one transition. Trails
	// record it, and gospin run -t replays them with the same engine.
	e, err := engine.NewWithOptions(prog, engine.Options{
		ResetDead:     !mo.noDeadVarReset,
		HideWriteOnly: !mo.noHideWriteOnly,
		Merge:         !mo.noMerge,
		StrictEnd:     mo.strictEnd,
		NPClaim:       mo.npClaim,
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}
