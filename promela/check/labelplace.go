package check

import "github.com/gospin/gospin/promela/ast"

// SPIN's rule on where a label may stand (flow.c close_seq): a sequence
// nested in a statement must not start with a labelled statement, for a
// label there would name a state that is not unique (the guard of an
// atomic sequence is the state before it, and so on). spin refuses the
// model ("label L placed incorrectly", exit 1) when the labelled statement
// is the first of
//
//   - an atomic or d_step sequence, or a { } block (inline bodies are
//     expanded as blocks),
//   - the escape of an unless, or the main statement of an unless unless
//     the label stands on a block, atomic or d_step (`L: { s unless e }`);
//
// as the first statement of an if or do option SPIN prints the same error
// but goes on: gospin warns there.

// labelPlacement reports the misplaced labels of a body.
func (c *checker) labelPlacement(b *ast.Block) {
	seen := map[*ast.InlineDecl]bool{}
	var walk func(n ast.Node)
	first := func(stmts []ast.Stmt, what string) {
		if len(stmts) == 0 {
			return
		}
		if ls, ok := stmts[0].(*ast.LabeledStmt); ok {
			c.errorf(ls.Label.NamePos, "label %s placed incorrectly: use \"%s: %s\"", ls.Label.Name, ls.Label.Name, what)
		}
	}
	walk = func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch s := n.(type) {
			case ast.Expr:
				return false
			case *ast.AtomicStmt:
				first(s.Body.Stmts, "atomic { ... }")
			case *ast.DStepStmt:
				first(s.Body.Stmts, "d_step { ... }")
			case *ast.BlockStmt:
				first(s.Body.Stmts, "{ ... }")
			case *ast.UnlessStmt:
				if ls, ok := s.Main.(*ast.LabeledStmt); ok {
					switch ls.Stmt.(type) {
					case *ast.BlockStmt, *ast.AtomicStmt, *ast.DStepStmt:
					default:
						c.errorf(ls.Label.NamePos, "label %s placed incorrectly: use \"%s: { statement unless statement }\"", ls.Label.Name, ls.Label.Name)
					}
				}
				if ls, ok := s.Escape.(*ast.LabeledStmt); ok {
					c.errorf(ls.Label.NamePos, "label %s placed incorrectly: the guard of an escape is not a unique state", ls.Label.Name)
				}
			case *ast.IfStmt:
				c.optionLabels(s.Options)
			case *ast.DoStmt:
				c.optionLabels(s.Options)
			case *ast.InlineCall:
				d := c.prog.Inlines[s.Name.Name]
				if d != nil && d.Body != nil && !seen[d] {
					seen[d] = true
					first(d.Body.Stmts, d.Name.Name+"(...)")
					walk(d.Body)
				}
			}
			return true
		})
	}
	walk(b)
}

// optionLabels warns of a label on the first statement of an option, as
// SPIN does (and goes on).
func (c *checker) optionLabels(opts []*ast.Block) {
	for _, o := range opts {
		if len(o.Stmts) == 0 {
			continue
		}
		if ls, ok := o.Stmts[0].(*ast.LabeledStmt); ok {
			c.warnf(ls.Label.NamePos, "label %s placed incorrectly (SPIN says so and goes on): put it before the if or do", ls.Label.Name)
		}
	}
}
