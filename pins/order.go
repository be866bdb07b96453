package pins

import (
	"fmt"

	"github.com/zeebo/xxh3"
)

// Search orders (pan's -DP_REVERSE, -DP_RAND, -DT_REVERSE, -DT_RAND with
// -RSn): a layer that changes the order in which a model yields the
// successors of a state, so that searches with different orders go down
// different paths first (swarm verification diversifies its searches so).
//
// The successors are grouped by process (Transition.Pid; -1 for a stutter
// step of the never claim), and within a process by transition group
// (Transition.Group). The layer orders the processes (forward: as the
// model yields them, SPIN's highest pid first; reversed; or shuffled) and,
// within each process, the groups (likewise), and yields each group's
// successors in the model's order. Successors with the same (Pid, Group)
// thus keep their relative order, and a trail step, which names a
// successor by (Pid, Group, K) with K the number of earlier successors of
// the same pid and group, names the same successor with the layer and
// without it: trails replay with the model alone (gospin run -t).
//
// A shuffle is drawn from the seed and the state's bytes: the same state
// gets the same order every time it is expanded (a depth-first search
// that gave up a deep frame's successors generates them again and resumes
// where it was, so Next must be a function of the state).

// OrderMode is how the layer orders processes, or transition groups
// within a process.
type OrderMode uint8

const (
	Forward  OrderMode = iota // as the model yields them
	Reversed                  // the model's order reversed
	Shuffled                  // a permutation drawn from the seed and the state
)

func (m OrderMode) String() string {
	switch m {
	case Forward:
		return "forward"
	case Reversed:
		return "reverse"
	case Shuffled:
		return "random"
	}
	return fmt.Sprintf("OrderMode(%d)", uint8(m))
}

// Order is a search order: of the processes (pan's P_REVERSE, P_RAND), of
// the transitions within a process (T_REVERSE, T_RAND), and the seed of
// the shuffles (pan's -RSn).
type Order struct {
	Procs OrderMode
	Trans OrderMode
	Seed  uint64
}

// IsDefault says whether o is the model's own order (no layer needed).
func (o Order) IsDefault() bool { return o.Procs == Forward && o.Trans == Forward }

func (o Order) String() string {
	return fmt.Sprintf("procs=%s trans=%s seed=%d", o.Procs, o.Trans, o.Seed)
}

// Reorder returns m with its successors yielded in order o (m itself for
// the default order). The layer forwards what searches ask of a model:
// StutterModel, InitialViolator, ProcCounter, and Reduced (a reduction
// layer's bound models are reordered in turn, after the reduction chose
// their successors).
func Reorder(m Model, o Order) Model {
	if o.IsDefault() {
		return m
	}
	r := &reorder{m: m, o: o}
	r.sm, _ = m.(StutterModel)
	r.iv, _ = m.(InitialViolator)
	red, isRed := m.(Reduced)
	pc, isPC := m.(ProcCounter)
	switch {
	case isRed && isPC:
		return &reorderReducedPC{reorderReduced{r, red}, pc}
	case isRed:
		return &reorderReduced{r, red}
	case isPC:
		return &reorderPC{r, pc}
	}
	return r
}

// reorder is the layer. Its buffers are reused from state to state: one
// search (goroutine) at a time, as for any Model.
type reorder struct {
	m  Model
	sm StutterModel
	iv InitialViolator
	o  Order

	collect func(t *Transition, s []byte) bool
	arena   []byte
	succs   []heldSucc
	units   []unit // one per (Pid, Group), in the order first yielded
	procs   []int  // index into units of each process's first unit
	next    []int  // next successor of the same unit, or -1
	order   []int  // scratch: the units of one process
}

type heldSucc struct {
	off, n int
	t      Transition
}

type unit struct {
	pid, group  int
	first, last int // successors (linked by reorder.next)
	nextUnit    int // the next unit of the same process, or -1
	lastUnit    int // (on a process's first unit) its last unit
}

func (r *reorder) Initial(dst []byte) ([]byte, error) { return r.m.Initial(dst) }
func (r *reorder) Status(s []byte) StateStatus        { return r.m.Status(s) }
func (r *reorder) Info() *Info                        { return r.m.Info() }

// InitialViolation implements InitialViolator (nil when the model has
// none).
func (r *reorder) InitialViolation() *Violation {
	if r.iv == nil {
		return nil
	}
	return r.iv.InitialViolation()
}

// Next implements Model: m's successors of s, reordered.
func (r *reorder) Next(s []byte, yield func(t *Transition, succ []byte) bool) {
	r.expand(s, r.m.Next, yield)
}

// NextStutter implements StutterModel: m's NextStutter (or Next, for a
// model without it), reordered.
func (r *reorder) NextStutter(s []byte, yield func(t *Transition, succ []byte) bool) {
	if r.sm == nil {
		r.expand(s, r.m.Next, yield)
		return
	}
	r.expand(s, r.sm.NextStutter, yield)
}

