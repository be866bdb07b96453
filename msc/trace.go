package msc

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gospin/gospin/simulate"
)

// Trace is what a run did, in the terms of a chart.
type Trace struct {
	Title    string
	Lanes    []Lane
	Rows     []Row
	Messages []Message
	Init     []simulate.Var // the variables of the initial state
	End      string         // how the run ended ("invalid end state", ...)
	EndError string         // the error the run ended in, "" if none
	// CycleRow is the row that starts the acceptance cycle, -1 if none.
	CycleRow int
}

// Lane is the lifeline of one process. Pids can be reused after a
// process dies, so a lane is one process's life, not one pid.
type Lane struct {
	Pid     int
	Name    string
	Start   int // the row where it was created (-1: an initial process)
	End     int // the row where it died (-1: alive at the end)
	Creator int // the lane that created it (-1: none)
	// FinalLine: for a process alive at the end, the source line where
	// it is (0: unknown); FinalValid: there at a valid end state.
	FinalLine  int
	FinalValid bool
}

// Label is the lane's name and pid, as the chart heads it.
func (l *Lane) Label() string { return fmt.Sprintf("%s:%d", l.Name, l.Pid) }

// RowKind says what a row shows.
type RowKind int

const (
	RowLocal     RowKind = iota // a step that touches no channel
	RowSend                     // a send into a buffered channel
	RowRecv                     // a receive from a buffered channel
	RowHandshake                // a rendezvous: the send and its receive
	RowDie                      // a process ended
	RowCycle                    // the acceptance cycle starts below
	RowCollapsed                // a run of local steps shown as one row
	RowNote                     // a step of no process (the never claim)
)

// Row is one line of the chart: one step of the run, or a run of local
// steps collapsed into one.
type Row struct {
	Kind      RowKind
	Step      int // the step's number (the last one's, for a collapsed row)
	FirstStep int // a collapsed row's first step
	Lane      int // the process's lane (-1: none)
	Lane2     int // a handshake's receiver (-1: none)
	Text      string
	Text2     string // a handshake's receive statement
	Line      int    // the statement's source line (0: unknown)
	Output    string // printf output
	Error     string // the error the step reached
	Timeout   bool
	Msg       int   // the row's message, -1 if none
	Creates   []int // lanes that the step created
	Count     int   // steps in a collapsed row (1 otherwise)
	// Counts: a collapsed row's steps per lane.
	Counts map[int]int
	// Vars: the variables that changed with the row (all of them in a
	// collapsed row's last step), when the run recorded snapshots.
	Vars []simulate.Var
	Gone []string // variables gone with the row (a dead process's locals)
	// Sub: the steps a collapsed row stands for (their Vars as above).
	Sub []Row
}

// Message is one message between lifelines.
type Message struct {
	From, To   int // lanes (To -1: not received by the end)
	SendRow    int // -1: sent before the chart starts
	RecvRow    int // -1: never received
	Chan       string
	Label      string // the send with the contents, e.g. "ch!1,2"
	RecvLabel  string // the receive with the contents, e.g. "ch?1,2" ("": not received)
	Rendezvous bool
}

// Builder collects a run's events into a Trace; it is the
// simulate.Observer of a run (set Options.Snapshots for the variables).
type Builder struct {
	t       Trace
	lane    map[int]int // pid -> its current lane
	pending []int       // lanes created by a step not seen yet
	queued  map[int][]int
	prev    map[string]string // the variables after the last row
}

// NewBuilder returns a Builder for a chart with the title given.
func NewBuilder(title string) *Builder {
	return &Builder{t: Trace{Title: title, CycleRow: -1}, lane: map[int]int{}, queued: map[int][]int{}, prev: map[string]string{}}
}

