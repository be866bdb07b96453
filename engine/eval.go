package engine

import (
	"errors"

	"github.com/gospin/gospin/promela/automata"
)

// Conditions evaluates Promela boolean expressions (the propositions of
// an LTL property) on states of an engine, as the never claim evaluates
// its guards: in the claim's context, with timeout true only where the
// system times out (EvalTimeout). A run-time error
// in an expression makes it false where the failing operand yields 0, as
// in a claim's guard.
//
// The expressions are those of the never claim's expression statements:
// a model checked against an automaton outside the engine (the SCC-based
// check of an ltl property) is given a probe claim whose first statement
// is an endless `do :: true od` (the claim never constrains the system,
// and stutters with it exactly as a real claim does) followed by one
// unreachable expression statement per proposition (see
// property.ProbeClaim). The engine compiles them with the rest of the
// program; ClaimConditions picks them up.
type Conditions struct {
	e   *Engine
	fns []efn
	c   ctx
}

// ClaimConditions returns the last n expression statements of the never
// claim, in declaration order, as Conditions.
func (e *Engine) ClaimConditions(n int) (*Conditions, error) {
	if e.prog.Never == nil {
		return nil, errors.New("engine: no never claim to take conditions from")
	}
	var fns []efn
	for _, t := range e.prog.Trans {
		if t.Proc == e.prog.Never && t.Kind == automata.TExpr {
			fns = append(fns, e.trans[t.ID].x)
		}
	}
	if len(fns) < n {
		return nil, errors.New("engine: the never claim has fewer conditions than asked for")
	}
	if n > 64 {
		return nil, errors.New("engine: more than 64 conditions")
	}
	p := &Conditions{e: e, fns: fns[len(fns)-n:]}
	p.c.e = e
	p.c.hidden = e.c.hidden
	return p, nil
}

// Len is the number of conditions.
func (p *Conditions) Len() int { return len(p.fns) }

// Eval evaluates the conditions on state s with timeout false: bit i of
// the result is set when condition i holds. A state that does not decode
// gives 0. Eval must not be called from inside the engine's Next.
func (p *Conditions) Eval(s []byte) uint64 { return p.EvalTimeout(s, false) }

// EvalTimeout evaluates the conditions on state s with timeout as given:
// a claim's guards see timeout true in the round where the system can
// move only by timing out, or not at all (then the claim stutters).
func (p *Conditions) EvalTimeout(s []byte, timeout bool) uint64 {
	c := &p.c
	c.s = append(c.s[:0], s...)
	if c.decode() != nil {
		return 0
	}
	c.pid, c.base = 0, 0
	c.timeout = timeout
	c.apply = false
	var v uint64
	for i, f := range p.fns {
		c.err = ""
		c.viol = nil
		if f(c) != 0 {
			v |= 1 << uint(i)
		}
	}
	c.err = ""
	c.timeout = false
	return v
}

// UsesTimeout reports whether the model (or a condition) uses timeout:
// only then does the engine give the system a timeout round, in which the
// claim's guards see timeout true.
func (p *Conditions) UsesTimeout() bool { return p.e.usesTimeout }
