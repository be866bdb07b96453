package automata

import (
	"fmt"

	"github.com/gospin/gospin/diag"
)

// CheckSelfLoops reports pan's start-up refusal of a process automaton
// with an unconditional self-loop: a transition from a state to itself
// whose statement is the constant (1) as written, such as the option
// `:: skip` of a do. pan looks at the statement as SPIN parsed it, which
// folds no constants: `:: 0 != 1` is no such loop (sumo_nondet in the
// corpus has one), though gospin's checker folds it to 1; the statement's
// text tells the two apart. pan (pangen2.h, in its reachability set-up) prints "error: proctype
// 'P' line N, state S: has unconditional self-loop" and exits before
// searching; never claims are not checked. Simulation (spin) runs such a
// model, so only verification calls this.
func CheckSelfLoops(prog *Program, errs *diag.List) {
	for _, p := range prog.Procs {
		if p.Kind == NeverClaim || p.Kind == TraceSeq {
			continue
		}
		for _, loc := range p.Locs {
			if loc.Flags&DStepLoc != 0 {
				continue
			}
			for _, t := range loc.Out {
				c, ok := t.X.(*Const)
				if t.From != t.To || t.Kind != TExpr || !ok || c.V != 1 || t.Text != "(1)" {
					continue
				}
				state := ""
				if loc.SpinState > 0 {
					state = fmt.Sprintf(", state %d", loc.SpinState)
				}
				errs.Errorf(t.Pos, "proctype '%s'%s: has unconditional self-loop (pan refuses to verify it)", p.Name, state)
			}
		}
	}
}
