package svgdoc

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// Node is an element of a parsed XML document (the tests read the
// pictures back with it).
type Node struct {
	Name     string
	Attrs    map[string]string
	Text     string // the character data directly inside
	Children []*Node
}

// Parse reads an XML document (encoding/xml, strictly) into a tree and
// returns its root element.
func Parse(r io.Reader) (*Node, error) {
	d := xml.NewDecoder(r)
	d.Strict = true
	var stack []*Node
	var root *Node
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			n := &Node{Name: t.Name.Local, Attrs: map[string]string{}}
			for _, a := range t.Attr {
				n.Attrs[a.Name.Local] = a.Value
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.Children = append(p.Children, n)
			} else if root != nil {
				return nil, fmt.Errorf("more than one root element")
			} else {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].Text += string(t)
			}
		}
	}
	if root == nil {
		return nil, fmt.Errorf("no root element")
	}
	return root, nil
}

// All returns the elements under n (n included) for which keep is true,
// in document order.
func (n *Node) All(keep func(*Node) bool) []*Node {
	var out []*Node
	var walk func(*Node)
	walk = func(m *Node) {
		if keep(m) {
			out = append(out, m)
		}
		for _, c := range m.Children {
			walk(c)
		}
	}
	walk(n)
	return out
}

// HasClass reports whether n's class attribute lists c.
func (n *Node) HasClass(c string) bool {
	for _, f := range strings.Fields(n.Attrs["class"]) {
		if f == c {
			return true
		}
	}
	return false
}

// Class returns the g elements under n with class c.
func (n *Node) Class(c string) []*Node {
	return n.All(func(m *Node) bool { return m.Name == "g" && m.HasClass(c) })
}

// Texts returns the contents of the text elements under n.
func (n *Node) Texts() []string {
	var out []string
	for _, t := range n.All(func(m *Node) bool { return m.Name == "text" }) {
		out = append(out, t.Text)
	}
	return out
}
