package graphsvg

import (
	"math"
	"sort"
	"strings"

	"github.com/gospin/gospin/internal/svgdoc"
)

// Shape is how a node is drawn.
type Shape int

const (
	Circle Shape = iota // a circle around the label
	Box                 // a rounded box around the label (long labels)
	Point               // a small dot (an initial-state marker)
)

// Graph is a directed graph to draw.
type Graph struct {
	Title string
	Nodes []Node
	Edges []Edge
	// BFS: the edges point down in the order of the breadth-first
	// distance from node 0 (then of the node's number), so that a node's
	// layer grows with its distance from the start (state spaces); else
	// the back edges of a depth-first search are turned (automata,
	// whose program order the search follows).
	BFS bool
}

// Node is a node of a Graph.
type Node struct {
	Label  string // lines separated by \n
	Shape  Shape
	Double bool   // a double border (accepting, end)
	Class  string // extra classes (start, end, accept, ...)
	Title  string // tooltip
}

// Edge is an edge of a Graph.
type Edge struct {
	From, To int
	Label    string
	Class    string // extra classes (atomic, dstep, escape, ...)
}

// Geometry, in SVG user units.
const (
	fontSize   = 11.0
	lineH      = 14.0
	nodeSep    = 22.0 // between neighbours in a layer
	layerSep   = 18.0 // between layers (labels have layers of their own)
	margin     = 16.0
	loopW      = 26.0 // a self-loop's reach right of its node
	maxLabelCh = 40   // edge labels are clipped to this many characters
	maxBends   = 20000
)

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// Placement is a laid-out graph.
type Placement struct {
	Width, Height float64
	Nodes         []NodeBox
	Edges         []EdgePath
}

// NodeBox is where a node lies: its centre and size.
type NodeBox struct {
	X, Y, W, H float64
}

// EdgePath is an edge's route: the points of its curve from its source's
// border to its target's, and where its label goes (LX, LY: the left end
// of the label's baseline).
type EdgePath struct {
	Points []Pt
	Loop   bool // a self-loop (Points: start, two control points, end)
	LX, LY float64
	Label  string
}

// Pt is a point.
type Pt struct{ X, Y float64 }

// a vertex of the layered graph: a node, a label or a bend of an edge
type vert struct {
	node    int // the graph's node, or -1
	edge    int // the edge a dummy belongs to, or -1
	label   bool
	layer   int
	pos     int     // place in its layer
	w, h    float64 // size (for a node: the box)
	right   float64 // room needed right of the box (self-loops)
	anchor  float64 // where edges pass, from the centre (a label's left end)
	x, y    float64
	up, dn  []int // neighbours in the layers above and below
	barycen float64
}

// Layout places g.
func Layout(g *Graph) *Placement {
	n := len(g.Nodes)
	vs := nodeVerts(g)
	reversed := breakCycles(g)
	rank := rankNodes(g, reversed)
	for i := range vs {
		vs[i].layer = 2 * rank[i]
	}
	// chains: every edge crosses the odd layer under its upper end on a
	// label vertex, and every further layer on a bend. A graph so dense
	// that the bends would pass maxBends is drawn with its edges straight
	// from node to node instead, their labels as tooltips only.
	bends := 0
	for _, e := range g.Edges {
		if e.From != e.To && valid(e, n) {
			bends += abs(vs[e.To].layer-vs[e.From].layer) - 1
		}
	}
	dense := bends > maxBends
	if dense {
		// no labels on the plane: no layers between the nodes' for them
		for i := range vs {
			vs[i].layer = rank[i]
		}
	}
	vs, chains := buildChains(g, vs, reversed, dense)
	layers := firstOrder(vs)
	setPos(vs, layers)
	orderLayers(vs, layers)
	setPos(vs, layers)
	assignX(vs, layers)
	height := assignY(vs, layers)
	p := place(vs, n, height)
	for i := range g.Edges {
		p.Edges = append(p.Edges, edgePath(g, p, vs, i, chains[i], reversed[i], dense))
	}
	return p
}

// nodeVerts returns a vertex per node, sized for its text, with room
// right of it for its self-loops.
func nodeVerts(g *Graph) []vert {
	n := len(g.Nodes)
	vs := make([]vert, 0, n*2)
	for i := range g.Nodes {
		w, h := nodeSize(&g.Nodes[i])
		vs = append(vs, vert{node: i, edge: -1, w: w, h: h})
	}
	for _, e := range g.Edges {
		if e.From == e.To && e.From >= 0 && e.From < n {
			v := &vs[e.From]
			v.right = max(v.right, loopW+8+svgdoc.TextWidth(clip(e.Label), fontSize))
		}
	}
	return vs
}