// Observe implements simulate.Observer.
func (b *Builder) Observe(ev *simulate.Event) {
	t := &b.t
	switch ev.Kind {
	case simulate.EvCreate:
		l := Lane{Pid: ev.Pid, Name: ev.Name, Start: -1, End: -1, Creator: -1}
		if ev.By >= 0 {
			l.Creator = b.laneOf(ev.By, "")
			l.Start = len(t.Rows) // the creating step's row, which comes next
			b.pending = append(b.pending, len(t.Lanes))
		}
		b.lane[ev.Pid] = len(t.Lanes)
		t.Lanes = append(t.Lanes, l)
	case simulate.EvInit:
		t.Init = ev.Vars
		b.changed(ev.Vars)
	case simulate.EvStep:
		b.step(ev)
	case simulate.EvDie:
		li := b.laneOf(ev.Pid, ev.Name)
		t.Lanes[li].End = len(t.Rows)
		t.Rows = append(t.Rows, Row{Kind: RowDie, Step: ev.Step, FirstStep: ev.Step, Lane: li, Lane2: -1, Msg: -1, Count: 1, Error: ev.Violation})
		delete(b.lane, ev.Pid)
	case simulate.EvClaim:
		if ev.Violation != "" || ev.Output != "" {
			t.Rows = append(t.Rows, Row{Kind: RowNote, Step: ev.Step, FirstStep: ev.Step, Lane: -1, Lane2: -1, Msg: -1, Count: 1, Text: "never claim", Output: ev.Output, Error: ev.Violation})
		}
	case simulate.EvCycle:
		t.CycleRow = len(t.Rows)
		t.Rows = append(t.Rows, Row{Kind: RowCycle, Step: ev.Step, FirstStep: ev.Step + 1, Lane: -1, Lane2: -1, Msg: -1, Count: 1, Text: "start of acceptance cycle"})
	case simulate.EvEnd:
		t.End = ev.Text
		t.EndError = ev.Violation
		for _, p := range ev.Procs {
			if li, ok := b.lane[p.Pid]; ok {
				t.Lanes[li].FinalLine, t.Lanes[li].FinalValid = p.Line, p.ValidEnd
			}
		}
	}
}

// laneOf is the lane of pid, made up when the run did not say where it
// came from (a model without an Inspector).
func (b *Builder) laneOf(pid int, name string) int {
	if li, ok := b.lane[pid]; ok {
		return li
	}
	if name == "" {
		name = "proc"
	}
	b.lane[pid] = len(b.t.Lanes)
	b.t.Lanes = append(b.t.Lanes, Lane{Pid: pid, Name: name, Start: -1, End: -1, Creator: -1})
	return b.lane[pid]
}

// changed returns the variables of vs that differ from the last row's,
// and remembers vs.
func (b *Builder) changed(vs []simulate.Var) (out []simulate.Var, gone []string) {
	seen := make(map[string]bool, len(vs))
	for _, v := range vs {
		seen[v.Name] = true
		if old, ok := b.prev[v.Name]; !ok || old != v.Value {
			out = append(out, v)
			b.prev[v.Name] = v.Value
		}
	}
	for name := range b.prev {
		if !seen[name] { // a process's locals, gone with it
			delete(b.prev, name)
			gone = append(gone, name)
		}
	}
	sort.Strings(gone)
	return out, gone
}

func (b *Builder) step(ev *simulate.Event) {
	t := &b.t
	if ev.Pid < 0 {
		return
	}
	r := Row{Kind: RowLocal, Step: ev.Step, FirstStep: ev.Step, Lane: b.laneOf(ev.Pid, ev.Name), Lane2: -1, Msg: -1, Count: 1,
		Text: ev.Text, Line: ev.Line, Output: ev.Output, Error: ev.Violation, Timeout: ev.Timeout}
	if ev.Vars != nil {
		r.Vars, r.Gone = b.changed(ev.Vars)
	}
	ri := len(t.Rows)
	r.Creates, b.pending = b.pending, nil
	label := func(sep string) string {
		return ev.ChanName + sep + strings.Join(ev.Msg, ",")
	}
	switch {
	case ev.Op == simulate.OpSend && ev.Pid2 >= 0:
		r.Kind, r.Lane2, r.Text2 = RowHandshake, b.laneOf(ev.Pid2, ev.Name2), ev.Text2
		r.Msg = len(t.Messages)
		recv := label("?")
		if ev.ChanName2 != "" {
			recv = ev.ChanName2 + "?" + strings.Join(ev.Msg, ",")
		}
		t.Messages = append(t.Messages, Message{From: r.Lane, To: r.Lane2, SendRow: ri, RecvRow: ri, Chan: ev.ChanName, Label: label("!"), RecvLabel: recv, Rendezvous: true})
	case ev.Op == simulate.OpSend:
		r.Kind = RowSend
		r.Msg = len(t.Messages)
		b.queued[ev.Chan] = append(b.queued[ev.Chan], r.Msg)
		t.Messages = append(t.Messages, Message{From: r.Lane, To: -1, SendRow: ri, RecvRow: -1, Chan: ev.ChanName, Label: label("!")})
	case ev.Op == simulate.OpRecv && ev.Keep:
		// a poll: the message stays in the channel
		r.Text = ev.ChanName + "?<" + strings.Join(ev.Msg, ",") + ">  (" + ev.Text + ")"
	case ev.Op == simulate.OpRecv:
		r.Kind = RowRecv
		r.Msg = b.match(ev.Chan, ev.ChanName, ev.Msg)
		m := &t.Messages[r.Msg]
		m.To, m.RecvRow = r.Lane, ri
		m.RecvLabel = label("?")
	}
	// messages that a d_step or a merged chain took and sent: receives
	// first, as a chain that does both must receive before its send can
	// fill the place
	for _, c := range ev.Taken {
		mi := b.match(c.Chan, c.ChanName, c.Msg)
		m := &t.Messages[mi]
		m.To, m.RecvRow = r.Lane, ri
		m.RecvLabel = c.ChanName + "?" + strings.Join(c.Msg, ",")
		if r.Kind == RowLocal {
			r.Kind, r.Msg = RowRecv, mi
		}
	}
	for _, c := range ev.Sent {
		mi := len(t.Messages)
		b.queued[c.Chan] = append(b.queued[c.Chan], mi)
		t.Messages = append(t.Messages, Message{From: r.Lane, To: -1, SendRow: ri, RecvRow: -1, Chan: c.ChanName, Label: c.ChanName + "!" + strings.Join(c.Msg, ",")})
		if r.Kind == RowLocal || r.Kind == RowRecv && r.Msg < 0 {
			r.Kind, r.Msg = RowSend, mi
		}
	}
	t.Rows = append(t.Rows, r)
}