func (r *reorder) expand(s []byte, next func([]byte, func(*Transition, []byte) bool), yield func(t *Transition, succ []byte) bool) {
	if r.collect == nil {
		r.collect = func(t *Transition, b []byte) bool {
			off := len(r.arena)
			r.arena = append(r.arena, b...)
			r.succs = append(r.succs, heldSucc{off: off, n: len(b), t: *t})
			return true
		}
	}
	r.arena, r.succs = r.arena[:0], r.succs[:0]
	next(s, r.collect)
	if len(r.succs) <= 1 {
		for i := range r.succs {
			h := &r.succs[i]
			yield(&h.t, r.arena[h.off:h.off+h.n:h.off+h.n])
		}
		return
	}
	r.group()
	rng := SplitMix(r.o.Seed ^ xxh3.Hash(s))
	// the processes' order
	permute(r.procs, r.o.Procs, &rng)
	for _, first := range r.procs {
		r.order = r.order[:0]
		for u := first; u >= 0; u = r.units[u].nextUnit {
			r.order = append(r.order, u)
		}
		permute(r.order, r.o.Trans, &rng)
		for _, u := range r.order {
			for i := r.units[u].first; i >= 0; i = r.next[i] {
				h := &r.succs[i]
				if !yield(&h.t, r.arena[h.off:h.off+h.n:h.off+h.n]) {
					return
				}
			}
		}
	}
}

// group builds the units of the collected successors and the processes'
// lists of units, both in the order first yielded.
func (r *reorder) group() {
	r.units, r.procs = r.units[:0], r.procs[:0]
	r.next = r.next[:0]
	for i := range r.succs {
		r.next = append(r.next, -1)
		t := &r.succs[i].t
		u := -1
		for j := len(r.units) - 1; j >= 0; j-- {
			if r.units[j].pid == t.Pid && r.units[j].group == t.Group {
				u = j
				break
			}
		}
		if u >= 0 {
			r.next[r.units[u].last] = i
			r.units[u].last = i
			continue
		}
		u = len(r.units)
		r.units = append(r.units, unit{pid: t.Pid, group: t.Group, first: i, last: i, nextUnit: -1, lastUnit: u})
		p := -1
		for j, f := range r.procs {
			if r.units[f].pid == t.Pid {
				p = j
				break
			}
		}
		if p < 0 {
			r.procs = append(r.procs, u)
			continue
		}
		f := r.procs[p]
		r.units[r.units[f].lastUnit].nextUnit = u
		r.units[f].lastUnit = u
	}
}

// permute reorders xs as mode asks.
func permute(xs []int, mode OrderMode, rng *SplitMix) {
	switch mode {
	case Reversed:
		for i, j := 0, len(xs)-1; i < j; i, j = i+1, j-1 {
			xs[i], xs[j] = xs[j], xs[i]
		}
	case Shuffled:
		for i := len(xs) - 1; i > 0; i-- {
			j := int(rng.Next() % uint64(i+1))
			xs[i], xs[j] = xs[j], xs[i]
		}
	}
}

// SplitMix is SplitMix64 (Steele, Lea, Flood): a small generator whose
// streams from nearby seeds are unrelated (the shuffled orders here, and
// the swarm planner's choices).
type SplitMix uint64

// Next returns the next number of the stream.
func (s *SplitMix) Next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

type reorderPC struct {
	*reorder
	pc ProcCounter
}

// NumProcs implements ProcCounter.
func (r *reorderPC) NumProcs(s []byte) int { return r.pc.NumProcs(s) }

// reorderReduced reorders a reduction layer: each binding is reordered.
type reorderReduced struct {
	*reorder
	red Reduced
}

// Bind implements Reduced: the bound model, reordered by a layer of its
// own (each search has its buffers).
// (A macro transition, pins.MacroPid, is named by its Group, the index
// of the macro in the expansion, not by its place: reordering keeps it.)
//
// The layer gets the search's Cycles with nothing beyond the Cycles
// interface: a search may offer a layer more (por's hints of the hash of
// the successor it yields next), which holds only for successors taken
// in the order yielded, and this layer changes that order.
func (r *reorderReduced) Bind(c Cycles, nested bool) Model {
	return Reorder(r.red.Bind(onlyCycles{c}, nested), r.o)
}

// onlyCycles is a Cycles that has no other method.
type onlyCycles struct{ Cycles }

// Counts implements Reduced.
func (r *reorderReduced) Counts() Counts { return r.red.Counts() }

// AuxBytes implements Reduced.
func (r *reorderReduced) AuxBytes() int { return r.red.AuxBytes() }

type reorderReducedPC struct {
	reorderReduced
	pc ProcCounter
}

// NumProcs implements ProcCounter.
func (r *reorderReducedPC) NumProcs(s []byte) int { return r.pc.NumProcs(s) }
