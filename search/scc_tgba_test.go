package search

import (
	"bytes"
	"context"
	"encoding/binary"
	"testing"

	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/pins"
)

// listModel is a small system: states 0..n-1 with successor lists, and
// two propositions per state. It never deadlocks, and says it has a claim
// (as a model with a probe claim does).
type listModel struct {
	succ [][]int
	prop []uint64
	buf  [2]byte
	tr   pins.Transition
}

func (m *listModel) Initial(dst []byte) ([]byte, error) { return append(dst[:0], 0, 0), nil }
func (m *listModel) Info() *pins.Info                   { return &pins.Info{Claim: true} }
func (m *listModel) Status(s []byte) pins.StateStatus   { return pins.ValidEnd }
func (m *listModel) eval(s []byte) uint64               { return m.prop[binary.LittleEndian.Uint16(s)] }
func (m *listModel) evalT(s []byte, _ bool) uint64      { return m.eval(s) }
func (m *listModel) Next(s []byte, yield func(*pins.Transition, []byte) bool) {
	v := binary.LittleEndian.Uint16(s)
	for i, t := range m.succ[v] {
		binary.LittleEndian.PutUint16(m.buf[:], uint16(t))
		m.tr = pins.Transition{Pid: 0, Group: i, Pid2: -1, Group2: -1, Claim: -1}
		if !yield(&m.tr, m.buf[:]) {
			return
		}
	}
}

// baProduct is the product of a listModel with a state-based Büchi
// automaton run as a never claim (it moves first, reading the state
// before the step); the claim's edge is the transition's Claim.
type baProduct struct {
	m   *listModel
	a   *ltl.Automaton
	buf []byte
	tr  pins.Transition
}

func (p *baProduct) Initial(dst []byte) ([]byte, error) {
	return append(dst[:0], 0, 0, byte(p.a.Init)), nil
}
func (p *baProduct) Info() *pins.Info { return &pins.Info{Claim: true} }
func (p *baProduct) Status(s []byte) pins.StateStatus {
	if p.a.States[s[2]].Accepting {
		return pins.ValidEnd | pins.Accepting
	}
	return pins.ValidEnd
}
func (p *baProduct) Next(s []byte, yield func(*pins.Transition, []byte) bool) {
	v := p.m.eval(s[:2])
	for ei, e := range p.a.States[s[2]].Edges {
		if !e.Guard.Eval(v) {
			continue
		}
		for i, t := range p.m.succ[binary.LittleEndian.Uint16(s)] {
			p.buf = append(binary.LittleEndian.AppendUint16(p.buf[:0], uint16(t)), byte(e.To))
			p.tr = pins.Transition{Pid: 0, Group: i, Pid2: -1, Group2: -1, Claim: ei}
			if !yield(&p.tr, p.buf) {
				return
			}
		}
	}
}

// twoLoops: from state 0 the system enters either a loop of n states
// where p holds on every other state, or one where q does; with
// together, the first loop has both come around. Proposition r holds at
// the first state of each loop.
func twoLoops(n int, together bool) *listModel {
	const p, q, r = 1, 2, 4
	m := &listModel{succ: [][]int{{1, n + 1}}, prop: []uint64{0}}
	for l := 0; l < 2; l++ {
		first := 1 + l*n
		for i := 0; i < n; i++ {
			next := first + (i+1)%n
			m.succ = append(m.succ, []int{next})
			var v uint64
			if i%2 == 0 {
				v = p
				if l == 1 {
					v = q
				}
				if together && i%4 == 0 {
					v = p | q
				}
			}
			if i == 0 {
				v |= r
			}
			m.prop = append(m.prop, v)
		}
	}
	return m
}

