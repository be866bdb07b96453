// Package graphsvg draws directed graphs (process automata, Büchi
// automata, small state spaces) as SVG with a layered layout of its own,
// in pure Go, so that no Graphviz is needed to look at them.
//
// The layout is Sugiyama's: cycles are broken by reversing the back edges
// of a depth-first search; nodes are put in layers by their longest path
// from a source; each edge is cut into a chain through every layer it
// crosses, its label riding on a dummy node of its own between the two
// layers of its ends (so that labels get room like nodes do); the order
// within each layer is improved by barycentre sweeps, keeping the order
// with the fewest crossings; x coordinates are the least-squares fit to
// the barycentres of the neighbours under the layer's order and spacing
// (pool-adjacent-violators, an exact solution of that problem), iterated
// up and down; edges are drawn as smooth curves through their chains,
// with arrowheads, and self-loops beside their node.
//
// Layout computes positions only (Placement); Write turns a placement
// into SVG through internal/svgdoc.
package graphsvg
