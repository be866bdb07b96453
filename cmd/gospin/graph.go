package main

import (
	"bufio"
	"flag"
	"fmt"
	"path/filepath"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/graphsvg"
	"github.com/gospin/gospin/promela/automata"
)

func init() {
	register(&command{
		name:  "graph",
		args:  "model.pml",
		short: "print the process automata as Graphviz DOT",
		long: `
Graph lowers the model to its process automata (one control-flow automaton
per proctype, init and never claim, as SPIN builds them) and prints them in
Graphviz's DOT language, one cluster per process type. Each edge is one
indivisible statement, labelled with its text; atomic and d_step regions and
end, progress and accept labels are marked.

    gospin graph model.pml | dot -Tsvg > model.svg

With -svg gospin draws the picture itself (no Graphviz needed): a box per
process type, laid out in layers. -states N draws the model's state space
instead, when it has at most N states (else its first N states, found
breadth-first, with a warning): a node per state, numbered in the order
found, an edge per step labelled pid:statement, error states in red.

    gospin graph -svg model.pml > model.svg
    gospin graph -svg -states 200 model.pml > states.svg`,
		setup: setupGraph,
	})
}

func setupGraph(fs *flag.FlagSet) func([]string) int {
	var ff frontendFlags
	ff.register(fs)
	svg := fs.Bool("svg", false, "draw the automata as SVG (no Graphviz needed)")
	states := fs.Int("states", 0, "draw the state space instead, up to `N` states")
	return func(args []string) int {
		if *states < 0 {
			fmt.Fprintln(stderr, "gospin graph: -states must be positive")
			return exitUsage
		}
		if len(args) != 1 {
			fmt.Fprintln(stderr, "gospin graph: expected one model")
			return exitUsage
		}
		r := ff.load(args[0], false)
		if r == nil {
			return exitFound
		}
		prog, err := lower(r)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return exitFound
		}
		w := bufio.NewWriter(stdout)
		if *states > 0 {
			e, err := engine.NewWithOptions(prog, engine.Options{})
			if err != nil {
				fmt.Fprintln(stderr, err)
				return exitFound
			}
			g, complete, err := graphsvg.StateSpace(e, *states, "state space of "+filepath.Base(args[0]))
			if err != nil {
				fmt.Fprintln(stderr, "gospin:", err)
				return exitFound
			}
			if !complete {
				fmt.Fprintf(stderr, "gospin graph: %s has more than %d states: only the first %d found (breadth-first) are drawn\n", args[0], *states, *states)
			}
			if *svg {
				err = graphsvg.WriteSVG(w, "", g)
			} else {
				err = graphsvg.WriteDOT(w, g)
			}
			if err != nil || w.Flush() != nil {
				return exitUsage
			}
			return exitOK
		}
		if *svg {
			if err := graphsvg.WriteSVG(w, filepath.Base(args[0]), graphsvg.Automata(prog)...); err != nil || w.Flush() != nil {
				return exitUsage
			}
			return exitOK
		}
		if err := automata.WriteDOT(w, prog); err != nil {
			fmt.Fprintln(stderr, "gospin:", err)
			return exitUsage
		}
		if err := w.Flush(); err != nil {
			return exitUsage
		}
		return exitOK
	}
}
