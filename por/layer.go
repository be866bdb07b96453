package por

import (
	"slices"

	"github.com/gospin/gospin/internal/idxmap"
	"github.com/gospin/gospin/pins"
)

// Config selects the reduction.
type Config struct {
	// Claim: the model is a product with a never claim, and the Reducer a
	// pins.ClaimReducer; the caller vouches that the claim is in SI normal
	// form or is the claim of an invariant (see product.go). Otherwise the
	// layer reduces for safety properties (assertions, run-time errors,
	// invalid end states), and must not be used with a claim or for cycle
	// detection.
	Claim bool
	// Accept, with Claim: the search looks for acceptance cycles (nested
	// depth-first search), so that a leap stops where the claim enters an
	// accepting state.
	Accept bool
	// Stubborn: where no single process gives an ample set, try stubborn
	// sets of several processes (the Reducer must be a
	// pins.StubbornReducer).
	Stubborn bool
	// Leap: take leap sets where several processes qualify, on a
	// product with Claim (leap.go) or in a safety search (leapsafety.go);
	// depth-first searches only.
	Leap bool
	// Static: the static cycle proviso instead of the search's (Cycles):
	// a candidate set is refused when one of its steps may close a cycle
	// of its process's control flow (pins.BackEdger), so that the reduced
	// set of a state is a function of the state (pins.StaticReduced),
	// whatever the search order. It needs a pins.BackEdger; not with
	// Leap (the layer then keeps the search's proviso).
	Static bool
}

// Layer is a reduced model (pins.Reduced). The choices it records (on a
// product, which set each state got) and its counters are shared by all
// its bindings; each binding has its own scratch space.
type Layer struct {
	m    pins.Model
	r    pins.Reducer
	cr   pins.ClaimReducer // with Config.Claim
	stub pins.StubbornReducer
	cfg  Config
	sm   pins.StutterModel
	iv   pins.InitialViolator
	// product: the choice recorded for each state the main search
	// expanded, by store index (a pid, -1, or a stubborn or leap choice)
	choice *idxmap.Map
	leaps  *leapSets
	// be: the back-edge facts, with the static proviso in force
	be pins.BackEdger
	// counters (pins.Reduced.Counts)
	reduced, fallbacks, leapSteps int64
}

// New returns m reduced with the dependency facts r. It returns nil when
// cfg asks for a product reduction and r is no pins.ClaimReducer.
func New(m pins.Model, r pins.Reducer, cfg Config) *Layer {
	l := &Layer{m: m, r: r, cfg: cfg}
	if cfg.Claim {
		cr, ok := r.(pins.ClaimReducer)
		if !ok {
			return nil
		}
		l.cr = cr
		l.choice = idxmap.New()
		if cfg.Leap {
			l.leaps = newLeapSets()
		}
	}
	if sr, ok := r.(pins.StubbornReducer); ok && cfg.Stubborn {
		l.stub = sr
	}
	l.sm, _ = m.(pins.StutterModel)
	l.iv, _ = m.(pins.InitialViolator)
	l.SetStatic(cfg.Static)
	return l
}

// SetStatic turns the static cycle proviso (Config.Static) on or off
// before the layer is bound to a search, and reports whether it is in
// force: it is not with leap sets or a Reducer without back-edge facts.
func (l *Layer) SetStatic(on bool) bool {
	l.cfg.Static, l.be = false, nil
	if be, ok := l.r.(pins.BackEdger); ok && on && !l.cfg.Leap {
		l.cfg.Static, l.be = true, be
	}
	return l.cfg.Static
}

// Static implements pins.StaticReduced.
func (l *Layer) Static() bool { return l.be != nil }

var (
	_ pins.Reduced       = (*Layer)(nil)
	_ pins.StaticReduced = (*Layer)(nil)
	_ pins.StutterModel  = (*Layer)(nil)
	_ pins.StutterModel  = (*view)(nil)
)

// Unreduced returns the model the layer wraps.
func (l *Layer) Unreduced() pins.Model { return l.m }

// Initial implements pins.Model.
func (l *Layer) Initial(dst []byte) ([]byte, error) { return l.m.Initial(dst) }

// Next implements pins.Model: unbound, the layer yields every successor.
func (l *Layer) Next(s []byte, yield func(t *pins.Transition, succ []byte) bool) {
	l.m.Next(s, yield)
}

