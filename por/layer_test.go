package por

import (
	"testing"

	"github.com/gospin/gospin/pins"
)

// fakeCycles answers the cycle proviso for a layer bound outside a
// search: every state is stored, and closes says whether it closes a
// cycle.
type fakeCycles struct {
	closes bool
	exp    pins.Expansion
}

func (c *fakeCycles) Lookup(s []byte) (uint64, bool) { return 0, true }
func (c *fakeCycles) Closes(uint64) bool             { return c.closes }
func (c *fakeCycles) Expanding() pins.Expansion      { return c.exp }
func (c *fakeCycles) Aux(uint64) []byte              { return nil }

// pidsOf returns the pids of the steps m yields from its initial state.
func pidsOf(m pins.Model, init []byte) []int {
	var pids []int
	m.Next(init, func(t *pins.Transition, _ []byte) bool {
		pids = append(pids, t.Pid)
		return true
	})
	return pids
}

// TestBoundProviso: bound, the layer keeps one safe process's steps (the
// highest pid first, as Next yields them) unless the cycle proviso
// rejects them, and then expands fully and counts a fallback; at an
// intermediate state it does not reduce.
func TestBoundProviso(t *testing.T) {
	m := &procs{n: 3, k: 2, unsafe: 0, assertAt: -1}
	init, _ := m.Initial(nil)
	l := New(m, m, Config{})
	c := &fakeCycles{}
	v := l.Bind(c, false)
	if got := pidsOf(v, init); len(got) != 1 || got[0] != 2 {
		t.Errorf("ample set: pids %v, want [2]", got)
	}
	c.closes = true
	if got := pidsOf(v, init); len(got) != 3 {
		t.Errorf("proviso: pids %v, want all three", got)
	}
	c.closes, c.exp.Intermediate = false, true
	if got := pidsOf(v, init); len(got) != 3 {
		t.Errorf("intermediate state: pids %v, want all three", got)
	}
	if c := l.Counts(); c.Reduced != 1 || c.Fallbacks != 1 {
		t.Errorf("Counts = %d reduced, %d fallbacks; want 1, 1", c.Reduced, c.Fallbacks)
	}
}
