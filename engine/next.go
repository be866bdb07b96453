package engine

import (
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
)

// Next implements pins.Model. It follows pan's order: when the state is
// inside an atomic sequence, the process holding it moves alone if it can;
// otherwise every process, from the highest pid down, each with the
// transitions of its location in order (escapes first; else last in
// effect); if nothing can move, once more with timeout true.
func (e *Engine) Next(s []byte, yield func(t *pins.Transition, succ []byte) bool) {
	c := &e.c
	if !e.begin(s) {
		return
	}
	c.timeout = false
	e.claimMove = -1
	holder := int(s[hdrAtomic])
	if holder != noAtomic {
		// inside an atomic sequence: its process moves alone if it can
		if holder < c.nproc {
			n, stop := e.expand(s, holder, yield)
			if n > 0 || stop {
				return
			}
		}
		// It cannot: atomicity is lost. pan then stores this state as an
		// ordinary one; so the only successor is the state itself, no
		// longer inside the sequence.
		e.restore(s)
		c.s[hdrAtomic] = noAtomic
		tr := &e.tr
		*tr = pins.Transition{Pid: holder, Group: -1, Pid2: -1, Group2: -1, Claim: -1, Flags: pins.AtomicLost}
		yield(tr, c.s)
		return
	}
	if e.claim == nil {
		e.system(s, yield)
		return
	}
	// With a never claim, a step is a move of the claim followed by a move
	// of the system (pan stores only the states where the claim is about
	// to move). When the system cannot move, it asks for a timeout: the
	// claim's moves are all tried again, with timeout true for the system.
	// When the system still cannot move, the claim stutters: it moves
	// alone.
	if e.claimEnded(s, yield) {
		return
	}
	requested := false
	for round := 0; round < 2; round++ {
		c.timeout = round == 1
		moves := e.claimMoves(s, e.cmoves[:0])
		e.cmoves = moves
		if len(moves) == 0 && e.usesTimeout && !c.timeout {
			// Nothing at all can move, the claim included: as pan does,
			// try again with timeout true (the claim may wait for it).
			requested = true
		}
		for i := 0; i < len(moves); i++ {
			ct := moves[i]
			e.cbuf = append(e.cbuf[:0], s...)
			e.setClaimPC(e.cbuf, ct.to)
			s1 := e.cbuf
			e.restore(s1)
			e.claimMove = ct.id
			n, stop := e.system(s1, yield)
			if stop {
				c.timeout = false
				return
			}
			if n > 0 {
				continue
			}
			if e.usesTimeout && !c.timeout {
				requested = true
				continue
			}
			// stutter: the claim moves again from s1
			e.cmoves2 = e.claimMoves(s1, e.cmoves2[:0])
			if len(e.cmoves2) == 0 && e.claim.p.Locs[ct.to].Flags&automata.FinalLoc != 0 {
				// The claim's move reached its end and the system cannot
				// move: the claim has ended all the same (pan reports it
				// when the claim moves); a step of the claim alone says so.
				e.restore(s1)
				tr := &e.tr
				*tr = pins.Transition{Pid: -1, Group: -1, Pid2: -1, Group2: -1, Claim: ct.id, Violation: e.claimEnd}
				if !yield(tr, e.c.s) {
					c.timeout = false
					return
				}
			}
			for _, ct2 := range e.cmoves2 {
				e.restore(s1)
				e.setClaimPC(e.c.s, ct2.to)
				tr := &e.tr
				// a stutter step that ends the claim: pan stores the
				// state, then reports (claimEnded, when it is expanded)
				*tr = pins.Transition{Pid: -1, Group: -1, Pid2: -1, Group2: -1, Claim: ct2.id}
				if !yield(tr, e.c.s) {
					c.timeout = false
					return
				}
			}
			e.restore(s)
		}
		if !requested {
			break
		}
	}
	c.timeout = false
}

// begin loads state s into the context and saves its layout for restore;
// it reports false when s does not decode.
func (e *Engine) begin(s []byte) bool {
	c := &e.c
	e.prioValid = false
	e.rv.gen++
	if e.begunOK && !c.changed && string(c.s) == string(s) && string(e.begun) == string(s) {
		// s is the state begun last and the working state is back to it
		// (every step restores it): the decoding and the saved layout are
		// s's already. (The reduction layer asks for one process's steps
		// at a time, pins.ProcNexter: a decode for each was 15% of
		// cd_matrix's run.)
		return true
	}
	e.begunOK = false
	c.s = append(c.s[:0], s...)
	if c.decode() != nil {
		return false
	}
	sv := &e.saved
	sv.nproc, sv.nchan = c.nproc, c.nchan
	copy(sv.procOff[:c.nproc], c.procOff[:c.nproc])
	copy(sv.chanOff[:c.nchan], c.chanOff[:c.nchan])
	c.changed = false
	e.begun = append(e.begun[:0], s...)
	e.begunOK = true
	return true
}

