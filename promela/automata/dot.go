package automata

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WriteDOT writes the automata of prog in Graphviz DOT: one cluster per
// proctype, a node per location (doubled for end states, labelled with
// the location's labels), an edge per transition with the statement's
// text. Atomic transitions are drawn bold, d_step dashed, escapes dotted.
func WriteDOT(w io.Writer, prog *Program) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "digraph gospin {")
	fmt.Fprintln(bw, "\tnode [shape=circle, fontsize=10];")
	fmt.Fprintln(bw, "\tedge [fontsize=9];")
	for _, p := range prog.Procs {
		fmt.Fprintf(bw, "\tsubgraph cluster_%d {\n", p.Index)
		fmt.Fprintf(bw, "\t\tlabel=%q;\n", p.Name)
		for _, loc := range p.Locs {
			if loc.Flags&DStepLoc != 0 && len(loc.Out) == 0 {
				continue
			}
			attrs := []string{fmt.Sprintf("label=%q", locLabel(loc))}
			if loc.Flags&EndLoc != 0 {
				attrs = append(attrs, "shape=doublecircle")
			}
			if loc.ID == p.Start {
				attrs = append(attrs, "style=filled", "fillcolor=lightgrey")
			}
			if loc.Flags&DStepLoc != 0 {
				attrs = append(attrs, "color=grey")
			}
			fmt.Fprintf(bw, "\t\tp%d_%d [%s];\n", p.Index, loc.ID, strings.Join(attrs, ", "))
		}
		for _, loc := range p.Locs {
			for _, t := range loc.Out {
				attrs := []string{fmt.Sprintf("label=%q", t.Text)}
				switch {
				case t.Kind == TDStep:
					attrs = append(attrs, "style=dashed")
				case t.Level != MainLevel:
					attrs = append(attrs, "style=dotted")
				case t.Atomic:
					attrs = append(attrs, "style=bold")
				}
				fmt.Fprintf(bw, "\t\tp%d_%d -> p%d_%d [%s];\n", p.Index, t.From, p.Index, t.To, strings.Join(attrs, ", "))
				if t.Kind == TDStep {
					fmt.Fprintf(bw, "\t\tp%d_%d -> p%d_%d [style=dotted, arrowhead=none];\n", p.Index, t.From, p.Index, t.DStart)
				}
			}
		}
		fmt.Fprintln(bw, "\t}")
	}
	fmt.Fprintln(bw, "}")
	return bw.Flush()
}

func locLabel(loc *Loc) string {
	s := fmt.Sprint(loc.ID)
	if len(loc.Labels) > 0 {
		s += "\n" + strings.Join(loc.Labels, ",")
	}
	return s
}
