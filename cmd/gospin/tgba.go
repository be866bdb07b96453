package main

import (
	"errors"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/verify"
)

// tgbaModel prepares the check of ltl property p with -scc -a on the
// translator's generalized Büchi automaton instead of the never claim:
// it returns the model to search (with property.ProbeClaim) and sets
// o.TGBA and o.ClaimModel (the model with the never claim, which trails
// are written for, so that gospin run -t replays them as usual).
func tgbaModel(r *frontend.Result, p *property.Property, mo modelOptions, o *verify.Options) (verify.Model, error) {
	probe, claim, a, err := property.TGBAModels(r.Model, p)
	if err != nil {
		return nil, err
	}
	rp, rc := *r, *r
	rp.Model, rc.Model = probe, claim
	pm, err := buildModel(&rp, mo)
	if err != nil {
		return nil, err
	}
	cm, err := buildModel(&rc, mo)
	if err != nil {
		return nil, err
	}
	e, ok := pm.(*engine.Engine)
	if !ok {
		return nil, errors.New("the TGBA check needs the engine")
	}
	conds, err := e.ClaimConditions(a.NumProps)
	if err != nil {
		return nil, err
	}
	o.TGBA = &search.Property{Aut: a, Eval: conds.EvalTimeout, UsesTimeout: conds.UsesTimeout()}
	o.ClaimModel = cm
	return pm, nil
}
