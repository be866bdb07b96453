package por

import (
	"context"
	"testing"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
)

// backProcs is procs whose transition groups are one per process and
// counter value (the "location" the step leaves): group p*(k+1)+v. The
// back edges of each process's control flow are the steps from k (the
// wrap of a cyclic process), or none when lie is set (a wrong fact, which
// the static proviso must then get wrong too).
type backProcs struct {
	*procs
	lie bool
}

func (m *backProcs) Next(s []byte, yield func(*pins.Transition, []byte) bool) {
	m.procs.Next(s, func(t *pins.Transition, succ []byte) bool {
		u := *t
		u.Group = t.Pid*(m.k+1) + int(s[t.Pid])
		return yield(&u, succ)
	})
}

func (m *backProcs) BackEdge(g int) bool { return !m.lie && g%(m.k+1) == m.k }

// everyCycles is a pins.Cycles for which every stored state closes a
// cycle (closes) or none does.
type everyCycles struct {
	closes bool
	exp    pins.Expansion
}

func (c *everyCycles) Lookup([]byte) (uint64, bool) { return 0, true }
func (c *everyCycles) Closes(uint64) bool           { return c.closes }
func (c *everyCycles) Expanding() pins.Expansion    { return c.exp }
func (c *everyCycles) Aux(uint64) []byte            { return nil }

func runStatic(t *testing.T, m *backProcs) *search.Result {
	t.Helper()
	l := New(m, m, Config{Static: true})
	if !l.Static() {
		t.Fatal("the static proviso is not in force")
	}
	res, err := search.Run(context.Background(), l, search.Options{StopAfter: 1})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestStaticProviso: process 1 loops on its own; the assertion of process
// 0 is found only if some state of the loop is expanded fully. The static
// proviso does so where the loop's back edge (the step from k) is
// enabled; with a lying BackEdger that marks no step the reduced graph
// is the loop alone and the error is missed, which shows that the facts,
// not the search, make the proviso.
func TestStaticProviso(t *testing.T) {
	m := &backProcs{procs: &procs{n: 2, k: 3, cyclic: map[int]bool{1: true}, unsafe: 0, assertAt: 2}}
	red := runStatic(t, m)
	if len(red.Errors) != 1 || red.Reduced == 0 || red.ProvisoFallbacks == 0 {
		t.Errorf("static: errors %v, %d reduced, %d fallbacks; want the assertion, reduced states and fallbacks", red.Errors, red.Reduced, red.ProvisoFallbacks)
	}
	m.lie = true
	if red := runStatic(t, m); len(red.Errors) != 0 || red.StatesStored != 4 {
		t.Errorf("static with no back edge marked: errors %v, %d states; want none found in the 4 states of the loop", red.Errors, red.StatesStored)
	}
	// all cyclic, all safe: complete, never more than the full search
	m = &backProcs{procs: &procs{n: 3, k: 3, cyclic: map[int]bool{0: true, 1: true, 2: true}, unsafe: -1, assertAt: -1}}
	full := runPOR(t, m.procs, false)
	red = runStatic(t, m)
	if !red.Complete || red.StatesStored >= full.StatesStored || red.Reduced == 0 {
		t.Errorf("cyclic: stored %d reduced (%d reduced), %d full", red.StatesStored, red.Reduced, full.StatesStored)
	}
}

// TestStaticFunctionOfState: with the static proviso, the reduced set of
// each state is the same whatever the search answers (every state on the
// stack, or none), and not with the stack proviso.
func TestStaticFunctionOfState(t *testing.T) {
	m := &backProcs{procs: &procs{n: 3, k: 2, cyclic: map[int]bool{0: true, 2: true}, unsafe: 1, assertAt: -1}}
	succs := func(static, closes bool, s []byte) []int {
		c := &everyCycles{closes: closes, exp: pins.Expansion{Known: true}}
		v := New(m, m, Config{Static: static}).Bind(c, false)
		var pids []int
		v.Next(s, func(t *pins.Transition, _ []byte) bool { pids = append(pids, t.Pid*10+t.Group); return true })
		return pids
	}
	differ := 0
	s := make([]byte, 3)
	for a := range 3 {
		for b := range 3 {
			for c := range 3 {
				s[0], s[1], s[2] = byte(a), byte(b), byte(c)
				x, y := succs(true, true, s), succs(true, false, s)
				if len(x) != len(y) {
					t.Fatalf("state %v: static sets %v and %v differ with the search's answers", s, x, y)
				}
				for i := range x {
					if x[i] != y[i] {
						t.Fatalf("state %v: static sets %v and %v differ with the search's answers", s, x, y)
					}
				}
				if len(succs(false, true, s)) != len(succs(false, false, s)) {
					differ++
				}
			}
		}
	}
	if differ == 0 {
		t.Error("the stack proviso's sets never depend on the search: the test shows nothing")
	}
}
