package graphsvg

import (
	"bufio"
	"fmt"
	"io"
)

// WriteDOT writes g in Graphviz's DOT language (for graphs that gospin
// draws itself, such as state spaces, when Graphviz is wanted after all).
func WriteDOT(w io.Writer, g *Graph) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "digraph %q {\n\tnode [shape=circle, fontsize=10];\n\tedge [fontsize=9];\n", g.Title)
	for i, nd := range g.Nodes {
		shape := "circle"
		switch {
		case nd.Shape == Point:
			shape = "point"
		case nd.Shape == Box:
			shape = "box"
		case nd.Double:
			shape = "doublecircle"
		}
		fmt.Fprintf(bw, "\tn%d [label=%q, shape=%s", i, nd.Label, shape)
		if nd.Title != "" {
			fmt.Fprintf(bw, ", tooltip=%q", nd.Title)
		}
		if nd.Class != "" {
			fmt.Fprintf(bw, ", class=%q", nd.Class)
		}
		bw.WriteString("];\n")
	}
	for _, e := range g.Edges {
		fmt.Fprintf(bw, "\tn%d -> n%d [label=%q];\n", e.From, e.To, e.Label)
	}
	bw.WriteString("}\n")
	return bw.Flush()
}
