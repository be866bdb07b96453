package svgdoc

import (
	"bytes"
	"strings"
	"testing"
)

func TestEscapeAndParse(t *testing.T) {
	d := &Doc{Width: 100, Height: 50, Title: `a<b & "c"`, Items: []Item{{Class: "x", Title: "t\x01\n", Data: [][2]string{{"k", "v>"}}, Prims: []Prim{
		{Kind: Text, X1: 1.25, Y1: 2, Text: "if :: x < 3 -> y = \"s\" & z\x00"},
		{Kind: Line, X1: 0, Y1: 0, X2: 10, Y2: 10, Arrow: "dark"},
	}}}}
	var b bytes.Buffer
	if err := d.Write(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	root, err := Parse(strings.NewReader(out))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	g := root.Class("x")
	if len(g) != 1 || g[0].Attrs["data-k"] != "v>" {
		t.Fatalf("item %v", g)
	}
	if txt := g[0].Texts(); len(txt) != 1 || txt[0] != "if :: x < 3 -> y = \"s\" & z\uFFFD" {
		t.Errorf("text %q", txt)
	}
	if !strings.Contains(out, `x="1.3"`) {
		t.Errorf("coordinates not rounded to one decimal: %s", out)
	}
}

func TestClipAndWidth(t *testing.T) {
	if got := Clip("abcdef", 4); got != "abc…" {
		t.Errorf("Clip = %q", got)
	}
	if got := Clip("ab", 4); got != "ab" {
		t.Errorf("Clip = %q", got)
	}
	if w := TextWidth("ab⇄", 10); w != 18 {
		t.Errorf("TextWidth = %v", w)
	}
}
