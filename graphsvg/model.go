package graphsvg

import (
	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/property"
)

// ModelAutomata returns the graphs of a model's picture (gospin graph
// -svg): the process automata of prog, its lowered program (Automata),
// then for each ltl block of m the never claim of the block's negation,
// as verify checks it. A block that cannot be translated is left out and
// passed to skip.
func ModelAutomata(m *ast.Model, prog *automata.Program, skip func(name string, err error)) []*Graph {
	return append(Automata(prog), ClaimGraphs(m, skip)...)
}

// ClaimGraphs draws each ltl block of m as verify checks it: the never
// claim of the block's negation. A block that cannot be translated is left
// out and passed to skip (when not nil).
func ClaimGraphs(m *ast.Model, skip func(name string, err error)) []*Graph {
	var gs []*Graph
	for _, p := range property.List(m) {
		if p.Kind != property.LTL {
			continue
		}
		pm, err := property.Model(m, &p, property.FromLTL)
		if err != nil {
			if skip != nil {
				skip(p.Name, err)
			}
			continue
		}
		var errs diag.List
		if pp := automata.LowerModel(pm, &errs); pp != nil && pp.Never != nil && !errs.HasErrors() {
			gs = append(gs, Proc(pp.Never, "ltl "+p.Name+": never claim of its negation"))
		}
	}
	return gs
}