// TestTGBAProductSmaller: a TGBA with two acceptance sets ([]<>p &&
// []<>q, one state) gives a product with fewer states than its
// degeneralization (a Büchi automaton with more states) does, searched
// either by nested DFS or by the SCC check; all agree on emptiness, and a
// counterexample on the TGBA maps onto the Büchi automaton's product
// (ClaimTrail) as a lasso through an accepting state.
func TestTGBAProductSmaller(t *testing.T) {
	cases := []struct {
		formula  string
		together bool
		nonEmpty bool
		smaller  bool // the TGBA's product must be strictly smaller
	}{
		{"[]<> p && []<> q", false, false, true},
		{"[]<> p && []<> q", true, true, false},
		{"[]<> p && []<> q && <>[] !r", true, false, true},
		{"[]<> p && []<> q && <>[] !r", false, false, true},
	}
	for _, c := range cases {
		f, _, err := ltl.Parse(c.formula)
		if err != nil {
			t.Fatal(err)
		}
		tg := ltl.TranslateTGBA(f, ltl.Options{})
		ba := ltl.Translate(f, ltl.Options{})
		if tg.NumSets < 2 {
			t.Fatalf("%s: TGBA with %d acceptance sets", c.formula, tg.NumSets)
		}
		m := twoLoops(50, c.together)
		tres, err := Run(context.Background(), m, Options{Accept: true, SCC: true, Property: &Property{Aut: tg, Eval: m.evalT}})
		if err != nil {
			t.Fatal(err)
		}
		bp := &baProduct{m: m, a: ba}
		nd, err := Run(context.Background(), bp, Options{Accept: true})
		if err != nil {
			t.Fatal(err)
		}
		sc, err := Run(context.Background(), bp, Options{Accept: true, SCC: true})
		if err != nil {
			t.Fatal(err)
		}
		nonEmpty := len(tres.Errors) > 0
		if (len(nd.Errors) > 0) != nonEmpty || (len(sc.Errors) > 0) != nonEmpty || nonEmpty != c.nonEmpty {
			t.Fatalf("%s together=%v: non-empty: TGBA %v, nested DFS %v, SCC on the Büchi automaton %v", c.formula, c.together, nonEmpty, len(nd.Errors) > 0, len(sc.Errors) > 0)
		}
		t.Logf("%s, together=%v: states visited: TGBA (%d states, %d sets) with SCC %d; Büchi automaton (%d states): nested DFS %d, SCC %d",
			c.formula, c.together, len(tg.States), tg.NumSets, tres.StatesStored, len(ba.States), nd.StatesStored+nd.NestedStored, sc.StatesStored)
		if c.smaller && (tres.StatesStored >= sc.StatesStored || tres.StatesStored >= nd.StatesStored+nd.NestedStored) {
			t.Errorf("%s: the TGBA's product (%d states) is not smaller than the degeneralized one's (SCC %d, nested DFS %d)",
				c.formula, tres.StatesStored, sc.StatesStored, nd.StatesStored+nd.NestedStored)
		}
		if !nonEmpty {
			continue
		}
		e := tres.Errors[0]
		steps, cs, err := ClaimTrail(bp, e.Trail, e.CycleStart, e.Violation.Kind)
		if err != nil {
			t.Fatal(err)
		}
		states := walk(t, bp, steps)
		if cs < 0 || !bytes.Equal(states[cs], states[len(states)-1]) {
			t.Fatalf("ClaimTrail: the cycle (from %d of %d steps) does not close", cs, len(steps))
		}
		acc := false
		for _, s := range states[cs:] {
			acc = acc || bp.Status(s)&pins.Accepting != 0
		}
		if !acc {
			t.Errorf("ClaimTrail: no accepting state on the cycle")
		}
	}
}

// walk follows trail steps (K among the successors of the same Pid and
// Group) and returns the states met.
func walk(t *testing.T, m pins.Model, steps []Step) [][]byte {
	s, _ := m.Initial(nil)
	out := [][]byte{append([]byte(nil), s...)}
	for i, st := range steps {
		var next []byte
		k := 0
		m.Next(s, func(tr *pins.Transition, succ []byte) bool {
			if tr.Pid == st.Pid && tr.Group == st.Group {
				if k == st.K {
					next = append([]byte(nil), succ...)
					return false
				}
				k++
			}
			return true
		})
		if next == nil {
			t.Fatalf("step %d (%v) does not match", i, st)
		}
		s = next
		out = append(out, next)
	}
	return out
}
