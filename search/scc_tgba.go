package search

import (
	"bytes"
	"encoding/binary"

	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/pins"
)

// Property is an LTL property given as a transition-based generalized
// Büchi automaton (TGBA) over propositions of the model, for the
// SCC-based check (Options.SCC with Options.Accept): the search explores
// the product of the model with the automaton, and the automaton's
// acceptance sets are acceptance marks on the product's transitions — no
// degeneralization, so no copies of the state space per set.
type Property struct {
	// Aut accepts the runs that violate the property.
	Aut *ltl.Automaton
	// Eval returns the valuation of the automaton's propositions in a
	// state of the model (bit i: proposition i), with timeout as given:
	// true where the system can move only by a timeout, or not at all in
	// a model that uses timeout (as a never claim sees it then).
	Eval func(s []byte, timeout bool) uint64
	// UsesTimeout: the model uses timeout (its system has a timeout
	// round before a claim stutters).
	UsesTimeout bool
}

// tgbaGraph is the product of a model with a TGBA, with SPIN's product
// semantics: at each step the automaton moves first, reading the state
// before the system's step, then the system moves. The model carries a
// claim that never constrains it (property.ProbeClaim), so it already
// stutters where a claim would (when the system cannot move, the claim
// moves alone: a step with Pid -1 back to the same state), asks for a
// timeout as it would, and lets the process of an atomic sequence run
// alone without the claim moving: in an intermediate state of an atomic
// sequence the automaton does not move either.
//
// A product state is the model's state, then 2 bytes of automaton state,
// then 1 byte saying whether the model's state is an intermediate state
// of an atomic sequence. Transitions carry the automaton edge's sets in
// marks[0] and, with fairness, one mark per process as pinsGraph does. A
// step into a universal automaton state (an accept_all) is reported as
// the claim's end, as SPIN reports a never claim that terminates; such a
// state is not expanded.
type tgbaGraph struct {
	m     pins.Model
	p     *Property
	fair  bool
	ex    *sccExpander
	every marks
	buf   marks
	out   []byte
	univ  []bool
	end   *pins.Violation
	init  []byte
}

func newTGBAGraph(m pins.Model, p *Property, fair bool) *tgbaGraph {
	g := &tgbaGraph{m: m, p: p, fair: fair, ex: newSCCExpander(m)}
	g.every[0] = p.Aut.AllMarks()
	if fair {
		for i := 1; i < len(g.every); i++ {
			g.every[i] = ^uint64(0)
		}
	}
	g.univ = make([]bool, len(p.Aut.States))
	for q := range g.univ {
		g.univ[q] = p.Aut.Universal(q)
	}
	g.end = &pins.Violation{Kind: pins.ClaimEnd, Message: "end state in claim reached"}
	return g
}

const tgbaSuffix = 3

func (g *tgbaGraph) initial() ([]byte, error) {
	s, err := g.m.Initial(nil)
	if err != nil {
		return nil, err
	}
	g.init = append(s, byte(g.p.Aut.Init), byte(g.p.Aut.Init>>8), 0)
	return g.init, nil
}

func (g *tgbaGraph) all() *marks { return &g.every }

// split returns the model's state, the automaton state and whether the
// model's state is inside an atomic sequence.
func splitProduct(s []byte) ([]byte, int, bool) {
	n := len(s) - tgbaSuffix
	return s[:n:n], int(binary.LittleEndian.Uint16(s[n:])), s[n+2] != 0
}