// NextStutter implements pins.StutterModel: the successors of a state
// that a stutter step of the claim reached. The system cannot move there
// (its part of the state is that of the state where it could not, and no
// process can see the claim's), so each successor is one move of the
// claim alone, a stutter step. Without a claim, or inside an atomic
// sequence, it is Next.
func (e *Engine) NextStutter(s []byte, yield func(t *pins.Transition, succ []byte) bool) {
	if e.claim == nil || s[hdrAtomic] != noAtomic {
		e.Next(s, yield)
		return
	}
	c := &e.c
	if !e.begin(s) {
		return
	}
	e.claimMove = -1
	if e.claimEnded(s, yield) {
		return
	}
	// as in Next's stutter, with timeout true where the model has one
	c.timeout = e.usesTimeout
	e.cmoves2 = e.claimMoves(s, e.cmoves2[:0])
	for _, ct := range e.cmoves2 {
		e.restore(s)
		e.setClaimPC(e.c.s, ct.to)
		tr := &e.tr
		*tr = pins.Transition{Pid: -1, Group: -1, Pid2: -1, Group2: -1, Claim: ct.id}
		if !yield(tr, e.c.s) {
			break
		}
	}
	c.timeout = false
}

// claimEnded yields, when the claim of state s is at its end, one step of
// the claim alone that reports it (to s itself), and says whether it did.
// pan checks the claim's end in every state it enters; a state where the
// claim has ended is stored only when a stutter step reached it (any other
// step that ends the claim reports it at once, see Next).
func (e *Engine) claimEnded(s []byte, yield func(t *pins.Transition, succ []byte) bool) bool {
	if e.claim.p.Locs[e.claimPC(s)].Flags&automata.FinalLoc == 0 {
		return false
	}
	e.restore(s)
	tr := &e.tr
	*tr = pins.Transition{Pid: -1, Group: -1, Pid2: -1, Group2: -1, Claim: -1, Violation: e.claimEnd}
	yield(tr, e.c.s)
	return true
}

// claimMoves appends the claim's enabled transitions in state s (which
// must be in the working buffer) to dst.
func (e *Engine) claimMoves(s []byte, dst []*ctrans) []*ctrans {
	c := &e.c
	e.restore(s)
	c.pid, c.base = 0, 0
	e.mark(e.claim.p, e.claimPC(s))
	li := e.locs[e.claim.p.Index][e.claimPC(s)]
	best := -1
	for _, t := range li.out {
		if best >= 0 && t.level > best {
			break
		}
		if t.kind == automata.TElse {
			if !e.elseEnabled(c, li) {
				continue
			}
		} else if !t.guard(c) {
			continue
		}
		best = t.level
		dst = append(dst, t)
	}
	c.err = ""
	return dst
}

// system yields the successors of s by the processes (not the claim).
func (e *Engine) system(s []byte, yield func(t *pins.Transition, succ []byte) bool) (int, bool) {
	c := &e.c
	e.rv.gen++ // s may differ from the state begin loaded (the claim's move)
	total := 0
	for pid := c.nproc - 1; pid >= 0; pid-- {
		n, stop := e.expand(s, pid, yield)
		if stop {
			return total + n, true
		}
		total += n
	}
	if total == 0 && e.usesTimeout && e.claim == nil && !c.timeout {
		c.timeout = true
		for pid := c.nproc - 1; pid >= 0; pid-- {
			n, stop := e.expand(s, pid, yield)
			total += n
			if stop {
				c.timeout = false
				return total, true
			}
		}
		c.timeout = false
	}
	return total, false
}

// restore puts the working state back to s.
func (e *Engine) restore(s []byte) {
	c := &e.c
	c.s = append(c.s[:0], s...)
	if c.changed {
		sv := &e.saved
		c.nproc, c.nchan = sv.nproc, sv.nchan
		copy(c.procOff[:c.nproc], sv.procOff[:c.nproc])
		copy(c.chanOff[:c.nchan], sv.chanOff[:c.nchan])
		c.changed = false
	}
	c.err = ""
	c.viol = nil
	c.apply = false
	e.out = e.out[:0]
	e.outMarks = e.outMarks[:0]
}

