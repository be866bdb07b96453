package engine

import "github.com/gospin/gospin/pins"

// The handshake partners of a rendezvous send are the receives, at the
// current locations of the other processes, on the same channel. Looking
// for them by scanning every process for every send made rendezvous
// models slow (cd_matrix: half of the run in that scan): a state with k
// enabled sends looked at every process k times and evaluated each send's
// message once per receive.
//
// rvIndex lists, once per state expanded (and timeout round), the
// receives that the processes' locations offer: per entry the process,
// the transition, and the channel its receive names in that state. A send
// then walks the list and looks only at the entries of its own channel,
// with its message evaluated once. The list keeps the scan's order (from
// the highest pid down, each location's transitions in order), so the
// successors come in the same order as before.
//
// Where a channel expression, a provided clause or the message fails at
// run time, the send takes the old scan (rendezvousScan), which reports
// the error exactly as before. The list's backing array is reused: no
// allocation per state once it has grown.
type rvIndex struct {
	gen      uint64 // raised whenever the state being expanded changes
	builtGen uint64 // the gen the list was built for
	timeout  bool   // the timeout flag it was built with
	built    bool   // the list is that of (builtGen, timeout)
	failed   bool   // building it met a run-time error: scan instead
	scanOnly bool   // always scan (tests compare the two)
	ents     []rvEntry
	msg      [maxFields]int32
}

// rvEntry is a receive offered by process q: transition r (the receive,
// or a d_step that a receive opens), rr its receive, ch the channel's id.
type rvEntry struct {
	ch    int32
	q     int32
	r, rr *ctrans
	qt    *procType
}

// buildRV lists the receives on rendezvous channels at the processes'
// locations in the working state (see rvIndex).
func (e *Engine) buildRV() {
	c := &e.c
	x := &e.rv
	x.built, x.failed = true, false
	x.builtGen, x.timeout = x.gen, c.timeout
	x.ents = x.ents[:0]
	for q := c.nproc - 1; q >= 0; q-- {
		qt, rli, ok := e.receiverAt(c, q)
		if !ok {
			if rli != nil && c.err != "" { // provided failed at run time
				x.failed = true
				return
			}
			continue
		}
		for _, r := range rli.out {
			rr := r.receive()
			if rr == nil {
				continue
			}
			id := rr.ch(c)
			if c.err != "" {
				x.failed = true
				return
			}
			if id < 1 || int(id) > c.nchan || e.ctypes[c.s[c.chanOff[id-1]]&^chanTag].cap != 0 {
				continue // no rendezvous channel: no partner of a send
			}
			x.ents = append(x.ents, rvEntry{ch: id, q: int32(q), r: r, rr: rr, qt: qt})
		}
	}
}

// rendezvous yields one successor per receiver that can take the message
// of send t by process pid: the handshake is one step.
func (e *Engine) rendezvous(s []byte, pid int, t *ctrans, yield func(*pins.Transition, []byte) bool) (int, bool) {
	c := &e.c
	x := &e.rv
	if c.err != "" || x.scanOnly {
		return e.rendezvousScan(s, pid, t, yield)
	}
	if !x.built || x.builtGen != x.gen || x.timeout != c.timeout {
		e.buildRV()
		c.setProc(pid)
	}
	if x.failed {
		c.err = ""
		return e.rendezvousScan(s, pid, t, yield)
	}
	id := t.ch(c)
	_, ct := c.channel(id)
	if ct == nil {
		return 0, false
	}
	// the message, in the sender's context, once
	nf := len(ct.fields)
	for i := range ct.fields {
		var v int32
		if i < len(t.args) {
			v = t.args[i](c)
		}
		x.msg[i] = truncate(v, &ct.fields[i])
	}
	if c.err != "" {
		c.err = ""
		return e.rendezvousScan(s, pid, t, yield)
	}
	n := 0
	gen := x.builtGen
	for i := 0; i < len(x.ents); i++ {
		en := &x.ents[i]
		if en.ch != id || int(en.q) == pid {
			continue
		}
		q, qt, r, rr := int(en.q), en.qt, en.r, en.rr
		copy(c.msg[:nf], x.msg[:nf])
		c.setProc(q)
		if !rr.rendezvousFields(c, ct, len(t.args)) {
			continue
		}
		n++
		if !e.handshake(s, pid, t, id, ct, q, qt, r, rr, yield) {
			return n, true
		}
		if x.builtGen != gen || !x.built {
			// yield expanded another state with this engine: the list
			// is that state's; s is back in the working buffer
			e.buildRV()
			gen = x.builtGen
		}
	}
	c.setProc(pid)
	return n, false
}

// receiverAt sets the context to process q and returns its type and
// location when q is at a location with a receive and its provided clause
// (if any) holds (ok); rli is nil when q is at no receive.
func (e *Engine) receiverAt(c *ctx, q int) (qt *procType, rli *locInfo, ok bool) {
	c.setProc(q)
	qt = e.ptypes[c.s[c.base]]
	rli = e.locs[qt.p.Index][c.pc(q)]
	if !rli.hasRecv {
		return qt, nil, false
	}
	return qt, rli, qt.provided == nil || qt.provided(c) != 0
}

// loadMsg evaluates the message of send t on a channel of type ct into
// c.msg, each field truncated to its type (missing arguments are 0).
func (c *ctx) loadMsg(t *ctrans, ct *chanType) {
	for i := range ct.fields {
		var v int32
		if i < len(t.args) {
			v = t.args[i](c)
		}
		c.msg[i] = truncate(v, &ct.fields[i])
	}
}

// rendezvousAny reports whether send t of process pid has a partner in
// the working state s: whether rendezvous would yield a step, without
// the handshake (OthersMove).
func (e *Engine) rendezvousAny(s []byte, pid int, t *ctrans) bool {
	c := &e.c
	x := &e.rv
	scan := func() bool {
		c.err = ""
		if e.stopStep == nil {
			e.stopStep = func(*pins.Transition, []byte) bool { return false }
		}
		k, _ := e.rendezvousScan(s, pid, t, e.stopStep)
		return k > 0
	}
	if c.err != "" || x.scanOnly {
		return scan()
	}
	if !x.built || x.builtGen != x.gen || x.timeout != c.timeout {
		e.buildRV()
		c.setProc(pid)
	}
	if x.failed {
		return scan()
	}
	id := t.ch(c)
	_, ct := c.channel(id)
	if ct == nil {
		return false
	}
	nf := len(ct.fields)
	for i := range ct.fields {
		var v int32
		if i < len(t.args) {
			v = t.args[i](c)
		}
		x.msg[i] = truncate(v, &ct.fields[i])
	}
	if c.err != "" {
		return scan()
	}
	found := false
	for i := 0; i < len(x.ents) && !found; i++ {
		en := &x.ents[i]
		if en.ch != id || int(en.q) == pid {
			continue
		}
		copy(c.msg[:nf], x.msg[:nf])
		c.setProc(int(en.q))
		found = en.rr.rendezvousFields(c, ct, len(t.args))
	}
	c.setProc(pid)
	return found
}

// rendezvousFirst reports whether send t of process pid has a partner in
// the working state s: rendezvousScan without a yield, which stops at
// the first partner before the handshake, so it is whether
// rendezvousScan, and rendezvousAny, would yield a step. OthersMove asks
// it for the first send it meets in a state, where listing every
// process's receives (buildRV) for one answer cost more than the walk to
// the first partner.
func (e *Engine) rendezvousFirst(s []byte, pid int, t *ctrans) bool {
	e.c.err = ""
	n, _ := e.rendezvousScan(s, pid, t, nil)
	return n > 0
}
