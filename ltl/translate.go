package ltl

import "sort"

// Options tunes Translate. The zero value gives the smallest automata.
type Options struct {
	// NoSimulation disables the simulation-based reductions.
	NoSimulation bool
	// NoPostProcessing keeps the degeneralized automaton as built (only
	// unreachable and dead states are removed): for testing.
	NoPostProcessing bool
	// NoWDBA disables the weak deterministic automaton construction used
	// for obligation properties.
	NoWDBA bool
	// MaxWork bounds the translation's work (see DefaultMaxWork): 0 means
	// DefaultMaxWork, a negative value no bound.
	MaxWork int

	// peak, when set, receives the largest work count of the
	// translation's factories (tests measure the bound with it).
	peak *int
}

// Automaton is a state-based Büchi automaton (the convention of SPIN's
// never claims): a run is accepted when it visits accepting states
// infinitely often. Edge guards are DNFs over proposition indices
// 0..NumProps-1.
type Automaton struct {
	States   []State
	Init     int
	NumProps int
	// Formula is the translated formula in SPIN syntax, printed as the
	// never claim's comment (optional).
	Formula string
}

// State is one state of an Automaton.
type State struct {
	Accepting bool
	Edges     []Edge
	Name      string
	// End: the state stands for a never claim's end (its closing
	// brace), from which every word is accepted: a claim written from
	// the automaton ends on entering it. Set by the reader of a claim
	// written in Promela and kept through StutterClosure and
	// SINormalForm, whose states derived from an end are ends too.
	End bool
}

// Edge is a transition to state To, enabled when Guard holds.
type Edge struct {
	To    int
	Guard Guard
}

// Translate builds a state-based Büchi automaton accepting exactly the
// words that satisfy f (pass the negation of a property to get a never
// claim, as with spin -f). It panics with the error TryTranslate would
// return (a *TooLargeError or *LimitError) for a formula beyond the
// translator's limits.
func Translate(f *Formula, opt Options) *Automaton {
	a, err := TryTranslate(f, opt)
	if err != nil {
		panic(err)
	}
	return a
}

// TryTranslate is Translate returning an error for a formula beyond the
// translator's limits: a *TooLargeError when the work bound
// (opt.MaxWork) is exceeded, a *LimitError beyond 64 propositions or 64
// eventualities. Both errors' texts start with "formula too large".
func TryTranslate(f *Formula, opt Options) (a *Automaton, err error) {
	defer catchLimit(&err)
	return translate(f, opt), nil
}

func translate(f *Formula, opt Options) *Automaton {
	np := f.NumProps()
	if np > 64 {
		panic(&LimitError{"more than 64 propositions"})
	}
	b := buildBA(f, np, opt)
	if !opt.NoSimulation && !opt.NoPostProcessing && !opt.NoWDBA && np <= maxWDBAProps && b.n > 2 && b.n <= 64 && b.withTT() && !b.deterministic() {
		nb := buildBA(Not(f), np, opt)
		if nb.withTT() {
			if w := tryWDBA(b, nb); w != nil {
				bs, ws := b.n, w.n
				if ws < bs || (ws == bs && w.numEdges() <= b.numEdges()) {
					b = w
				}
			}
		}
	}
	out := b.export()
	out.Formula = f.String()
	return out
}

// buildBA runs the translation up to the reduced state-based automaton.
func buildBA(f *Formula, np int, opt Options) *aut {
	fc := newFactory()
	fc.limit = opt.maxWork()
	g := fc.nnf(f, false)
	a := buildTGBA(fc, g, np)
	a = a.filter()
	if !opt.NoSimulation && !opt.NoPostProcessing {
		a = a.reduceSim()
	}
	// Degeneralization builds, per candidate order, up to nacc+1 copies
	// of the TGBA, then filters and reduces them: charge that up front.
	perms := permutations(a.nacc)
	fc.spend(3 * len(perms) * (a.n + a.numEdges()) * (a.nacc + 1))
	var cands []*aut
	for _, order := range perms {
		for mode := 0; mode < 3; mode++ {
			cands = append(cands, a.degeneralize(order, mode).filter())
		}
	}
	if opt.peak != nil && fc.work > *opt.peak {
		*opt.peak = fc.work
	}
	sort.SliceStable(cands, func(i, j int) bool { return smaller(cands[i], cands[j]) })
	keep := 6 // trying several candidates pays off on small automata only
	if cands[0].n > 30 {
		keep = 1
	}
	if len(cands) > keep {
		cands = cands[:keep]
	}
	if opt.NoSimulation || opt.NoPostProcessing {
		return cands[0]
	}
	var b *aut
	for _, c := range cands {
		c = c.reduceSim()
		for i := 0; i < 2; i++ {
			n := c.n
			c = c.reverseQuotient()
			if c.n == n {
				break
			}
			c = c.reduceSim()
		}
		if b == nil || smaller(c, b) {
			b = c
		}
	}
	return b
}

// smaller orders automata by states, then edges.
func smaller(x, y *aut) bool {
	return x.n < y.n || (x.n == y.n && x.numEdges() < y.numEdges())
}

// export converts an internal state-based automaton (state 0 initial).
func (a *aut) export() *Automaton {
	out := &Automaton{NumProps: a.np, Init: 0}
	for q := 0; q < a.n; q++ {
		st := State{Accepting: a.sacc[q]}
		for _, e := range a.edges[q] {
			g := e.g
			if a.tc != nil {
				if e.t == nil {
					e.t = a.tc.guard(g)
				}
				g = a.tc.dnf(e.t)
			}
			if len(g) == 0 {
				continue
			}
			st.Edges = append(st.Edges, Edge{To: e.dst, Guard: g})
		}
		out.States = append(out.States, st)
	}
	out.name()
	return out
}

// name assigns SPIN-style labels: T0_init / accept_init for the initial
// state, accept_all for an accepting state whose only edge is a true
// self-loop, accept_S<i> and T0_S<i> for the others.
func (a *Automaton) name() {
	all := false
	for i := range a.States {
		s := &a.States[i]
		switch {
		case i == a.Init && s.Accepting:
			s.Name = "accept_init"
		case i == a.Init:
			s.Name = "T0_init"
		case !all && s.Accepting && len(s.Edges) == 1 && s.Edges[0].To == i && s.Edges[0].Guard.IsTrue():
			s.Name = "accept_all"
			all = true
		case s.Accepting:
			s.Name = "accept_S" + itoa(i)
		default:
			s.Name = "T0_S" + itoa(i)
		}
	}
}

// Stats returns the number of states, of edges and of acceptance sets (1:
// state-based Büchi).
func (a *Automaton) Stats() (states, edges, accSets int) {
	for _, s := range a.States {
		edges += len(s.Edges)
	}
	return len(a.States), edges, 1
}

// permutations lists the orders of n acceptance sets tried by the
// degeneralization (all of them for n ≤ 4, else the identity).
func permutations(n int) [][]int {
	id := make([]int, n)
	for i := range id {
		id[i] = i
	}
	if n <= 1 || n > 4 {
		return [][]int{id}
	}
	var out [][]int
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			out = append(out, append([]int(nil), id...))
			return
		}
		for i := k; i < n; i++ {
			id[k], id[i] = id[i], id[k]
			rec(k + 1)
			id[k], id[i] = id[i], id[k]
		}
	}
	rec(0)
	return out
}
