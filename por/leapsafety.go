package por

import (
	"github.com/gospin/gospin/pins"
)

// Leap sets of a safety search (Config.Leap without Config.Claim; van der
// Schoot, "Partial-order verification in SPIN can be more efficient"):
// where several processes each have an ample set (their enabled steps
// are all safe, see pins.Reducer), these sets are pairwise independent,
// so instead of exploring one of them the search takes one step of every
// such process at once, a "leap": the successors of a state are the
// products of the processes' ample sets, and the intermediate states of
// the interleavings are never generated. A leap of q processes with one
// step each replaces the q-1 intermediate states an ample set search
// would store.
//
// The reduction preserves invalid end states, assertion violations and
// run-time errors. Deadlocks are preserved by the leap graph alone (the
// paper's Theorem 1); for assertions the ignoring problem is handled as
// the paper's Section 4.3 does, by the stack: when the leaps do not cover
// every enabled step and some leap leads back to a state on the stack,
// the state also gets, for one fixed leap L', the leaps L' + {a} for
// every other enabled step a. Every enabled step is then taken at that
// state, and every cycle of the reduced graph passes through such a state
// (its closing edge is a leap into the stack).
//
// Each leap is one macro transition (pins.MacroPid): the search takes it
// as one step, one level deeper, and asks the layer for its steps when
// it writes a trail (view.MacroSteps). The violations met on the steps
// of the leaps, and those of every step of a state expanded fully, are
// reported at the expansion of the state they start from: the layer
// yields them first, as report-only macro transitions (pins.ReportOnly),
// each at the depth of the step that shows it. Leaps are taken at stored
// states (depth-first searches only); inside atomic sequences and at
// states with a timeout or an atomicity loss the expansion is the full
// one.
//
// Unlike the leaps on a product (leap.go), a leap here is extended, not
// refused, when one of its ends is on the stack.

// macroStep is one step of a macro transition.
type macroStep struct{ pid, group, k int32 }

// macroRange is a macro transition's steps: safetyLeaps.steps[lo:hi].
type macroRange struct{ lo, hi int32 }

// leapOut is a transition the expansion yields: a macro transition
// (steps lo:hi of safetyLeaps.steps) to the bytes arena[off:off+n] (none
// when report-only), or, with lo < 0, single step single of the buffer.
type leapOut struct {
	lo, hi int32
	off, n int
	flags  pins.TransFlags
	viol   int // report-only: its violation, viols[viol]
}

// leapAt is what the layer keeps of the expansion at a stack position:
// where its macro transitions start, and which stored state it was of.
type leapAt struct {
	first, stepsLo int32
	idx            uint64
	known          bool
}

// leapCand is a candidate process: its single steps are ex.succs[i:j].
type leapCand struct {
	pid  int
	i, j int
}

// leapPartial is a state on the way through a leap: its bytes and steps
// in a level's scratch buffers.
type leapPartial struct {
	off, n int
	lo, hi int
}

// safetyLeaps is a binding's state for the leap sets of a safety search.
type safetyLeaps struct {
	// at[d]: the expansion at stack position d; the macro transitions of
	// the states on the stack are macros[at[d].first:...], their steps in
	// steps (truncated when a position is expanded again)
	at     []leapAt
	macros []macroRange
	steps  []macroStep
	// the expansion being built: report-only transitions, then the kept
	// ones; the kept leaps' bytes in arena
	reports, keeps []leapOut
	arena          []byte
	// the violations reported (copies: the model owns its own only
	// during Next)
	viols []pins.Violation
	cands []leapCand
	lex   buffer // single steps of intermediate leap states
	// the partial leaps of the current and the next level
	lev    [2][]leapPartial
	bytes  [2][]byte
	lsteps [2][]macroStep
	chain  []macroStep // an extended leap's steps
	state  []byte      // an extended leap's state
	// leapSteps: the leap steps of this expansion (counted unless it is
	// the regeneration of one counted already). All of them count when
	// the expansion is made, even where the search stops at one of its
	// report-only transitions: the layer does not see which.
	leapSteps int64
	tr        pins.Transition
}

