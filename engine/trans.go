package engine

import (
	"strings"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
)

// ctrans is a compiled transition.
type ctrans struct {
	t      *automata.Trans
	id     int
	kind   automata.TransKind
	level  int
	to     int
	atomic bool
	x      efn
	pid    efn   // set_priority's process
	pargs  []efn // printf arguments
	hasRun bool
	lhs    *cref
	ch     efn
	args   []efn
	rargs  []crecv
	dstart int
	// dguard: the guard of a d_step whose first location has a single
	// expression statement dfirst (else nil: see anyEnabled)
	dguard efn
	dfirst *ctrans
	// drecv: the receive that opens a d_step (its first location has that
	// single statement), or nil. pan's d_step is then executable as that
	// receive is: on a rendezvous channel it is a handshake partner of a
	// send, and the rest of the body runs in the same step.
	drecv *ctrans
	// chain: the statements merged after this one (statement merging);
	// endAtomic: the atomic flag of the merged transition (its last
	// statement's), the same as atomic when chain is empty.
	chain     []*ctrans
	endAtomic bool
	// violations, made once
	assertViol *pins.Violation
}

func hasRun(x automata.Expr) bool {
	switch x := x.(type) {
	case *automata.Run:
		return true
	case *automata.Unary:
		return hasRun(x.X)
	case *automata.Binary:
		return hasRun(x.X) || hasRun(x.Y)
	case *automata.Cond:
		return hasRun(x.C) || hasRun(x.T) || hasRun(x.E)
	}
	return false
}

func (cm *compiler) trans(t *automata.Trans) *ctrans {
	ct := &ctrans{t: t, id: t.ID, kind: t.Kind, level: t.Level, to: t.To, atomic: t.Atomic, endAtomic: t.Atomic, dstart: t.DStart}
	if t.Kind == automata.TDStep && t.Proc != nil && t.DStart >= 0 && t.DStart < len(t.Proc.Locs) {
		if out := t.Proc.Locs[t.DStart].Out; len(out) == 1 && out[0].Kind == automata.TExpr {
			ct.dguard = cm.expr(out[0].X)
		}
	}
	switch t.Kind {
	case automata.TExpr, automata.TAssert, automata.TPrintm, automata.TSetPrio:
		ct.x = cm.expr(t.X)
		ct.hasRun = hasRun(t.X)
		if t.Pid != nil {
			ct.pid = cm.expr(t.Pid)
		}
	case automata.TPrintf:
		for _, a := range t.PArgs {
			ct.pargs = append(ct.pargs, cm.expr(a))
		}
	case automata.TAssign:
		ct.x = cm.expr(t.X)
		if t.LHS != nil {
			ct.lhs = cm.ref(t.LHS)
		}
	case automata.TIncDec:
		ct.lhs = cm.ref(t.LHS)
	case automata.TSend:
		ct.ch = cm.expr(t.Chan)
		for _, a := range t.Args {
			ct.args = append(ct.args, cm.expr(a))
		}
	case automata.TRecv:
		ct.ch = cm.expr(t.Chan)
		ct.rargs = cm.recvArgs(t.RArgs)
	}
	if t.Kind == automata.TAssert {
		ct.assertViol = &pins.Violation{Kind: pins.Assertion, Message: "assertion violated " + assertArg(t.Text), Pos: t.Pos}
	}
	return ct
}

// assertArg is the text of an assertion's argument as pan prints it in
// "assertion violated ...": the statement's text assert((x==2)) without the
// call's own parentheses, so (x==2); assert(done) gives done.
func assertArg(text string) string {
	s := strings.TrimPrefix(text, "assert")
	if len(s) >= 2 && s[0] == '(' && s[len(s)-1] == ')' {
		return s[1 : len(s)-1]
	}
	return s
}

// runtimeViolation describes a run-time error of t (errors are rare: this
// allocates, and keeps nothing shared between clones of an engine).
func (t *ctrans) runtimeViolation(msg string) *pins.Violation {
	return &pins.Violation{Kind: pins.RuntimeError, Message: msg + " (" + t.t.Text + ")", Pos: t.t.Pos, Fatal: fatalError(msg)}
}

// fatalError reports whether run-time error msg is one that pan reports
// with Uerror, ending its search even with -e or -c0.
func fatalError(msg string) bool {
	switch msg {
	case errProcs, errQueues, errRecvField, errDStep, errRendDStep, errPollRV, errEnabled:
		return true
	}
	return false
}