// enterProc makes process pid of the working state the current one, to
// look at its steps (not to apply them), and returns its type; false
// when it may not move at all: its provided clause is false, or a
// process of higher priority can move.
func (e *Engine) enterProc(pid int) (*procType, bool) {
	c := &e.c
	c.setProc(pid)
	c.apply = false
	c.err = ""
	c.viol = nil
	pt := e.ptypes[c.s[c.base]]
	if pt.provided != nil && pt.provided(c) == 0 {
		c.err = ""
		return pt, false
	}
	if e.prog.UsesPriority && e.outranked(pid) {
		return pt, false
	}
	return pt, true
}

// expand yields the successors by the transitions of process pid. It
// returns how many it yielded and whether yield asked to stop.
func (e *Engine) expand(s []byte, pid int, yield func(*pins.Transition, []byte) bool) (int, bool) {
	c := &e.c
	pt, ok := e.enterProc(pid)
	if !ok {
		return 0, false
	}
	c.setProc(pid)
	e.mark(pt.p, int(c.pc(pid)))
	li := e.locs[pt.p.Index][c.pc(pid)]
	n := 0
	best := -1
	for _, t := range li.candidates(c) {
		if best >= 0 && t.level > best {
			break
		}
		c.setProc(pid)
		c.err = ""
		switch {
		case t.kind == automata.TElse:
			if !e.elseEnabled(c, li) {
				continue
			}
		case t.kind == automata.TSend && t.rendezvous(c):
			k, stop := e.rendezvous(s, pid, t, yield)
			n += k
			if k > 0 {
				best = t.level
			}
			if stop {
				return n, true
			}
			continue
		default:
			if !t.guard(c) {
				if c.err == "" {
					continue
				}
				// the guard itself fails at run time: report it
			}
		}
		best = t.level
		n++
		if !e.step(s, pid, t, yield) {
			return n, true
		}
	}
	return n, false
}

// step applies transition t of process pid to the working state, yields
// the successor and restores the working state.
func (e *Engine) step(s []byte, pid int, t *ctrans, yield func(*pins.Transition, []byte) bool) bool {
	c := &e.c
	guardErr := c.err
	c.apply = true
	if guardErr == "" {
		if t.kind == automata.TDStep {
			e.dstep(c, t, true)
		} else {
			e.effect(c, t)
		}
		if t.kind != automata.TEnd && t.kind != automata.TDStep {
			c.setPC(pid, t.to)
		}
	}
	if e.dead != nil && t.kind != automata.TEnd {
		e.resetDead(c, pid, t)
	}
	if len(t.chain) > 0 && guardErr == "" {
		e.runChain(c, pid, t)
	}
	e.setMover(c, pins.Transition{Pid: pid, Group: t.id, Pid2: -1, Group2: -1, Claim: e.claimMove},
		pid, t.endAtomic && t.kind != automata.TEnd)
	e.tr.Violation = e.violation(c, t)
	return e.yieldStep(s, yield)
}

// violation is the error of the step just applied by transition t (with
// the claim's move e.claimMove before it): the claim's reaching its end
// first (pan reports it when the claim moves, before the system's step,
// so a system error in the same step, even one that -A ignores, does not
// hide it), then a run-time error, then an assertion's failure.
func (e *Engine) violation(c *ctx, t *ctrans) *pins.Violation {
	switch {
	case e.claimMove >= 0 && e.trans[e.claimMove].to == e.claim.p.End:
		return e.claimEnd
	case c.err != "":
		return t.runtimeViolation(c.err)
	case c.viol != nil && c.nviol > 1:
		return e.repeated(c.viol, c.nviol)
	}
	return c.viol
}

// repeated is v counted n times: pan counts an error for each failing
// assertion of a merged step (uerror for each), so a step of a merged
// chain with two failing asserts is two errors under -e. The copies are
// made once per (v, n).
func (e *Engine) repeated(v *pins.Violation, n int) *pins.Violation {
	k := repeatKey{v, n}
	if r, ok := e.repeats[k]; ok {
		return r
	}
	if e.repeats == nil {
		e.repeats = map[repeatKey]*pins.Violation{}
	}
	r := *v
	r.Repeat = n
	e.repeats[k] = &r
	return &r
}

type repeatKey struct {
	v *pins.Violation
	n int
}

