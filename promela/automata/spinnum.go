package automata

import (
	"fmt"
	"sort"

	"github.com/gospin/gospin/promela/ast"
)

// SPIN's state numbers. SPIN numbers the elements of a proctype's body in
// the order its parser completes them (flow.c new_el: Elcnt++, from 1 at
// the start of the body), and a process's state is the number of the
// element it is at: the numbers pan's -d, spin -p ("state N") and the
// unreached-code report print. The parser completes a statement after its
// parts, so
//
//   - a simple statement (expression, assignment, send, receive, goto,
//     break, else, printf, ...) is one element;
//   - an if is its options' elements, then the if element and its exit
//     target ('.'): a process at the if is at the if element;
//   - a do is its options' elements, then the do element, its '.' and its
//     break target;
//   - an atomic, d_step, { } block or inline body is its body's elements,
//     then its own element, where a process about to enter it is;
//   - a declaration after the first statement is one element per variable
//     (its "v = init"), except channels and initialized arrays;
//   - the body ends with the -end- element.
//
// Jumps (goto, break, the ends of options) are removed from the automaton,
// so their numbers are no states; numbers are not contiguous.
//
// spinNumbering computes these numbers for a proctype body: for each
// statement (keyed with the inline expansions it sits in), the number of
// the element where a process is when about to execute it. It reports
// ok=false for bodies with constructs whose numbering it does not model
// (unless, for over an array or a channel, select with bounds that are
// not constants: SPIN's parser builds extra elements for them; a goto
// labelled end, progress or accept, before which SPIN inserts a skip);
// gospin then keeps its own location numbers for that proctype.

// numKey identifies a statement in one inline expansion.
type numKey struct {
	s    ast.Stmt
	path string // the inline calls it was expanded from
}

// specKey identifies a declared variable in one inline expansion.
type specKey struct {
	v    *ast.VarSpec
	path string
}

type spinNumberer struct {
	inlines map[*ast.InlineCall]*ast.InlineDecl // the checker's expansions
	num     map[numKey]int
	spec    map[specKey]int
	aux     map[numKey][2]int // a for's (or select's) do and increment elements
	c       int
	ok      bool
	depth   int
}

// spinNumbering numbers the statements of body (after its leading
// declarations); n.c is then the -end- element's number.
func spinNumbering(stmts []ast.Stmt, inlines map[*ast.InlineCall]*ast.InlineDecl) *spinNumberer {
	n := &spinNumberer{inlines: inlines, num: map[numKey]int{}, spec: map[specKey]int{}, aux: map[numKey][2]int{}, c: 1, ok: true}
	n.seq(stmts, "")
	return n
}

func (n *spinNumberer) seq(stmts []ast.Stmt, path string) {
	for _, s := range stmts {
		n.stmt(s, path)
	}
}

// stmt numbers s and returns the number of the element where a process
// about to execute s is.
func (n *spinNumberer) stmt(s ast.Stmt, path string) int {
	if n.depth > 64 {
		n.ok = false
		return 0
	}
	n.depth++
	defer func() { n.depth-- }()
	at := 0
	switch s := s.(type) {
	case *ast.LabeledStmt:
		if _, ok := s.Stmt.(*ast.GotoStmt); ok && isMarkLabel(s.Label.Name) {
			n.ok = false // SPIN inserts a skip that carries the label
		}
		if s.Stmt == nil {
			// a label with no statement labels a skip (spin.y)
			at = n.c
			n.c++
			break
		}
		at = n.stmt(s.Stmt, path)
	case *ast.IfStmt:
		for _, o := range s.Options {
			n.seq(o.Stmts, path)
		}
		at = n.c
		n.c += 2
	case *ast.DoStmt:
		for _, o := range s.Options {
			n.seq(o.Stmts, path)
		}
		at = n.c
		n.c += 3
	case *ast.AtomicStmt:
		n.seq(s.Body.Stmts, path)
		at = n.c
		n.c++
	case *ast.DStepStmt:
		n.seq(s.Body.Stmts, path)
		at = n.c
		n.c++
	case *ast.BlockStmt:
		n.seq(s.Body.Stmts, path)
		at = n.c
		n.c++
	case *ast.InlineCall:
		d := n.inlines[s]
		if d == nil {
			n.ok = false
			return 0
		}
		// the expansion is a { } block of the inline's body
		n.seq(d.Body.Stmts, inlinePath(path, s))
		at = n.c
		n.c++
	case *ast.VarDecl:
		for _, v := range s.Vars {
			if v.Len != nil && (v.Init != nil || len(v.InitList) > 0) {
				continue // SPIN: "initialization could fail if placed here"
			}
			if _, isChan := v.Init.(*ast.ChanType); isChan {
				continue
			}
			if at == 0 {
				at = n.c
			}
			n.spec[specKey{v, path}] = n.c
			n.c++
		}
	case *ast.MtypeDecl, *ast.ChanAssert:
		return 0
	case *ast.ForStmt:
		// SPIN's parser: "v = lo", then a do whose first option is
		// "v <= hi", the body's statements, "v = v+1", and whose second
		// is "else -> break"
		// (for over an array: "v = 0", "v <= len-1"; for over a
		// channel, which the lowering builds otherwise, the lowering
		// gives up the numbers)
		at = n.c
		n.c += 2 // v = lo, v <= hi
		n.seq(s.Body.Stmts, path)
		n.aux[numKey{s, path}] = [2]int{n.c + 3, n.c} // the do, v = v+1
		n.c += 3                                      // v = v+1, else, break
		n.c += 3                                      // the do, its '.', its break target
	case *ast.SelectStmt:
		// with constant bounds SPIN's lexer writes an if with one option
		// "v = k" per value (as the lowering does)
		// with constant bounds SPIN's lexer writes an if with one option
		// "v = k" per value (as the lowering does); else a loop "v = lo;
		// do :: v < hi -> v++ :: break od"
		if n.lexicalSelect(s, path) {
			lo, hi := s.Lo.(*ast.IntLit), s.Hi.(*ast.IntLit)
			n.c += int(hi.Value - lo.Value + 1)
			at = n.c
			n.c += 2
			break
		}
		at = n.c
		n.aux[numKey{s, path}] = [2]int{n.c + 4, n.c + 2} // the do, v++
		n.c += 7                                          // v = lo, v < hi, v++, break, the do's three
	case *ast.UnlessStmt, *ast.CCode:
		n.ok = false
		return 0
	default:
		at = n.c
		n.c++
	}
	n.num[numKey{s, path}] = at
	return at
}