// NextStutter implements pins.StutterModel (unbound: every successor).
func (l *Layer) NextStutter(s []byte, yield func(t *pins.Transition, succ []byte) bool) {
	if l.sm != nil {
		l.sm.NextStutter(s, yield)
		return
	}
	l.m.Next(s, yield)
}

// Status implements pins.Model.
func (l *Layer) Status(s []byte) pins.StateStatus { return l.m.Status(s) }

// Info implements pins.Model.
func (l *Layer) Info() *pins.Info { return l.m.Info() }

// InitialViolation forwards the wrapped model's run-time error of an
// initializer (pins.InitialViolator), if any.
func (l *Layer) InitialViolation() *pins.Violation {
	if l.iv == nil {
		return nil
	}
	return l.iv.InitialViolation()
}

// Counts implements pins.Reduced.
func (l *Layer) Counts() pins.Counts {
	return pins.Counts{Reduced: l.reduced, Fallbacks: l.fallbacks, LeapSteps: l.leapSteps}
}

// AuxBytes implements pins.Reduced: on a product, one byte beside each
// stored state keeps its recorded choice (product.go).
func (l *Layer) AuxBytes() int {
	if l.cr != nil && l.be == nil {
		return 1
	}
	return 0
}

// Bind implements pins.Reduced.
func (l *Layer) Bind(c pins.Cycles, nested bool) pins.Model {
	v := &view{Layer: l, c: c, nested: nested}
	v.hc, _ = c.(hashedCycles)
	v.pn, _ = l.m.(pins.ProcNexter)
	return v
}

// hashedCycles is a pins.Cycles that takes the hash of a state it looks
// up (the depth-first search's): the layer then hashes a successor whose
// cycle proviso it checks once, for the lookup, for the prefetch of its
// slot (the slots of a candidate's successors load together, not one
// after the other) and for the search's insert, where the lookup and
// the insert each hashed it before (about 15% of cd_matrix's and
// rk_peterson_filterN's default searches went to the lookups).
type hashedCycles interface {
	pins.Cycles
	// Hash is the hash of state s as the search looks it up and stores it.
	Hash(s []byte) uint64
	// Prefetch starts loading what a lookup of a state of hash h reads.
	Prefetch(h uint64)
	// LookupHashed is Lookup for a state s of hash h.
	LookupHashed(s []byte, h uint64) (idx uint64, stored bool)
	// NextHash says that the successor yielded next has hash h and,
	// when stored is set, that LookupHashed found it stored at idx (a
	// store only grows, so the search's insert would find it there too,
	// and need not encode and probe it again).
	NextHash(h, idx uint64, stored bool)
}

// view is a Layer bound to one search.
type view struct {
	*Layer
	c      pins.Cycles
	hc     hashedCycles    // c, when it takes hashes
	pn     pins.ProcNexter // the model, when it gives one process's steps
	nested bool
	ex     buffer // the successors of the state being expanded
	x      pins.Expansion
	safe   []bool
	// safeKnown: safe holds SafeProcs of the state being expanded
	safeKnown bool
	tried     []int  // scratch: the processes tried as a product state's ample set
	marks     []bool // scratch: the successors kept (keepSet, reduceProduct)
	prov      []int8 // scratch: each successor's cycle proviso (stubborn)
	inSet     []bool
	best      []bool
	leapState
	sleaps safetyLeaps // Config.Leap without Config.Claim
}

// Next implements pins.Model: the successors of s that the reduction
// keeps, in the order the wrapped model yields them.
func (v *view) Next(s []byte, yield func(t *pins.Transition, succ []byte) bool) {
	v.expand(s, false, yield)
}

// NextStutter implements pins.StutterModel.
func (v *view) NextStutter(s []byte, yield func(t *pins.Transition, succ []byte) bool) {
	v.expand(s, v.sm != nil, yield)
}

