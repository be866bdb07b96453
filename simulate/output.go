package simulate

import (
	"fmt"
	"strings"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
)

// step prints step sc from cur as SPIN does and counts it.
func (s *sim) step(cur []byte, sc *succ) {
	s.curState = cur
	t := &sc.t
	v := s.verbose()
	if s.opt.Mode == Replay && v && s.info.Claim && t.Claim >= 0 && t.Claim < len(s.info.Groups) {
		s.claimMoveLine(t.Claim)
	}
	if t.Group < 0 || t.Pid < 0 {
		s.stepAlone(sc)
		return
	}
	kind, from := "other", -1
	var before, after []engine.ProcView
	o := &s.opt
	detail := v && (o.PrintSteps || o.Globals || o.Locals || o.Sends || o.Recvs || o.MSC)
	// an observer needs the processes and messages as -c does (printing
	// stays guarded by v and the options)
	show := v && detail
	detail = detail || s.observing()
	if s.in != nil {
		from, kind = s.in.TransInfo(t.Group)
		if detail {
			before = s.in.Procs(cur)
			after = s.in.Procs(sc.state)
		}
	}
	label := s.procLabel(t.Pid, t.Group, before)
	if kind == "end" {
		s.stepEnd(t, label, before)
		return
	}
	s.steps++
	// the global channels the statements name exist from now on in
	// SPIN's simulator (run's arguments before the new processes)
	s.touch(cur, t.Group)
	if t.Pid2 >= 0 {
		s.touch(cur, t.Group2)
	}
	if s.in != nil && !detail {
		if n0, n1 := s.in.NumProcs(cur), s.in.NumProcs(sc.state); n1 > n0 {
			s.created += n1 - n0
			for pid := n0; pid < n1; pid++ {
				s.newProc(sc.state, pid, "")
			}
		}
	}
	if t.Flags&pins.Timeout != 0 && v {
		s.w.WriteString("      timeout\n")
	}
	for pid := len(before); pid < len(after); pid++ {
		s.createLine(sc, t.Pid, label, pid, after[pid].Name)
	}
	pos := s.info.Groups[t.Group].Pos
	at := fmt.Sprintf("%s:%d", pos.Filename, pos.Line)
	// sends and receives
	var sendMsg []string
	sendChan := 0
	if s.in != nil && detail && kind == "send" {
		sendChan, sendMsg = s.sendLine(cur, sc, label, at)
	}
	var recvMsg []string
	recvChan := 0
	if s.in != nil && detail && kind == "recv" && t.Pid2 < 0 {
		if id, ok := s.in.RecvChan(cur, t.Pid, t.Group); ok {
			msg := s.received(cur, sc.state, id)
			recvMsg, recvChan = msg, id
			s.recvLine(t.Pid, t.Group, label, at, id, cur, sc.state, msg)
		}
	}
	if s.observing() {
		defer func() { s.emit(s.stepEvent(cur, sc, kind, sendMsg, sendChan, recvMsg, recvChan)) }()
	}
	s.printf(t.Pid, sc.out, sc.marks)
	if t.Violation != nil {
		s.errorLines(t)
	}
	if s.opt.PrintSteps && v && (t.Violation == nil || s.opt.Mode == Replay) {
		fmt.Fprintf(s.w, "%3d:\t%s\t[%s]\n", s.steps, s.where(t.Pid, t.Group, from), s.text(t.Group))
	}
	if t.Pid2 >= 0 && t.Group2 >= 0 {
		s.rendezvousReceiver(cur, sc, before, sendChan, sendMsg)
	}
	if s.in != nil && show {
		s.changes(cur, sc, before, after)
	}
}

