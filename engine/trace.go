package engine

import (
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
)

// traceSeq is the compiled trace or notrace sequence of a model: an event
// trace assertion that pan checks along every step (SPIN's EVENT_TRACE).
// Its location (pan's now._event) is part of the state, in two header
// bytes. pan's rules (pangen1.h require(), pangen3.h qsend/qrecv):
//
//   - the events are the sends and receives on the channels the sequence
//     names: a send is an event when its channel is the value of a channel
//     expression of a send of the sequence (in_s_scope), a receive when it
//     is one of a receive of the sequence (in_r_scope), evaluated in the
//     current state;
//   - a send is one event once its message is in the channel, a receive
//     one event before its message leaves it (a poll, ch?[..], and a copy,
//     ch?<..>, are none); a rendezvous is both, the send then the receive;
//   - at each event the sequence must take a transition of its current
//     location of the same kind on the same channel whose constant fields
//     equal the message's (pan compares the newest message of the channel
//     after a send, the first before a receive); the first that matches
//     moves it, and a second one that also matches is pan's error
//     "non-determinism in event-trace";
//   - when none matches (or the sequence is already at its end), a trace
//     fails ("event_trace error (no matching event)"), a notrace is done
//     (it jumps to its end: it can no longer fail); a notrace fails when
//     a match takes it to its end ("event_trace error (all events
//     matched)");
//   - an end state is valid only when the sequence is at its end or at an
//     end label (pan prints "event_trace not completed" and reports an
//     invalid end state).
type traceSeq struct {
	p                           *automata.Proc
	neg                         bool
	off                         int         // offset of the location in the state
	locs                        [][]*ctrans // the transitions of each location, in order
	sendCh                      []efn       // the channels of the sequence's sends
	recvCh                      []efn       // and of its receives
	fields                      [maxFields]int32
	noMatch, allMatched, nonDet *pins.Violation
}

// compileTrace compiles the model's trace sequence, if any.
func (e *Engine) compileTrace(cm *compiler) {
	p := e.prog.Trace
	if p == nil {
		return
	}
	ts := &traceSeq{p: p, neg: e.prog.NoTrace, off: e.traceOff}
	for _, loc := range p.Locs {
		var out []*ctrans
		for _, t := range loc.Out {
			ct := cm.trans(t)
			if t.Kind == automata.TSend {
				// the lowering gives a trace's sends receive arguments
				ct.rargs = cm.recvArgs(t.RArgs)
			}
			out = append(out, ct)
			switch t.Kind {
			case automata.TSend:
				ts.sendCh = append(ts.sendCh, ct.ch)
			case automata.TRecv:
				ts.recvCh = append(ts.recvCh, ct.ch)
			}
		}
		ts.locs = append(ts.locs, out)
	}
	ts.noMatch = &pins.Violation{Kind: pins.TraceError, Message: "event_trace error (no matching event)", Pos: p.Pos}
	ts.allMatched = &pins.Violation{Kind: pins.TraceError, Message: "event_trace error (all events matched)", Pos: p.Pos}
	ts.nonDet = &pins.Violation{Kind: pins.TraceError, Message: "non-determinism in event-trace", Pos: p.Pos}
	e.trace = ts
}

func (ts *traceSeq) loc(s []byte) int { return int(s[ts.off]) | int(s[ts.off+1])<<8 }

func (ts *traceSeq) setLoc(s []byte, l int) {
	s[ts.off] = byte(l)
	s[ts.off+1] = byte(l >> 8)
}

// traceSlot is a send (send true) or receive event on channel id, whose
// message is slot k of the channel at off: the sequence moves.
func (e *Engine) traceSlot(c *ctx, send bool, id int32, off int, ct *chanType, k int) {
	ts := e.trace
	base := off + ct.hdr + k*ct.msgSize
	for i := range ct.fields {
		ts.fields[i] = load(c.s, base+ct.foff[i], &ct.fields[i])
	}
	e.traceEvent(c, send, id, ts.fields[:len(ct.fields)])
}

// traceEvent moves the sequence on a send or receive of msg on channel id,
// when the channel is in the sequence's scope for that kind of event.
func (e *Engine) traceEvent(c *ctx, send bool, id int32, msg []int32) {
	ts := e.trace
	scope := ts.recvCh
	kind := automata.TRecv
	if send {
		scope, kind = ts.sendCh, automata.TSend
	}
	err := c.err
	in := false
	for _, ch := range scope {
		if ch(c) == id {
			in = true
			break
		}
	}
	c.err = err
	if !in {
		return
	}
	at := ts.loc(c.s)
	if at != ts.p.End {
		for j, t := range ts.locs[at] {
			if !ts.match(t, c, kind, id, msg) {
				continue
			}
			ts.setLoc(c.s, t.to)
			if e.traceCover != nil && !e.traceCover[t.to] {
				e.traceCover[t.to] = true // (written once: see mark)
			}
			if ts.neg && t.to == ts.p.End {
				c.traceViolation(ts.allMatched)
				return
			}
			for j2 := j + 1; j2 < len(ts.locs[at]); j2++ {
				if ts.match(ts.locs[at][j2], c, kind, id, msg) {
					c.traceViolation(ts.nonDet)
					break
				}
			}
			return
		}
	}
	if ts.neg {
		ts.setLoc(c.s, ts.p.End)
		return
	}
	c.traceViolation(ts.noMatch)
}

// match reports whether transition t of the sequence takes the event.
func (ts *traceSeq) match(t *ctrans, c *ctx, kind automata.TransKind, id int32, msg []int32) bool {
	if t.kind != kind {
		return false
	}
	err := c.err
	ok := t.ch(c) == id
	if ok {
		// the constant (and eval) fields must equal the message's
		for i, a := range t.rargs {
			if a.match != nil && i < len(msg) && a.match(c) != msg[i] {
				ok = false
				break
			}
		}
	}
	c.err = err
	return ok
}

// traceViolation records the sequence's error on the step (the first
// error of the step stands).
func (c *ctx) traceViolation(v *pins.Violation) {
	if c.viol == nil {
		c.viol, c.nviol = v, 1
	}
}

// traceEnded reports whether the sequence is at a location where an end
// state is valid: its end or an end label.
func (e *Engine) traceEnded(s []byte) bool {
	ts := e.trace
	l := ts.loc(s)
	return l >= len(ts.p.Locs) || ts.p.Locs[l].Flags&automata.EndLoc != 0
}