func (g *tgbaGraph) next(s []byte, yield func(Step, []byte, *marks, *pins.Violation) bool) {
	sys, q, inAtomic := splitProduct(s)
	if q >= len(g.univ) {
		return
	}
	// a universal state is not expanded: the step into it was reported;
	// the initial state's first steps are (as a claim that ends at once)
	universalInit := g.univ[q] && bytes.Equal(s, g.init)
	if g.univ[q] && !universalInit {
		return
	}
	succs := g.ex.expand(sys)
	var val uint64
	if !inAtomic {
		val = g.p.Eval(sys, g.timeoutRound(succs))
	}
	base := fairBase(succs, g.fair)
	emit := func(to int, em uint64, claimEnd bool) bool {
		for i := range succs {
			sc := &succs[i]
			g.buf = base
			g.buf[0] = em
			if g.fair {
				markMover(&g.buf, sc.step.Pid, sc.pid2)
			}
			var flag byte
			if sc.flags&pins.InAtomic != 0 {
				flag = 1
			}
			g.out = append(append(g.out[:0], g.ex.bytes(sc)...), byte(to), byte(to>>8), flag)
			v := sc.viol
			if v == nil && claimEnd {
				v = g.end
			}
			if !yield(sc.step, g.out, &g.buf, v) {
				return false
			}
		}
		return true
	}
	if inAtomic || universalInit {
		emit(q, 0, universalInit)
		return
	}
	for _, e := range g.p.Aut.States[q].Edges {
		if !e.Guard.Eval(val) {
			continue
		}
		if !emit(e.To, e.Marks, g.univ[e.To]) {
			return
		}
	}
}

// timeoutRound reports whether the successors of an ordinary state come
// from the engine's timeout round, where a claim's guards see timeout
// true: the system moves only by timeout steps, or it cannot move at all
// (only stutter steps) in a model that uses timeout.
func (g *tgbaGraph) timeoutRound(succs []sccSucc) bool {
	if len(succs) == 0 {
		return false
	}
	if succs[0].flags&pins.Timeout != 0 {
		return true
	}
	if !g.p.UsesTimeout {
		return false
	}
	for i := range succs {
		if succs[i].step.Pid >= 0 {
			return false
		}
	}
	return true
}

// fairBase is the fairness part of the marks of every transition out of
// a state whose successors are succs: the processes with nothing enabled
// there.
func fairBase(succs []sccSucc, fair bool) marks {
	var base marks
	if !fair {
		return base
	}
	for i := 1; i < len(base); i++ {
		base[i] = ^uint64(0)
	}
	for i := range succs {
		sc := &succs[i]
		for _, p := range [2]int{sc.step.Pid, sc.pid2} {
			if p >= 0 && p < 256 {
				base[1+p/64] &^= 1 << (p % 64)
			}
		}
	}
	return base
}

// markMover adds the fairness marks of the processes that take a step
// (both partners of a rendezvous).
func markMover(m *marks, pid, pid2 int) {
	for _, p := range [2]int{pid, pid2} {
		if p >= 0 && p < 256 {
			m[1+p/64] |= 1 << (p % 64)
		}
	}
}

// sccSucc is a successor collected by an sccExpander.
type sccSucc struct {
	step   Step
	pid2   int
	flags  pins.TransFlags
	viol   *pins.Violation
	off, n int
}

// sccExpander collects the successors of one state at a time (the graphs
// of the SCC-based check copy what they keep), with the receiver of a
// rendezvous, which fairness marks as moving too.
type sccExpander struct {
	m     pins.Model
	arena []byte
	succs []sccSucc
	yield func(t *pins.Transition, s []byte) bool
}

func newSCCExpander(m pins.Model) *sccExpander {
	e := &sccExpander{m: m}
	e.yield = func(t *pins.Transition, s []byte) bool {
		k := 0
		for i := range e.succs {
			if p := e.succs[i].step; p.Pid == t.Pid && p.Group == t.Group {
				k++
			}
		}
		off := len(e.arena)
		e.arena = append(e.arena, s...)
		e.succs = append(e.succs, sccSucc{step: Step{Pid: t.Pid, Group: t.Group, K: k}, pid2: t.Pid2, flags: t.Flags, viol: t.Violation, off: off, n: len(s)})
		return true
	}
	return e
}

// expand returns the successors of state, valid until the next call.
func (e *sccExpander) expand(state []byte) []sccSucc {
	e.arena, e.succs = e.arena[:0], e.succs[:0]
	e.m.Next(state, e.yield)
	return e.succs
}

func (e *sccExpander) bytes(s *sccSucc) []byte {
	end := s.off + s.n
	return e.arena[s.off:end:end]
}
