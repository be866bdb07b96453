package reduce

import (
	"slices"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/automata"
)

// Reducer implements pins.Reducer (and pins.StubbornReducer) for an engine.
type Reducer struct {
	e   *engine.Engine
	lay engine.StateLayout
	// SafeGroups: per group, whether the statement is safe (local).
	SafeGroups []bool
	// CondGroups: per group, whether the statement is a channel
	// operation that is safe in some states (see chans.go).
	CondGroups []bool
	// locs[tag][loc]: the location's class, by proctype tag
	locs [][]locClass
	// live[tag][loc]: the chan variables a process there may still use
	// (or hand on) with capabilities that conflict with an exclusive
	// receiver or sender; given[tag][loc]: those it hands on only
	live, given [][][]liveRef
	// runny[tag][loc]: a process there may still run a process or read
	// _nr_pr
	runny [][]bool
	// canDie[tag][loc]: a process there may still die
	canDie [][]bool
	// Blocking points that other processes' steps influence without
	// being dependent in the ordinary sense (blockMasks): block[tag][loc],
	// the channels a process there may still block on so; moves[tag][loc],
	// the channels on which a step from there changes what such a
	// blocking operation sees: in send and recv, those the process takes
	// part in a rendezvous on where its step may end (enterMasks: a
	// partner's readiness depends on its location, and while it is a
	// candidate it stays where it is, so only the locations its own step
	// reaches matter, not all of its future), in any, those its step
	// sends to or receives from. Such a process is no candidate while
	// another may block so on one of them.
	block, moves [][]chanMasks
	// late[tag][loc]: a late location (lateLocs), or nil when the model
	// has none (a claim, or timeout)
	late [][]bool
	// stub: the footprints for stubborn sets (stubborn.go)
	stub  *stubbornInfo
	stubQ []int
	// scratch for the state being examined
	procOff []int32
	chanOff []int32
	// the layout decode found last: the state's length (-1: none) and
	// the first byte of each segment at procOff and chanOff
	decLen             int
	procTags, chanTags []byte
	// blockPre, blockSuf: the union of block over the processes before,
	// and from, each index (othersBlock)
	blockPre, blockSuf []chanMasks
	// back: per group, whether a step of it may close a cycle of its
	// process's control flow (backedge.go)
	back []bool
	// cand[tag][loc]: whether a process there may be safe in some state
	// (backedge.go, candidates); nil for stubborn sets
	cand [][]bool
	// need: scratch, the processes SafeProcs checks against the others'
	// blocking channels
	need []int32
	// facts[factBase[tag]+loc]: what SafeProcs reads first of a
	// location, in one byte (factSafe, factCond, factMoves)
	facts    []uint8
	factBase []int
}

// bits of Reducer.facts
const (
	factSafe  = 1 << iota // locs: safeLoc
	factCond              // locs: condLoc (its operations decide)
	factMoves             // moves: some channel
)

// locClass says whether the transitions of a location are all safe
// (safeLoc), safe in states where their channel operations are
// (condLoc, with the operations), or not (unsafeLoc).
type locClass struct {
	kind uint8
	ops  []liveOp
}

const (
	unsafeLoc = iota
	safeLoc
	condLoc
)

// liveOp is a chanOp with its byte offset: a global's offset in the
// vector, a local's within the process's locals.
type liveOp struct {
	kind   opKind
	global bool
	off    int32
}

// liveRef is a chan variable (all its elements) held with capabilities.
type liveRef struct {
	global bool
	off, n int32 // off < 0: not in the vector (hidden), always a conflict
	caps   capSet
}

var _ pins.StubbornReducer = (*Reducer)(nil)

// New returns the reducer for e, or nil when the model uses a construct
// under which reduction is off (see the package comment) or no location
// can ever be reduced.
func New(e *engine.Engine) *Reducer { return newReducer(e, false, true) }

// NewStubborn is New for stubborn sets (StubbornProcs): it also returns a
// reducer when no location is all safe but a stubborn set may form.
func NewStubborn(e *engine.Engine) *Reducer { return newReducer(e, true, true) }

