package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/gospin/gospin/ltl"
)

func init() {
	register(&command{
		name:  "ltl",
		args:  "[-f formula | -F file]",
		short: "translate an LTL formula into a never claim",
		long: `
Ltl translates an LTL formula in SPIN syntax into a Büchi automaton and
prints it as a never claim, like spin -f: the claim accepts the runs that
satisfy the formula given, so pass the negation of the property to check.
Operators: [] <> X ! && || -> <-> U W V, true, false and the words always
eventually next until stronguntil weakuntil release implies equivalent;
other identifiers are propositions. With -hoa the automaton is printed in
the Hanoi Omega-Automata format, with -dot as a Graphviz graph; -stats
prints the numbers of states, edges and acceptance sets.`,
		setup: setupLTL,
	})
}

func setupLTL(fs *flag.FlagSet) func([]string) int {
	formula := fs.String("f", "", "the LTL `formula` to translate")
	file := fs.String("F", "", "read the formula from `file`")
	hoa := fs.Bool("hoa", false, "print the automaton in HOA format")
	dot := fs.Bool("dot", false, "print the automaton in DOT format")
	stats := fs.Bool("stats", false, "print states, edges and acceptance sets")
	return func(args []string) (code int) {
		defer func() {
			// Translate panics beyond its limits (64 propositions or
			// eventualities).
			if r := recover(); r != nil {
				fmt.Fprintf(stderr, "gospin ltl: %v\n", r)
				code = exitUsage
			}
		}()
		src := *formula
		switch {
		case *file != "":
			b, err := os.ReadFile(*file)
			if err != nil {
				fmt.Fprintf(stderr, "gospin ltl: %v\n", err)
				return exitUsage
			}
			src = string(b)
		case src == "" && len(args) == 1:
			src = args[0]
		case src == "":
			fmt.Fprintln(stderr, "gospin ltl: no formula given (use -f formula or -F file)")
			return exitUsage
		}
		src = strings.TrimSpace(src)
		f, names, err := ltl.Parse(src)
		if err != nil {
			var se *ltl.SyntaxError
			if errors.As(err, &se) {
				fmt.Fprintf(stderr, "gospin ltl: syntax error at column %d: %s\n\t%s\n\t%s^\n", se.Pos+1, se.Msg, src, strings.Repeat(" ", se.Pos))
			} else {
				fmt.Fprintf(stderr, "gospin ltl: %v\n", err)
			}
			return exitUsage
		}
		a := ltl.Translate(f, ltl.Options{})
		a.Formula = src
		switch {
		case *hoa:
			a.HOA(stdout, names)
		case *dot:
			a.DOT(stdout, names)
		case *stats:
		default:
			a.NeverClaim(stdout, names)
		}
		if *stats {
			s, e, acc := a.Stats()
			fmt.Fprintf(stdout, "states: %d\nedges: %d\nacceptance sets: %d\n", s, e, acc)
		}
		return exitOK
	}
}