// expandLeaps is view.expand for the leap sets of a safety search.
func (v *view) expandLeaps(s []byte, yield func(t *pins.Transition, succ []byte) bool) {
	v.x = v.c.Expanding()
	l := &v.sleaps
	again := l.begin(v.x)
	ex := &v.ex
	ex.release(0)
	lo, hi := ex.expand(v.m.Next, s)
	if lo == hi {
		return // a deadlock: the search checks it
	}
	if v.chooseLeaps(s, lo, hi) {
		l.leapSteps = 0
		v.takeLeaps(lo, hi)
		if !again {
			v.reduced++
			v.leapSteps += l.leapSteps
		}
		l.yield(yield)
		return
	}
	// full expansion: every single step, its violation reported first
	for i := lo; i < hi; i++ {
		if sc := &ex.succs[i]; sc.tr.Violation != nil {
			l.report(sc.tr.Violation, nil, v.stepOf(ex, lo, i))
		}
	}
	if !l.yieldReports(yield) {
		return
	}
	for i := lo; i < hi; i++ {
		sc := &ex.succs[i]
		t := &sc.tr
		if t.Violation != nil {
			l.tr = *t
			l.tr.Violation = nil
			t = &l.tr
		}
		if !yield(t, ex.bytes(sc)) {
			return
		}
	}
}

// begin starts the expansion at stack position x.Depth: the records of
// the positions from there up are dropped. It reports whether the
// expansion is a regeneration of the stored state expanded there last
// (a depth-first search expands a stored state once, but regenerates the
// successors of a deep frame that gave them up).
func (l *safetyLeaps) begin(x pins.Expansion) bool {
	d := x.Depth
	again := false
	if d < len(l.at) {
		a := l.at[d]
		again = a.known && x.Known && a.idx == x.Index
		l.macros, l.steps = l.macros[:a.first], l.steps[:a.stepsLo]
		l.at = l.at[:d]
	}
	for len(l.at) < d {
		// cannot happen: a position is expanded after the one below it
		l.at = append(l.at, leapAt{first: int32(len(l.macros)), stepsLo: int32(len(l.steps))})
	}
	l.at = append(l.at, leapAt{first: int32(len(l.macros)), stepsLo: int32(len(l.steps)), idx: x.Index, known: x.Known})
	l.reports, l.keeps, l.arena, l.viols = l.reports[:0], l.keeps[:0], l.arena[:0], l.viols[:0]
	return again
}

// MacroSteps implements pins.Macros.
func (v *view) MacroSteps(depth, k int, step func(pid, group, k int)) {
	l := &v.sleaps
	if depth >= len(l.at) {
		return
	}
	i := int(l.at[depth].first) + k
	if i >= len(l.macros) {
		return
	}
	r := l.macros[i]
	for _, st := range l.steps[r.lo:r.hi] {
		step(int(st.pid), int(st.group), int(st.k))
	}
}

// stepOf returns successor i of b's expansion from lo as a step: K counts
// the earlier successors of the same process and transition, as the
// search's trails do.
func (v *view) stepOf(b *buffer, lo, i int) macroStep {
	t := &b.succs[i].tr
	k := 0
	for j := lo; j < i; j++ {
		if u := &b.succs[j].tr; u.Pid == t.Pid && u.Group == t.Group {
			k++
		}
	}
	return macroStep{pid: int32(t.Pid), group: int32(t.Group), k: int32(k)}
}

// report records a report-only macro transition: the steps prior, then
// step, which shows violation viol.
func (l *safetyLeaps) report(viol *pins.Violation, prior []macroStep, step macroStep) {
	lo := int32(len(l.steps))
	l.steps = append(append(l.steps, prior...), step)
	l.viols = append(l.viols, *viol)
	l.reports = append(l.reports, leapOut{lo: lo, hi: int32(len(l.steps)), flags: pins.ReportOnly, viol: len(l.viols) - 1})
}

