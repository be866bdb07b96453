package search

import (
	"github.com/gospin/gospin/internal/idxmap"
	"github.com/gospin/gospin/pins"
)

// The SCC-based check (-scc) on a reduced product (docs/por-ltl.md,
// "Weak fairness", -scc -f): the search binds the reduction layer with
// its own depth-first stack as the cycle proviso's stack, which gives
// every cycle of the reduced graph a fully expanded state as in the
// nested search; the choices the layer records per stored state let the
// counterexample's breadth-first searches (lasso) follow the same reduced
// graph. The fairness marks of a state ("has nothing enabled") are
// computed on the unreduced model: a process left out of an ample set
// is not disabled.

// sccCycles is the SCC search's side of the cycle proviso (pins.Cycles).
type sccCycles struct {
	s     *searcher
	on    *idxmap.Map // the states on the depth-first stack
	exp   pins.Expansion
	trail bool // the lasso's binding: the choices recorded only
}

func (c *sccCycles) Lookup(s []byte) (uint64, bool) { return c.s.opt.Store.Lookup(s) }
func (c *sccCycles) Closes(idx uint64) bool         { return c.on.Has(idx) }
func (c *sccCycles) Expanding() pins.Expansion      { return c.exp }
func (c *sccCycles) Aux(idx uint64) []byte          { return c.s.aux(idx) }

// reducedSCCGraph is a pinsGraph over a reduction layer's binding for
// the SCC search, with the proviso's stack kept by the search's pushes
// and pops (sccStack), and a second graph over the layer bound for the
// lasso's searches.
type reducedSCCGraph struct {
	*pinsGraph
	cyc   *sccCycles
	trail *pinsGraph
}

// sccStack is implemented by a markedGraph whose expansions depend on
// the SCC search's depth-first stack.
type sccStack interface {
	// pushing: state idx, at depth d, is about to be expanded and is on
	// the stack from now on
	pushing(idx uint64, d int)
	// popped: state idx left the stack
	popped(idx uint64)
	// lassoGraph is the graph the counterexample's searches walk
	lassoGraph() markedGraph
}

func (g *reducedSCCGraph) pushing(idx uint64, d int) {
	g.cyc.on.Set(idx, 1)
	g.cyc.exp = pins.Expansion{Depth: d, Index: idx, Known: true}
}

func (g *reducedSCCGraph) popped(idx uint64) { g.cyc.on.Del(idx) }

func (g *reducedSCCGraph) lassoGraph() markedGraph { return g.trail }

// newReducedSCCGraph binds layer r for the SCC search of s, with weak
// fairness marks computed on full (the model r wraps) when fair.
func newReducedSCCGraph(s *searcher, r pins.Reduced, full pins.Model, fair bool) *reducedSCCGraph {
	s.setAux(false) // before the first insert (the stack is g.cyc.on)
	cyc := &sccCycles{s: s, on: idxmap.New()}
	g := &reducedSCCGraph{pinsGraph: newPinsGraph(r.Bind(cyc, false), fair), cyc: cyc}
	g.pinsGraph.full = newEnabledness(full)
	tc := &sccCycles{s: s, on: idxmap.New(), trail: true}
	g.trail = newPinsGraph(r.Bind(tc, true), fair)
	g.trail.full = g.pinsGraph.full
	return g
}

// enabledness computes the fairness marks of "has nothing enabled" on an
// unreduced model.
type enabledness struct {
	m     pins.Model
	base  marks
	yield func(t *pins.Transition, _ []byte) bool
}

func newEnabledness(m pins.Model) *enabledness {
	e := &enabledness{m: m}
	e.yield = func(t *pins.Transition, _ []byte) bool {
		for _, p := range [2]int{t.Pid, t.Pid2} {
			if p >= 0 && p < 256 {
				e.base[1+p/64] &^= 1 << (p % 64)
			}
		}
		return true
	}
	return e
}

// marks returns the marks of the processes with nothing enabled in s.
func (e *enabledness) marks(s []byte) marks {
	e.base = marks{}
	for i := 1; i < len(e.base); i++ {
		e.base[i] = ^uint64(0)
	}
	e.m.Next(s, e.yield)
	return e.base
}
