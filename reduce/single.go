package reduce

import (
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
)

// OneProcess reports whether engine model m never has more than one
// process besides its never claim: one active instance over all its
// process types and init, and no run (nor a d_step, whose body is not
// walked). An ample set of one process is then every enabled step: a
// reduction of such a model is the identity, and a search with a claim
// of its own for the reduction (the non-progress claim, an ltl
// property's in SI normal form) only adds claim states. verify searches
// such a model with the usual claim (pan's, as pan does), so that it
// stores pan's states: the corpus's np row of loops.pml, 27 states
// where the SI claim's product has 28.
func OneProcess(m pins.Model) bool {
	e, ok := m.(*engine.Engine)
	if !ok || e.Program() == nil {
		return false
	}
	prog := e.Program()
	n := 0
	for _, p := range prog.Procs {
		if p.Kind == automata.ProcType || p.Kind == automata.InitProc {
			n += p.Active
		}
	}
	if n > 1 {
		return false
	}
	for _, t := range prog.Trans {
		if t.Proc != nil && t.Proc == prog.Never {
			continue
		}
		if hasRun(t) {
			return false
		}
	}
	return true
}
