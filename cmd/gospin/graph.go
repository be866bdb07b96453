package main

import (
	"bufio"
	"flag"
	"fmt"

	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/verify"
)

func init() {
	register(&command{
		name:  "graph",
		args:  "model.pml",
		short: "print the process automata as Graphviz DOT",
		setup: setupGraph,
	})
}

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
		w := bufio.NewWriter(stdout)
		if code, done := graphPicture(w, r, args[0], prog, *svg, *states); done {
			return code
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