// rendezvous reports whether t is a send or receive on a rendezvous
// channel in the current context.
func (t *ctrans) rendezvous(c *ctx) bool {
	if t.kind != automata.TSend && t.kind != automata.TRecv {
		return false
	}
	id := t.ch(c)
	if id < 1 || int(id) > c.nchan {
		return false
	}
	return c.e.ctypes[c.s[c.chanOff[id-1]]&^chanTag].cap == 0
}

// guard evaluates the executability of t in the current process context
// (not for else, and not for rendezvous sends, which Next handles).
func (t *ctrans) guard(c *ctx) bool {
	switch t.kind {
	case automata.TExpr:
		return t.x(c) != 0
	case automata.TSend:
		off, ct := c.channel(t.ch(c))
		if ct == nil {
			return false
		}
		return ct.cap > 0 && ct.qlen(c.s, off) < ct.cap
	case automata.TRecv:
		off, ct := c.channel(t.ch(c))
		if ct == nil || ct.cap == 0 {
			return false
		}
		n := ct.qlen(c.s, off)
		if n > 0 && len(t.rargs) > len(ct.fields) {
			// pan reads field by field: the first one past the message
			// is a run-time error
			c.fail(errRecvField)
			return false
		}
		for k := 0; k < n; k++ {
			if c.matches(off, ct, k, t.rargs) {
				return true
			}
			if !t.t.Random {
				break
			}
		}
		return false
	case automata.TEnd:
		return c.pid == c.nproc-1
	case automata.TDStep:
		if t.dguard != nil {
			return t.dguard(c) != 0
		}
		return c.e.dstepEnabled(c, c.e.locs[c.e.ptypes[c.s[c.base]].p.Index][t.dstart])
	}
	return true
}

// receive returns the receive statement that t is or that opens the
// d_step t, or nil.
func (t *ctrans) receive() *ctrans {
	if t.kind == automata.TRecv {
		return t
	}
	return t.drecv
}

// dstepEnabled reports whether a d_step whose body starts at li can start:
// some statement of li is enabled. As in pan, a send on a rendezvous
// channel inside a d_step is executable (and then an error, see dstep),
// and a receive from one is not (it is one only as a handshake partner:
// see rendezvous).
func (e *Engine) dstepEnabled(c *ctx, li *locInfo) bool {
	for _, t := range li.out {
		if t.kind == automata.TElse {
			return true
		}
		if t.kind == automata.TSend && t.rendezvous(c) {
			return true
		}
		if t.guard(c) {
			return true
		}
	}
	return false
}

// elseEnabled: none of the other main transitions of the location is.
func (e *Engine) elseEnabled(c *ctx, li *locInfo) bool {
	ts := li.nonElse
	if li.nonElseDisp != nil {
		ts = li.nonElseDisp.candidates(c)
	}
	for _, t := range ts {
		if e.transEnabled(c, t) {
			return false
		}
	}
	return true
}

// transEnabled reports whether t is enabled in the working state: its
// guard holds, and a rendezvous send has a receiver ready.
func (e *Engine) transEnabled(c *ctx, t *ctrans) bool {
	if t.kind == automata.TSend && t.rendezvous(c) {
		return e.findReceiver(c, t)
	}
	return t.guard(c)
}

// matches reports whether message k of the channel at off matches the
// constant and eval fields of args.
func (c *ctx) matches(off int, ct *chanType, k int, args []crecv) bool {
	base := off + ct.hdr + k*ct.msgSize
	for i, a := range args {
		if a.match == nil || i >= len(ct.fields) {
			continue
		}
		if a.match(c) != load(c.s, base+ct.foff[i], &ct.fields[i]) {
			return false
		}
	}
	return true
}

// rendezvousMatch reports whether receive t (in the receiver's context)
// takes the message in c.msg offered on the channel at off.
func (t *ctrans) rendezvousMatch(c *ctx, off int, ct *chanType, n int) bool {
	id := t.ch(c)
	if id < 1 || int(id) > c.nchan || int(c.chanOff[id-1]) != off {
		return false
	}
	return t.rendezvousFields(c, ct, n)
}