// breakCycles reports, per edge, whether it is drawn reversed so that
// the graph becomes acyclic: the back edges of a DFS from node 0 (the
// start), then from the others, or with g.BFS the edges that do not go
// further from the start in breadth-first distance.
func breakCycles(g *Graph) []bool {
	n := len(g.Nodes)
	reversed := make([]bool, len(g.Edges))
	out := make([][]int, n)
	for i, e := range g.Edges {
		if e.From != e.To && valid(e, n) {
			out[e.From] = append(out[e.From], i)
		}
	}
	if !g.BFS {
		state := make([]int8, n) // 0 new, 1 on the stack, 2 done
		var dfs func(int)
		dfs = func(u int) {
			state[u] = 1
			for _, ei := range out[u] {
				v := g.Edges[ei].To
				switch state[v] {
				case 0:
					dfs(v)
				case 1:
					reversed[ei] = true
				}
			}
			state[u] = 2
		}
		for u := 0; u < n; u++ {
			if state[u] == 0 {
				dfs(u)
			}
		}
		return reversed
	}
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	var queue []int
	for s := 0; s < n; s++ {
		if dist[s] >= 0 {
			continue
		}
		dist[s] = 0
		if s > 0 {
			dist[s] = n // unreachable from 0: after the others
		}
		queue = append(queue[:0], s)
		for len(queue) > 0 {
			u := queue[0]
			queue = queue[1:]
			for _, ei := range out[u] {
				if v := g.Edges[ei].To; dist[v] < 0 {
					dist[v] = dist[u] + 1
					queue = append(queue, v)
				}
			}
		}
	}
	for i, e := range g.Edges {
		if e.From != e.To && valid(e, n) {
			a, b := e.From, e.To
			reversed[i] = dist[b] < dist[a] || dist[b] == dist[a] && b < a
		}
	}
	return reversed
}

// rankNodes returns each node's rank: the longest path from a source,
// over the edges made acyclic by reversed (in topological order).
func rankNodes(g *Graph, reversed []bool) []int {
	n := len(g.Nodes)
	succ := make([][]int, n)
	indeg := make([]int, n)
	for i := range g.Edges {
		a, b, ok := upDown(g, reversed, i)
		if !ok {
			continue
		}
		succ[a] = append(succ[a], b)
		indeg[b]++
	}
	rank := make([]int, n)
	queue := []int{}
	for u := 0; u < n; u++ {
		if indeg[u] == 0 {
			queue = append(queue, u)
		}
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, v := range succ[u] {
			rank[v] = max(rank[v], rank[u]+1)
			if indeg[v]--; indeg[v] == 0 {
				queue = append(queue, v)
			}
		}
	}
	return rank
}

// buildChains links each edge's ends through a vertex on every layer
// between them (a label vertex first unless dense) and returns the
// vertices and each edge's chain, from its upper end down.
func buildChains(g *Graph, vs []vert, reversed []bool, dense bool) ([]vert, [][]int) {
	chains := make([][]int, len(g.Edges))
	for i := range g.Edges {
		a, b, ok := upDown(g, reversed, i)
		if !ok {
			continue
		}
		if dense {
			vs[a].dn = append(vs[a].dn, b)
			vs[b].up = append(vs[b].up, a)
			chains[i] = []int{a, b}
			continue
		}
		chain := []int{a}
		for l := vs[a].layer + 1; l < vs[b].layer; l++ {
			v := vert{node: -1, edge: i, layer: l, w: 2, h: 2}
			if l == vs[a].layer+1 && g.Edges[i].Label != "" {
				v.label = true
				v.w = svgdoc.TextWidth(clip(g.Edges[i].Label), fontSize) + 10
				v.h = lineH
				v.anchor = -v.w/2 + 2
			}
			chain = append(chain, len(vs))
			vs = append(vs, v)
		}
		chain = append(chain, b)
		for k := 0; k+1 < len(chain); k++ {
			vs[chain[k]].dn = append(vs[chain[k]].dn, chain[k+1])
			vs[chain[k+1]].up = append(vs[chain[k+1]].up, chain[k])
		}
		chains[i] = chain
	}
	return vs, chains
}

