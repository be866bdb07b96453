package property

import (
	"fmt"

	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/token"
)

// FromLTL translates an ltl block into the never claim that checks it, as
// SPIN does: the claim is the Büchi automaton of the negated formula, whose
// propositions are the block's Promela expressions. It is a Translator.
func FromLTL(d *ast.LTLDecl) (*ast.NeverDecl, error) {
	a, props, err := negatedAutomaton(d, ltl.TryTranslate)
	if err != nil {
		return nil, err
	}
	return NeverClaim(a, props, d.Name, d.LTLPos), nil
}

// NeverClaim builds the never claim of a Büchi automaton whose proposition
// i is the Promela expression props[i]. Every node gets position pos.
// The claim has SPIN's shape: one labelled `if` per state (accepting
// states labelled accept_...), the initial state first; a state with no
// transitions blocks; a state marked as an end (ltl.State.End), and an
// accepting state whose only transition is an unconditional self-loop,
// ends the claim, which pan and gospin report at
// once as a violation. Such states are labels on the claim's closing
// brace, so the step that reads the violating letter ends the claim
// itself, as SPIN's claims do with atomic { !p -> assert(!(!p)) } (a
// state accept_all: skip would take one more step and store one more
// state).
func NeverClaim(a *ltl.Automaton, props []ast.Expr, name *ast.Ident, pos token.Pos) *ast.NeverDecl {
	// The states that end the claim come last: they label the claim's
	// end, after every other state. They are the states marked as ends
	// (ltl.State.End: derived from the end of a claim read as an
	// automaton) and the accepting states whose only edge is a true
	// self-loop.
	ends := func(i int) bool {
		s := a.States[i]
		return s.End || s.Accepting && len(s.Edges) == 1 && s.Edges[0].To == i && s.Edges[0].Guard.IsTrue()
	}
	order := []int{a.Init}
	for _, last := range []bool{false, true} {
		for i := range a.States {
			if i != a.Init && ends(i) == last {
				order = append(order, i)
			}
		}
	}
	label := func(i int) string {
		s := a.States[i]
		prefix := "T"
		if s.Accepting {
			prefix = "accept_S"
		}
		if i == a.Init {
			return fmt.Sprintf("%s%d_init", prefix, i)
		}
		return fmt.Sprintf("%s%d", prefix, i)
	}
	ident := func(n string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: n} }
	lit := func(v int64) ast.Expr { return &ast.IntLit{ValuePos: pos, Value: v, Raw: fmt.Sprint(v)} }
	cube := func(c ltl.Cube) ast.Expr {
		var x ast.Expr
		for i := 0; i < len(props); i++ {
			var l ast.Expr
			switch {
			case c.Pos&(1<<i) != 0:
				l = &ast.ParenExpr{Lparen: pos, X: props[i]}
			case c.Neg&(1<<i) != 0:
				l = &ast.UnaryExpr{OpPos: pos, Op: token.NOT, X: &ast.ParenExpr{Lparen: pos, X: props[i]}}
			default:
				continue
			}
			if x == nil {
				x = l
			} else {
				x = &ast.BinaryExpr{X: x, OpPos: pos, Op: token.LAND, Y: l}
			}
		}
		if x == nil {
			return lit(1)
		}
		return x
	}
	body := &ast.Block{Lbrace: pos, Rbrace: pos}
	for _, i := range order {
		s := a.States[i]
		var st ast.Stmt
		switch {
		case ends(i) && i == a.Init:
			st = &ast.ExprStmt{X: lit(1)} // skip: the claim's first step ends it
		case ends(i):
			st = nil // a label on the closing brace: the claim ends
		case len(s.Edges) == 0:
			st = &ast.ExprStmt{X: lit(0)} // false: blocks
		default:
			ifs := &ast.IfStmt{If: pos, Fi: pos}
			for _, e := range s.Edges {
				for _, c := range e.Guard {
					opt := &ast.Block{Lbrace: pos}
					opt.Stmts = []ast.Stmt{&ast.ExprStmt{X: cube(c)}, &ast.GotoStmt{Goto: pos, Label: ident(label(e.To))}}
					opt.Arrows = []bool{true, false}
					ifs.Options = append(ifs.Options, opt)
				}
			}
			if len(ifs.Options) == 0 {
				st = &ast.ExprStmt{X: lit(0)}
			} else {
				st = ifs
			}
		}
		body.Stmts = append(body.Stmts, &ast.LabeledStmt{Label: ident(label(i)), Stmt: st})
		body.Arrows = append(body.Arrows, false)
	}
	return &ast.NeverDecl{NeverPos: pos, Name: name, Body: body}
}
