package check

import (
	"fmt"
	"sort"
	"strings"
)

// Channel message types are inferred by unification, as ETCH does
// (Donaldson & Gay, SPIN 2005): every channel variable has the type
// chan M, where M is a message tuple that may be unknown (a type
// variable) until a declaration `[N] of {...}`, a send, a receive, an
// assignment or a run argument constrains it. Channels sent in messages
// make these types recursive (chan A = [1] of {chan, bit}; A!A,0 gives
// A the type μX.chan{X, bit}); the graph of type nodes represents such
// types directly, and printing minimises them.

type tkind uint8

const (
	tVar    tkind = iota // unknown
	tNum                 // a numeric type (name says which)
	tLit                 // an integer constant: fits any numeric or mtype field
	tMtype               // mtype (name: the subtype, or "")
	tChan                // chan of msg
	tTuple               // a message: fields
	tStruct              // a typedef (name)
)

// tnode is a node of the type graph, with union-find for unification.
type tnode struct {
	kind   tkind
	name   string
	msg    *tnode   // tChan
	fields []*tnode // tTuple
	parent *tnode
}

func find(n *tnode) *tnode {
	for n.parent != nil {
		n = n.parent
	}
	return n
}

var numNodes = map[string]*tnode{}

func numType(name string) *tnode {
	if n, ok := numNodes[name]; ok {
		return n
	}
	n := &tnode{kind: tNum, name: name}
	numNodes[name] = n
	return n
}

// a fresh node per use for these, so that concurrent checks never share
// mutable nodes (only tNum singletons are shared, and they never change).
func newVar() *tnode              { return &tnode{kind: tVar} }
func newChan(msg *tnode) *tnode   { return &tnode{kind: tChan, msg: msg} }
func newTuple(f []*tnode) *tnode  { return &tnode{kind: tTuple, fields: f} }
func litType() *tnode             { return &tnode{kind: tLit} }
func mtypeType(sub string) *tnode { return &tnode{kind: tMtype, name: sub} }

func init() {
	for _, n := range []string{"bit", "bool", "byte", "short", "int", "pid", "unsigned"} {
		numType(n)
	}
}

// unifier unifies type nodes and can undo a failed attempt, so that an
// error leaves the graph as it was (no cascades of follow-on errors).
type unifier struct {
	trail []*tnode // nodes whose parent was set
	// soft collects mismatches between differently named mtypes, which
	// SPIN accepts in messages (they only deserve a warning).
	soft []*mismatch
}

// mismatch describes why two types did not unify.
type mismatch struct {
	a, b  *tnode
	arity bool
}

func (u *unifier) union(a, b *tnode) {
	a.parent = b
	u.trail = append(u.trail, a)
}

func numeric(k tkind) bool { return k == tNum || k == tLit || k == tMtype }

func (u *unifier) unify(a, b *tnode) *mismatch {
	a, b = find(a), find(b)
	if a == b {
		return nil
	}
	switch {
	case a.kind == tVar:
		u.union(a, b)
		return nil
	case b.kind == tVar:
		u.union(b, a)
		return nil
	case a.kind == tLit && b.kind != tLit && numeric(b.kind):
		u.union(a, b) // a constant takes the type of what it meets
		return nil
	case b.kind == tLit && a.kind != tLit && numeric(a.kind):
		u.union(b, a)
		return nil
	case numeric(a.kind) && numeric(b.kind):
		// Promela converts freely between numbers, bools and mtype
		// values; arithmetic on mtypes is warned about elsewhere.
		if a.kind == tMtype && b.kind == tMtype && a.name != b.name && a.name != "" && b.name != "" {
			u.soft = append(u.soft, &mismatch{a: a, b: b})
		}
		return nil
	case a.kind == tChan && b.kind == tChan:
		u.union(b, a) // the first (older) type stays the representative
		return u.unify(a.msg, b.msg)
	case a.kind == tTuple && b.kind == tTuple:
		if len(a.fields) != len(b.fields) {
			return &mismatch{a: a, b: b, arity: true}
		}
		u.union(b, a)
		for i := range a.fields {
			if m := u.unify(a.fields[i], b.fields[i]); m != nil {
				return m
			}
		}
		return nil
	case a.kind == tStruct && b.kind == tStruct && a.name == b.name:
		return nil
	}
	return &mismatch{a: a, b: b}
}

// try unifies a and b; on failure it undoes every union it made and
// returns the mismatch, described on the graph as it was before.
func (u *unifier) try(a, b *tnode) *mismatch {
	mark := len(u.trail)
	u.soft = u.soft[:0]
	m := u.unify(a, b)
	if m != nil {
		for i := len(u.trail) - 1; i >= mark; i-- {
			u.trail[i].parent = nil
		}
		u.trail = u.trail[:mark]
		return m
	}
	u.trail = u.trail[:0] // committed: nothing to undo any more
	return nil
}