// newReducer is New (NewStubborn with stubborn); withLate says whether
// late locations may be used (tests compare with the strict rule).
func newReducer(e *engine.Engine, stubborn, withLate bool) *Reducer {
	prog := e.Program()
	if prog == nil || !Allowed(prog) {
		return nil
	}
	info := e.Info()
	safe := SafeTransitions(prog, info)
	slots := slotVars(prog, info)
	ca := newChanAnalysis(prog)
	r := &Reducer{e: e, lay: e.StateLayout(), SafeGroups: safe, CondGroups: make([]bool, len(safe)), decLen: -1}
	buf := bufferedVars(prog)
	bits := chanBits(prog)
	var late map[*automata.Proc][]bool
	if withLate && prog.Never == nil && !e.UsesTimeout() {
		// safety searches only (a claim makes the search use ForClaim)
		clean := func(t *automata.Trans) bool {
			return t.ID >= 0 && t.ID < len(prog.Trans) && cleanTrans(t) && cleanSlots(info, slots, t.ID)
		}
		late = map[*automata.Proc][]bool{}
		for _, p := range prog.Procs {
			late[p] = lateLocs(p, func(t *automata.Trans) bool {
				if !clean(t) {
					return false
				}
				if t.Kind == automata.TElse && t.From >= 0 && t.From < len(p.Locs) {
					for _, s := range p.Locs[t.From].Out {
						if !clean(s) {
							return false
						}
					}
				}
				return true
			})
		}
	}
	blocks := blockMasks(prog, bits, buf, late)
	buffered := slices.ContainsFunc(r.lay.ChanCap, func(c int) bool { return c > 0 })
	any := false
	for tag, p := range r.lay.Procs {
		_ = tag
		classes := make([]locClass, len(p.Locs))
		live := make([][]liveRef, len(p.Locs))
		given := make([][]liveRef, len(p.Locs))
		r.locs = append(r.locs, classes)
		r.runny = append(r.runny, runny(p))
		r.canDie = append(r.canDie, canDie(p))
		r.block = append(r.block, blocks[p])
		if late != nil {
			r.late = append(r.late, late[p])
		}
		moves := enterMasks(p, bits, buf)
		r.moves = append(r.moves, moves)
		r.live = append(r.live, live)
		r.given = append(r.given, given)
		if p.Kind == automata.NeverClaim {
			continue
		}
		for i, l := range p.Locs {
			c := locClass{kind: safeLoc}
			if len(l.Out) == 0 || l.Flags&automata.DStepLoc != 0 {
				c.kind = unsafeLoc
			}
			for _, t := range l.Out {
				if c.kind == unsafeLoc {
					break
				}
				if t.ID < len(safe) && safe[t.ID] {
					continue
				}
				ops, ok := ca.opsOf(t)
				if !ok || t.ID >= len(info.Groups) || !cleanChanSlots(info, slots, t.ID, ops) {
					c.kind = unsafeLoc
					break
				}
				r.CondGroups[t.ID] = true
				c.kind = condLoc
				for _, op := range ops {
					switch op.kind {
					case opSend, opRecv:
						ref := &automata.Ref{Var: op.v}
						if !op.global {
							ref = nil
						}
						moves[i].any |= chanBit(bits, ref)
					case opRun:
						// the new process may be a partner, or use any channel
						moves[i] = chanMasks{^uint64(0), ^uint64(0), ^uint64(0)}
					}
					if op.kind == opArg {
						continue
					}
					lo := liveOp{kind: op.kind, global: op.global}
					if op.v != nil {
						lo.off = int32(op.v.Offset + op.elem)
						if op.global && !e.InVector(op.v) {
							c.kind = unsafeLoc
						}
					}
					c.ops = append(c.ops, lo)
				}
			}
			if c.kind != unsafeLoc {
				any = true
			}
			if c.kind == condLoc && !buffered && touchesChan(c.ops) {
				// no channel of the model has a buffer: opSafe fails
				// on every send, receive or poll in every state, so the
				// location is unsafe in all of them (decided here once,
				// not per state; any above keeps the reducer, as before)
				c.kind = unsafeLoc
			}
			if c.kind != condLoc {
				c.ops = nil
			}
			classes[i] = c
			if caps := ca.capsAt[p]; caps != nil {
				live[i], given[i] = r.liveRefs(ca, p, caps[i])
			}
		}
	}
	r.factBase = make([]int, len(r.locs))
	for tag, classes := range r.locs {
		r.factBase[tag] = len(r.facts)
		for loc := range classes {
			var f uint8
			switch classes[loc].kind {
			case safeLoc:
				f = factSafe
			case condLoc:
				f = factCond
			}
			if mv := r.moves[tag][loc]; mv.send|mv.recv|mv.any != 0 {
				f |= factMoves
			}
			r.facts = append(r.facts, f)
		}
	}
	if stubborn {
		// the footprints cost a pass over every location of every
		// proctype: only for stubborn sets (a fifth of the time of small
		// searches otherwise)
		r.newStubborn(bits, buf)
	}
	if !any && (!stubborn || !r.stubbornPossible()) {
		return nil
	}
	r.back = r.backEdges(stubborn, ca)
	return r
}

