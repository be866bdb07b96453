package main

import (
	"bufio"
	"flag"
	"fmt"
	"path/filepath"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/graphsvg"

	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/verify"
)

// setupGraph declares the flags of gospin graph and returns the command:
// the process automata (or with -states the state space) as DOT or SVG.
func setupGraph(fs *flag.FlagSet) func([]string) int {
	var ff frontendFlags
	ff.register(fs)
	svg := fs.Bool("svg", false, "draw the automata as SVG (no Graphviz needed)")
	states := fs.Int("states", 0, "draw the state space instead, up to `N` states (SVG with -svg, else DOT)")
	return func(args []string) int {
		if len(args) != 1 {
			fmt.Fprintln(stderr, "gospin graph: expected one model")
			return exitUsage
		}
		r := ff.load(args[0], false)
		if r == nil {
			return exitFound
		}
		prog, err := verify.Lower(r)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return exitFound
		}
		path, w := args[0], bufio.NewWriter(stdout)
		switch {
		case *states < 0:
			fmt.Fprintln(stderr, "gospin graph: -states must be positive")
			return exitUsage
		case *states > 0:
			e, err := engine.NewWithOptions(prog, engine.Options{})
			if err != nil {
				fmt.Fprintln(stderr, err)
				return exitFound
			}
			g, complete, err := graphsvg.StateSpace(e, *states, "state space of "+filepath.Base(path))
			if err != nil {
				fmt.Fprintln(stderr, "gospin:", err)
				return exitFound
			}
			if !complete {
				fmt.Fprintf(stderr, "gospin graph: %s has more than %d states: only the first %d found (breadth-first) are drawn\n", path, *states, *states)
			}
			if *svg {
				err = graphsvg.WriteSVG(w, "", g)
			} else {
				err = graphsvg.WriteDOT(w, g)
			}
			if err != nil {
				return exitUsage
			}
		case *svg:
			gs := graphsvg.ModelAutomata(r.Model, prog, func(name string, err error) {
				fmt.Fprintf(stderr, "gospin: %s: ltl %s: %v\n", path, name, err)
			})
			if err := graphsvg.WriteSVG(w, filepath.Base(path), gs...); err != nil {
				return exitUsage
			}
		default:
			if err := automata.WriteDOT(w, prog); err != nil {
				fmt.Fprintln(stderr, "gospin:", err)
				return exitUsage
			}
		}
		if err := w.Flush(); err != nil {
			return exitUsage
		}
		return exitOK
	}
}