func (v *view) expand(s []byte, stutter bool, yield func(t *pins.Transition, succ []byte) bool) {
	if v.cfg.Leap && v.cr == nil {
		v.expandLeaps(s, yield)
		return
	}
	next := v.m.Next
	if stutter {
		next = v.sm.NextStutter
	}
	v.x = v.c.Expanding()
	v.safeKnown = false
	if v.cr == nil {
		// a safety search: nothing to reduce at an intermediate state, nor
		// (without stubborn sets) where no process is safe: the successors
		// go to the search as the model yields them, uncollected
		if v.x.Intermediate {
			next(s, yield)
			return
		}
		if v.stub == nil {
			v.safe = v.r.SafeProcs(s, v.safe)
			if !slices.Contains(v.safe, true) {
				next(s, yield)
				return
			}
			v.safeKnown = true
			if v.pn != nil && !stutter && v.expandProcs(s, yield) {
				return
			}
		}
	}
	ex := &v.ex
	ex.release(0)
	lo, hi := ex.expand(next, s)
	if v.cr != nil {
		hi = v.reduceProduct(s, lo, hi)
	} else {
		hi = v.reduce(s, lo, hi)
	}
	for i := lo; i < hi; i++ {
		sc := &ex.succs[i]
		if sc.hashed {
			v.hc.NextHash(sc.h, sc.idx, sc.stored)
		}
		if !yield(&sc.tr, ex.bytes(sc)) {
			return
		}
	}
}

// succ is a collected successor: its bytes are buffer.arena[off:off+n].
type succ struct {
	off int
	n   int
	tr  pins.Transition
	// h is the hash of the bytes (hashedCycles.Hash), when hashed
	h      uint64
	hashed bool
	// stored: closesSucc found the successor stored, at store index idx
	stored bool
	idx    uint64
}

// buffer collects the successors of a state, so that the selection sees
// them all before it yields any.
type buffer struct {
	arena   []byte
	succs   []succ
	collect func(t *pins.Transition, s []byte) bool
	start   int
}

func (b *buffer) init() {
	b.collect = func(t *pins.Transition, s []byte) bool {
		off := len(b.arena)
		b.arena = append(b.arena, s...)
		b.succs = append(b.succs, succ{off: off, n: len(s), tr: *t})
		return true
	}
}

// expand appends the successors of s that next (a model's Next or
// NextStutter) yields, and returns their range.
func (b *buffer) expand(next func(s []byte, yield func(t *pins.Transition, succ []byte) bool), s []byte) (lo, hi int) {
	if b.collect == nil {
		b.init()
	}
	b.start = len(b.succs)
	next(s, b.collect)
	return b.start, len(b.succs)
}

func (b *buffer) bytes(s *succ) []byte {
	end := s.off + s.n
	return b.arena[s.off:end:end]
}

// release drops the successors from index lo on.
func (b *buffer) release(lo int) {
	if lo < len(b.succs) {
		b.arena = b.arena[:b.succs[lo].off]
		b.succs = b.succs[:lo]
	}
}

// seen reports whether a stored successor with store index idx fails the
// cycle proviso (pins.Cycles.Closes).
func (v *view) seen(idx uint64) bool { return v.c.Closes(idx) }

// closes reports whether successor bytes b are stored and fail the cycle
// proviso.
func (v *view) closes(b []byte) bool {
	idx, found := v.c.Lookup(b)
	return found && v.c.Closes(idx)
}

// prefetch hashes the successors ex.succs[i:j] (hashedCycles) and starts
// loading their store slots, before closesSucc looks them up.
func (v *view) prefetch(i, j int) {
	if v.hc == nil || v.be != nil {
		return
	}
	ex := &v.ex
	for k := i; k < j; k++ {
		sc := &ex.succs[k]
		if !sc.hashed {
			sc.h, sc.hashed = v.hc.Hash(ex.bytes(sc)), true
		}
		v.hc.Prefetch(sc.h)
	}
}

// fails reports whether successor sc fails the cycle proviso: with the
// static proviso, whether its step may close a cycle of the control flow
// of a process it moves (or has an error, which may leave the process
// where it was); else closesSucc.
func (v *view) fails(sc *succ) bool {
	if v.be == nil {
		return v.closesSucc(sc)
	}
	t := &sc.tr
	return t.Violation != nil || v.be.BackEdge(t.Group) || t.Pid2 >= 0 && v.be.BackEdge(t.Group2)
}

// closesSucc is closes for successor sc, hashed once (see hashedCycles).
func (v *view) closesSucc(sc *succ) bool {
	if v.hc == nil {
		return v.closes(v.ex.bytes(sc))
	}
	b := v.ex.bytes(sc)
	if !sc.hashed {
		sc.h, sc.hashed = v.hc.Hash(b), true
	}
	idx, found := v.hc.LookupHashed(b, sc.h)
	sc.stored, sc.idx = found, idx
	return found && v.c.Closes(idx)
}