// match finds the message that a receive of msg from channel ch took:
// the oldest one queued on the channel with those contents (a random
// receive need not take the first), or else one whose send the chart
// did not see.
func (b *Builder) match(ch int, chanName string, msg []string) int {
	t := &b.t
	q := b.queued[ch]
	want := strings.Join(msg, ",")
	for i, mi := range q {
		if l := t.Messages[mi].Label; strings.HasSuffix(l, "!"+want) {
			b.queued[ch] = append(q[:i:i], q[i+1:]...)
			return mi
		}
	}
	t.Messages = append(t.Messages, Message{From: -1, To: -1, SendRow: -1, RecvRow: -1, Chan: chanName, Label: "(send not seen)"})
	return len(t.Messages) - 1
}

// Trace returns the chart collected so far.
func (b *Builder) Trace() *Trace {
	t := b.t
	return &t
}

// Collapse returns t with every run of at least min consecutive local
// steps (steps without a message, printf output, error, process creation
// or death) shown as one row. Rows that a message, lane or the cycle
// refer to keep their places.
func Collapse(t *Trace, min int) *Trace {
	if min < 2 {
		min = 2
	}
	quiet := func(r *Row) bool {
		return r.Kind == RowLocal && r.Output == "" && r.Error == "" && len(r.Creates) == 0 && !r.Timeout
	}
	out := *t
	out.Rows = nil
	newIdx := make([]int, len(t.Rows)+1)
	for i := 0; i < len(t.Rows); {
		j := i
		for j < len(t.Rows) && quiet(&t.Rows[j]) {
			j++
		}
		if j-i >= min {
			c := Row{Kind: RowCollapsed, Step: t.Rows[j-1].Step, FirstStep: t.Rows[i].Step, Lane: -1, Lane2: -1, Msg: -1, Count: j - i, Counts: map[int]int{}}
			for k := i; k < j; k++ {
				c.Counts[t.Rows[k].Lane]++
				c.Sub = append(c.Sub, t.Rows[k])
				newIdx[k] = len(out.Rows)
			}
			if len(c.Counts) == 1 {
				c.Lane = t.Rows[i].Lane
			}
			out.Rows = append(out.Rows, c)
			i = j
			continue
		}
		newIdx[i] = len(out.Rows)
		out.Rows = append(out.Rows, t.Rows[i])
		i++
	}
	newIdx[len(t.Rows)] = len(out.Rows)
	remap := func(r int) int {
		if r < 0 {
			return r
		}
		return newIdx[r]
	}
	out.Lanes = append([]Lane(nil), t.Lanes...)
	for i := range out.Lanes {
		out.Lanes[i].Start = remap(out.Lanes[i].Start)
		out.Lanes[i].End = remap(out.Lanes[i].End)
	}
	out.Messages = append([]Message(nil), t.Messages...)
	for i := range out.Messages {
		out.Messages[i].SendRow = remap(out.Messages[i].SendRow)
		out.Messages[i].RecvRow = remap(out.Messages[i].RecvRow)
	}
	out.CycleRow = remap(t.CycleRow)
	return &out
}
