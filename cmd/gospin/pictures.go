package main

import (
	"bufio"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/graphsvg"
	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/msc"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/simulate"
	"github.com/gospin/gospin/ui"
)

// The pictures of gospin run -msc, gospin graph -svg / -states and
// gospin ltl -svg (docs/pictures.md): the commands register the flags and
// call these.

// startMSC makes the run of model path with options opt draw its
// message sequence chart into file (nothing when file is ""). The
// function returned writes the chart after the run; it reports the
// failure to write it (false).
func startMSC(file, path string, opt *simulate.Options) func(*simulate.Result) bool {
	if file == "" {
		return func(*simulate.Result) bool { return true }
	}
	chart := msc.NewBuilder(mscTitle(path, opt))
	opt.Observer, opt.Snapshots = chart, true
	return func(res *simulate.Result) bool {
		if res == nil || res.End == simulate.TrailMismatch {
			return true // no chart of a run that did not happen
		}
		if err := msc.WriteFile(file, chart.Trace(), msc.Options{}); err != nil {
			fmt.Fprintf(stderr, "gospin: %v\n", err)
			return false
		}
		return true
	}
}

// mscTitle is the title of the message sequence chart of a run.
func mscTitle(path string, opt *simulate.Options) string {
	path = filepath.Base(path)
	switch opt.Mode {
	case simulate.Replay:
		if opt.Trail != nil && opt.Trail.Headers["property"] != "" {
			return fmt.Sprintf("%s: trail of property %s", path, opt.Trail.Headers["property"])
		}
		return path + ": trail"
	case simulate.Interactive:
		return path + ": interactive simulation"
	}
	return fmt.Sprintf("%s: random simulation, seed %d", path, opt.Seed)
}

// graphPicture writes gospin graph's picture of prog (model path) to w:
// with states > 0 the state space, up to that many states (SVG, or DOT
// without svg), else with svg the process automata. done is false when
// neither applies (gospin graph prints DOT then).
func graphPicture(w *bufio.Writer, r *frontend.Result, path string, prog *automata.Program, svg bool, states int) (code int, done bool) {
	switch {
	case states < 0:
		fmt.Fprintln(stderr, "gospin graph: -states must be positive")
		return exitUsage, true
	case states > 0:
		e, err := engine.NewWithOptions(prog, engine.Options{})
		if err != nil {
			fmt.Fprintln(stderr, err)
			return exitFound, true
		}
		g, complete, err := graphsvg.StateSpace(e, states, "state space of "+filepath.Base(path))
		if err != nil {
			fmt.Fprintln(stderr, "gospin:", err)
			return exitFound, true
		}
		if !complete {
			fmt.Fprintf(stderr, "gospin graph: %s has more than %d states: only the first %d found (breadth-first) are drawn\n", path, states, states)
		}
		if svg {
			err = graphsvg.WriteSVG(w, "", g)
		} else {
			err = graphsvg.WriteDOT(w, g)
		}
		if err != nil || w.Flush() != nil {
			return exitUsage, true
		}
		return exitOK, true
	case svg:
		gs := append(graphsvg.Automata(prog), ui.ClaimGraphs(r.Model, func(name string, err error) {
			fmt.Fprintf(stderr, "gospin: %s: ltl %s: %v\n", path, name, err)
		})...)
		if err := graphsvg.WriteSVG(w, filepath.Base(path), gs...); err != nil || w.Flush() != nil {
			return exitUsage, true
		}
		return exitOK, true
	}
	return 0, false
}

// ltlPictures collects the Büchi automata of gospin ltl -svg, drawn as
// one picture, a box per formula.
type ltlPictures struct{ gs []*graphsvg.Graph }

func (p *ltlPictures) add(a *ltl.Automaton, names []string, formula string) {
	p.gs = append(p.gs, graphsvg.Buchi(a, names, strings.TrimSpace(formula)))
}

func (p *ltlPictures) write(w *bufio.Writer) {
	if len(p.gs) > 0 {
		graphsvg.WriteSVG(w, "", p.gs...)
	}
}
