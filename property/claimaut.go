package property

import (
	"fmt"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/token"
)

// ClaimAutomaton reads never claim d of model m as a Büchi automaton over
// the valuations of propositions that are Promela expressions of the
// claim, so that a never claim written by hand can be treated as the
// claim of an ltl block is (closed under stuttering, put in SI normal
// form). It returns the automaton and the expression of each proposition,
// or a nil automaton and the reason when the claim cannot be read so.
//
// The automaton is read from the claim's process automaton (package
// automata), which has exactly the steps the engine takes: a state per
// location reachable from the start, an edge per transition, whose letter
// is the claim's condition on the state the system is in. The conditions
// are split at !, && and || into propositions (the other subexpressions,
// equal ones shared); else is the negation of its location's other
// conditions; skip, goto and printf are true. A location labelled accept
// is accepting. The claim's end (its closing brace) is an accepting state
// with a true self-loop, which NeverClaim writes as the claim's end again;
// an assert(e) is an edge on e to its target and one on !e to that end
// (the claim's violation comes at the same step), unless assertions are
// ignored.
//
// A claim with anything else is refused: local variables, assignments,
// channel operations, atomic sequences, d_steps, inline calls, or
// conditions that read timeout, _last, np_, enabled() or _pid (whose
// values partial-order reduction does not preserve), and so is a claim
// with more than ltl.MaxSIProps propositions.
func ClaimAutomaton(m *ast.Model, d *ast.NeverDecl, ignoreAssert bool) (*ltl.Automaton, []ast.Expr, string) {
	a, props, _, why := readClaim(m, d, ignoreAssert)
	return a, props, why
}

// readClaim is ClaimAutomaton; it also gives the state of the claim's end
// (-1 when the claim cannot reach it).
func readClaim(m *ast.Model, d *ast.NeverDecl, ignoreAssert bool) (a *ltl.Automaton, props []ast.Expr, end int, why string) {
	end = -1
	pm, err := Model(m, &Property{Kind: Never, Never: d}, nil)
	if err != nil {
		return nil, nil, end, err.Error()
	}
	var errs diag.List
	prog := automata.LowerModel(pm, &errs)
	if errs.HasErrors() || prog == nil || prog.Never == nil {
		return nil, nil, end, "the claim does not lower"
	}
	cl := prog.Never
	if len(cl.Locals) > 0 {
		return nil, nil, end, "the claim has local variables"
	}
	// the claim's conditions by position: each transition's source
	exprAt := map[token.Position]ast.Expr{}
	ambiguous := map[token.Position]bool{}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		var x ast.Expr
		switch n := n.(type) {
		case *ast.ExprStmt:
			x = n.X
		case *ast.AssertStmt:
			x = n.X
		case ast.Expr:
			return false
		default:
			return true
		}
		p := prog.File.Position(n.Pos())
		if old, ok := exprAt[p]; ok && old != x {
			ambiguous[p] = true
		}
		exprAt[p] = x
		return false
	})
	r := &claimReader{}
	guardOf := func(t *automata.Trans) (func(uint64) bool, string) {
		if v, ok := automata.ConstValue(t.X); ok {
			return func(uint64) bool { return v != 0 }, ""
		}
		x, ok := exprAt[t.Pos]
		if !ok || ambiguous[t.Pos] {
			return nil, fmt.Sprintf("the claim's condition %s is not found in its text", t.Text)
		}
		return r.cond(x)
	}
	// states: the locations reachable from the start
	index := map[int]int{}
	var order []int
	visit := func(l int) int {
		if i, ok := index[l]; ok {
			return i
		}
		index[l] = len(order)
		order = append(order, l)
		return index[l]
	}
	visit(cl.Start)
	type edge struct {
		to    int
		holds func(uint64) bool
	}
	var edges [][]edge
	for k := 0; k < len(order); k++ {
		loc := cl.Locs[order[k]]
		var out []edge
		if loc.Flags&(automata.AtomicLoc|automata.DStepLoc) != 0 {
			return nil, nil, end, "the claim has an atomic sequence"
		}
		if loc.Flags&automata.FinalLoc != 0 {
			out = append(out, edge{k, func(uint64) bool { return true }})
			edges = append(edges, out)
			continue
		}
		var conds []func(uint64) bool // of the conditions, for else
		var elses []int
		for _, t := range loc.Out {
			if t.Level != automata.MainLevel {
				return nil, nil, end, "the claim has an unless"
			}
			switch t.Kind {
			case automata.TExpr:
				h, why := guardOf(t)
				if why != "" {
					return nil, nil, end, why
				}
				conds = append(conds, h)
				out = append(out, edge{visit(t.To), h})
			case automata.TGoto, automata.TPrintf, automata.TPrintm:
				conds = append(conds, func(uint64) bool { return true })
				out = append(out, edge{visit(t.To), func(uint64) bool { return true }})
			case automata.TAssert:
				conds = append(conds, func(uint64) bool { return true })
				if ignoreAssert {
					out = append(out, edge{visit(t.To), func(uint64) bool { return true }})
					continue
				}
				x, ok := exprAt[t.Pos]
				if !ok || ambiguous[t.Pos] {
					return nil, nil, end, fmt.Sprintf("the claim's %s is not found in its text", t.Text)
				}
				h, why := r.cond(x)
				if why != "" {
					return nil, nil, end, why
				}
				out = append(out, edge{visit(t.To), h})
				out = append(out, edge{visit(cl.End), func(v uint64) bool { return !h(v) }})
			case automata.TElse:
				elses = append(elses, len(out))
				out = append(out, edge{visit(t.To), nil})
			default:
				return nil, nil, end, fmt.Sprintf("the claim has a statement that is not a condition (%s)", t.Text)
			}
		}
		for _, i := range elses {
			others := conds
			out[i].holds = func(v uint64) bool {
				for _, h := range others {
					if h(v) {
						return false
					}
				}
				return true
			}
		}
		edges = append(edges, out)
	}
	if len(r.props) > ltl.MaxSIProps {
		return nil, nil, end, fmt.Sprintf("the claim has %d propositions (at most %d)", len(r.props), ltl.MaxSIProps)
	}
	a = &ltl.Automaton{Init: 0, NumProps: len(r.props)}
	for k, l := range order {
		loc := cl.Locs[l]
		if l == cl.End {
			end = k
		}
		st := ltl.State{Accepting: loc.Flags&(automata.AcceptLoc|automata.FinalLoc) != 0, End: l == cl.End}
		for _, e := range edges[k] {
			g := ltl.GuardOf(len(r.props), e.holds)
			if len(g) > 0 {
				st.Edges = append(st.Edges, ltl.Edge{To: e.to, Guard: g})
			}
		}
		a.States = append(a.States, st)
	}
	return a, r.props, end, ""
}