// lexicalSelect reports whether the lowering expands select s into one
// option per value (selectStmt's rule).
func (n *spinNumberer) lexicalSelect(s *ast.SelectStmt, path string) bool {
	lo, okLo := s.Lo.(*ast.IntLit)
	hi, okHi := s.Hi.(*ast.IntLit)
	id, plain := s.Var.(*ast.Ident)
	if plain {
		for _, c := range id.Name {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				plain = false
			}
		}
	}
	// (SPIN's lexer too writes a loop for more than 33 values)
	return plain && okLo && okHi && path == "" && isDigits(lo.Raw) && isDigits(hi.Raw) &&
		hi.Value >= lo.Value && hi.Value-lo.Value <= 32
}

// isMarkLabel reports whether a label is an end, progress or accept label.
func isMarkLabel(name string) bool {
	for _, p := range []string{"end", "progress", "accept"} {
		if len(name) >= len(p) && name[:len(p)] == p {
			return true
		}
	}
	return false
}

// inlinePath extends the path of inline expansions with call s.
func inlinePath(path string, s *ast.InlineCall) string {
	return path + fmt.Sprintf("/%p", s)
}

// noteStmt records that a process about to execute statement s (in the
// current inline expansion) is at location loc.
func (l *lowerer) noteStmt(s ast.Stmt, loc int) {
	if l.spin == nil || !l.spin.ok {
		return
	}
	if n, ok := l.spin.num[numKey{s, l.numPath}]; ok && n > 0 {
		l.noteLoc(loc, n)
	}
}

// noteLoc gives location loc SPIN's number n, unless it has one.
func (l *lowerer) noteLoc(loc, n int) {
	if l.spin == nil || !l.spin.ok {
		return
	}
	loc = l.find(loc)
	if _, ok := l.locNum[loc]; !ok {
		l.locNum[loc] = n
	}
}

// noteSpec carries the number of a declaration's variable over to the
// assignment that the lowering makes of it.
func (l *lowerer) noteSpec(v *ast.VarSpec, st ast.Stmt) {
	if l.spin == nil {
		return
	}
	if n, ok := l.spin.spec[specKey{v, l.numPath}]; ok {
		l.spin.num[numKey{st, l.numPath}] = n
	}
}

// spinStates sets the locations' SPIN numbers once the automaton is
// final (newID maps the lowering's locations to the final ones).
func (l *lowerer) spinStates(newID []int) {
	p := l.p
	if l.spin == nil || !l.spin.ok {
		return
	}
	// in the order the locations were made: where two that got numbers
	// were merged, the earlier one's number stands
	locs := make([]int, 0, len(l.locNum))
	for loc := range l.locNum {
		locs = append(locs, loc)
	}
	sort.Ints(locs)
	for _, loc := range locs {
		if id := newID[l.find(loc)]; id >= 0 && id < len(p.Locs) && p.Locs[id].SpinState == 0 {
			p.Locs[id].SpinState = l.locNum[loc]
		}
	}
	p.SpinStates = l.spin.c + 1
}

// noteFor gives the loop head, the increment and, inside an atomic
// sequence, the break statement (brk) and the break target (exit) of for
// statement s SPIN's numbers (brk and exit are 0 where they are no
// states).
func (l *lowerer) noteFor(s *ast.ForStmt, head, inc, brk, exit int) {
	if l.spin == nil || !l.spin.ok {
		return
	}
	if a, ok := l.spin.aux[numKey{s, l.numPath}]; ok {
		l.noteLoc(head, a[0])
		l.noteLoc(inc, a[1])
		if brk > 0 {
			l.noteLoc(brk, a[1]+2)
		}
		if exit > 0 {
			l.noteLoc(exit, a[0]+2)
		}
	}
}

// noteSelect gives the loop head and the increment of a select that the
// lowering makes a loop SPIN's numbers.
func (l *lowerer) noteSelect(s *ast.SelectStmt, head, mid int) {
	if l.spin == nil || !l.spin.ok {
		return
	}
	if a, ok := l.spin.aux[numKey{s, l.numPath}]; ok {
		l.noteLoc(head, a[0])
		l.noteLoc(mid, a[1])
	}
}

// noteAfter gives loc the number of the k-th element after compound
// statement s's own: an if's exit target ('.', k=1) or a do's break
// target (k=2), where they are states (inside an atomic sequence).
func (l *lowerer) noteAfter(s ast.Stmt, loc, k int) {
	if l.spin == nil || !l.spin.ok {
		return
	}
	if n, ok := l.spin.num[numKey{s, l.numPath}]; ok && n > 0 {
		l.noteLoc(loc, n+k)
	}
}