// keep records a kept macro transition: steps to state b.
func (l *safetyLeaps) keep(b []byte, steps []macroStep, flags pins.TransFlags) {
	lo := int32(len(l.steps))
	l.steps = append(l.steps, steps...)
	l.keeps = append(l.keeps, leapOut{lo: lo, hi: int32(len(l.steps)), off: len(l.arena), n: len(b), flags: flags, viol: -1})
	l.arena = append(l.arena, b...)
}

// yieldReports yields the report-only transitions recorded, as macro
// transitions numbered in order; it returns false when yield stopped.
func (l *safetyLeaps) yieldReports(yield func(t *pins.Transition, succ []byte) bool) bool {
	return l.yieldOuts(l.reports, yield)
}

// yield yields the report-only transitions, then the kept ones.
func (l *safetyLeaps) yield(yield func(t *pins.Transition, succ []byte) bool) {
	if l.yieldOuts(l.reports, yield) {
		l.yieldOuts(l.keeps, yield)
	}
}

func (l *safetyLeaps) yieldOuts(outs []leapOut, yield func(t *pins.Transition, succ []byte) bool) bool {
	first := int(l.at[len(l.at)-1].first)
	for _, o := range outs {
		l.tr = pins.Transition{Pid: pins.MacroPid, Group: len(l.macros) - first, Pid2: -1, Group2: -1, Claim: -1, Flags: o.flags}
		if o.viol >= 0 {
			l.tr.Violation = &l.viols[o.viol]
		}
		l.macros = append(l.macros, macroRange{o.lo, o.hi})
		end := o.off + o.n
		if !yield(&l.tr, l.arena[o.off:end:end]) {
			return false
		}
	}
	return true
}

// chooseLeaps fills v.sleaps.cands with the processes whose steps among
// ex.succs[lo:hi] form an ample set of stored state s, and reports whether
// they give leaps: two candidates or more, or one that leaves steps out.
func (v *view) chooseLeaps(s []byte, lo, hi int) bool {
	ex, l := &v.ex, &v.sleaps
	l.cands = l.cands[:0]
	if !v.x.Known || v.x.Intermediate {
		return false
	}
	for i := lo; i < hi; i++ {
		if ex.succs[i].tr.Flags&(pins.Timeout|pins.AtomicLost) != 0 {
			return false
		}
	}
	v.safe = v.r.SafeProcs(s, v.safe)
	for i := lo; i < hi; {
		pid, j := ex.succs[i].tr.Pid, ex.procEnd(i, hi)
		if v.qualifies(pid, i, j, lo, hi) {
			l.cands = append(l.cands, leapCand{pid: pid, i: i, j: j})
		}
		i = j
	}
	product := 1
	for _, c := range l.cands {
		product *= c.j - c.i
		if product > maxLeapProduct {
			l.cands = l.cands[:1]
			break
		}
	}
	return len(l.cands) > 1 || len(l.cands) == 1 && l.cands[0].j-l.cands[0].i < hi-lo
}

// takeLeaps records the leaps of the stored state whose single steps are
// ex.succs[lo:hi], and where one of them ends on the stack, the extended
// leaps of the other steps.
func (v *view) takeLeaps(lo, hi int) {
	l := &v.sleaps
	start := len(l.keeps)
	v.leapProduct(lo)
	covered := 0
	for _, c := range l.cands {
		covered += c.j - c.i
	}
	if covered == hi-lo || !v.leapEndsOnStack(start) {
		return
	}
	// the stack proviso: the other enabled steps, each followed by the
	// first step of every candidate
	for i := lo; i < hi; i++ {
		if !l.inCand(i) {
			v.extendedLeap(lo, i)
		}
	}
}

