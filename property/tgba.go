package property

import (
	"fmt"

	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/promela/ast"
)

// ProbeClaim is the Translator for an ltl block checked by the SCC-based
// check on the translator's generalized Büchi automaton (TGBA) instead of
// a never claim. The claim it returns never constrains the system:
//
//	never { do :: 1 od; (p0); (p1); ... }
//
// Its endless loop moves first at every step and stutters when the system
// cannot move, exactly as a real claim does, so the model keeps SPIN's
// product semantics (timeouts, atomic sequences, _nr_pr counting the
// claim) while the automaton is run outside the engine. The unreachable
// statements after the loop are the formula's propositions, in the order
// of FromAST, which the engine compiles with the model
// (engine.ClaimConditions picks them up).
func ProbeClaim(d *ast.LTLDecl) (*ast.NeverDecl, error) {
	_, props, err := fromDecl(d)
	if err != nil {
		return nil, err
	}
	pos := d.LTLPos
	one := &ast.IntLit{ValuePos: pos, Value: 1, Raw: "1"}
	loop := &ast.DoStmt{Do: pos, Od: pos, Options: []*ast.Block{{Lbrace: pos, Stmts: []ast.Stmt{&ast.ExprStmt{X: one}}, Arrows: []bool{false}}}}
	body := &ast.Block{Lbrace: pos, Rbrace: pos}
	body.Stmts = append(body.Stmts, loop)
	for _, p := range props {
		body.Stmts = append(body.Stmts, &ast.ExprStmt{X: &ast.ParenExpr{Lparen: pos, X: p}})
	}
	body.Arrows = make([]bool, len(body.Stmts))
	return &ast.NeverDecl{NeverPos: pos, Name: d.Name, Body: body}, nil
}

// TGBA returns the transition-based generalized Büchi automaton that
// accepts the runs violating the ltl block (the automaton of the negated
// formula, before degeneralization), over the propositions of ProbeClaim.
func TGBA(d *ast.LTLDecl) (*ltl.Automaton, error) {
	a, props, err := negatedAutomaton(d, ltl.TryTranslateTGBA)
	if err != nil {
		return nil, err
	}
	a.NumProps = len(props) // the probe claim's conditions
	return a, nil
}

// TGBAModels returns, for the ltl property p of m, the two models the
// SCC-based check on the TGBA needs: the model with the probe claim (the
// one searched) and the model with the never claim of FromLTL (the one
// counterexamples are replayed on), with the automaton.
func TGBAModels(m *ast.Model, p *Property) (probe, claim *ast.Model, a *ltl.Automaton, err error) {
	if p == nil || p.Kind != LTL {
		return nil, nil, nil, fmt.Errorf("not an ltl property")
	}
	if a, err = TGBA(p.LTL); err != nil {
		return nil, nil, nil, fmt.Errorf("ltl %s: %w", p.Name, err)
	}
	if probe, err = Model(m, p, ProbeClaim); err != nil {
		return nil, nil, nil, err
	}
	if claim, err = Model(m, p, FromLTL); err != nil {
		return nil, nil, nil, err
	}
	return probe, claim, a, nil
}