// touchesChan reports whether ops has an operation on a channel (a send,
// receive or poll), which opSafe finds safe only on a buffered channel.
func touchesChan(ops []liveOp) bool {
	for i := range ops {
		switch ops[i].kind {
		case opSend, opRecv, opLen, opEmpty, opFull:
			return true
		}
	}
	return false
}

// liveRefs lists the chan variables of vec with conflicting capabilities.
func (r *Reducer) liveRefs(ca *chanAnalysis, p *automata.Proc, vec []capPair) (live, given []liveRef) {
	ref := func(v *automata.Var, c capSet) liveRef {
		lr := liveRef{global: v.Global, off: int32(v.Offset), n: int32(max(1, v.Len)), caps: c}
		if v.Global && !r.e.InVector(v) {
			lr.off = -1
		}
		return lr
	}
	vars := append(append([]*automata.Var(nil), ca.globals...), ca.locals[p]...)
	for i, cp := range vec {
		if i >= len(vars) {
			break
		}
		if c := cp.all() & (confRecv | confSend); c != 0 {
			live = append(live, ref(vars[i], c))
		}
		if c := cp.given & (confRecv | confSend); c != 0 {
			given = append(given, ref(vars[i], c))
		}
	}
	return live, given
}

// SafeProcs implements pins.Reducer. It reads the state directly and
// allocates nothing once its scratch space has grown. Per process, one
// byte of facts says whether its location is safe, conditionally safe
// (its channel operations decide, opSafe) or not, and whether a step
// from it may change what another process blocks on (moves). The
// processes that are safe so far and have such moves are then checked
// against what the other processes may block on: one such process
// against the union over the others, several against unions before and
// after each (othersBlock), two passes in all.
func (r *Reducer) SafeProcs(s []byte, dst []bool) []bool {
	if !r.decode(s) {
		return dst[:0]
	}
	procOff, facts, factBase := r.procOff, r.facts, r.factBase
	dst = slices.Grow(dst[:0], len(procOff))[:len(procOff)]
	need := r.need[:0]
	for pid, o := range procOff {
		tag := s[o]
		loc := int(s[o+1]) | int(s[o+2])<<8
		f := facts[factBase[tag]+loc]
		ok := f&factSafe != 0
		if f&factCond != 0 {
			ok = true
			c := &r.locs[tag][loc]
			for i := range c.ops {
				if !r.opSafe(s, pid, &c.ops[i]) {
					ok = false
					break
				}
			}
		}
		if ok && f&factMoves != 0 {
			need = append(need, int32(pid))
		}
		dst[pid] = ok
	}
	r.need = need
	if len(need) == 0 {
		return dst
	}
	if len(need) > 1 {
		r.othersBlock(s)
	}
	for _, pid := range need {
		o := procOff[pid]
		mv := r.moves[s[o]][int(s[o+1])|int(s[o+2])<<8]
		// what every other process may block on
		var b chanMasks
		if len(need) > 1 {
			// the processes before pid, then those after it (overlap
			// distributes over the union of its first argument)
			b = r.blockPre[pid].or(r.blockSuf[pid+1])
		} else {
			for q, o := range procOff {
				if q != int(pid) {
					b = b.or(r.block[s[o]][int(s[o+1])|int(s[o+2])<<8])
				}
			}
		}
		if overlap(b.send, mv.recv) || overlap(b.recv, mv.send) || overlap(b.any, mv.any) {
			dst[pid] = false
		}
	}
	return dst
}

