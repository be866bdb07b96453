package graphsvg

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/gospin/gospin/internal/svgdoc"
	"github.com/gospin/gospin/ltl"
)

func TestIsotonic(t *testing.T) {
	got := isotonic([]float64{3, 1, 2, 5, 4}, []float64{1, 1, 1, 1, 1})
	want := []float64{2, 2, 2, 4.5, 4.5}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-9 {
			t.Fatalf("isotonic = %v, want %v", got, want)
		}
	}
}

// diamond: 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3, 3 -> 0 (a back edge), 2 -> 2
// (a loop), with a crossing in the first order the DFS gives when the
// edges of 0 are listed so.
func diamond() *Graph {
	return &Graph{Title: "d", Nodes: []Node{{Label: "0"}, {Label: "1"}, {Label: "2"}, {Label: "three\nlines\nhere", Shape: Box}},
		Edges: []Edge{{0, 1, "a", ""}, {0, 2, "b", ""}, {1, 3, "c", ""}, {2, 3, "d", ""}, {3, 0, "back", ""}, {2, 2, "loop", ""}}}
}

func TestLayout(t *testing.T) {
	g := diamond()
	p := Layout(g)
	if len(p.Nodes) != 4 || len(p.Edges) != 6 {
		t.Fatalf("%d nodes, %d edges", len(p.Nodes), len(p.Edges))
	}
	// layers: 0 on top, 1 and 2 under it, 3 at the bottom
	n := p.Nodes
	if !(n[0].Y < n[1].Y && n[1].Y == n[2].Y && n[2].Y < n[3].Y) {
		t.Errorf("layers wrong: %+v", n)
	}
	// nodes of a layer do not overlap
	if math.Abs(n[1].X-n[2].X) < (n[1].W+n[2].W)/2 {
		t.Errorf("nodes 1 and 2 overlap: %+v %+v", n[1], n[2])
	}
	for i, e := range g.Edges {
		ep := p.Edges[i]
		if e.From == e.To {
			if !ep.Loop || len(ep.Points) != 4 {
				t.Errorf("loop %d: %+v", i, ep)
			}
			continue
		}
		// the curve starts on its source's border and ends on its
		// target's (circles: at the radius)
		first, last := ep.Points[0], ep.Points[len(ep.Points)-1]
		for _, c := range []struct {
			pt Pt
			nd int
		}{{first, e.From}, {last, e.To}} {
			b := n[c.nd]
			d := math.Hypot(c.pt.X-b.X, c.pt.Y-b.Y)
			if g.Nodes[c.nd].Shape == Circle && math.Abs(d-b.W/2) > 0.5 {
				t.Errorf("edge %d meets node %d at distance %.1f, radius %.1f", i, c.nd, d, b.W/2)
			}
			if g.Nodes[c.nd].Shape == Box && (math.Abs(c.pt.X-b.X) > b.W/2+0.5 || math.Abs(c.pt.Y-b.Y) > b.H/2+0.5) {
				t.Errorf("edge %d ends outside box %d", i, c.nd)
			}
		}
		if e.Label != "" && (ep.LX == 0 || ep.LY == 0) {
			t.Errorf("edge %d has no label position", i)
		}
	}
	// the back edge goes up
	if b := p.Edges[4]; b.Points[0].Y < b.Points[len(b.Points)-1].Y {
		t.Errorf("back edge drawn downwards: %+v", b.Points)
	}
	if p.Width <= 0 || p.Height <= 0 {
		t.Errorf("size %vx%v", p.Width, p.Height)
	}
}

// TestCrossings: two layers ordered with two crossings (a b c over
// z y x, a->x, b->y, c->z) are reordered without any.
func TestCrossings(t *testing.T) {
	vs := make([]vert, 6)
	for i := range vs {
		vs[i].layer = i / 3
	}
	link := func(a, b int) {
		vs[a].dn = append(vs[a].dn, b)
		vs[b].up = append(vs[b].up, a)
	}
	link(0, 5)
	link(1, 4)
	link(2, 3)
	layers := [][]int{{0, 1, 2}, {3, 4, 5}}
	for _, l := range layers {
		for k, u := range l {
			vs[u].pos = k
		}
	}
	if c := crossings(vs, layers); c != 3 {
		t.Fatalf("%d crossings before, want 3", c)
	}
	orderLayers(vs, layers)
	if c := crossings(vs, layers); c != 0 {
		t.Errorf("%d crossings after, want 0: %v", c, layers)
	}
}

func TestSVG(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSVG(&buf, "title <&>", diamond(), diamond()); err != nil {
		t.Fatal(err)
	}
	root, err := svgdoc.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(root.Class("cluster")); n != 2 {
		t.Errorf("%d clusters", n)
	}
	nodes, edges := root.Class("node"), root.Class("edge")
	if len(nodes) != 8 || len(edges) != 12 {
		t.Fatalf("%d nodes, %d edges", len(nodes), len(edges))
	}
	ids := map[string]bool{}
	for _, nd := range nodes {
		ids[nd.Attrs["id"]] = true
	}
	var labels []string
	for _, e := range edges {
		if !ids[e.Attrs["data-from"]] || !ids[e.Attrs["data-to"]] {
			t.Errorf("edge %v joins unknown nodes", e.Attrs)
		}
		paths := e.All(func(n *svgdoc.Node) bool { return n.Name == "path" && n.Attrs["marker-end"] != "" })
		if len(paths) != 1 || !strings.HasPrefix(paths[0].Attrs["d"], "M") {
			t.Errorf("edge %v: %d arrows", e.Attrs, len(paths))
		}
		labels = append(labels, e.Texts()...)
	}
	if strings.Join(labels[:6], ",") != "a,b,c,d,back,loop" {
		t.Errorf("edge labels %q", labels)
	}
	if got := strings.Join(nodes[3].Texts(), "|"); got != "three|lines|here" {
		t.Errorf("box label %q", got)
	}
}

func TestBuchi(t *testing.T) {
	f, names, err := ltl.Parse("!([]<>p)")
	if err != nil {
		t.Fatal(err)
	}
	a := ltl.Translate(f, ltl.Options{})
	g := Buchi(a, names, "<>[]!p")
	if len(g.Nodes) != len(a.States)+1 || g.Nodes[0].Shape != Point {
		t.Fatalf("nodes %+v", g.Nodes)
	}
	acc := 0
	for _, nd := range g.Nodes {
		if strings.Contains(nd.Class, "accept") {
			acc++
			if !nd.Double {
				t.Error("accepting state not doubled")
			}
		}
	}
	if acc == 0 {
		t.Error("no accepting state")
	}
	var buf bytes.Buffer
	if err := WriteSVG(&buf, "", g); err != nil {
		t.Fatal(err)
	}
	if _, err := svgdoc.Parse(&buf); err != nil {
		t.Fatal(err)
	}
}