// firstOrder returns the vertices by layer in a first order: by a DFS
// over the chains from the start, so that a chain's vertices begin near
// each other.
func firstOrder(vs []vert) [][]int {
	nl := 0
	for i := range vs {
		nl = max(nl, vs[i].layer+1)
	}
	layers := make([][]int, nl)
	seen := make([]bool, len(vs))
	var visit func(int)
	visit = func(u int) {
		if seen[u] {
			return
		}
		seen[u] = true
		layers[vs[u].layer] = append(layers[vs[u].layer], u)
		for _, v := range vs[u].dn {
			visit(v)
		}
		for _, v := range vs[u].up {
			visit(v)
		}
	}
	for u := range vs {
		visit(u)
	}
	return layers
}

// setPos records each vertex's position within its layer.
func setPos(vs []vert, layers [][]int) {
	for _, l := range layers {
		for k, u := range l {
			vs[u].pos = k
		}
	}
}

// assignY places the layers one under the other and returns the height
// used, the top margin included.
func assignY(vs []vert, layers [][]int) float64 {
	y := margin
	for _, l := range layers {
		h := 0.0
		for _, u := range l {
			h = max(h, vs[u].h)
		}
		if len(l) == 0 {
			h = 0
		}
		for _, u := range l {
			vs[u].y = y + h/2
		}
		y += h + layerSep
	}
	return y - layerSep + margin
}

// place shifts the vertices right of the margin and returns the
// placement with the boxes of the first n (the nodes).
func place(vs []vert, n int, height float64) *Placement {
	minX, maxX := math.Inf(1), math.Inf(-1)
	for i := range vs {
		minX = min(minX, vs[i].x-vs[i].w/2)
		maxX = max(maxX, vs[i].x+vs[i].w/2+vs[i].right)
	}
	if len(vs) == 0 {
		minX, maxX = 0, 0
	}
	for i := range vs {
		vs[i].x += margin - minX
	}
	p := &Placement{Width: maxX - minX + 2*margin, Height: height}
	for i := 0; i < n; i++ {
		p.Nodes = append(p.Nodes, NodeBox{X: vs[i].x, Y: vs[i].y, W: vs[i].w, H: vs[i].h})
	}
	return p
}

// edgePath returns edge i's path: a loop right of its node, a bow when
// dense, else the points of its chain clipped at the nodes' borders.
func edgePath(g *Graph, p *Placement, vs []vert, i int, ch []int, reversed, dense bool) EdgePath {
	e := g.Edges[i]
	ep := EdgePath{Label: clip(e.Label)}
	switch {
	case !valid(e, len(g.Nodes)):
	case e.From == e.To:
		b := &p.Nodes[e.From]
		r := b.W / 2
		x0, dy := b.X+r*0.7, b.H*0.35 // on a circle
		if g.Nodes[e.From].Shape == Box {
			x0, dy = b.X+r, b.H*0.3 // on the box's right side
		}
		ep.Loop = true
		ep.Points = []Pt{{x0, b.Y - dy}, {b.X + r + loopW, b.Y - b.H*0.9}, {b.X + r + loopW, b.Y + b.H*0.9}, {x0, b.Y + dy}}
		ep.LX, ep.LY = b.X+r+loopW+4, b.Y+4
	case dense:
		ep.Label = ""
		a, b := p.Nodes[e.From], p.Nodes[e.To]
		// a bow to the right of the straight line, so that
		// the edges both ways between two nodes part
		mx, my := (a.X+b.X)/2, (a.Y+b.Y)/2
		dx, dy := b.X-a.X, b.Y-a.Y
		d := math.Hypot(dx, dy)
		if d == 0 {
			d = 1
		}
		c := Pt{mx - dy/d*18, my + dx/d*18}
		ep.Points = []Pt{border(&a, &g.Nodes[e.From], c), c, border(&b, &g.Nodes[e.To], c)}
	default:
		pts := make([]Pt, 0, len(ch))
		for _, u := range ch {
			v := &vs[u]
			pt := Pt{v.x, v.y}
			if v.label {
				// the edge passes at the label's left end; the
				// label is written right of it
				pt.X = v.x - v.w/2 + 2
				ep.LX, ep.LY = pt.X+5, v.y+4
			}
			pts = append(pts, pt)
		}
		if reversed {
			for a, b := 0, len(pts)-1; a < b; a, b = a+1, b-1 {
				pts[a], pts[b] = pts[b], pts[a]
			}
		}
		// clip the ends at the nodes' borders
		pts[0] = border(&p.Nodes[e.From], &g.Nodes[e.From], pts[1])
		pts[len(pts)-1] = border(&p.Nodes[e.To], &g.Nodes[e.To], pts[len(pts)-2])
		ep.Points = pts
	}
	return ep
}

