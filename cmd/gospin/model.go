package main

import (
	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/verify"
)

// buildModel lowers a checked model to process automata and returns the
// engine that executes them.
func buildModel(r *frontend.Result, mo modelOptions) (verify.Model, error) {
	var errs diag.List
	prog := automata.Lower(r.Model, &errs)
	if errs.HasErrors() {
		return nil, &errs
	}
	e, err := engine.New(prog)
	if err != nil {
		return nil, err
	}
	return e, nil
}
