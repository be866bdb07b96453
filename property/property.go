package property

import (
	"fmt"

	"github.com/gospin/gospin/promela/ast"
)

// Kind tells never claims and ltl blocks apart.
type Kind int

const (
	Never Kind = iota
	LTL
)

// Property is one never claim or ltl block of a model.
type Property struct {
	Name  string // as pan -N knows it: the declared name, or never_N / ltl_N
	Kind  Kind
	Never *ast.NeverDecl
	LTL   *ast.LTLDecl
}

// List returns the properties of m in declaration order, named as SPIN
// names them (unnamed never claims never_0, never_1, ...; unnamed ltl
// blocks ltl_0, ltl_1, ...).
func List(m *ast.Model) []Property {
	var out []Property
	nNever, nLTL := 0, 0
	for _, d := range m.Decls {
		switch d := d.(type) {
		case *ast.NeverDecl:
			out = append(out, Property{Name: declName(d.Name, "never", &nNever), Kind: Never, Never: d})
		case *ast.LTLDecl:
			out = append(out, Property{Name: declName(d.Name, "ltl", &nLTL), Kind: LTL, LTL: d})
		}
	}
	return out
}

// declName is the name of a property declaration: its own, or for an
// unnamed one prefix_N with N counted by *n.
func declName(name *ast.Ident, prefix string, n *int) string {
	if name != nil {
		return name.Name
	}
	*n++
	return fmt.Sprintf("%s_%d", prefix, *n-1)
}

// Find returns the property named name, or nil.
func Find(props []Property, name string) *Property {
	for i := range props {
		if props[i].Name == name {
			return &props[i]
		}
	}
	return nil
}

// Translator turns an ltl block into the never claim that checks it: the
// claim accepts the runs that violate the formula.
type Translator func(*ast.LTLDecl) (*ast.NeverDecl, error)

// Model returns a copy of m whose only never claim is p's (translated with
// tr when p is an ltl block); with p nil, a copy without any claim. The
// declarations are shared with m, not copied.
func Model(m *ast.Model, p *Property, tr Translator) (*ast.Model, error) {
	out := &ast.Model{File: m.File}
	for _, d := range m.Decls {
		switch d.(type) {
		case *ast.NeverDecl, *ast.LTLDecl:
			continue
		}
		out.Decls = append(out.Decls, d)
	}
	if p == nil {
		return out, nil
	}
	switch p.Kind {
	case Never:
		out.Decls = append(out.Decls, p.Never)
	case LTL:
		if tr == nil {
			return nil, fmt.Errorf("ltl %s: no LTL translator", p.Name)
		}
		n, err := tr(p.LTL)
		if err != nil {
			return nil, fmt.Errorf("ltl %s: %w", p.Name, err)
		}
		out.Decls = append(out.Decls, n)
	}
	return out, nil
}