func valid(e Edge, n int) bool { return e.From >= 0 && e.From < n && e.To >= 0 && e.To < n }

func clip(s string) string { return svgdoc.Clip(strings.ReplaceAll(s, "\n", " "), maxLabelCh) }

// nodeSize is the box of a node.
func nodeSize(nd *Node) (w, h float64) {
	lines := strings.Split(nd.Label, "\n")
	tw := 0.0
	for _, l := range lines {
		tw = max(tw, svgdoc.TextWidth(l, fontSize))
	}
	th := lineH * float64(len(lines))
	switch nd.Shape {
	case Point:
		return 8, 8
	case Circle:
		d := max(30, math.Hypot(tw, th)+8)
		if nd.Double {
			d += 6
		}
		return d, d
	}
	w, h = tw+18, th+10
	if nd.Double {
		w, h = w+6, h+6
	}
	return w, h
}

// border is where the line from the centre of node b towards q leaves it.
func border(b *NodeBox, nd *Node, q Pt) Pt {
	dx, dy := q.X-b.X, q.Y-b.Y
	d := math.Hypot(dx, dy)
	if d < 1e-9 {
		return Pt{b.X, b.Y}
	}
	switch nd.Shape {
	case Circle, Point:
		r := b.W / 2
		return Pt{b.X + dx/d*r, b.Y + dy/d*r}
	}
	// a box: the nearer of the side and the top or bottom
	tx, ty := math.Inf(1), math.Inf(1)
	if dx != 0 {
		tx = (b.W / 2) / math.Abs(dx)
	}
	if dy != 0 {
		ty = (b.H / 2) / math.Abs(dy)
	}
	t := min(tx, ty)
	return Pt{b.X + dx*t, b.Y + dy*t}
}

// orderLayers reduces crossings by barycentre sweeps, down and up,
// keeping the best order seen.
func orderLayers(vs []vert, layers [][]int) {
	best := crossings(vs, layers)
	bestOrder := copyLayers(layers)
	for it := 0; it < 24 && best > 0; it++ {
		down := it%2 == 0
		if down {
			for l := 1; l < len(layers); l++ {
				sweep(vs, layers[l], true)
			}
		} else {
			for l := len(layers) - 2; l >= 0; l-- {
				sweep(vs, layers[l], false)
			}
		}
		if c := crossings(vs, layers); c < best {
			best = c
			bestOrder = copyLayers(layers)
		}
	}
	for i := range layers {
		copy(layers[i], bestOrder[i])
		for k, u := range layers[i] {
			vs[u].pos = k
		}
	}
}

func copyLayers(layers [][]int) [][]int {
	c := make([][]int, len(layers))
	for i, l := range layers {
		c[i] = append([]int(nil), l...)
	}
	return c
}

// sweep orders layer by the barycentres of its vertices' neighbours
// above (down) or below; a vertex without such neighbours keeps its
// place.
func sweep(vs []vert, layer []int, down bool) {
	for _, u := range layer {
		nb := vs[u].up
		if !down {
			nb = vs[u].dn
		}
		if len(nb) == 0 {
			vs[u].barycen = float64(vs[u].pos)
			continue
		}
		s := 0.0
		for _, v := range nb {
			s += float64(vs[v].pos)
		}
		vs[u].barycen = s / float64(len(nb))
	}
	sort.SliceStable(layer, func(a, b int) bool { return vs[layer[a]].barycen < vs[layer[b]].barycen })
	for k, u := range layer {
		vs[u].pos = k
	}
}

