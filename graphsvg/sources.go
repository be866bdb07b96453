package graphsvg

import (
	"fmt"
	"strings"

	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
)

// Automata returns one graph per process type of prog (and the never
// claim): a node per location, labelled with its number and its labels
// (the start filled, end states doubled, accept and progress states
// coloured), an edge per statement with its text; atomic statements are
// drawn bold, d_step dashed, escapes dotted.
func Automata(prog *automata.Program) []*Graph {
	var gs []*Graph
	for _, p := range prog.Procs {
		gs = append(gs, Proc(p, procTitle(p)))
	}
	return gs
}

// Proc returns the graph of one process automaton (see Automata).
func Proc(p *automata.Proc, title string) *Graph {
	{
		g := &Graph{Title: title}
		idx := map[int]int{}
		add := func(loc *automata.Loc) {
			nd := Node{Label: fmt.Sprint(loc.ID), Shape: Circle, Title: fmt.Sprintf("location %d, line %d", loc.ID, loc.Pos.Line)}
			if len(loc.Labels) > 0 {
				nd.Label += "\n" + strings.Join(loc.Labels, ",")
				nd.Shape = Box
			}
			var cls []string
			if loc.ID == p.Start {
				cls = append(cls, "start")
			}
			if loc.Flags&automata.EndLoc != 0 {
				nd.Double = true
				cls = append(cls, "end")
			}
			if loc.Flags&automata.AcceptLoc != 0 {
				nd.Double = true
				cls = append(cls, "accept")
			}
			if loc.Flags&automata.ProgressLoc != 0 {
				cls = append(cls, "progress")
			}
			if loc.Flags&automata.DStepLoc != 0 {
				cls = append(cls, "dstep")
			}
			nd.Class = strings.Join(cls, " ")
			idx[loc.ID] = len(g.Nodes)
			g.Nodes = append(g.Nodes, nd)
		}
		// the start first: the layout's search begins there
		for _, loc := range p.Locs {
			if loc.ID == p.Start {
				add(loc)
			}
		}
		for _, loc := range p.Locs {
			if loc.ID == p.Start || loc.Flags&automata.DStepLoc != 0 && len(loc.Out) == 0 {
				continue
			}
			add(loc)
		}
		edge := func(from, to int, label, class string) {
			a, ok1 := idx[from]
			b, ok2 := idx[to]
			if ok1 && ok2 {
				g.Edges = append(g.Edges, Edge{From: a, To: b, Label: label, Class: class})
			}
		}
		for _, loc := range p.Locs {
			for _, t := range loc.Out {
				class := ""
				switch {
				case t.Kind == automata.TDStep:
					class = "dstep"
				case t.Level != automata.MainLevel:
					class = "escape"
				case t.Atomic:
					class = "atomic"
				}
				edge(t.From, t.To, t.Text, class)
				if t.Kind == automata.TDStep {
					edge(t.From, t.DStart, "", "dlink")
				}
			}
		}
		return g
	}
}

func procTitle(p *automata.Proc) string {
	switch p.Kind {
	case automata.NeverClaim:
		return "never claim " + p.Name
	case automata.InitProc:
		return "init"
	}
	return "proctype " + p.Name
}

// Buchi returns the graph of a Büchi automaton: an arrow from a dot into
// the initial state, accepting states doubled, edges labelled with their
// guards (propositions named by names).
func Buchi(a *ltl.Automaton, names []string, title string) *Graph {
	g := &Graph{Title: title}
	g.Nodes = append(g.Nodes, Node{Shape: Point, Class: "init", Title: "initial"})
	for i, s := range a.States {
		nd := Node{Label: s.Name, Shape: Circle, Title: fmt.Sprintf("state %d", i)}
		if nd.Label == "" {
			nd.Label = fmt.Sprint(i)
		}
		if len(nd.Label) > 6 {
			nd.Shape = Box
		}
		var cls []string
		if i == a.Init {
			cls = append(cls, "start")
		}
		if s.Accepting {
			nd.Double = true
			cls = append(cls, "accept")
		}
		if s.End {
			cls = append(cls, "end")
		}
		nd.Class = strings.Join(cls, " ")
		g.Nodes = append(g.Nodes, nd)
	}
	g.Edges = append(g.Edges, Edge{From: 0, To: a.Init + 1, Class: "init"})
	// parallel edges are one edge, their guards joined by ||
	for i, s := range a.States {
		at := map[int]int{}
		for _, e := range s.Edges {
			guard := e.Guard.Format(names)
			if k, ok := at[e.To]; ok {
				g.Edges[k].Label += " || " + guard
				continue
			}
			at[e.To] = len(g.Edges)
			g.Edges = append(g.Edges, Edge{From: i + 1, To: e.To + 1, Label: guard})
		}
	}
	return g
}

// StateSpace explores m breadth-first from its initial state, to at most
// bound states, and returns its graph: a node per state (numbered in the
// order found; with describe, the state's contents as a tooltip), an edge
// per transition labelled with the statement (pid:statement), error
// states marked. complete is false when the bound cut the search short;
// the states beyond it are left out, and the edges into them.
func StateSpace(m pins.Model, bound int, title string) (g *Graph, complete bool, err error) {
	info := m.Info()
	init, err := m.Initial(nil)
	if err != nil {
		return nil, false, err
	}
	g = &Graph{Title: title, BFS: true}
	ids := map[string]int{}
	var states [][]byte
	add := func(s []byte) (int, bool) {
		if id, ok := ids[string(s)]; ok {
			return id, true
		}
		if len(states) >= bound {
			return -1, false
		}
		id := len(states)
		ids[string(s)] = id
		states = append(states, append([]byte(nil), s...))
		nd := Node{Label: fmt.Sprint(id), Shape: Circle}
		if d, ok := m.(pins.Describer); ok {
			nd.Title = d.Describe(s)
		}
		st := m.Status(s)
		if st&pins.ValidEnd != 0 {
			nd.Class = "end"
		}
		if id == 0 {
			nd.Class = strings.TrimSpace("start " + nd.Class)
		}
		g.Nodes = append(g.Nodes, nd)
		return id, true
	}
	add(init)
	complete = true
	for i := 0; i < len(states); i++ {
		from := i
		n := 0
		m.Next(states[i], func(t *pins.Transition, next []byte) bool {
			n++
			to, ok := add(next)
			if !ok {
				complete = false
				return true
			}
			label := ""
			if t.Group >= 0 && t.Group < len(info.Groups) {
				label = fmt.Sprintf("%d:%s", t.Pid, info.Groups[t.Group].Text)
			}
			if t.Pid2 >= 0 && t.Group2 >= 0 && t.Group2 < len(info.Groups) {
				label += fmt.Sprintf(" ⇄ %d:%s", t.Pid2, info.Groups[t.Group2].Text)
			}
			e := Edge{From: from, To: to, Label: label}
			if t.Flags&pins.InAtomic != 0 {
				e.Class = "atomic"
			}
			if t.Violation != nil {
				e.Class = strings.TrimSpace(e.Class + " error")
				g.Nodes[to].Class = strings.TrimSpace(g.Nodes[to].Class + " error")
				g.Nodes[to].Title = strings.TrimSpace(t.Violation.Message + "\n" + g.Nodes[to].Title)
			}
			g.Edges = append(g.Edges, e)
			return true
		})
		if n == 0 && m.Status(states[i])&pins.ValidEnd == 0 {
			g.Nodes[i].Class = strings.TrimSpace(g.Nodes[i].Class + " error")
			g.Nodes[i].Title = strings.TrimSpace("invalid end state\n" + g.Nodes[i].Title)
		}
	}
	return g, complete, nil
}
