package por

import (
	"context"
	"testing"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
)

func runLeap(t *testing.T, m *procs) *search.Result {
	t.Helper()
	res, err := search.Run(context.Background(), New(m, m, Config{Leap: true}), search.Options{StopAfter: 1})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// replay follows steps from the initial state and returns the violation
// of the last step (nil if none); it fails the test when a step is not
// enabled.
func replay(t *testing.T, m pins.Model, steps []search.Step) *pins.Violation {
	t.Helper()
	s, err := m.Initial(nil)
	if err != nil {
		t.Fatal(err)
	}
	var last *pins.Violation
	for i, st := range steps {
		var next []byte
		k := 0
		m.Next(s, func(tr *pins.Transition, succ []byte) bool {
			if tr.Pid != st.Pid || tr.Group != st.Group {
				return true
			}
			if k == st.K {
				next = append([]byte(nil), succ...)
				last = nil
				if tr.Violation != nil {
					v := *tr.Violation
					last = &v
				}
				return false
			}
			k++
			return true
		})
		if next == nil {
			t.Fatalf("step %d %+v is not enabled", i, st)
		}
		s = next
	}
	return last
}

// The leap sets of safety searches (leapsafety.go), on the toy model of
// ample_test.go.

// TestLeapIndependent: three independent processes of four steps each;
// a leap takes one step of each, so the search stores only the diagonal
// (5 states; ample sets store one interleaving, 13; the full search 125).
func TestLeapIndependent(t *testing.T) {
	m := &procs{n: 3, k: 4, unsafe: -1, assertAt: -1}
	res := runLeap(t, m)
	if res.StatesStored != 5 || res.Reduced == 0 || res.LeapSteps == 0 || !res.Complete {
		t.Errorf("leap search stored %d states (%d leaps, %d leap steps, complete %v), want 5", res.StatesStored, res.Reduced, res.LeapSteps, res.Complete)
	}
	// the final state is a deadlock; as an invalid end state it is found
	m = &procs{n: 3, k: 4, unsafe: -1, assertAt: -1, badEnd: true}
	res = runLeap(t, m)
	if len(res.Errors) != 1 || res.Errors[0].Violation.Kind != pins.InvalidEndState {
		t.Fatalf("errors %v, want one invalid end state", res.Errors)
	}
	if got := len(res.Errors[0].Trail); got != 12 {
		t.Errorf("trail of %d steps, want 12 (every step of every process)", got)
	}
	replay(t, m, res.Errors[0].Trail)
}

// TestLeapCycleProviso: process 1 loops on its own forever and is the only
// candidate; process 0 (not safe) violates an assertion at its third step.
// The leaps follow process 1's loop; when it closes on the stack, the
// state also gets process 0's step followed by process 1's, so the
// violation is found, and its trail replays to it.
func TestLeapCycleProviso(t *testing.T) {
	m := &procs{n: 2, k: 3, cyclic: map[int]bool{1: true}, unsafe: 0, assertAt: 2}
	res := runLeap(t, m)
	if len(res.Errors) != 1 || res.Errors[0].Violation.Kind != pins.Assertion {
		t.Fatalf("errors %v, want the assertion", res.Errors)
	}
	if v := replay(t, m, res.Errors[0].Trail); v == nil || v.Kind != pins.Assertion {
		t.Errorf("the trail replays to %v, not to the assertion", v)
	}
	// both loop, both safe: the search ends and stores no more than the
	// full one
	m = &procs{n: 2, k: 3, cyclic: map[int]bool{0: true, 1: true}, unsafe: -1, assertAt: -1}
	full, err := search.Run(context.Background(), m, search.Options{StopAfter: 1})
	if err != nil {
		t.Fatal(err)
	}
	res = runLeap(t, m)
	if !res.Complete || res.StatesStored > full.StatesStored {
		t.Errorf("cyclic: stored %d with leaps, %d full", res.StatesStored, full.StatesStored)
	}
}

// TestLeapTimeout: states whose steps are timeouts take no leaps.
func TestLeapTimeout(t *testing.T) {
	m := &procs{n: 2, k: 2, unsafe: -1, assertAt: -1, timeout: true}
	res := runLeap(t, m)
	if res.Reduced != 0 || res.StatesStored != 9 {
		t.Errorf("timeout steps leapt: %d states, %d leaps", res.StatesStored, res.Reduced)
	}
}

// TestLeapViolationInside: three safe processes of two steps, process 1
// failing an assertion at its second. The first leap (one step of each)
// ends at (1,1,1), stored at depth 1; the next leap takes process 2's
// step, then process 1's, which fails: the error is reported when
// (1,1,1) is expanded, before anything else is stored, at the depth of
// the failing step inside the leap (1 + 2), and its trail is every step
// of both leaps up to it (3 + 2), which replays to the assertion.
func TestLeapViolationInside(t *testing.T) {
	m := &procs{n: 3, k: 2, unsafe: -1, assertAt: 2, failProc: map[int]bool{1: true}}
	res := runLeap(t, m)
	if len(res.Errors) != 1 || res.Errors[0].Violation.Kind != pins.Assertion {
		t.Fatalf("errors %v, want the assertion", res.Errors)
	}
	e := res.Errors[0]
	if e.Depth != 3 || len(e.Trail) != 5 || res.StatesStored != 2 || res.Transitions != 2 {
		t.Errorf("error at depth %d with a trail of %d steps, %d states stored, %d transitions; want depth 3, 5 steps, 2 states, 2 transitions", e.Depth, len(e.Trail), res.StatesStored, res.Transitions)
	}
	if v := replay(t, m, e.Trail); v == nil || v.Kind != pins.Assertion {
		t.Errorf("the trail replays to %v, not to the assertion", v)
	}
}
