package graphsvg

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/gospin/gospin/internal/svgdoc"
)

// Geometry of a picture of several graphs.
const (
	clusterTitleH = 22.0
	clusterGap    = 24.0
	maxRowWidth   = 1600.0 // clusters wrap to a new row beyond this width
)

// Picture lays out each graph in a box of its own (titled with the
// graph's Title), the boxes left to right, wrapping into rows, and
// returns the SVG document.
func Picture(title string, gs []*Graph) *svgdoc.Doc {
	d := &svgdoc.Doc{Title: title, Style: style,
		Attrs: [][2]string{{"class", "graph"}, {"font-family", "DejaVu Sans Mono, Menlo, Consolas, monospace"}, {"font-size", svgdoc.Num(fontSize)}}}
	top := 0.0
	if title != "" {
		top = 30
		d.Items = append(d.Items, svgdoc.Item{Class: "title", Prims: []svgdoc.Prim{{Kind: svgdoc.Text, X1: 10, Y1: 20, Text: title, Class: "title-text"}}})
	}
	x, y, rowH := clusterGap/2, top+4, 0.0
	width := 0.0
	for gi, g := range gs {
		p := Layout(g)
		w := max(p.Width, svgdoc.TextWidth(g.Title, fontSize+1)+24)
		h := p.Height + clusterTitleH
		if x > clusterGap && x+w > maxRowWidth {
			x, y = clusterGap/2, y+rowH+clusterGap
			rowH = 0
		}
		d.Items = append(d.Items, svgdoc.Item{Class: "cluster", ID: fmt.Sprintf("graph-%d", gi), Data: [][2]string{{"name", g.Title}}, Prims: []svgdoc.Prim{
			{Kind: svgdoc.Rect, X1: x, Y1: y, W: w, H: h, R: 6, Class: "cluster-box"},
			{Kind: svgdoc.Text, X1: x + 10, Y1: y + 16, Text: g.Title, Class: "cluster-title"},
		}})
		ox, oy := x+(w-p.Width)/2, y+clusterTitleH
		for i := range g.Edges {
			d.Items = append(d.Items, edgeItem(g, p, i, ox, oy, gi))
		}
		for i := range g.Nodes {
			d.Items = append(d.Items, nodeItem(g, p, i, ox, oy, gi))
		}
		x += w + clusterGap
		rowH = max(rowH, h)
		width = max(width, x)
	}
	d.Width = max(width, 200, svgdoc.TextWidth(title, 13)+20)
	d.Height = y + rowH + clusterGap/2
	return d
}

// WriteSVG writes the picture of the graphs.
func WriteSVG(w io.Writer, title string, gs ...*Graph) error {
	return Picture(title, gs).Write(w)
}

func nodeItem(g *Graph, p *Placement, i int, ox, oy float64, gi int) svgdoc.Item {
	nd, b := &g.Nodes[i], p.Nodes[i]
	cx, cy := b.X+ox, b.Y+oy
	it := svgdoc.Item{Class: strings.TrimSpace("node " + nd.Class), ID: fmt.Sprintf("g%d-n%d", gi, i), Title: nd.Title}
	switch nd.Shape {
	case Point:
		it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Ellipse, X1: cx, Y1: cy, W: b.W / 2, H: b.H / 2, Class: "point"})
		return it
	case Circle:
		it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Ellipse, X1: cx, Y1: cy, W: b.W / 2, H: b.H / 2, Class: "shape"})
		if nd.Double {
			it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Ellipse, X1: cx, Y1: cy, W: b.W/2 - 3.5, H: b.H/2 - 3.5, Class: "inner"})
		}
	default:
		it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Rect, X1: cx - b.W/2, Y1: cy - b.H/2, W: b.W, H: b.H, R: 6, Class: "shape"})
		if nd.Double {
			it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Rect, X1: cx - b.W/2 + 3.5, Y1: cy - b.H/2 + 3.5, W: b.W - 7, H: b.H - 7, R: 4, Class: "inner"})
		}
	}
	lines := strings.Split(nd.Label, "\n")
	y0 := cy - lineH*float64(len(lines))/2
	for k, l := range lines {
		it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Text, X1: cx, Y1: y0 + lineH*float64(k+1) - 3.5, Text: l, Anchor: "middle", Class: "nlabel"})
	}
	return it
}