// leapProduct records the leaps over the candidates: every combination
// of one step of each, in the order of the candidates (any order gives
// the same state).
func (v *view) leapProduct(lo int) {
	ex, l := &v.ex, &v.sleaps
	// level 0: the first candidate's steps, generated already
	c0 := l.cands[0]
	cur := 0
	l.lev[cur], l.bytes[cur], l.lsteps[cur] = l.lev[cur][:0], l.bytes[cur][:0], l.lsteps[cur][:0]
	for i := c0.i; i < c0.j; i++ {
		sc := &ex.succs[i]
		st := v.stepOf(ex, lo, i)
		if sc.tr.Violation != nil {
			l.report(sc.tr.Violation, nil, st)
		}
		l.addPartial(cur, ex.bytes(sc), nil, st)
	}
	for _, c := range l.cands[1:] {
		nxt := 1 - cur
		l.lev[nxt], l.bytes[nxt], l.lsteps[nxt] = l.lev[nxt][:0], l.bytes[nxt][:0], l.lsteps[nxt][:0]
		for _, p := range l.lev[cur] {
			state := l.bytes[cur][p.off : p.off+p.n]
			prior := l.lsteps[cur][p.lo:p.hi]
			l.lex.release(0)
			a, b := l.lex.expand(v.m.Next, state)
			found := false
			for i := a; i < b; i++ {
				sc := &l.lex.succs[i]
				if sc.tr.Pid != c.pid {
					continue
				}
				found = true
				l.leapSteps++
				st := v.stepOf(&l.lex, a, i)
				if sc.tr.Violation != nil {
					l.report(sc.tr.Violation, prior, st)
				}
				l.addPartial(nxt, l.lex.bytes(sc), prior, st)
			}
			if !found {
				// cannot happen when the candidates' steps are independent
				// of each other (the Reducer's promise): keep the partial
				// leap rather than lose its states
				l.addPartial(nxt, state, prior[:len(prior)-1], prior[len(prior)-1])
			}
		}
		cur = nxt
	}
	for _, p := range l.lev[cur] {
		l.keep(l.bytes[cur][p.off:p.off+p.n], l.lsteps[cur][p.lo:p.hi], 0)
	}
}

// addPartial adds to level n the partial leap to state b by the steps
// prior, then step.
func (l *safetyLeaps) addPartial(n int, b []byte, prior []macroStep, step macroStep) {
	p := leapPartial{off: len(l.bytes[n]), n: len(b), lo: len(l.lsteps[n])}
	l.bytes[n] = append(l.bytes[n], b...)
	l.lsteps[n] = append(append(l.lsteps[n], prior...), step)
	p.hi = len(l.lsteps[n])
	l.lev[n] = append(l.lev[n], p)
}

func (l *safetyLeaps) inCand(i int) bool {
	for _, c := range l.cands {
		if i >= c.i && i < c.j {
			return true
		}
	}
	return false
}

// leapEndsOnStack reports whether a kept leap from start on ends in a
// stored state on the stack.
func (v *view) leapEndsOnStack(start int) bool {
	l := &v.sleaps
	for _, o := range l.keeps[start:] {
		if v.closes(l.arena[o.off : o.off+o.n]) {
			return true
		}
	}
	return false
}

// extendedLeap records the leap L' + {a} for single step i (a): a, then
// the first step of every candidate.
func (v *view) extendedLeap(lo, i int) {
	ex, l := &v.ex, &v.sleaps
	sc := &ex.succs[i]
	st := v.stepOf(ex, lo, i)
	if sc.tr.Violation != nil {
		l.report(sc.tr.Violation, nil, st)
	}
	l.chain = append(l.chain[:0], st)
	if sc.tr.Flags&pins.InAtomic != 0 {
		// a step into an atomic sequence is taken alone: the sequence's
		// states are explored as the full search would
		l.keep(ex.bytes(sc), l.chain, sc.tr.Flags)
		return
	}
	l.state = append(l.state[:0], ex.bytes(sc)...)
	for _, c := range l.cands {
		l.lex.release(0)
		a, b := l.lex.expand(v.m.Next, l.state)
		for k := a; k < b; k++ {
			t := &l.lex.succs[k]
			if t.tr.Pid != c.pid {
				continue
			}
			l.leapSteps++
			st := v.stepOf(&l.lex, a, k)
			if t.tr.Violation != nil {
				l.report(t.tr.Violation, l.chain, st)
			}
			l.state = append(l.state[:0], l.lex.bytes(t)...)
			l.chain = append(l.chain, st)
			break
		}
	}
	l.keep(l.state, l.chain, 0)
}
