package search

import (
	"errors"

	"github.com/gospin/gospin/pins"
)

// Marks is a set of acceptance marks of the SCC-based check (-scc): bit 0
// of word 0 the property's acceptance (a TGBA's sets in word 0), bits
// 1..256 the weak-fairness marks of processes 0..255.
type Marks = [5]uint64

// MarkedGraph is the graph the SCC-based check (Options.SCC) searches,
// for the parallel SCC search (package parsearch): the states of a model
// (or of its product with a TGBA, Options.Property), whose transitions
// carry acceptance marks. A MarkedGraph serves one goroutine.
type MarkedGraph struct {
	g markedGraph
}

// NewMarkedGraph returns the graph the sequential SCC search explores for
// m with options o (unreduced: Options.SCC with Accept, or NonProgress on
// NonProgressModel(m)), with the kind and message of the violation an
// accepting cycle is reported as. A reduced m must use the static cycle
// proviso (pins.StaticReduced: its reduced sets are a function of the
// state, whoever expands it), on the product with a claim (-scc -a, or
// -scc -l on the product with <>[] np_ in SI normal form; with -f its
// fairness marks computed on the model it wraps, as the sequential
// search's).
func NewMarkedGraph(m pins.Model, o Options) (*MarkedGraph, pins.ViolationKind, string, error) {
	if !o.SCC || !o.Accept && !o.NonProgress {
		return nil, 0, "", errors.New("NewMarkedGraph: not an SCC-based cycle search")
	}
	kind, msg := pins.AcceptanceCycle, "acceptance cycle"
	if o.NonProgress {
		kind, msg = pins.NonProgressCycle, "non-progress cycle"
	}
	if r, ok := m.(pins.Reduced); ok {
		sr, ok := m.(pins.StaticReduced)
		if !ok || !sr.Static() || o.Property != nil {
			return nil, 0, "", errors.New("NewMarkedGraph: a reduced model without the static proviso, or on a TGBA")
		}
		full, ok := m.(interface{ Unreduced() pins.Model })
		if !ok {
			return nil, 0, "", errors.New("NewMarkedGraph: the reduction layer does not give its unreduced model")
		}
		g := newPinsGraph(r.Bind(staticCycles{}, false), o.Fair)
		if o.Fair {
			g.full = newEnabledness(full.Unreduced())
		}
		return &MarkedGraph{g: g}, kind, msg, nil
	}
	var g markedGraph = newPinsGraph(m, o.Fair)
	if o.Property != nil && !o.NonProgress {
		g = newTGBAGraph(m, o.Property, o.Fair)
	}
	return &MarkedGraph{g: g}, kind, msg, nil
}

// staticCycles binds a layer with the static proviso, which asks the
// search nothing (pins.StaticReduced).
type staticCycles struct{}

func (staticCycles) Lookup([]byte) (uint64, bool) { return 0, false }
func (staticCycles) Closes(uint64) bool           { return true }
func (staticCycles) Expanding() pins.Expansion    { return pins.Expansion{} }
func (staticCycles) Aux(uint64) []byte            { return nil }

// Initial returns the initial state.
func (g *MarkedGraph) Initial() ([]byte, error) { return g.g.initial() }

// Next yields the successors of s with their steps (numbered as the
// sequential SCC search's trails number them), marks and violations; the
// successor bytes and the marks are valid during the call only.
func (g *MarkedGraph) Next(s []byte, yield func(step Step, t []byte, m *Marks, v *pins.Violation) bool) {
	g.g.next(s, func(step Step, t []byte, m *marks, v *pins.Violation) bool {
		return yield(step, t, (*Marks)(m), v)
	})
}

// All is the set of marks an accepting cycle must carry.
func (g *MarkedGraph) All() *Marks { return (*Marks)(g.g.all()) }