// claimMoveLine shows the never claim's move (group g) before the
// system's, as spin -t shows it: when the claim's line changes (or, in a
// claim translated from an ltl formula, whose statements share the
// formula's line, its statement).
func (s *sim) claimMoveLine(g int) {
	line, text := s.info.Groups[g].Pos.Line, s.text(g)
	if line != s.lastClaim || text != s.lastClaimText {
		s.lastClaim, s.lastClaimText = line, text
		fmt.Fprintf(s.w, "Never claim moves to line %d\t[%s]\n", line, text)
	}
}

// stepAlone shows a step that is no statement of a process: a lost
// atomic sequence, or the never claim moving alone (a claim move counts
// as a step).
func (s *sim) stepAlone(sc *succ) {
	t := &sc.t
	if t.Pid < 0 {
		s.steps++
		if s.observing() {
			ev := &Event{Kind: EvClaim, Step: s.steps, Pid: -1, By: -1, Pid2: -1, Output: string(sc.out)}
			if t.Violation != nil {
				ev.Violation = violationText(t.Violation, "")
			}
			s.emit(ev)
		}
	}
	s.printf(t.Pid, sc.out, sc.marks)
	if t.Violation != nil {
		s.errorLines(t) // the claim's end on a move of the claim alone
	}
}

// stepEnd shows a process's death.
func (s *sim) stepEnd(t *pins.Transition, label string, before []engine.ProcView) {
	if s.opt.PrintSteps && s.verbose() {
		fmt.Fprintf(s.w, "%3d:\tproc %2d (%s) %sterminates\n", s.steps, t.Pid, label, s.tag(t.Pid))
	}
	if t.Violation != nil {
		s.errorLines(t) // the claim's end on a process's death
	}
	if s.observing() {
		ev := &Event{Kind: EvDie, Step: s.steps, Pid: t.Pid, By: -1, Pid2: -1}
		if t.Pid >= 0 && t.Pid < len(before) {
			ev.Name = before[t.Pid].Name
		}
		if t.Violation != nil {
			ev.Violation = violationText(t.Violation, "")
		}
		s.emit(ev)
	}
}

// createLine shows the creation of process pid (name) by process by.
func (s *sim) createLine(sc *succ, by int, label string, pid int, name string) {
	s.created++
	if s.verbose() && s.opt.PrintSteps {
		fmt.Fprintf(s.w, "Starting %s with pid %d\n", name, pid)
		fmt.Fprintf(s.w, "%3d:\tproc %2d (%s) creates proc %2d (%s)\n", s.steps, by, label, pid, name)
	}
	s.newProc(sc.state, pid, name)
	if s.observing() {
		s.emit(&Event{Kind: EvCreate, Step: s.steps, Pid: pid, Name: name, By: by, Pid2: -1})
	}
}

// sendLine shows the step's send (-s, and the message chart) and returns
// its channel and message (nil when it sent none).
func (s *sim) sendLine(cur []byte, sc *succ, label, at string) (int, []string) {
	t := &sc.t
	id, msg, ok := s.in.SendMessage(cur, t.Pid, t.Group)
	if !ok {
		return 0, nil
	}
	word := "Send"
	if t.Pid2 >= 0 {
		word = "Sent"
	}
	name := s.chanText(cur, t.Group, id)
	if s.opt.Sends && s.verbose() {
		fmt.Fprintf(s.w, "%3d:\tproc %2d (%s) %s %s %s\t-> queue %d (%s)\n", s.steps, t.Pid, label, at, word, strings.Join(msg, ","), s.queue(id), name)
	}
	s.msc(t.Pid, id, name+"!"+strings.Join(msg, ","), sc.state)
	return id, msg
}