// rendezvousScan is rendezvous without the index (rvindex.go): every
// process's location is looked at, and the message is evaluated again for
// each receive. It is the path taken where evaluating a channel, a
// provided clause or the message fails at run time, so that the error is
// reported exactly where and as it always was. With a nil yield it stops
// at the first partner, before the handshake (rendezvousFirst).
func (e *Engine) rendezvousScan(s []byte, pid int, t *ctrans, yield func(*pins.Transition, []byte) bool) (int, bool) {
	c := &e.c
	id := t.ch(c)
	off, ct := c.channel(id)
	if ct == nil {
		return 0, false
	}
	n := 0
	for q := c.nproc - 1; q >= 0; q-- {
		if q == pid {
			continue
		}
		qt, rli, ok := e.receiverAt(c, q)
		if !ok {
			continue
		}
		for _, r := range rli.out {
			rr := r.receive()
			if rr == nil {
				continue
			}
			// the message, in the sender's context
			c.setProc(pid)
			c.loadMsg(t, ct)
			c.setProc(q)
			if !rr.rendezvousMatch(c, off, ct, len(t.args)) {
				continue
			}
			n++
			if yield == nil {
				// (rendezvousFirst: a partner exists)
				c.setProc(pid)
				return n, true
			}
			if !e.handshake(s, pid, t, id, ct, q, qt, r, rr, yield) {
				return n, true
			}
		}
	}
	c.setProc(pid)
	return n, false
}

// handshake applies the rendezvous of send t by process pid on channel id
// (of type ct, its message in c.msg) with receive rr (of transition r, the
// receive itself or the d_step it opens) by process q (of type qt), in the
// receiver's context, yields the successor and restores the working state
// to s. It reports whether yield asked to go on.
func (e *Engine) handshake(s []byte, pid int, t *ctrans, id int32, ct *chanType, q int, qt *procType, r, rr *ctrans, yield func(*pins.Transition, []byte) bool) bool {
	c := &e.c
	c.apply = true
	c.setPC(pid, t.to)
	switch {
	case len(t.args) > len(ct.fields):
		c.fail(errFields)
	case len(t.args) < len(ct.fields):
		c.fail(errFewFields)
	}
	sendErr := c.err != ""
	switch {
	case len(rr.rargs) > len(ct.fields):
		c.fail(errRecvField)
	case len(rr.rargs) < len(ct.fields):
		c.fail(errRecvMissing)
	}
	rr.recvRendezvous(c)
	if e.trace != nil {
		// a rendezvous is a send event, then a receive event
		e.traceEvent(c, true, id, c.msg[:len(ct.fields)])
		e.traceEvent(c, false, id, c.msg[:len(ct.fields)])
	}
	if r != rr {
		// a d_step opened by the receive: the rest of its body
		// runs in the same step
		e.dstepFrom(c, qt.p, rr.to)
	} else {
		c.setPC(q, r.to)
	}
	if e.dead != nil {
		e.resetDead(c, pid, t)
		e.resetDead(c, q, r)
	}
	if len(r.chain) > 0 {
		e.runChain(c, q, r)
	}
	e.setMover(c, pins.Transition{Pid: pid, Group: t.id, Pid2: q, Group2: r.id, Claim: e.claimMove},
		q, r.endAtomic)
	if c.err != "" && !sendErr {
		// the receiver's error: its statement is reported
		e.tr.Violation = rr.runtimeViolation(c.err)
	} else {
		e.tr.Violation = e.violation(c, t)
	}
	return e.yieldStep(s, yield)
}

// outranked reports whether another process of higher priority can move
// (then pid may not: pan's highest_priority rule).
//
// The highest priority of an enabled process is computed once per state
// (and timeout round) and kept: pid is outranked when it is higher than
// pid's own priority.
func (e *Engine) outranked(pid int) bool {
	c := &e.c
	if !e.prioValid || e.prioTimeout != c.timeout {
		e.prioMax = -1
		for q := 0; q < c.nproc; q++ {
			if p := int(c.s[c.procOff[q]+procHdr]); p > e.prioMax && e.procEnabled(c, q) {
				e.prioMax = p
			}
		}
		e.prioValid, e.prioTimeout = true, c.timeout
	}
	return e.prioMax > int(c.s[c.procOff[pid]+procHdr])
}

// setMover starts the step's transition e.tr as tr and records in the
// header that pid moved last (where the model uses _last) and whether it
// now holds an atomic sequence (then the transition is flagged InAtomic).
func (e *Engine) setMover(c *ctx, tr pins.Transition, pid int, inAtomic bool) {
	e.tr = tr
	if inAtomic {
		c.s[hdrAtomic] = byte(pid)
		e.tr.Flags |= pins.InAtomic
	} else {
		c.s[hdrAtomic] = noAtomic
	}
	if e.prog.UsesLast {
		c.s[hdrLast] = byte(pid)
	}
}

// yieldStep hands the step's transition e.tr (flagged Timeout where the
// step took the timeout) and successor to yield, then restores the working
// buffer to s.
func (e *Engine) yieldStep(s []byte, yield func(*pins.Transition, []byte) bool) bool {
	if e.c.timeout {
		e.tr.Flags |= pins.Timeout
	}
	ok := yield(&e.tr, e.c.s)
	e.restore(s)
	return ok
}