// rendezvousFields reports whether the constant fields of receive t (in
// the receiver's context) match the message in c.msg; n is the number of
// the sender's arguments.
func (t *ctrans) rendezvousFields(c *ctx, ct *chanType, n int) bool {
	for i, a := range t.rargs {
		if a.match == nil || i >= n {
			continue
		}
		if truncate(a.match(c), &ct.fields[min(i, len(ct.fields)-1)]) != c.msg[i] {
			return false
		}
	}
	return true
}

// effect applies t in the current process context (c.apply is set). It
// does not move the program counter.
func (e *Engine) effect(c *ctx, t *ctrans) {
	switch t.kind {
	case automata.TExpr:
		if t.hasRun {
			t.x(c)
		}
	case automata.TAssign:
		if t.lhs == nil {
			t.x(c)
			return
		}
		t.lhs.store(c, t.x(c))
	case automata.TIncDec:
		t.lhs.store(c, t.lhs.load(c)+int32(t.t.Inc))
	case automata.TAssert:
		if t.x(c) == 0 {
			if c.viol == nil {
				c.viol, c.nviol = t.assertViol, 1
			} else {
				c.nviol++ // a merged step failing several assertions
			}
		}
	case automata.TPrintm:
		if e.printing {
			e.outMarks = append(e.outMarks, len(e.out))
			e.printm(c, t)
		}
	case automata.TPrintf:
		if e.printing {
			e.outMarks = append(e.outMarks, len(e.out))
			e.printf(c, t)
		}
	case automata.TSetPrio:
		pid, v := t.pid(c), t.x(c)
		if v < 1 || v > 255 {
			c.fail(errPrio)
			return
		}
		if pid >= 0 && int(pid) < c.nproc {
			c.s[c.procOff[pid]+procHdr] = byte(v)
		}
	case automata.TSend:
		id := t.ch(c)
		off, ct := c.channel(id)
		if ct == nil {
			return
		}
		if ct.cap == 0 {
			c.fail(errRendDStep)
			return
		}
		if len(t.args) > len(ct.fields) {
			c.fail(errFields)
		} else if len(t.args) < len(ct.fields) {
			c.fail(errFewFields)
		}
		c.loadMsg(t, ct)
		n := ct.qlen(c.s, off)
		if n >= ct.cap {
			return
		}
		k := n
		if t.t.Sorted {
			k = 0
			for ; k < n; k++ {
				if c.msgLess(off, ct, k) {
					break
				}
			}
			// shift k..n-1 up
			first := off + ct.hdr + k*ct.msgSize
			copy(c.s[first+ct.msgSize:off+ct.hdr+(n+1)*ct.msgSize], c.s[first:off+ct.hdr+n*ct.msgSize])
		}
		base := off + ct.hdr + k*ct.msgSize
		for i := range ct.fields {
			store(c.s, base+ct.foff[i], &ct.fields[i], c.msg[i])
		}
		ct.setQlen(c.s, off, n+1)
		if e.trace != nil {
			// pan checks the newest message of the channel
			e.traceSlot(c, true, id, off, ct, n)
		}
	case automata.TRecv:
		id := t.ch(c)
		off, ct := c.channel(id)
		if ct == nil || ct.cap == 0 {
			return
		}
		n := ct.qlen(c.s, off)
		k := 0
		if t.t.Random {
			for k = 0; k < n; k++ {
				if c.matches(off, ct, k, t.rargs) {
					break
				}
			}
		}
		if k >= n {
			return
		}
		if e.trace != nil && !t.t.Keep {
			// pan checks the first message of the channel
			e.traceSlot(c, false, id, off, ct, 0)
		}
		base := off + ct.hdr + k*ct.msgSize
		for i, a := range t.rargs {
			if a.v == nil || i >= len(ct.fields) {
				continue
			}
			a.v.store(c, load(c.s, base+ct.foff[i], &ct.fields[i]))
		}
		if !t.t.Keep {
			if len(t.rargs) < len(ct.fields) {
				c.fail(errRecvMissing)
			}
			end := off + ct.hdr + n*ct.msgSize
			copy(c.s[base:end-ct.msgSize], c.s[base+ct.msgSize:end])
			for i := end - ct.msgSize; i < end; i++ {
				c.s[i] = 0
			}
			ct.setQlen(c.s, off, n-1)
		}
	case automata.TDStep:
		e.dstep(c, t, false)
	case automata.TEnd:
		e.delProc(c, c.pid)
	}
}

