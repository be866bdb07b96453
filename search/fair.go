package search

import (
	"errors"

	"github.com/gospin/gospin/pins"
)

// fairModel unfolds a model for weak fairness as SPIN does (pan -f,
// Choueka's construction): each state carries a counter c. In copy 0 the
// counter starts on leaving an accepting state; in copy i (1..N, N the
// number of processes) it waits for process i-1, and moves on when that
// process takes a step or has nothing enabled; from copy N+1 it returns
// to 0. As in pan (its Rule 2, and the restart of its process loop when
// the process whose turn it is cannot move), the processes with nothing
// enabled in the state being expanded are passed over at once, and the
// count starts with the steps that leave the accepting state itself: a
// step goes from copy i to the copy after the first process from i-1 on
// that is enabled in the source (to i+1 past it if it is the one that
// moves), to N+1 when there is none. An accepting state entered while
// the counter is not running is stored in copy 1 (entry), as pan sets
// its counter in the accepting state itself. A cycle through a state of copy N+1
// passes an accepting state and gives every process that is enabled all
// along the cycle a step: a weakly fair acceptance cycle. The model's
// accepting states are replaced by the states of copy N+1.
type fairModel struct {
	m       pins.Model
	procs   pins.ProcCounter
	buf     []byte
	tr      pins.Transition
	enabled []bool
	// the successors of the state being expanded in copies 1..N, their
	// bytes end to end (succs, the i-th ending at ends[i]) and their
	// transitions, generated once for the enabledness and the steps
	succs   []byte
	ends    []int
	trs     []pins.Transition
	collect func(t *pins.Transition, succ []byte) bool
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
	return append(s, f.entry(s)), nil
}

// entry is the copy a state s of the model enters when the counter is
// not running (copy 0): 1 when s is accepting, where the count starts at
// once. A state (s, 0) with s accepting has the transitions of (s, 1)
// (Next counts from process 0 in both), so storing it as (s, 1) merges
// two states that no search can tell apart, as pan does (its Rule 1 sets
// the counter in the accepting state itself: js_fair.pml 10 states
// unreduced, now pan's 8).
func (f *fairModel) entry(s []byte) byte {
	if f.m.Status(s)&pins.Accepting != 0 && f.procs.NumProcs(s) > 0 {
		return 1
	}
	return 0
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
	if c > n || c == 0 && f.m.Status(sys)&pins.Accepting == 0 {
		// not counting: copy 0 stays, copy N+1 returns to 0 (entry)
		f.m.Next(sys, func(t *pins.Transition, succ []byte) bool {
			f.buf = append(append(f.buf[:0], succ...), f.entry(succ))
			f.tr = *t
			return yield(&f.tr, f.buf)
		})
		return
	}
	// counting (copy 0 in an accepting state counts from process 0):
	// the successors, once, and which processes can move here
	if cap(f.enabled) < n {
		f.enabled = make([]bool, n)
	}
	f.enabled = f.enabled[:n]
	for i := range f.enabled {
		f.enabled[i] = false
	}
	f.succs, f.trs, f.ends = f.succs[:0], f.trs[:0], f.ends[:0]
	if f.collect == nil {
		f.collect = func(t *pins.Transition, succ []byte) bool {
			f.succs = append(f.succs, succ...)
			f.trs = append(f.trs, *t)
			f.ends = append(f.ends, len(f.succs))
			if t.Pid >= 0 && t.Pid < len(f.enabled) {
				f.enabled[t.Pid] = true
			}
			if t.Pid2 >= 0 && t.Pid2 < len(f.enabled) {
				f.enabled[t.Pid2] = true
			}
			return true
		}
	}
	f.m.Next(sys, f.collect)
	// turn k (copy k+1) is that of process k. (Pan counts from the last
	// process down. That order stores pan's 8 states on js_fair.pml,
	// against 10, but on the corpus's failing acc_fair rows the nested
	// search then meets the cycle much later: rk_dekkerN -N progressive
	// 120,810 states against 1,867, pan 1,861.)
	k := max(c, 1) - 1
	for k < n && !f.enabled[k] {
		k++
	}
	p := k // the process whose turn it is (n: none left)
	start := 0
	for i := range f.trs {
		t := &f.trs[i]
		next := k + 1
		if k == n || t.Pid == p || t.Pid2 == p {
			next = k + 2
		}
		if next > n+1 {
			next = n + 1
		}
		if next > 255 {
			next = 0
		}
		f.buf = append(append(f.buf[:0], f.succs[start:f.ends[i]]...), byte(next))
		start = f.ends[i]
		f.tr = *t
		if !yield(&f.tr, f.buf) {
			return
		}
	}
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