// claimReader splits a claim's conditions into propositions.
type claimReader struct {
	props []ast.Expr
}

// cond returns the truth of condition x as a function of the valuation
// of the propositions (bit i: proposition i), adding the propositions it
// has, or the reason why x cannot be read.
func (r *claimReader) cond(x ast.Expr) (func(uint64) bool, string) {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return r.cond(x.X)
	case *ast.IntLit:
		v := x.Value != 0
		return func(uint64) bool { return v }, ""
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			h, why := r.cond(x.X)
			if why != "" {
				return nil, why
			}
			return func(v uint64) bool { return !h(v) }, ""
		}
	case *ast.BinaryExpr:
		if x.Op == token.LAND || x.Op == token.LOR {
			h1, why := r.cond(x.X)
			if why != "" {
				return nil, why
			}
			h2, why := r.cond(x.Y)
			if why != "" {
				return nil, why
			}
			if x.Op == token.LAND {
				return func(v uint64) bool { return h1(v) && h2(v) }, ""
			}
			return func(v uint64) bool { return h1(v) || h2(v) }, ""
		}
	}
	if why := unreadable(x); why != "" {
		return nil, why
	}
	i := -1
	for k, p := range r.props {
		if ast.Equal(p, x) {
			i = k
			break
		}
	}
	if i < 0 {
		i = len(r.props)
		r.props = append(r.props, x)
	}
	if i >= 64 {
		return nil, "the claim has too many propositions"
	}
	bit := uint64(1) << uint(i)
	return func(v uint64) bool { return v&bit != 0 }, ""
}

// unreadable says why proposition x is not a function of the state that
// reduction keeps, or "".
func unreadable(x ast.Expr) string {
	why := ""
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TimeoutExpr:
			why = "the claim reads timeout"
		case *ast.RunExpr:
			why = "the claim has a run"
		case *ast.InlineCallExpr:
			why = "the claim calls an inline"
		case *ast.CallExpr:
			if n.Fun == token.ENABLED {
				why = "the claim reads enabled()"
			}
		case *ast.Ident:
			switch n.Name {
			case "_last", "np_", "_pid", "_":
				why = "the claim reads " + n.Name
			}
		}
		return why == ""
	})
	return why
}

// NeverClosureClaim gives, for never claim d of model m, the claim with
// which an acceptance search may be reduced (Holzmann and Kupferman, as
// ClosureClaim does for ltl blocks): the closure under stuttering of the
// claim read as an automaton (ClaimAutomaton), in Siegel's SI normal
// form. Whether d's language is closed under stuttering is not known, so
// an error found with it must be checked against d along its trail. It
// returns a nil claim and the reason when there is none.
func NeverClosureClaim(m *ast.Model, d *ast.NeverDecl, ignoreAssert bool) (*ast.NeverDecl, string) {
	a, props, _, why := readClaim(m, d, ignoreAssert)
	return closureClaim(d, a, props, why, false)
}

// NeverEndClosureClaim is NeverClosureClaim for a search without -a,
// which checks a claim only for its end and for the assertions of the
// system (and its own) along the runs it can follow: the closure under
// stuttering of the claim read as an automaton with its end as the only
// accepting state, in SI normal form, every state kept (the claim's runs
// on finite words, its end included, are those of the closure).
func NeverEndClosureClaim(m *ast.Model, d *ast.NeverDecl, ignoreAssert bool) (*ast.NeverDecl, string) {
	a, props, _, why := readClaim(m, d, ignoreAssert)
	return closureClaim(d, a, props, why, true)
}

