package por

import (
	"context"
	"testing"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
)

// procs is a toy model for partial-order reduction: process p has a local
// counter s[p] in 0..k that its only transition increments (modulo k+1
// when cyclic[p]). Process unsafe (if >= 0) is not safe, and its step to
// the value assertAt violates an assertion. Every step is flagged timeout
// when timeout is set. Deadlocks are invalid end states when badEnd.
type procs struct {
	n, k     int
	cyclic   map[int]bool
	unsafe   int
	assertAt int
	badEnd   bool
	timeout  bool
	failProc map[int]bool // safe processes whose step to assertAt fails too
	succ     []byte
	tr       pins.Transition
	viol     pins.Violation
}

func (m *procs) Initial(dst []byte) ([]byte, error) {
	return append(dst[:0], make([]byte, m.n)...), nil
}

func (m *procs) Next(s []byte, yield func(*pins.Transition, []byte) bool) {
	for p := m.n - 1; p >= 0; p-- {
		v := int(s[p])
		if v >= m.k && !m.cyclic[p] {
			continue
		}
		m.succ = append(m.succ[:0], s...)
		m.succ[p] = byte((v + 1) % (m.k + 1))
		m.tr = pins.Transition{Pid: p, Group: p, Pid2: -1, Group2: -1, Claim: -1}
		if m.timeout {
			m.tr.Flags = pins.Timeout
		}
		if (p == m.unsafe || m.failProc[p]) && int(m.succ[p]) == m.assertAt {
			m.viol = pins.Violation{Kind: pins.Assertion, Message: "assertion violated"}
			m.tr.Violation = &m.viol
		}
		if !yield(&m.tr, m.succ) {
			return
		}
	}
}

func (m *procs) Status(s []byte) pins.StateStatus {
	if m.badEnd {
		return 0
	}
	return pins.ValidEnd
}

func (m *procs) Info() *pins.Info { return &pins.Info{} }

// SafeProcs: every process but m.unsafe is at a location of safe
// transitions.
func (m *procs) SafeProcs(s []byte, dst []bool) []bool {
	dst = dst[:0]
	for p := 0; p < m.n; p++ {
		dst = append(dst, p != m.unsafe)
	}
	return dst
}

func runPOR(t *testing.T, m *procs, reduce bool) *search.Result {
	t.Helper()
	var model pins.Model = m
	if reduce {
		model = New(m, m, Config{})
	}
	res, err := search.Run(context.Background(), model, search.Options{StopAfter: 1})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestPORIndependent(t *testing.T) {
	for _, bad := range []bool{false, true} {
		m := &procs{n: 3, k: 4, unsafe: -1, assertAt: -1, badEnd: bad}
		full, red := runPOR(t, m, false), runPOR(t, m, true)
		if !bad && full.StatesStored != 125 {
			t.Errorf("full search stored %d states, want 125", full.StatesStored)
		}
		// one interleaving: 3*4 steps
		if red.StatesStored != 13 || red.Reduced == 0 { // (with badEnd the full search stops there too)
			t.Errorf("reduced search stored %d states (%d reduced), want 13", red.StatesStored, red.Reduced)
		}
		if len(full.Errors) != len(red.Errors) || (bad && (len(red.Errors) != 1 || red.Errors[0].Violation.Kind != pins.InvalidEndState)) {
			t.Errorf("badEnd=%v: errors %v without reduction, %v with", bad, full.Errors, red.Errors)
		}
	}
}

// TestPORCycleProviso: process 1 loops on its own forever; the assertion
// of process 0 is found only if the search does not follow the loop
// alone: the cycle proviso must expand fully when the loop closes.
func TestPORCycleProviso(t *testing.T) {
	m := &procs{n: 2, k: 3, cyclic: map[int]bool{1: true}, unsafe: 0, assertAt: 2}
	full, red := runPOR(t, m, false), runPOR(t, m, true)
	if len(full.Errors) != 1 || len(red.Errors) != 1 {
		t.Fatalf("errors %v without reduction, %v with", full.Errors, red.Errors)
	}
	if red.Reduced == 0 {
		t.Errorf("no state was reduced")
	}
	// all cyclic, all safe: still complete, every state of the one
	// process's loop visited and the search ends
	m = &procs{n: 2, k: 3, cyclic: map[int]bool{0: true, 1: true}, unsafe: -1, assertAt: -1}
	full, red = runPOR(t, m, false), runPOR(t, m, true)
	if !red.Complete || red.StatesStored > full.StatesStored || red.StatesStored < 4 {
		t.Errorf("cyclic: stored %d reduced, %d full", red.StatesStored, full.StatesStored)
	}
}

// TestPORTimeout: a state whose only steps are timeouts is not reduced.
func TestPORTimeout(t *testing.T) {
	m := &procs{n: 2, k: 2, unsafe: -1, assertAt: -1, timeout: true}
	full, red := runPOR(t, m, false), runPOR(t, m, true)
	if red.Reduced != 0 || red.StatesStored != full.StatesStored {
		t.Errorf("timeout steps reduced: %d states, %d full, %d reduced", red.StatesStored, full.StatesStored, red.Reduced)
	}
}

// TestPORUnbound: a layer that no search bound (a model that wraps it, a
// replay) yields every successor, in the model's order.
func TestPORUnbound(t *testing.T) {
	m := &procs{n: 3, k: 2, unsafe: -1, assertAt: -1}
	l := New(m, m, Config{})
	init, _ := m.Initial(nil)
	var want, got []int
	m.Next(init, func(tr *pins.Transition, _ []byte) bool { want = append(want, tr.Pid); return true })
	l.Next(init, func(tr *pins.Transition, _ []byte) bool { got = append(got, tr.Pid); return true })
	if len(want) != 3 || len(got) != len(want) {
		t.Fatalf("unbound layer yields pids %v, the model %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("unbound layer yields pids %v, the model %v", got, want)
		}
	}
}