// msgLess reports whether c.msg sorts before message k (sorted send).
func (c *ctx) msgLess(off int, ct *chanType, k int) bool {
	base := off + ct.hdr + k*ct.msgSize
	for i := range ct.fields {
		v := load(c.s, base+ct.foff[i], &ct.fields[i])
		if c.msg[i] != v {
			return c.msg[i] < v
		}
	}
	return false
}

// recvRendezvous assigns the variables of receive t from c.msg.
func (t *ctrans) recvRendezvous(c *ctx) {
	for i, a := range t.rargs {
		if a.v != nil && i < len(c.msg) {
			a.v.store(c, c.msg[i])
		}
	}
}

// dstep runs a d_step body to its end, deterministically. guarded says
// that the d_step's guard was just found true in this state (Next's
// step): a first statement that is a plain expression (t.dguard) is then
// not evaluated again.
func (e *Engine) dstep(c *ctx, t *ctrans, guarded bool) {
	p := e.ptypes[c.s[c.base]].p
	cur := t.dstart
	if guarded && t.dguard != nil && !t.dfirst.hasRun {
		e.mark(p, cur)
		cur = t.dfirst.to
	}
	e.dstepFrom(c, p, cur)
}

// dstepFrom runs the body of a d_step of the current process (of type p)
// from its location cur to its end, and leaves the process there. As in
// pan, there is no bound on the number of steps. The body runs
// deterministically, so it loops forever exactly when a (location, state)
// pair repeats: after dstepWatch steps, Brent's cycle detection compares
// the current pair with a snapshot, and a repeat is the run-time error
// "d_step loops forever" (pan itself hangs: docs/spin-semantics.md, A4). A
// statement that blocks is the run-time error "block in d_step seq"; a
// send on a rendezvous channel is "rv-attempt in d_step".
func (e *Engine) dstepFrom(c *ctx, p *automata.Proc, cur int) {
	locs := e.locs[p.Index]
	var loop dstepLoop
	for steps := 0; p.Locs[cur].Flags&automata.DStepLoc != 0; steps++ {
		if steps >= dstepWatch && loop.repeated(c, cur) {
			c.fail(errDStepInf)
			break
		}
		li := locs[cur]
		e.mark(p, cur)
		var pick *ctrans
		for _, tt := range li.out {
			if tt.kind == automata.TElse {
				if e.elseEnabled(c, li) {
					pick = tt
					break
				}
				continue
			}
			if tt.kind == automata.TSend && tt.rendezvous(c) || tt.guard(c) {
				pick = tt
				break
			}
		}
		if pick == nil {
			c.fail(errDStep)
			break
		}
		if pick.kind == automata.TEnd {
			break
		}
		e.effect(c, pick)
		cur = pick.to
	}
	c.setPC(c.pid, cur)
}

// dstepWatch is the number of steps of a d_step body after which its
// states are watched for a repeat (a body that ends sooner costs nothing).
const dstepWatch = 1 << 16

// dstepLoop is Brent's cycle detection over the (location, state, hidden
// globals) of a d_step body's run: a snapshot is taken at steps 1, 2, 4,
// 8, ... after the watch starts and compared at every step.
type dstepLoop struct {
	loc        int
	s, hidden  []byte
	power, lam int
}

// repeated reports whether the current pair equals the snapshot, and
// takes a new snapshot at each power of two.
func (l *dstepLoop) repeated(c *ctx, cur int) bool {
	if l.power > 0 && cur == l.loc && string(c.s) == string(l.s) && string(c.hidden) == string(l.hidden) {
		return true
	}
	if l.lam == l.power {
		l.loc = cur
		l.s = append(l.s[:0], c.s...)
		l.hidden = append(l.hidden[:0], c.hidden...)
		l.power = max(1, 2*l.power)
		l.lam = 0
	}
	l.lam++
	return false
}

// delProc removes process pid (the last one) and the channels after it.
func (e *Engine) delProc(c *ctx, pid int) {
	cut := c.procOff[pid]
	c.s = c.s[:cut]
	c.nproc = pid
	for c.nchan > 0 && c.chanOff[c.nchan-1] > cut {
		c.nchan--
	}
	c.s[hdrNProc] = byte(c.nproc)
	c.s[hdrNChan] = byte(c.nchan)
	c.changed = true
}
