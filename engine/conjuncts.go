package engine

import (
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/token"
)

// Guard conjuncts for necessary enabling sets (package reduce, stubborn
// sets): an expression statement's condition split at its top-level &&.
// A disabled statement stays disabled until one of its false conjuncts
// becomes true, so only the steps that may write what that conjunct reads
// can enable it.

type conjunct struct {
	x automata.Expr
	f efn
}

// compileConjuncts compiles the conjuncts of every expression statement
// without run (whose evaluation would start a process). Only stubborn sets
// use them: GuardConjuncts compiles them when first called.
func (e *Engine) compileConjuncts() {
	cm := &compiler{e: e}
	e.conj = make([][]conjunct, len(e.prog.Trans))
	for _, t := range e.prog.Trans {
		if t.Kind != automata.TExpr || t.X == nil || hasRun(t.X) {
			continue
		}
		var split func(x automata.Expr)
		split = func(x automata.Expr) {
			if b, ok := x.(*automata.Binary); ok && b.Op == token.LAND {
				split(b.X)
				split(b.Y)
				return
			}
			e.conj[t.ID] = append(e.conj[t.ID], conjunct{x: x, f: cm.expr(x)})
		}
		split(t.X)
	}
	e.nes = ctx{e: e, hidden: make([]byte, e.hiddenSize)}
}

// GuardConjuncts returns the conjuncts of group g's condition when g is an
// expression statement (a condition split at its top-level &&), else nil.
func (e *Engine) GuardConjuncts(g int) []automata.Expr {
	if e.conj == nil {
		e.compileConjuncts()
	}
	if g < 0 || g >= len(e.conj) {
		return nil
	}
	out := make([]automata.Expr, len(e.conj[g]))
	for i, c := range e.conj[g] {
		out[i] = c.x
	}
	return out
}

// FalseConjunct returns the index of the first of group g's conjuncts
// (GuardConjuncts) that is false for process pid in state s, or -1 when
// none is known to be: all hold, one fails with a run-time error, g has
// no conjuncts (or GuardConjuncts was never called), or s does not decode. It has its own working state, so it
// may be called between calls of Next, not from inside one.
func (e *Engine) FalseConjunct(s []byte, pid, g int) int {
	if g < 0 || g >= len(e.conj) || len(e.conj[g]) == 0 {
		return -1
	}
	c := &e.nes
	c.s = append(c.s[:0], s...)
	if c.decode() != nil || pid < 0 || pid >= c.nproc {
		return -1
	}
	c.setProc(pid)
	c.timeout = false
	c.apply = false
	for i, cj := range e.conj[g] {
		c.err = ""
		c.viol = nil
		v := cj.f(c)
		if c.err != "" {
			c.err = ""
			return -1
		}
		if v == 0 {
			return i
		}
	}
	return -1
}
