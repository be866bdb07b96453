package ltl

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

func (a *Automaton) isAcceptAll(i int) bool { return a.States[i].Name == "accept_all" }

// NeverClaim prints the automaton as a SPIN never claim, naming
// proposition i names[i] (expressions that are not plain identifiers are
// parenthesized). The initial state comes first; an accepting state whose
// only edge is a true self-loop is printed as accept_all: skip.
func (a *Automaton) NeverClaim(w io.Writer, names []string) {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	comment := strings.ReplaceAll(a.Formula, "*/", "* /")
	fmt.Fprintf(bw, "never  {    /* %s */\n", comment)
	order := []int{a.Init}
	for i := range a.States {
		if i != a.Init && !a.isAcceptAll(i) {
			order = append(order, i)
		}
	}
	for i := range a.States {
		if i != a.Init && a.isAcceptAll(i) {
			order = append(order, i)
		}
	}
	for _, i := range order {
		s := &a.States[i]
		fmt.Fprintf(bw, "%s:\n", s.Name)
		if a.isAcceptAll(i) && i != a.Init {
			fmt.Fprintf(bw, "\tskip\n")
			continue
		}
		if len(s.Edges) == 0 {
			fmt.Fprintf(bw, "\tfalse;\n")
			continue
		}
		fmt.Fprintf(bw, "\tif\n")
		for _, e := range s.Edges {
			fmt.Fprintf(bw, "\t:: %s -> goto %s\n", e.Guard.Format(names), a.States[e.To].Name)
		}
		fmt.Fprintf(bw, "\tfi;\n")
	}
	fmt.Fprintf(bw, "}\n")
}

func hoaGuard(g Guard) string { return g.format(guardSyntax{"f", "t", "&", " | ", false, itoa}) }

// HOA prints the automaton in the Hanoi Omega-Automata format (state-based
// Büchi acceptance), with the properties it can tell (WriteHOA).
func (a *Automaton) HOA(w io.Writer, names []string) { a.WriteHOA(w, names, HOAInfo{}) }

// HOAInfo is what a HOA header says beyond the automaton itself.
type HOAInfo struct {
	// Tool and Version make the tool: line (none when Tool is empty).
	Tool, Version string
	// StutterInvariant and StutterSensitive give the language's
	// stutter-invariant or stutter-sensitive property (see
	// StutterInvariance); neither when unknown.
	StutterInvariant, StutterSensitive bool
}

// hoaString quotes s as a HOA string: backslash and double quote are
// escaped with a backslash.
func hoaString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('"')
	return b.String()
}

// HOAProperties lists the HOA properties of the automaton: those true by
// construction (trans-labels explicit-labels no-univ-branch, and
// state-acc or trans-acc), those checked (deterministic, complete, and
// with state-based acceptance weak, very-weak, named only when they
// hold), and the stutter property given in info.
func (a *Automaton) HOAProperties(info HOAInfo) []string {
	acc := "state-acc"
	if !a.stateBased() {
		acc = "trans-acc"
	}
	props := []string{"trans-labels", "explicit-labels", acc, "no-univ-branch"}
	if a.Deterministic() {
		props = append(props, "deterministic")
	}
	if c, ok := a.Complete(); c && ok {
		props = append(props, "complete")
	}
	if a.stateBased() {
		if weak, very := a.Weak(); very {
			props = append(props, "very-weak")
		} else if weak {
			props = append(props, "weak")
		}
	}
	switch {
	case info.StutterInvariant:
		props = append(props, "stutter-invariant")
	case info.StutterSensitive:
		props = append(props, "stutter-sensitive")
	}
	return props
}

// WriteHOA prints the automaton in the Hanoi Omega-Automata format
// (Büchi acceptance on states, or generalized Büchi on edges): name (the
// formula), tool (from info), and the properties of HOAProperties.
func (a *Automaton) WriteHOA(w io.Writer, names []string, info HOAInfo) {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	fmt.Fprintf(bw, "HOA: v1\n")
	if info.Tool != "" {
		fmt.Fprintf(bw, "tool: %s", hoaString(info.Tool))
		if info.Version != "" {
			fmt.Fprintf(bw, " %s", hoaString(info.Version))
		}
		fmt.Fprintf(bw, "\n")
	}
	if a.Formula != "" {
		fmt.Fprintf(bw, "name: %s\n", hoaString(a.Formula))
	}
	fmt.Fprintf(bw, "States: %d\nStart: %d\nAP: %d", len(a.States), a.Init, a.NumProps)
	for i := 0; i < a.NumProps; i++ {
		n := "p" + itoa(i)
		if i < len(names) {
			n = names[i]
		}
		fmt.Fprintf(bw, " %s", hoaString(n))
	}
	fmt.Fprintf(bw, "\n%s\nproperties: %s\n--BODY--\n", a.hoaAcceptance(), strings.Join(a.HOAProperties(info), " "))
	for i, s := range a.States {
		fmt.Fprintf(bw, "State: %d %s", i, hoaString(s.Name))
		if a.stateBased() && s.Accepting {
			fmt.Fprintf(bw, " {0}")
		}
		fmt.Fprintf(bw, "\n")
		for _, e := range s.Edges {
			fmt.Fprintf(bw, "[%s] %d%s\n", hoaGuard(e.Guard), e.To, a.hoaMarks(e.Marks))
		}
	}
	fmt.Fprintf(bw, "--END--\n")
}

// hoaAcceptance is the acc-name and Acceptance lines of the automaton's
// acceptance condition: Büchi, generalized Büchi with NumSets sets, or
// all (no set: every infinite run accepted).
func (a *Automaton) hoaAcceptance() string {
	n := a.numSets()
	switch n {
	case 0:
		return "acc-name: all\nAcceptance: 0 t"
	case 1:
		return "acc-name: Buchi\nAcceptance: 1 Inf(0)"
	}
	infs := make([]string, n)
	for i := range infs {
		infs[i] = "Inf(" + itoa(i) + ")"
	}
	return "acc-name: generalized-Buchi " + itoa(n) + "\nAcceptance: " + itoa(n) + " " + strings.Join(infs, "&")
}

// hoaMarks is an edge's acceptance sets in HOA syntax (" {0 2}"), empty
// with state-based acceptance or no set.
func (a *Automaton) hoaMarks(m uint64) string {
	if a.stateBased() || m == 0 {
		return ""
	}
	var sets []string
	for i := 0; i < 64; i++ {
		if m>>uint(i)&1 != 0 {
			sets = append(sets, itoa(i))
		}
	}
	return " {" + strings.Join(sets, " ") + "}"
}

// DOT prints the automaton in Graphviz's DOT language.
func (a *Automaton) DOT(w io.Writer, names []string) {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	fmt.Fprintf(bw, "digraph never {\n\trankdir=LR;\n\tnode [shape=circle];\n\tinit [shape=point];\n\tinit -> s%d;\n", a.Init)
	for i, s := range a.States {
		shape := "circle"
		if s.Accepting {
			shape = "doublecircle"
		}
		fmt.Fprintf(bw, "\ts%d [label=%q, shape=%s];\n", i, s.Name, shape)
	}
	for i, s := range a.States {
		for _, e := range s.Edges {
			fmt.Fprintf(bw, "\ts%d -> s%d [label=%q];\n", i, e.To, e.Guard.Format(names))
		}
	}
	fmt.Fprintf(bw, "}\n")
}