// othersBlock fills blockPre and blockSuf for the processes of s (after
// decode): blockPre[i] is the union of block of processes 0..i-1,
// blockSuf[i] that of processes i.. on, so that what all processes but
// one may block on takes two lookups instead of a pass over the others
// (which made SafeProcs quadratic in the processes of a rendezvous model).
func (r *Reducer) othersBlock(s []byte) {
	n := len(r.procOff)
	r.blockPre = slices.Grow(r.blockPre[:0], n+1)[:n+1]
	r.blockSuf = slices.Grow(r.blockSuf[:0], n+1)[:n+1]
	r.blockPre[0], r.blockSuf[n] = chanMasks{}, chanMasks{}
	for q, o := range r.procOff {
		r.blockPre[q+1] = r.blockPre[q].or(r.block[s[o]][int(s[o+1])|int(s[o+2])<<8])
	}
	for q := n - 1; q >= 0; q-- {
		o := r.procOff[q]
		r.blockSuf[q] = r.blockSuf[q+1].or(r.block[s[o]][int(s[o+1])|int(s[o+2])<<8])
	}
}

// decode finds the process and channel segments of s.
//
// Most states have the layout of the state decoded before (the same
// processes and channels): when s has its length and the same segment
// type at each of its offsets, decoding s gives the same offsets, which
// are kept. (Decoding was over a third of SafeProcs on cd_matrix: a walk
// whose every step waits for the size of the segment before.)
func (r *Reducer) decode(s []byte) bool {
	lay := &r.lay
	if len(s) < lay.GlobEnd {
		return false
	}
	if len(s) == r.decLen && r.sameLayout(s) {
		return true
	}
	if !r.decodeSlow(s) {
		r.decLen = -1
		return false
	}
	r.decLen = len(s)
	r.procTags, r.chanTags = r.procTags[:0], r.chanTags[:0]
	for _, o := range r.procOff {
		r.procTags = append(r.procTags, s[o])
	}
	for _, o := range r.chanOff {
		r.chanTags = append(r.chanTags, s[o])
	}
	return true
}

// sameLayout reports whether s has the segment types of the last layout
// decoded at its offsets (s as long as that state).
func (r *Reducer) sameLayout(s []byte) bool {
	for i, o := range r.procOff {
		if s[o] != r.procTags[i] {
			return false
		}
	}
	for i, o := range r.chanOff {
		if s[o] != r.chanTags[i] {
			return false
		}
	}
	return true
}

// decodeSlow decodes s segment by segment.
func (r *Reducer) decodeSlow(s []byte) bool {
	lay := &r.lay
	r.procOff, r.chanOff = r.procOff[:0], r.chanOff[:0]
	for off := lay.GlobEnd; off < len(s); {
		tag := s[off]
		if tag&lay.ChanTag != 0 {
			ct := int(tag &^ lay.ChanTag)
			if ct >= len(lay.ChanSize) {
				return false
			}
			r.chanOff = append(r.chanOff, int32(off))
			off += lay.ChanSize[ct]
			continue
		}
		if int(tag) >= len(lay.ProcSize) {
			return false
		}
		r.procOff = append(r.procOff, int32(off))
		off += lay.ProcSize[tag]
	}
	return true
}

// opSafe reports whether process pid's operation op is safe in s.
func (r *Reducer) opSafe(s []byte, pid int, op *liveOp) bool {
	lay := &r.lay
	switch op.kind {
	case opRun, opEnd:
		// the new pid (and _nr_pr) depend on the order of runs and
		// deaths: no other process may still run one or read _nr_pr; for
		// a death, pid must be the youngest (else a younger one's death
		// enables it); for a run, no younger process may die first.
		// Processes die youngest first, so one that can never die keeps
		// every older one alive: walking from the youngest down, the
		// first that cannot die ends the question.
		n := len(r.procOff)
		if op.kind == opEnd && pid != n-1 || op.kind == opRun && n >= 250 {
			return false
		}
		immortal := false
		for q := n - 1; q >= 0; q-- {
			if q == pid {
				continue
			}
			o := r.procOff[q]
			loc := int(s[o+1]) | int(s[o+2])<<8
			if r.runny[s[o]][loc] {
				return false
			}
			if q > pid && !immortal {
				if r.canDie[s[o]][loc] {
					return false
				}
				immortal = true
			}
		}
		return true
	}
	var at int
	if op.global {
		at = lay.GlobOff + int(op.off)
	} else {
		at = int(r.procOff[pid]) + lay.LocalsOff + int(op.off)
	}
	c := int(s[at])
	if c < 1 || c > len(r.chanOff) {
		return false
	}
	co := r.chanOff[c-1]
	capacity := lay.ChanCap[s[co]&^lay.ChanTag]
	n := int(s[co+1])
	if capacity == 0 {
		return false
	}
	switch op.kind {
	case opSend:
		return n < capacity && r.exclusive(s, pid, c, confSend)
	case opRecv:
		return n > 0 && r.exclusive(s, pid, c, confRecv)
	case opLen:
		switch {
		case n == capacity && r.exclusive(s, pid, c, confRecv):
			return true
		case n == 0 && r.exclusive(s, pid, c, confSend):
			return true
		}
		return r.exclusive(s, pid, c, confRecv|confSend)
	case opEmpty:
		if n > 0 {
			return r.exclusive(s, pid, c, confRecv)
		}
		return r.exclusive(s, pid, c, confSend)
	case opFull:
		if n == capacity {
			return r.exclusive(s, pid, c, confRecv)
		}
		return r.exclusive(s, pid, c, confSend)
	}
	return false
}

