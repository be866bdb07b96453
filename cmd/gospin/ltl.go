package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gospin/gospin/graphsvg"
	"github.com/gospin/gospin/ltl"
)

// ltlStdin is where gospin ltl reads formulas without -f or -F (tests
// replace it).
var ltlStdin io.Reader = os.Stdin

func setupLTL(fs *flag.FlagSet) func([]string) int {
	var formulas listFlag
	fs.Var(&formulas, "f", "translate `formula` (repeatable)")
	file := fs.String("F", "", "read formulas from `file`, one per line (- for standard input)")
	hoa := fs.Bool("hoa", false, "print the automata in HOA format")
	dot := fs.Bool("dot", false, "print the automata in DOT format")
	svg := fs.Bool("svg", false, "draw the automata as one SVG picture (no Graphviz needed)")
	stats := fs.Bool("stats", false, "print states, edges and acceptance sets")
	maxWork := fs.Int("maxwork", ltl.DefaultMaxWork, "refuse a formula whose translation needs more than `N` steps")
	return func(args []string) int {
		if *maxWork <= 0 {
			fmt.Fprintf(stderr, "gospin ltl: -maxwork must be positive, got %d\n", *maxWork)
			return exitUsage
		}
		var srcs []ltl.Source
		for _, f := range formulas {
			srcs = append(srcs, ltl.Source{Text: f})
		}
		for _, a := range args {
			srcs = append(srcs, ltl.Source{Text: a})
		}
		var read []ltl.Source
		var err error
		switch {
		case *file == "-", *file == "" && len(srcs) == 0 && !ltl.IsTerminal(ltlStdin):
			read, err = ltl.ReadFormulas(ltlStdin, "<stdin>")
		case *file != "":
			read, err = ltl.ReadFormulaFile(*file)
		}
		if err != nil {
			fmt.Fprintf(stderr, "gospin ltl: %v\n", err)
			return exitUsage
		}
		srcs = append(srcs, read...)
		if len(srcs) == 0 {
			fmt.Fprintln(stderr, "gospin ltl: no formula given (use -f formula, -F file or standard input)")
			return exitUsage
		}
		out := bufio.NewWriter(stdout)
		defer out.Flush()
		code := exitOK
		printed := 0
		var pictures []*graphsvg.Graph // with -svg, one picture of them all
		defer func() {
			if len(pictures) > 0 {
				graphsvg.WriteSVG(out, "", pictures...)
			}
		}()
		for _, src := range srcs {
			f, a, names, err := ltl.TranslateText(src.Text, *maxWork)
			if err != nil {
				out.Flush()
				reportLTLError(src, err)
				code = exitUsage
				continue
			}
			if *svg {
				pictures = append(pictures, graphsvg.Buchi(a, names, strings.TrimSpace(src.Text)))
				continue
			}
			if printed > 0 && !*hoa {
				fmt.Fprintln(out)
			}
			printed++
			switch {
			case *hoa:
				info := ltl.HOAInfo{Tool: "gospin", Version: toolVersion()}
				info.StutterInvariant, info.StutterSensitive = ltl.StutterProps(f)
				a.WriteHOA(out, names, info)
			case *dot:
				a.DOT(out, names)
			case *stats:
				if len(srcs) > 1 {
					fmt.Fprintf(out, "formula: %s\n", a.Formula)
				}
			default:
				a.NeverClaim(out, names)
			}
			if *stats {
				s, e, acc := a.Stats()
				fmt.Fprintf(out, "states: %d\nedges: %d\nacceptance sets: %d\n", s, e, acc)
			}
		}
		return code
	}
}

// reportLTLError prints err for src: file:line:col for a formula read
// from a file, the formula and a caret under the column of a syntax
// error.
func reportLTLError(src ltl.Source, err error) {
	var se *ltl.SyntaxError
	text := strings.TrimRight(src.Text, "\r\n")
	if errors.As(err, &se) {
		where := fmt.Sprintf("syntax error at column %d", se.Pos+1)
		if src.File != "" {
			where = fmt.Sprintf("%s:%d:%d: syntax error", src.File, src.Line, se.Pos+1)
		}
		fmt.Fprintf(stderr, "gospin ltl: %s: %s\n\t%s\n\t%s^\n", where, se.Msg, ltl.EscapeControls(text), ltl.CaretPad(text, se.Pos))
		return
	}
	if src.File != "" {
		fmt.Fprintf(stderr, "gospin ltl: %s:%d: %v\n", src.File, src.Line, err)
	} else {
		fmt.Fprintf(stderr, "gospin ltl: %s: %v\n", ltl.EscapeControls(text), err)
	}
	var tl *ltl.TooLargeError
	if errors.As(err, &tl) {
		fmt.Fprintln(stderr, "\t(split the property, or raise the bound with -maxwork)")
	}
}

// toolVersion is gospin's version for HOA's tool: line (the word after
// "gospin" in versionString).
func toolVersion() string {
	v := strings.TrimPrefix(versionString(), "gospin ")
	if i := strings.IndexAny(v, " \n"); i >= 0 {
		v = v[:i]
	}
	return v
}