// ---------------------------------------------------------------------
// Printing, with minimisation of recursive types.

// typePrinter prints several types with shared names for type variables
// (X1, X2, ...) and minimal μ-forms.
type typePrinter struct {
	vars  map[*tnode]string
	class map[*tnode]int // bisimulation class of every reachable node
	reps  map[int]*tnode // a representative per class
	mu    map[int]string // μ-bound names per class
	nmu   int
}

func newTypePrinter(roots ...*tnode) *typePrinter {
	p := &typePrinter{vars: map[*tnode]string{}, mu: map[int]string{}}
	p.minimise(roots)
	return p
}

func succ(n *tnode) []*tnode {
	switch n.kind {
	case tChan:
		return []*tnode{find(n.msg)}
	case tTuple:
		out := make([]*tnode, len(n.fields))
		for i, f := range n.fields {
			out[i] = find(f)
		}
		return out
	}
	return nil
}

// minimise computes the largest bisimulation over the nodes reachable
// from roots (Moore's partition refinement): two nodes are equivalent
// when they have the same label and equivalent successors.
func (p *typePrinter) minimise(roots []*tnode) {
	var nodes []*tnode
	seen := map[*tnode]bool{}
	var visit func(n *tnode)
	visit = func(n *tnode) {
		n = find(n)
		if seen[n] {
			return
		}
		seen[n] = true
		nodes = append(nodes, n)
		for _, s := range succ(n) {
			visit(s)
		}
	}
	for _, r := range roots {
		visit(r)
	}
	label := func(n *tnode) string {
		switch n.kind {
		case tVar:
			return fmt.Sprintf("var%p", n) // variables are never merged
		case tTuple:
			return fmt.Sprintf("tuple%d", len(n.fields))
		}
		return fmt.Sprintf("%d:%s", n.kind, n.name)
	}
	class := map[*tnode]int{}
	ids := map[string]int{}
	for _, n := range nodes {
		l := label(n)
		if _, ok := ids[l]; !ok {
			ids[l] = len(ids)
		}
		class[n] = ids[l]
	}
	for {
		ids := map[string]int{}
		next := map[*tnode]int{}
		for _, n := range nodes {
			var b strings.Builder
			fmt.Fprintf(&b, "%d", class[n])
			for _, s := range succ(n) {
				fmt.Fprintf(&b, ",%d", class[s])
			}
			k := b.String()
			if _, ok := ids[k]; !ok {
				ids[k] = len(ids)
			}
			next[n] = ids[k]
		}
		stable := len(ids) == countClasses(class)
		class = next
		if stable {
			break
		}
	}
	p.class = class
	p.reps = map[int]*tnode{}
	for _, n := range nodes {
		if _, ok := p.reps[class[n]]; !ok {
			p.reps[class[n]] = n
		}
	}
}

func countClasses(c map[*tnode]int) int {
	s := map[int]bool{}
	for _, v := range c {
		s[v] = true
	}
	return len(s)
}

// String prints n in minimal form.
func (p *typePrinter) String(n *tnode) string {
	n = find(n)
	if _, ok := p.class[n]; !ok {
		p.minimise([]*tnode{n})
	}
	// first pass: find which classes are recursive (reached from themselves)
	return p.print(p.class[n], map[int]bool{})
}

func (p *typePrinter) print(c int, onPath map[int]bool) string {
	if onPath[c] {
		name, ok := p.mu[c]
		if !ok {
			p.nmu++
			name = muName(p.nmu)
			p.mu[c] = name
		}
		return name
	}
	n := p.reps[c]
	var body string
	onPath[c] = true
	switch n.kind {
	case tVar:
		name, ok := p.vars[n]
		if !ok {
			name = fmt.Sprintf("X%d", len(p.vars)+1)
			p.vars[n] = name
		}
		body = name
	case tNum:
		body = n.name
	case tLit:
		body = "int"
	case tMtype:
		body = "mtype"
		if n.name != "" {
			body += ":" + n.name
		}
	case tStruct:
		body = n.name
	case tChan:
		m := find(n.msg)
		inner := p.print(p.class[m], onPath)
		if strings.HasPrefix(inner, "{") {
			body = "chan" + inner
		} else {
			body = "chan " + inner
		}
	case tTuple:
		parts := make([]string, len(n.fields))
		for i, f := range n.fields {
			parts[i] = p.print(p.class[find(f)], onPath)
		}
		body = "{" + strings.Join(parts, ", ") + "}"
	}
	delete(onPath, c)
	if name, ok := p.mu[c]; ok {
		return "μ" + name + "." + body
	}
	return body
}

func muName(i int) string {
	names := []string{"X", "Y", "Z", "W"}
	if i <= len(names) {
		return names[i-1]
	}
	return fmt.Sprintf("X%d", i)
}

// sortedKeys is a helper for deterministic output.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