// exclusive reports whether no process other than pid may, from its
// current location, apply to channel c an operation in conf, and pid
// hands c to none that may.
func (r *Reducer) exclusive(s []byte, pid, c int, conf capSet) bool {
	lay := &r.lay
	for q, o := range r.procOff {
		tag := s[o]
		loc := int(s[o+1]) | int(s[o+2])<<8
		refs := r.live[tag][loc]
		if q == pid {
			refs = r.given[tag][loc]
		}
		for i := range refs {
			lr := &refs[i]
			if lr.caps&conf == 0 {
				continue
			}
			if lr.off < 0 {
				return false
			}
			base := int(o) + lay.LocalsOff + int(lr.off)
			if lr.global {
				base = lay.GlobOff + int(lr.off)
			}
			for k := 0; k < int(lr.n); k++ {
				if int(s[base+k]) == c {
					return false
				}
			}
		}
	}
	return true
}

// Allowed reports whether reduction may be used for prog at all.
func Allowed(prog *automata.Program) bool {
	if prog.UsesLast || prog.UsesPriority || prog.Trace != nil {
		// a trace sequence observes the sends and receives on its
		// channels: reduction would have to keep them all visible
		return false
	}
	for _, p := range prog.Procs {
		if p.Provided != nil {
			return false
		}
	}
	ok := true
	for _, t := range prog.Trans {
		if t.Kind == automata.TSetPrio {
			return false
		}
		if t.Proc != nil && t.Proc == prog.Never {
			// the claim's remote references and labels only make the
			// steps they observe visible (VisibleGroups)
			continue
		}
		exprs(t, func(x automata.Expr) {
			switch x := x.(type) {
			case *automata.Ref:
				if x.Remote != nil {
					ok = false
				}
			case *automata.RemoteLabel:
				ok = false
			case *automata.Call:
				switch x.Fn {
				case automata.BEnabled, automata.BPcValue, automata.BGetPrio, automata.BLast:
					ok = false
				}
			}
		})
	}
	return ok
}

// SafeTransitions returns, per transition group, whether it is safe.
func SafeTransitions(prog *automata.Program, info *pins.Info) []bool {
	clean := make([]bool, len(prog.Trans))
	slots := slotVars(prog, info)
	for i, t := range prog.Trans {
		clean[i] = cleanTrans(t) && cleanSlots(info, slots, i)
	}
	// regions: an atomic sequence or d_step is safe only if all of it is
	type key struct {
		p *automata.Proc
		r int
	}
	regionBad := map[key]bool{}
	regions := func(t *automata.Trans, f func(k key)) {
		p := t.Proc
		add := func(r int) {
			if r != 0 {
				f(key{p, r})
			}
		}
		add(t.Region)
		if t.From >= 0 && t.From < len(p.Locs) {
			add(p.Locs[t.From].Region)
		}
		if t.To >= 0 && t.To < len(p.Locs) {
			add(p.Locs[t.To].Region)
		}
		if t.Kind == automata.TDStep && t.DStart >= 0 && t.DStart < len(p.Locs) {
			add(p.Locs[t.DStart].Region)
		}
	}
	for i, t := range prog.Trans {
		if !clean[i] {
			regions(t, func(k key) { regionBad[k] = true })
		}
	}
	safe := make([]bool, len(prog.Trans))
	for i, t := range prog.Trans {
		ok := clean[i] && t.Proc.Kind != automata.NeverClaim
		regions(t, func(k key) {
			if regionBad[k] {
				ok = false
			}
		})
		// a d_step's body: every statement of it must be clean
		if t.Kind == automata.TDStep {
			seen := map[int]bool{}
			var body func(l int)
			body = func(l int) {
				p := t.Proc
				if l < 0 || l >= len(p.Locs) || seen[l] || p.Locs[l].Flags&automata.DStepLoc == 0 {
					return
				}
				seen[l] = true
				for _, u := range p.Locs[l].Out {
					if !clean[u.ID] {
						ok = false
					}
					body(u.To)
				}
			}
			body(t.DStart)
		}
		safe[i] = ok
	}
	return safe
}

