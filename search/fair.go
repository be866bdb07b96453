package search

import (
	"errors"

	"github.com/gospin/gospin/pins"
)

// fairModel unfolds a model for weak fairness as SPIN does (pan -f,
// Choueka's construction): each state carries a counter c. In copy 0 the
// counter moves to 1 on leaving an accepting state; in copy i (1..N, N the
// number of processes) it moves to i+1 when process i-1 takes a step or
// has nothing enabled; from copy N+1 it returns to 0. A cycle through a
// state of copy N+1 passes an accepting state and gives every process
// that is enabled all along the cycle a step: a weakly fair acceptance
// cycle. The model's accepting states are replaced by the states of copy
// N+1.
type fairModel struct {
	m       pins.Model
	procs   pins.ProcCounter
	buf     []byte
	tr      pins.Transition
	enabled []bool
}

func newFairModel(m pins.Model, pc pins.ProcCounter) *fairModel {
	return &fairModel{m: m, procs: pc}
}

// NewFair returns m (a pins.ProcCounter) unfolded for weak fairness, for
// a partial-order reduction layer to wrap (docs/por-ltl.md, "Weak
// fairness"): its states are m's with the counter's byte appended, its
// transitions m's, and which processes are enabled is read on m itself,
// unreduced. A search of it runs with Options.Fair and FairUnfolded.
func NewFair(m pins.Model) (pins.Model, error) {
	pc, ok := m.(pins.ProcCounter)
	if !ok {
		return nil, errors.New("weak fairness needs a model that counts its processes")
	}
	return newFairModel(m, pc), nil
}

// InitialViolation forwards the wrapped model's run-time error of an
// initializer (pins.InitialViolator), if any.
func (f *fairModel) InitialViolation() *pins.Violation {
	if iv, ok := f.m.(pins.InitialViolator); ok {
		return iv.InitialViolation()
	}
	return nil
}

func (f *fairModel) Initial(dst []byte) ([]byte, error) {
	s, err := f.m.Initial(dst)
	if err != nil {
		return nil, err
	}
	return append(s, 0), nil
}

func (f *fairModel) Info() *pins.Info { return f.m.Info() }

func (f *fairModel) Status(s []byte) pins.StateStatus {
	sys := s[: len(s)-1 : len(s)-1]
	st := f.m.Status(sys) &^ pins.Accepting
	if int(s[len(s)-1]) == f.procs.NumProcs(sys)+1 {
		st |= pins.Accepting
	}
	return st
}

func (f *fairModel) Next(s []byte, yield func(t *pins.Transition, succ []byte) bool) {
	sys := s[: len(s)-1 : len(s)-1]
	c := int(s[len(s)-1])
	n := f.procs.NumProcs(sys)
	accepting := f.m.Status(sys)&pins.Accepting != 0
	if c >= 1 && c <= n {
		// which processes can move here (for "has nothing enabled")
		if cap(f.enabled) < n {
			f.enabled = make([]bool, n)
		}
		f.enabled = f.enabled[:n]
		for i := range f.enabled {
			f.enabled[i] = false
		}
		f.m.Next(sys, func(t *pins.Transition, _ []byte) bool {
			if t.Pid >= 0 && t.Pid < n {
				f.enabled[t.Pid] = true
			}
			if t.Pid2 >= 0 && t.Pid2 < n {
				f.enabled[t.Pid2] = true
			}
			return true
		})
	}
	f.m.Next(sys, func(t *pins.Transition, succ []byte) bool {
		next := c
		switch {
		case c == 0:
			if accepting {
				next = 1
			}
		case c <= n:
			p := c - 1
			if t.Pid == p || t.Pid2 == p || !f.enabled[p] {
				next = c + 1
			}
		default:
			next = 0
		}
		if next > 255 {
			next = 0
		}
		f.buf = append(append(f.buf[:0], succ...), byte(next))
		f.tr = *t
		return yield(&f.tr, f.buf)
	})
}

// NewFairNonProgress is NewFair for prod, the product of m with the
// non-progress claim in SI normal form (NonProgressSI): its processes are
// m's. A search of it (or of a layer over it) runs with Options.Fair,
// FairUnfolded, NonProgress and NPProductOf m.
func NewFairNonProgress(prod, m pins.Model) (pins.Model, error) {
	pc, ok := m.(pins.ProcCounter)
	if !ok {
		return nil, errors.New("weak fairness needs a model that counts its processes")
	}
	return newFairModel(prod, npCounter{pc}), nil
}