// rendezvousReceiver shows the receiver's side of a rendezvous.
func (s *sim) rendezvousReceiver(cur []byte, sc *succ, before []engine.ProcView, sendChan int, sendMsg []string) {
	t := &sc.t
	label2 := s.procLabel(t.Pid2, t.Group2, before)
	p2 := s.info.Groups[t.Group2].Pos
	at2 := fmt.Sprintf("%s:%d", p2.Filename, p2.Line)
	if sendMsg != nil {
		s.recvLine(t.Pid2, t.Group2, label2, at2, sendChan, cur, sc.state, sendMsg)
	}
	if s.opt.PrintSteps && s.verbose() {
		from2 := -1
		if s.in != nil {
			from2, _ = s.in.TransInfo(t.Group2)
		}
		fmt.Fprintf(s.w, "%3d:\t%s\t[%s]\n", s.steps, s.where(t.Pid2, t.Group2, from2), s.text(t.Group2))
	}
}

// changes shows the globals (-g) and locals (-l) the step changed.
func (s *sim) changes(cur []byte, sc *succ, before, after []engine.ProcView) {
	t := &sc.t
	if s.opt.Globals {
		s.queues(sc.state)
		g0, g1 := s.in.Globals(cur), s.in.Globals(sc.state)
		for i := range g1 {
			if i < len(g0) && g0[i] != g1[i] {
				fmt.Fprintf(s.w, "\t\t%s = %s\n", g1[i].Name, g1[i].Value)
			}
		}
	}
	if s.opt.Locals {
		s.changedLocals(cur, sc.state, t.Pid, before, after)
		if t.Pid2 >= 0 {
			s.changedLocals(cur, sc.state, t.Pid2, before, after)
		}
	}
}

func (s *sim) recvLine(pid, group int, label, at string, id int, cur, next []byte, msg []string) {
	if msg == nil {
		return
	}
	name := s.chanText(cur, group, id)
	if s.opt.Recvs && s.verbose() {
		fmt.Fprintf(s.w, "%3d:\tproc %2d (%s) %s Recv %s\t<- queue %d (%s)\n", s.steps, pid, label, at, strings.Join(msg, ","), s.queue(id), name)
	}
	s.msc(pid, id, name+"?"+strings.Join(msg, ","), next)
}

// msc prints one line of the message sequence chart (spin -c). The first
// row after a process was created starts with a header that numbers the
// processes alive then (SPIN's docolumns).
func (s *sim) msc(pid, id int, text string, state []byte) {
	if !s.opt.MSC || !s.verbose() {
		return
	}
	if s.mscHeader {
		s.w.WriteString("q\\p")
		n := 0
		if s.in != nil {
			n = s.in.NumProcs(state)
		}
		for i := 0; i < n; i++ {
			fmt.Fprintf(s.w, "%4d", i)
		}
		s.w.WriteString("\n")
		s.mscHeader = false
	}
	fmt.Fprintf(s.w, "%3d%s   %s\n", s.queue(id), strings.Repeat("   .", pid), text)
}

// received is the message that a receive took from channel id: the first
// one that is gone (or the first one, when the receive keeps it).
func (s *sim) received(cur, next []byte, id int) []string {
	c0, c1 := s.in.Chans(cur), s.in.Chans(next)
	if id < 1 || id > len(c0) {
		return nil
	}
	m0 := c0[id-1].Msgs
	var m1 [][]string
	if id <= len(c1) {
		m1 = c1[id-1].Msgs
	}
	for i := range m0 {
		if i >= len(m1) || strings.Join(m0[i], ",") != strings.Join(m1[i], ",") {
			return m0[i]
		}
	}
	if len(m0) > 0 {
		return m0[0]
	}
	return nil
}

func (s *sim) chanName(state []byte, id int) string {
	if s.in == nil {
		return ""
	}
	cs := s.in.Chans(state)
	if id >= 1 && id <= len(cs) {
		return cs[id-1].Name
	}
	return ""
}

// queues prints the global channels with their contents: those that
// SPIN's simulator has created (all, without its numbering), in
// declaration order, with its numbers.
func (s *sim) queues(state []byte) {
	cs := s.in.Chans(state)
	for _, gc := range s.in.GlobalChans(state) {
		id := 0
		fmt.Sscan(gc.Value, &id)
		if id < 1 || id > len(cs) || cs[id-1].Cap == 0 {
			continue
		}
		if _, ok := s.qid[id]; s.co != nil && !ok {
			continue
		}
		fmt.Fprintf(s.w, "\t\tqueue %d (%s): %s\n", s.queue(id), gc.Name, cs[id-1].Contents())
	}
}

