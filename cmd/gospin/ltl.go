package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gospin/gospin/ltl"
)

func init() {
	register(&command{
		name:  "ltl",
		args:  "[-hoa | -dot | -stats] [-f formula]... [-F file] [formula...]",
		short: "translate LTL formulas into never claims or HOA automata",
		setup: setupLTL,
	})
}

// ltlStdin is where gospin ltl reads formulas without -f or -F (tests
// replace it).
var ltlStdin io.Reader = os.Stdin

// ltlSource is one formula to translate and where it comes from.
type ltlSource struct {
	text string
	file string // "" for -f and arguments
	line int
}

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
		var srcs []ltlSource
		for _, f := range formulas {
			srcs = append(srcs, ltlSource{text: f})
		}
		for _, a := range args {
			srcs = append(srcs, ltlSource{text: a})
		}
		switch {
		case *file == "-":
			s, err := readFormulas(ltlStdin, "<stdin>")
			if err != nil {
				fmt.Fprintf(stderr, "gospin ltl: %v\n", err)
				return exitUsage
			}
			srcs = append(srcs, s...)
		case *file != "":
			fh, err := os.Open(*file)
			if err != nil {
				fmt.Fprintf(stderr, "gospin ltl: %v\n", err)
				return exitUsage
			}
			s, err := readFormulas(fh, *file)
			fh.Close()
			if err != nil {
				fmt.Fprintf(stderr, "gospin ltl: %v\n", err)
				return exitUsage
			}
			srcs = append(srcs, s...)
		case len(srcs) == 0 && !ltlInputIsTerminal(ltlStdin):
			s, err := readFormulas(ltlStdin, "<stdin>")
			if err != nil {
				fmt.Fprintf(stderr, "gospin ltl: %v\n", err)
				return exitUsage
			}
			srcs = s
		}
		if len(srcs) == 0 {
			fmt.Fprintln(stderr, "gospin ltl: no formula given (use -f formula, -F file or standard input)")
			return exitUsage
		}
		out := bufio.NewWriter(stdout)
		defer out.Flush()
		code := exitOK
		printed := 0
		var pictures ltlPictures
		defer pictures.write(out)
		for _, src := range srcs {
			f, a, names, err := translateLTL(src.text, *maxWork)
			if err != nil {
				out.Flush()
				reportLTLError(src, err)
				code = exitUsage
				continue
			}
			if *svg {
				pictures.add(a, names, src.text)
				continue
			}
			if printed > 0 && !*hoa {
				fmt.Fprintln(out)
			}
			printed++
			switch {
			case *hoa:
				info := ltl.HOAInfo{Tool: "gospin", Version: toolVersion()}
				info.StutterInvariant, info.StutterSensitive = stutterProps(f)
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

// translateLTL parses and translates one formula.
func translateLTL(text string, maxWork int) (*ltl.Formula, *ltl.Automaton, []string, error) {
	f, names, err := ltl.Parse(text)
	if err != nil {
		return nil, nil, nil, err
	}
	a, err := ltl.TryTranslate(f, ltl.Options{MaxWork: maxWork})
	if err != nil {
		return nil, nil, nil, err
	}
	a.Formula = strings.TrimSpace(text)
	return f, a, names, nil
}

// stutterProps gives the HOA stutter properties of f's language.
func stutterProps(f *ltl.Formula) (invariant, sensitive bool) {
	si, decided := ltl.StutterInvariance(f)
	return decided && si, decided && !si
}

// reportLTLError prints err for src: file:line:col for a formula read
// from a file, the formula and a caret under the column of a syntax
// error.
func reportLTLError(src ltlSource, err error) {
	var se *ltl.SyntaxError
	text := strings.TrimRight(src.text, "\r\n")
	if errors.As(err, &se) {
		where := fmt.Sprintf("syntax error at column %d", se.Pos+1)
		if src.file != "" {
			where = fmt.Sprintf("%s:%d:%d: syntax error", src.file, src.line, se.Pos+1)
		}
		fmt.Fprintf(stderr, "gospin ltl: %s: %s\n\t%s\n\t%s^\n", where, se.Msg, escapeControls(text), caretPad(text, se.Pos))
		return
	}
	if src.file != "" {
		fmt.Fprintf(stderr, "gospin ltl: %s:%d: %v\n", src.file, src.line, err)
	} else {
		fmt.Fprintf(stderr, "gospin ltl: %s: %v\n", escapeControls(text), err)
	}
	var tl *ltl.TooLargeError
	if errors.As(err, &tl) {
		fmt.Fprintln(stderr, "\t(split the property, or raise the bound with -maxwork)")
	}
}

// escapeControls shows control characters of s as Go escapes, so that an
// echoed line cannot move the terminal's cursor.
func escapeControls(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x20 && r != '\t' || r == 0x7f {
			fmt.Fprintf(&b, "\\x%02x", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// caretPad is the indentation that puts a caret under byte pos of s: tabs
// are kept, other characters become spaces (one per rune).
func caretPad(s string, pos int) string {
	if pos > len(s) {
		pos = len(s)
	}
	var b strings.Builder
	for _, r := range s[:pos] {
		switch {
		case r == '\t':
			b.WriteByte('\t')
		case r < 0x20 || r == 0x7f:
			b.WriteString("    ") // shown as \xNN
		default:
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// readFormulas reads one formula per line; blank lines and lines starting
// with # are skipped.
func readFormulas(r io.Reader, name string) ([]ltlSource, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	var out []ltlSource
	line := 0
	for sc.Scan() {
		line++
		t := sc.Text()
		s := strings.TrimSpace(t)
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		out = append(out, ltlSource{text: t, file: name, line: line})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, line+1, err)
	}
	return out, nil
}

// ltlInputIsTerminal reports whether r is a terminal (or another character
// device such as /dev/null), from which gospin ltl reads no formulas
// unless told to with -F -.
func ltlInputIsTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err != nil || st.Mode()&os.ModeCharDevice != 0
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
