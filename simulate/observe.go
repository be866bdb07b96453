package simulate

import (
	"fmt"
	"strings"

	"github.com/gospin/gospin/pins"
)

// Observer receives a run as data, event by event, as the simulator makes
// it (the msc package draws message sequence charts from it). The event
// and its slices are the observer's to keep.
type Observer interface {
	Observe(ev *Event)
}

// EventKind says what an Event is.
type EventKind int

const (
	EvCreate EventKind = iota // process Pid (Name) was created, by By (-1: one of the initial processes)
	EvInit                    // the initial state (Vars), after the initial processes' EvCreate
	EvStep                    // a statement of process Pid (and Pid2's receive in a rendezvous)
	EvDie                     // process Pid ended
	EvClaim                   // the never claim moved alone (a step of its own)
	EvCycle                   // the next step starts the acceptance cycle of the trail
	EvEnd                     // the run ended: Text says how, Violation why
)

// Op is what a step does with a channel.
type Op int

const (
	OpNone Op = iota
	OpSend
	OpRecv
)

// Event is one thing that happened in a run.
type Event struct {
	Kind EventKind
	Step int // the number of the step (SPIN's depth) after it
	Pid  int
	Name string // the process's proctype (":init:" for init)
	By   int    // EvCreate: the creating process (-1: none)
	Text string // the statement (EvStep), the end of the run (EvEnd)
	File string
	Line int
	// Op, Chan, ChanName, Cap and Msg: the message of a send or receive
	// (Chan: the channel's id in the model, Cap its capacity, 0 for a
	// rendezvous; ChanName: as the statement names it).
	Op       Op
	Chan     int
	ChanName string
	Cap      int
	Msg      []string
	// Keep: a receive that left the message in the channel (ch?<x>).
	Keep bool
	// Pid2, Name2, Text2, Line2: the receiver of a rendezvous (Pid2 -1:
	// none); ChanName2: the channel as its receive names it.
	Pid2      int
	Name2     string
	Text2     string
	Line2     int
	ChanName2 string
	// Output is the step's printf output.
	Output string
	// Violation is the error the step (or the run's end) reached, "" if none.
	Violation string
	Timeout   bool // the step was taken in SPIN's timeout
	// Vars are the variables after the event (EvInit, EvStep), when
	// Options.Snapshots is set.
	Vars []Var
	// Procs: at EvEnd, where the processes still alive are.
	Procs []ProcAt
	// Sent and Taken: the messages that a step which is not itself a
	// send or receive put into or took from buffered channels (a d_step
	// or a merged chain that contains sends or receives).
	Sent, Taken []ChanMsg
}

// ChanMsg is a message of a channel.
type ChanMsg struct {
	Chan     int
	ChanName string
	Msg      []string
}

// ProcAt is where a process is at the end of a run.
type ProcAt struct {
	Pid      int
	Name     string
	Line     int
	ValidEnd bool // at a valid end state
}

// Var is one variable of a state: a global ("x"), a local ("P(1):x") or
// a channel's contents ("chan q").
type Var struct{ Name, Value string }

// emit gives ev to the observer.
func (s *sim) emit(ev *Event) {
	if s.opt.Observer != nil {
		s.opt.Observer.Observe(ev)
	}
}

// observing reports whether the run has an observer.
func (s *sim) observing() bool { return s.opt.Observer != nil }

// vars lists the variables of state, for an observer that asks for them.
func (s *sim) vars(state []byte) []Var {
	if !s.opt.Snapshots || s.in == nil {
		return nil
	}
	var vs []Var
	for _, g := range s.in.Globals(state) {
		vs = append(vs, Var{g.Name, g.Value})
	}
	for _, p := range s.in.Procs(state) {
		for _, l := range s.in.Locals(state, p.Pid) {
			vs = append(vs, Var{fmt.Sprintf("%s(%d):%s", p.Name, p.Pid, l.Name), l.Value})
		}
	}
	for _, c := range s.in.Chans(state) {
		name := c.Name
		if name == "" {
			name = fmt.Sprintf("#%d", c.ID)
		}
		vs = append(vs, Var{"chan " + name, c.Contents()})
	}
	return vs
}