// crossings counts the pairs of edges that cross between adjacent
// layers: for the segments sorted by their upper ends, the pairs whose
// lower ends are inverted (counted with a Fenwick tree).
func crossings(vs []vert, layers [][]int) int {
	c := 0
	var bit []int
	for l := 0; l+1 < len(layers); l++ {
		// layers[l] is in pos order, and so is each vertex's dn list
		// once sorted by pos: the segments come sorted by upper end
		n := len(layers[l+1])
		if cap(bit) < n+1 {
			bit = make([]int, n+1)
		}
		bit = bit[:n+1]
		clear(bit)
		seen := 0
		var lower []int
		for _, u := range layers[l] {
			lower = lower[:0]
			for _, v := range vs[u].dn {
				if vs[v].layer == l+1 {
					lower = append(lower, vs[v].pos)
				}
			}
			sort.Ints(lower)
			// segments of one upper end do not cross each other
			for _, b := range lower {
				// earlier segments with a lower end greater than b
				le := 0
				for i := b + 1; i > 0; i -= i & -i {
					le += bit[i]
				}
				c += seen - le
			}
			for _, b := range lower {
				for i := b + 1; i <= n; i += i & -i {
					bit[i]++
				}
				seen++
			}
		}
	}
	return c
}

// assignX gives each vertex an x: first packed, then moved towards the
// mean of its neighbours, layer by layer, by the best fit that keeps the
// order and the spacing.
func assignX(vs []vert, layers [][]int) {
	for _, l := range layers {
		x := 0.0
		for k, u := range l {
			if k > 0 {
				x += gap(vs, l[k-1], u)
			}
			vs[u].x = x
		}
	}
	for it := 0; it < 16; it++ {
		down := it%2 == 0
		order := make([]int, len(layers))
		for i := range order {
			order[i] = i
			if !down {
				order[i] = len(layers) - 1 - i
			}
		}
		for _, li := range order {
			l := layers[li]
			if len(l) == 0 {
				continue
			}
			want := make([]float64, len(l))
			weight := make([]float64, len(l))
			for k, u := range l {
				nb := append(append([]int(nil), vs[u].up...), vs[u].dn...)
				if len(nb) == 0 {
					want[k], weight[k] = vs[u].x, 0.01
					continue
				}
				s := 0.0
				for _, v := range nb {
					s += vs[v].x + vs[v].anchor
				}
				want[k] = s/float64(len(nb)) - vs[u].anchor
				weight[k] = 1
				if vs[u].node < 0 {
					weight[k] = 4 // keep the chains straight
				}
			}
			// the spacing as offsets: y_k = x_k - off_k is
			// nondecreasing; fit y to want - off
			off := make([]float64, len(l))
			for k := 1; k < len(l); k++ {
				off[k] = off[k-1] + gap(vs, l[k-1], l[k])
			}
			target := make([]float64, len(l))
			for k := range l {
				target[k] = want[k] - off[k]
			}
			fit := isotonic(target, weight)
			for k, u := range l {
				vs[u].x = fit[k] + off[k]
			}
		}
	}
}

// gap is the least distance between the centres of neighbours a and b.
func gap(vs []vert, a, b int) float64 {
	sep := nodeSep
	if vs[a].node < 0 && vs[b].node < 0 && !vs[a].label && !vs[b].label {
		sep = 8
	}
	return vs[a].w/2 + vs[a].right + sep + vs[b].w/2
}

// isotonic is the weighted least-squares nondecreasing fit to y (pool
// adjacent violators).
func isotonic(y, w []float64) []float64 {
	type block struct {
		sum, wt float64
		n       int
	}
	var st []block
	for i := range y {
		st = append(st, block{y[i] * w[i], w[i], 1})
		for len(st) > 1 {
			a, b := st[len(st)-2], st[len(st)-1]
			if a.sum/a.wt <= b.sum/b.wt {
				break
			}
			st = st[:len(st)-2]
			st = append(st, block{a.sum + b.sum, a.wt + b.wt, a.n + b.n})
		}
	}
	out := make([]float64, 0, len(y))
	for _, b := range st {
		for k := 0; k < b.n; k++ {
			out = append(out, b.sum/b.wt)
		}
	}
	return out
}

// upDown returns edge i's ends in the acyclic orientation (reversed
// edges turned round); ok is false for a loop or an edge with an end
// outside the graph, which the layering leaves out.
func upDown(g *Graph, reversed []bool, i int) (a, b int, ok bool) {
	e := g.Edges[i]
	if e.From == e.To || !valid(e, len(g.Nodes)) {
		return 0, 0, false
	}
	a, b = e.From, e.To
	if reversed[i] {
		a, b = b, a
	}
	return a, b, true
}