// changedLocals prints the locals of pid that differ between two states,
// last declared first as SPIN does.
func (s *sim) changedLocals(cur, next []byte, pid int, before, after []engine.ProcView) {
	if pid >= len(before) || pid >= len(after) || before[pid].Name != after[pid].Name {
		return
	}
	l0, l1 := s.in.Locals(cur, pid), s.in.Locals(next, pid)
	for i := len(l1) - 1; i >= 0; i-- {
		if i < len(l0) && l0[i] != l1[i] {
			fmt.Fprintf(s.w, "\t\t%s(%d):%s = %s\n", after[pid].Name, pid, l1[i].Name, l1[i].Value)
		}
	}
}

// errorLines prints SPIN's report of a violation.
func (s *sim) errorLines(t *pins.Transition) {
	v := t.Violation
	at := fmt.Sprintf("%s:%d", v.Pos.Filename, v.Pos.Line)
	switch v.Kind {
	case pins.Assertion:
		fmt.Fprintf(s.w, "spin: %s, Error: assertion violated\n", at)
		// the assertion's own text: with statement merging the step's
		// group is the first statement of the merged chain
		text := s.text(t.Group)
		if rest, ok := strings.CutPrefix(v.Message, "assertion violated "); ok {
			text = "assert(" + rest + ")"
		}
		fmt.Fprintf(s.w, "spin: text of failed assertion: %s\n", text)
	case pins.ClaimEnd:
		s.w.WriteString("      claim :never: terminates\n")
	default:
		fmt.Fprintf(s.w, "spin: %s, Error: %s\n", at, v.Message)
	}
}

// finish prints the end of the run.
func (s *sim) finish(res *Result) {
	if !s.verbose() {
		return
	}
	if !s.atLineStart {
		s.w.WriteString("\n")
		s.atLineStart = true
	}
	if s.opt.Mode == Replay {
		fmt.Fprintf(s.w, "spin: trail ends after %d steps\n", res.Steps)
	}
	if res.End == MaxSteps {
		fmt.Fprintf(s.w, "-------------\ndepth-limit (-u%d steps) reached\n", s.opt.MaxSteps)
	}
	if res.End == Quit || s.noChoices {
		return
	}
	if s.opt.MSC {
		s.w.WriteString("-------------\nfinal state:\n-------------\n")
	}
	if s.in == nil {
		return
	}
	procs := s.in.Procs(res.State)
	if res.End != Normal || len(procs) > 0 {
		fmt.Fprintf(s.w, "#processes: %d\n", len(procs))
		s.queues(res.State)
		for _, g := range s.in.Globals(res.State) {
			fmt.Fprintf(s.w, "\t\t%s = %s\n", g.Name, g.Value)
		}
		for pid := len(procs) - 1; pid >= 0; pid-- {
			p := procs[pid]
			end := ""
			if p.ValidEnd {
				end = " <valid end state>"
			}
			fmt.Fprintf(s.w, "%3d:\tproc %2d (%s:%d) %s:%d (state %d)%s\n", res.Steps, pid, p.Name, p.Priority, p.Pos.Filename, p.Pos.Line, p.Loc, end)
			if s.opt.Locals {
				ls := s.in.Locals(res.State, pid)
				for i := len(ls) - 1; i >= 0; i-- {
					fmt.Fprintf(s.w, "\t\t%s(%d):%s = %s\n", p.Name, pid, ls[i].Name, ls[i].Value)
				}
			}
		}
	}
	if s.created == 1 {
		s.w.WriteString("1 process created\n")
	} else {
		fmt.Fprintf(s.w, "%d processes created\n", s.created)
	}
}