// stepEvent is the EvStep of step sc from cur, with the message of a send
// or receive (sendMsg, chanID), for the observer.
func (s *sim) stepEvent(cur []byte, sc *succ, kind string, sendMsg []string, sendChan int, recvMsg []string, recvChan int) *Event {
	t := &sc.t
	ev := &Event{Kind: EvStep, Step: s.steps, Pid: t.Pid, By: -1, Pid2: -1, Output: string(sc.out)}
	if t.Group >= 0 && t.Group < len(s.info.Groups) {
		g := &s.info.Groups[t.Group]
		ev.Text, ev.File, ev.Line = g.Text, g.Pos.Filename, g.Pos.Line
	}
	if s.in != nil {
		if procs := s.in.Procs(cur); t.Pid >= 0 && t.Pid < len(procs) {
			ev.Name = procs[t.Pid].Name
		}
	}
	switch {
	case kind == "send" && sendMsg != nil:
		ev.Op, ev.Chan, ev.Msg = OpSend, sendChan, sendMsg
	case kind == "recv" && recvMsg != nil:
		ev.Op, ev.Chan, ev.Msg = OpRecv, recvChan, recvMsg
	}
	if ev.Op != OpNone {
		ev.ChanName = s.chanText(cur, t.Group, ev.Chan)
		if s.in != nil {
			if cs := s.in.Chans(cur); ev.Chan >= 1 && ev.Chan <= len(cs) {
				ev.Cap = cs[ev.Chan-1].Cap
				if ev.Op == OpRecv {
					if cn := s.in.Chans(sc.state); ev.Chan <= len(cn) && len(cn[ev.Chan-1].Msgs) == len(cs[ev.Chan-1].Msgs) {
						ev.Keep = true
					}
				}
			}
		}
	}
	if ev.Op == OpNone && kind != "send" && kind != "recv" && s.in != nil {
		// sends and receives inside the step: the buffered channels
		// that grew or shrank
		c0, c1 := s.in.Chans(cur), s.in.Chans(sc.state)
		for i := 0; i < len(c0) && i < len(c1); i++ {
			if c0[i].Cap == 0 || c0[i].ID != c1[i].ID {
				continue
			}
			n0, n1 := len(c0[i].Msgs), len(c1[i].Msgs)
			for _, m := range c1[i].Msgs[min(n0, n1):] {
				ev.Sent = append(ev.Sent, ChanMsg{c1[i].ID, c1[i].Name, m})
			}
			for _, m := range c0[i].Msgs[:max(n0-n1, 0)] {
				ev.Taken = append(ev.Taken, ChanMsg{c0[i].ID, c0[i].Name, m})
			}
		}
	}
	if t.Pid2 >= 0 && t.Group2 >= 0 && t.Group2 < len(s.info.Groups) {
		ev.Pid2 = t.Pid2
		g := &s.info.Groups[t.Group2]
		ev.Text2, ev.Line2 = g.Text, g.Pos.Line
		if ev.Op != OpNone {
			ev.ChanName2 = s.chanText(cur, t.Group2, ev.Chan)
		}
		if s.in != nil {
			if procs := s.in.Procs(cur); t.Pid2 < len(procs) {
				ev.Name2 = procs[t.Pid2].Name
			}
		}
	}
	if t.Violation != nil {
		ev.Violation = violationText(t.Violation, ev.Text)
	}
	ev.Timeout = t.Flags&pins.Timeout != 0
	if t.Violation != nil {
		// SPIN does not execute a failing statement: the variables are
		// those before it (as the end-of-run summary shows them)
		ev.Vars = s.vars(cur)
	} else {
		ev.Vars = s.vars(sc.state)
	}
	return ev
}

// violationText is a one-line description of v.
func violationText(v *pins.Violation, text string) string {
	switch v.Kind {
	case pins.Assertion:
		if rest, ok := strings.CutPrefix(v.Message, "assertion violated "); ok {
			return "assertion violated: assert(" + rest + ")"
		}
		return "assertion violated: " + text
	case pins.ClaimEnd:
		return "never claim terminates"
	}
	return v.Message
}