// closureClaim is NeverClosureClaim for claim d read as a with
// propositions props (or not read, for the reason why); with endOnly
// (NeverEndClosureClaim) the claim's accept labels are dropped first.
//
// Every state of the closure and of its normal form is kept, also those
// from which no accepting cycle is reachable
// (ltl.StutterClosurePrefixes): a claim written by hand may move to a
// state from which it can only block later, and until it blocks the
// system's assertions are checked along its run (pan: "if within scope
// of claim"). Trimmed, the closure would block at once and lose them.
// The states derived from the claim's end are ends (ltl.State.End): the
// closure ends where the claim does, and is reported at once.
func closureClaim(d *ast.NeverDecl, a *ltl.Automaton, props []ast.Expr, why string, endOnly bool) (*ast.NeverDecl, string) {
	if a == nil {
		return nil, why
	}
	if len(a.States)<<uint(len(props)) > maxClosureSize {
		return nil, fmt.Sprintf("the claim is too large for the closure under stuttering (%d states, %d propositions)", len(a.States), len(props))
	}
	if endOnly {
		b := *a
		b.States = append([]ltl.State(nil), a.States...)
		for i := range b.States {
			b.States[i].Accepting = b.States[i].End
		}
		a = &b
	}
	c := ltl.StutterClosurePrefixes(a)
	if c == nil {
		return nil, "no closure under stuttering"
	}
	b := ltl.SINormalFormPrefixes(c)
	if b == nil {
		return nil, "no SI normal form of the closure under stuttering"
	}
	if n := claimTerms(b); n > maxClaimTerms {
		return nil, fmt.Sprintf("the claim's closure under stuttering is too large in SI normal form (%d guard terms)", n)
	}
	return NeverClaim(b, props, d.Name, d.NeverPos), ""
}

// NeverInvariant reports whether never claim d of model m checks an
// invariant: read as an automaton (ClaimAutomaton, a failing assert
// ending the claim), it stays in its first state, which is not
// accepting, or moves to its end, and nothing else. It then reports an error exactly when a state satisfying
// the conditions to its end is reached along states satisfying those of
// its self-loops (G U E, without X), and it has no accepting cycle but at
// its end, so that, as for an ltl invariant, the search for its end (with
// or without -a) may be reduced on the product with the claim's
// variables visible (verify.Options.ClaimInvariant).
func NeverInvariant(m *ast.Model, d *ast.NeverDecl, ignoreAssert bool) bool {
	a, _, end, _ := readClaim(m, d, ignoreAssert)
	return invariantShape(a, end)
}

// invariantShape is NeverInvariant for a claim read as a, its end end.
func invariantShape(a *ltl.Automaton, end int) bool {
	return a != nil && end >= 0 && !a.States[a.Init].Accepting && waits(a, end)
}

// ClaimInert reports whether never claim d of model m can report nothing
// and prune nothing in a search without -a: read as an automaton
// (ClaimAutomaton), it cannot reach its end (nor fail an assertion), and
// its first state has a self-loop on true. Every run of the system is
// then followed by the claim (staying in its first state), so the states
// of the system a search with the claim reaches are those it reaches
// without it, and its errors (the system's: assertions and run-time
// errors; pan checks no invalid end states with a claim) are the same.
func ClaimInert(m *ast.Model, d *ast.NeverDecl, ignoreAssert bool) bool {
	a, _, end, _ := readClaim(m, d, ignoreAssert)
	return inertShape(a, end)
}

// inertShape is ClaimInert for a claim read as a, its end end.
func inertShape(a *ltl.Automaton, end int) bool {
	return a != nil && end < 0 && loopsOnTrue(a)
}

// loopsOnTrue reports whether a's first state has a self-loop on true.
func loopsOnTrue(a *ltl.Automaton) bool {
	for _, e := range a.States[a.Init].Edges {
		if e.To == a.Init && e.Guard.IsTrue() {
			return true
		}
	}
	return false
}

// NeverWaits reports whether never claim d of model m, searched without
// -a, checks an invariant in the wider sense that the search for the
// claim's end may be reduced as a safety search: read as an automaton
// (ClaimAutomaton), it stays in its first state or moves to its end, if
// it has one, and nothing else; whether the first state is accepting does
// not matter without -a. A claim without an end only prunes: the search
// covers the states reached along states that satisfy the conditions of
// its self-loops (G U false), whose errors reduction keeps as it keeps
// those of an invariant.
func NeverWaits(m *ast.Model, d *ast.NeverDecl, ignoreAssert bool) bool {
	a, _, end, _ := readClaim(m, d, ignoreAssert)
	return a != nil && waits(a, end)
}

// waits reports whether a's first state has edges only to itself and to
// end (-1: no end).
func waits(a *ltl.Automaton, end int) bool {
	if a.Init == end {
		return false
	}
	for _, e := range a.States[a.Init].Edges {
		if e.To != a.Init && e.To != end {
			return false
		}
	}
	return true
}
