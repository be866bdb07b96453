package svgdoc

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Doc is one SVG picture.
type Doc struct {
	Width, Height float64
	Title         string
	Style         string // CSS rules for the classes the items use
	Items         []Item
	// Attrs: extra attributes of the root element (name, value).
	Attrs [][2]string
}

// Item is a group of primitives (an SVG g element) with a class, an
// optional id, data attributes and a tooltip.
type Item struct {
	Class string
	ID    string
	Title string
	Data  [][2]string // data-NAME="value"
	Prims []Prim
}

// Kind says which primitive a Prim is.
type Kind int

const (
	Line    Kind = iota // X1,Y1 to X2,Y2
	Path                // D (SVG path data)
	Rect                // X1,Y1 corner, W,H size, R corner radius
	Ellipse             // centre X1,Y1, radii W,H
	Text                // at X1,Y1 (baseline), Anchor
)

// Prim is one primitive.
type Prim struct {
	Kind           Kind
	X1, Y1, X2, Y2 float64
	W, H, R        float64
	D              string
	Text           string
	Anchor         string // start, middle, end ("" is start)
	Class          string
	// Arrow names the arrowhead at the end of a line or path: one of
	// Markers' names ("" for none).
	Arrow string
}

// Markers are the arrowheads a picture can use: name and colour.
var Markers = [][2]string{
	{"dark", "#333333"},
	{"msg", "#1f5fa8"},
	{"hand", "#2e7d32"},
	{"grey", "#999999"},
	{"red", "#c62828"},
}

// CharWidth is the advance of one character of the monospace font the
// pictures use, as a fraction of its size (DejaVu Sans Mono and Courier
// are about 0.6).
const CharWidth = 0.6

// TextWidth estimates the width of s in the pictures' monospace font of
// the size given.
func TextWidth(s string, size float64) float64 {
	return float64(utf8.RuneCountInString(s)) * size * CharWidth
}

// Clip shortens s to at most n runes, ending it with an ellipsis.
func Clip(s string, n int) string {
	if n < 1 {
		return ""
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// Num formats a coordinate (at most one decimal).
func Num(f float64) string {
	return strconv.FormatFloat(float64(int64(f*10+0.5*sign(f)))/10, 'f', -1, 64)
}

func sign(f float64) float64 {
	if f < 0 {
		return -1
	}
	return 1
}

// Escape escapes s for XML text and attribute values; control characters
// other than tab and newline, which XML does not allow, become U+FFFD.
func Escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\n':
			b.WriteString("&#10;")
		case r == '\t':
			b.WriteString("&#9;")
		case r < 0x20 || r == 0xfffe || r == 0xffff || r == utf8.RuneError:
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Write writes d as a standalone SVG document.
func (d *Doc) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	d.WriteElement(bw)
	return bw.Flush()
}

// WriteElement writes d as an svg element (to be inlined in HTML too).
func (d *Doc) WriteElement(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s"`, Num(d.Width), Num(d.Height), Num(d.Width), Num(d.Height))
	for _, a := range d.Attrs {
		fmt.Fprintf(bw, ` %s="%s"`, a[0], Escape(a[1]))
	}
	bw.WriteString(">\n")
	if d.Title != "" {
		fmt.Fprintf(bw, "<title>%s</title>\n", Escape(d.Title))
	}
	bw.WriteString("<defs>\n")
	for _, m := range Markers {
		fmt.Fprintf(bw, `<marker id="a-%s" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" markerUnits="userSpaceOnUse" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker>`+"\n", m[0], m[1])
	}
	if d.Style != "" {
		fmt.Fprintf(bw, "<style>%s</style>\n", Escape(d.Style))
	}
	bw.WriteString("</defs>\n")
	fmt.Fprintf(bw, `<rect class="bg" x="0" y="0" width="%s" height="%s" fill="#fff"/>`+"\n", Num(d.Width), Num(d.Height))
	for i := range d.Items {
		writeItem(bw, &d.Items[i])
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

func writeItem(bw *bufio.Writer, it *Item) {
	bw.WriteString("<g")
	if it.Class != "" {
		fmt.Fprintf(bw, ` class="%s"`, Escape(it.Class))
	}
	if it.ID != "" {
		fmt.Fprintf(bw, ` id="%s"`, Escape(it.ID))
	}
	for _, a := range it.Data {
		fmt.Fprintf(bw, ` data-%s="%s"`, a[0], Escape(a[1]))
	}
	bw.WriteString(">")
	if it.Title != "" {
		fmt.Fprintf(bw, "<title>%s</title>", Escape(it.Title))
	}
	for i := range it.Prims {
		writePrim(bw, &it.Prims[i])
	}
	bw.WriteString("</g>\n")
}

func writePrim(bw *bufio.Writer, p *Prim) {
	cls := ""
	if p.Class != "" {
		cls = fmt.Sprintf(` class="%s"`, Escape(p.Class))
	}
	arrow := ""
	if p.Arrow != "" {
		arrow = fmt.Sprintf(` marker-end="url(#a-%s)"`, p.Arrow)
	}
	switch p.Kind {
	case Line:
		fmt.Fprintf(bw, `<line%s x1="%s" y1="%s" x2="%s" y2="%s"%s/>`, cls, Num(p.X1), Num(p.Y1), Num(p.X2), Num(p.Y2), arrow)
	case Path:
		fmt.Fprintf(bw, `<path%s d="%s"%s/>`, cls, Escape(p.D), arrow)
	case Rect:
		fmt.Fprintf(bw, `<rect%s x="%s" y="%s" width="%s" height="%s"`, cls, Num(p.X1), Num(p.Y1), Num(p.W), Num(p.H))
		if p.R > 0 {
			fmt.Fprintf(bw, ` rx="%s"`, Num(p.R))
		}
		bw.WriteString("/>")
	case Ellipse:
		fmt.Fprintf(bw, `<ellipse%s cx="%s" cy="%s" rx="%s" ry="%s"/>`, cls, Num(p.X1), Num(p.Y1), Num(p.W), Num(p.H))
	case Text:
		anchor := ""
		if p.Anchor != "" && p.Anchor != "start" {
			anchor = fmt.Sprintf(` text-anchor="%s"`, p.Anchor)
		}
		fmt.Fprintf(bw, `<text%s x="%s" y="%s"%s>%s</text>`, cls, Num(p.X1), Num(p.Y1), anchor, Escape(p.Text))
	}
}