// cleanSlots: the group's dependency information names only local
// variables and program counters (the statement's merged chain included).
func cleanSlots(info *pins.Info, slots []*automata.Var, g int) bool {
	if info == nil || g >= len(info.Groups) {
		return false
	}
	gr := &info.Groups[g]
	if len(gr.Sends) > 0 || len(gr.Recvs) > 0 {
		return false
	}
	for _, list := range [][]int{gr.Reads, gr.Writes} {
		for _, i := range list {
			if i < 0 || i >= len(info.Slots) || i >= len(slots) {
				return false
			}
			// a chan variable: a statement merged after this one may
			// poll its channel
			if v := slots[i]; v != nil && isChan(v.Type) {
				return false
			}
			switch info.Slots[i].Kind {
			case pins.LocalVar, pins.ProgramCounter:
			default:
				return false
			}
		}
	}
	return true
}

// cleanChanSlots: the group's dependency information names only local
// variables, program counters and channel variables (whose operations
// opsOf has vetted).
func cleanChanSlots(info *pins.Info, slots []*automata.Var, g int, ops []chanOp) bool {
	gr := &info.Groups[g]
	for _, list := range [][]int{gr.Reads, gr.Writes} {
		for _, i := range list {
			if i < 0 || i >= len(info.Slots) || i >= len(slots) {
				return false
			}
			if v := slots[i]; v != nil && isChan(v.Type) {
				// only the channels of the vetted operations
				found := false
				for _, op := range ops {
					found = found || op.v != nil && op.v == v
				}
				if !found {
					return false
				}
				continue
			}
			switch info.Slots[i].Kind {
			case pins.LocalVar, pins.ProgramCounter:
			default:
				return false
			}
		}
	}
	return true
}

// slotVars maps the engine's dependency slots back to variables (nil for
// program counters), as the engine numbers them: the globals, then per
// proctype its program counter and its locals.
func slotVars(prog *automata.Program, info *pins.Info) []*automata.Var {
	var out []*automata.Var
	out = append(out, prog.Globals...)
	for _, p := range prog.Procs {
		out = append(out, nil)
		out = append(out, p.Locals...)
	}
	if len(out) != len(info.Slots) {
		return make([]*automata.Var, len(info.Slots)) // unknown numbering: no chan slot is recognized
	}
	return out
}

// cleanTrans: the statement itself refers to nothing outside its process.
func cleanTrans(t *automata.Trans) bool {
	switch t.Kind {
	case automata.TExpr, automata.TElse, automata.TAssign, automata.TIncDec,
		automata.TAssert, automata.TPrintf, automata.TPrintm, automata.TGoto, automata.TDStep:
	default: // send, receive, -end-, set_priority
		return false
	}
	if t.Rendezvous || t.Chan != nil {
		return false
	}
	ok := true
	exprs(t, func(x automata.Expr) {
		ok = ok && localNode(x, false)
	})
	return ok
}

func isChanType(v *automata.Var) bool {
	return v.Type.Kind == chanKind
}

// exprs calls f on every expression of t (not of a d_step's body).
func exprs(t *automata.Trans, f func(automata.Expr)) {
	automata.WalkExpr(t.X, f)
	if t.LHS != nil {
		automata.WalkExpr(t.LHS, f)
	}
	automata.WalkExpr(t.Chan, f)
	for _, a := range t.Args {
		automata.WalkExpr(a, f)
	}
	for _, a := range t.RArgs {
		if a.Var != nil {
			automata.WalkExpr(a.Var, f)
		}
		automata.WalkExpr(a.Match, f)
	}
	for _, a := range t.PArgs {
		automata.WalkExpr(a, f)
	}
	automata.WalkExpr(t.Pid, f)
}

const chanKind = ast.Chan