func edgeItem(g *Graph, p *Placement, i int, ox, oy float64, gi int) svgdoc.Item {
	e, ep := &g.Edges[i], &p.Edges[i]
	it := svgdoc.Item{Class: strings.TrimSpace("edge " + e.Class), Data: [][2]string{{"from", fmt.Sprintf("g%d-n%d", gi, e.From)}, {"to", fmt.Sprintf("g%d-n%d", gi, e.To)}}, Title: e.Label}
	if len(ep.Points) < 2 {
		return it
	}
	pts := make([]Pt, len(ep.Points))
	for k, q := range ep.Points {
		pts[k] = Pt{q.X + ox, q.Y + oy}
	}
	var d string
	if ep.Loop {
		d = fmt.Sprintf("M%s,%s C%s,%s %s,%s %s,%s", n(pts[0].X), n(pts[0].Y), n(pts[1].X), n(pts[1].Y), n(pts[2].X), n(pts[2].Y), n(pts[3].X), n(pts[3].Y))
	} else {
		d = smooth(pts)
	}
	it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Path, D: d, Class: "line", Arrow: "dark"})
	if ep.Label != "" {
		it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Text, X1: ep.LX + ox, Y1: ep.LY + oy, Text: ep.Label, Class: "elabel"})
	}
	return it
}

func n(f float64) string { return svgdoc.Num(f) }

// smooth is a path through pts: a Catmull-Rom spline as cubic Béziers.
func smooth(pts []Pt) string {
	var b strings.Builder
	fmt.Fprintf(&b, "M%s,%s", n(pts[0].X), n(pts[0].Y))
	at := func(i int) Pt {
		return pts[max(0, min(i, len(pts)-1))]
	}
	// a tangent no longer than 0.4 of the segment, so that the curve
	// does not swing far out where its points jump sideways
	tangent := func(a, b Pt, seg float64) Pt {
		t := Pt{(b.X - a.X) / 6, (b.Y - a.Y) / 6}
		if l := math.Hypot(t.X, t.Y); l > 0.4*seg {
			t.X, t.Y = t.X*0.4*seg/l, t.Y*0.4*seg/l
		}
		return t
	}
	for i := 0; i+1 < len(pts); i++ {
		p0, p1, p2, p3 := at(i-1), at(i), at(i+1), at(i+2)
		seg := math.Hypot(p2.X-p1.X, p2.Y-p1.Y)
		t1, t2 := tangent(p0, p2, seg), tangent(p1, p3, seg)
		c1 := Pt{p1.X + t1.X, p1.Y + t1.Y}
		c2 := Pt{p2.X - t2.X, p2.Y - t2.Y}
		fmt.Fprintf(&b, " C%s,%s %s,%s %s,%s", n(c1.X), n(c1.Y), n(c2.X), n(c2.Y), n(p2.X), n(p2.Y))
	}
	return b.String()
}

const style = `
.title-text{font-size:13px;font-weight:bold;fill:#222}
.cluster-box{fill:#fafbfd;stroke:#c9d2de;stroke-width:1}
.cluster-title{font-size:12px;font-weight:bold;fill:#1d3557}
.node .shape{fill:#e8eef7;stroke:#4a6a94;stroke-width:1.3}
.node .inner{fill:none;stroke:#4a6a94;stroke-width:1}
.node.start .shape{fill:#cfe0f5;stroke-width:2}
.node.accept .shape{fill:#fde7d9;stroke:#c2571a}
.node.accept .inner{stroke:#c2571a}
.node.end .shape{fill:#e3f1e3;stroke:#2e7d32}
.node.end .inner{stroke:#2e7d32}
.node.dstep .shape{stroke-dasharray:3 2}
.node.error .shape{fill:#fdecea;stroke:#c62828}
.node .point{fill:#333}
.nlabel{fill:#1d3557}
.edge .line{fill:none;stroke:#555;stroke-width:1.2}
.edge.atomic .line{stroke-width:2.4}
.edge.dstep .line{stroke-dasharray:6 3}
.edge.escape .line{stroke-dasharray:2 3}
.edge.dlink .line{stroke:#aaa;stroke-dasharray:2 3}
.elabel{fill:#333;paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
`
