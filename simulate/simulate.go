package simulate

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/trail"
)

// Mode selects how the successor of each step is chosen.
type Mode int

const (
	Random      Mode = iota // at random, from Options.Seed
	Interactive             // read from Options.Input
	Replay                  // follow Options.Trail
)

// Options configure a run.
type Options struct {
	Mode     Mode
	Seed     uint64
	MaxSteps int       // stop after this many steps (spin -u); 0: no limit
	Input    io.Reader // the user's choices (Interactive)
	Trail    *Trail    // the steps to follow (Replay)
	// ClaimNumber, in a replay with a never claim, is the claim's number
	// among the model's claims and ltl properties, from 1, which the
	// replay prints as spin -t does ("starting claim N"); 0: not printed.
	ClaimNumber int
	Output      io.Writer // where the run is printed (nil: nowhere)

	PrintSteps bool // -p: every step
	Globals    bool // -g: global variables (and queues) after each step
	Locals     bool // -l: local variables that a step changed
	Sends      bool // -s: sends
	Recvs      bool // -r: receives
	MSC        bool // -c: columnated message sequence chart
	NoTag      bool // -T: printf output without indentation
	Quiet      bool // only printf output (and errors)

	// Observer, when set, receives the run as data (see Event);
	// Snapshots adds the variables after each step to its events.
	Observer  Observer
	Snapshots bool
}

// Printer is implemented by models that can give the printf output of a
// step (the engine's SetPrinting / StepOutput).
type Printer interface {
	SetPrinting(on bool)
	StepOutput() []byte
}

// markedPrinter is a Printer that also tells where the output of each
// print statement of a step starts (SPIN indents each statement's output
// once, not each line).
type markedPrinter interface {
	StepOutputMarks() []int
}

// Inspector is implemented by models that can show the contents of a
// state as SPIN prints them (see engine/inspect.go).
type Inspector interface {
	Procs(s []byte) []engine.ProcView
	Globals(s []byte) []engine.VarValue
	GlobalChans(s []byte) []engine.VarValue
	Locals(s []byte, pid int) []engine.VarValue
	Chans(s []byte) []engine.ChanView
	SendMessage(s []byte, pid, group int) (chanID int, msg []string, ok bool)
	RecvChan(s []byte, pid, group int) (chanID int, ok bool)
	TransInfo(group int) (from int, kind string)
	NumProcs(s []byte) int
}

// chanOrderer is implemented by models that can tell which channels a
// step makes SPIN's simulator create, so that the simulator numbers
// queues as SPIN's does (engine/chanorder.go), and how a statement names
// its channel.
type chanOrderer interface {
	ProcChans(s []byte, pid int) []int
	StepGlobalChans(s []byte, group int) []int
	ChanText(group int) string
}

// End tells how a run ended.
type End int

const (
	Normal        End = iota // no successor, every process at a valid end state
	InvalidEnd               // no successor, some process not at a valid end state
	Violation                // a step violated an assertion, or a run-time error, or the claim ended
	MaxSteps                 // Options.MaxSteps reached
	Quit                     // the user quit (or the input ended)
	TrailEnd                 // the end of the trail was reached without an error
	TrailMismatch            // a step of the trail is not a step of the model
)

func (e End) String() string {
	return [...]string{"normal end", "invalid end state", "violation", "step limit", "quit", "end of trail", "trail does not match the model"}[e]
}

// Result is the outcome of a run.
type Result struct {
	End       End
	Steps     int             // the statements executed (SPIN's depth)
	Violation *pins.Violation // for Violation (and InvalidEnd: an invalid end state)
	State     []byte          // the last state
	Created   int             // processes created, the initial ones included
}

// Failed reports whether the run reached an error.
func (r *Result) Failed() bool { return r.End == Violation || r.End == InvalidEnd }

// succ is one successor, copied out of the Next callback.
type succ struct {
	t     pins.Transition
	state []byte
	out   []byte // printf output
	marks []int  // where each print statement's output starts in out (nil: unknown)
}

type sim struct {
	m     pins.Model
	opt   Options
	info  *pins.Info
	pr    Printer
	in    Inspector
	w     *bufio.Writer
	rng   *rand.Rand
	succs []succ
	arena []byte
	outs  []byte
	marks []int
	steps int
	lines *bufio.Reader
	// atLineStart: the printf output so far ends with a newline
	atLineStart bool
	created     int
	// co numbers the queues as SPIN's simulator does: qid maps a
	// channel's id in the model to SPIN's queue number, given in the
	// order the channels are created (nil co: the model's ids)
	co    chanOrderer
	qid   map[int]int
	nextQ int
	// mscHeader: a process was created since the last row of the
	// message sequence chart (-c), whose next row starts with a header
	mscHeader bool
	curState  []byte // the state being left (for where)
	noChoices bool   // interactive run ended with no executable choices
	// the line and text of the claim's last move printed (replay)
	lastClaim     int
	lastClaimText string
	spans         []span
	// stutter: the last step replayed was a stutter step of the never
	// claim; the verifier expanded the state it reached with NextStutter
	stutter bool
}

// Run simulates m from its initial state.
func Run(m pins.Model, opt Options) (*Result, error) {
	out := opt.Output
	if out == nil {
		out = io.Discard
	}
	s := &sim{m: m, opt: opt, info: m.Info(), w: bufio.NewWriter(out), atLineStart: true, lastClaim: -1}
	defer s.w.Flush()
	s.rng = rand.New(rand.NewPCG(opt.Seed, 0x9e3779b97f4a7c15))
	if pr, ok := m.(Printer); ok {
		s.pr = pr
		pr.SetPrinting(true)
		defer pr.SetPrinting(false)
	}
	if in, ok := m.(Inspector); ok {
		s.in = in
	}
	if co, ok := m.(chanOrderer); ok {
		s.co = co
		s.qid = map[int]int{}
	}
	if opt.Input != nil {
		s.lines = bufio.NewReader(opt.Input)
	}
	if opt.Mode == Replay && opt.Trail == nil {
		return nil, fmt.Errorf("simulate: replay without a trail")
	}
	if opt.Mode == Interactive && opt.Input == nil {
		return nil, fmt.Errorf("simulate: interactive without input")
	}
	cur, err := m.Initial(nil)
	if err != nil {
		return nil, err
	}
	s.start(cur)
	if iv, ok := m.(interface{ InitialViolation() *pins.Violation }); ok {
		if v := iv.InitialViolation(); v != nil {
			// a run-time error of an initializer: before any step (as
			// spin reports one: "spin: file:line, Error: ...")
			s.errorLines(&pins.Transition{Violation: v, Group: -1})
			res := &Result{End: Violation, Violation: v, State: cur, Created: s.created}
			s.endEvent(res)
			s.finish(res)
			return res, nil
		}
	}
	res := s.loop(cur)
	res.Created = s.created
	s.endEvent(res)
	s.finish(res)
	return res, nil
}

// verbose reports whether anything but printf output is printed.
func (s *sim) verbose() bool { return !s.opt.Quiet }

func (s *sim) start(cur []byte) {
	if s.opt.Mode == Replay && s.opt.ClaimNumber > 0 && s.info.Claim && s.verbose() {
		fmt.Fprintf(s.w, "starting claim %d\n", s.opt.ClaimNumber)
	}
	if s.in == nil {
		return
	}
	procs := s.in.Procs(cur)
	s.created = len(procs)
	if s.opt.PrintSteps && s.verbose() {
		for _, p := range procs {
			fmt.Fprintf(s.w, "%3d:\tproc  - (:root:) creates proc %2d (%s)", 0, p.Pid, p.Name)
			if p.Priority != 1 {
				fmt.Fprintf(s.w, " priority %d", p.Priority)
			}
			s.w.WriteString("\n")
		}
	}
	for _, p := range procs {
		s.newProc(cur, p.Pid, p.Name)
		if s.observing() {
			s.emit(&Event{Kind: EvCreate, Pid: p.Pid, Name: p.Name, By: -1, Pid2: -1})
		}
	}
	if s.observing() {
		s.emit(&Event{Kind: EvInit, Pid: -1, By: -1, Pid2: -1, Vars: s.vars(cur)})
	}
}

// endEvent tells the observer how the run ended.
func (s *sim) endEvent(res *Result) {
	if !s.observing() {
		return
	}
	ev := &Event{Kind: EvEnd, Step: res.Steps, Pid: -1, By: -1, Pid2: -1, Text: res.End.String()}
	if res.Violation != nil && res.End != Violation {
		ev.Violation = violationText(res.Violation, "")
	}
	if s.in != nil && res.State != nil {
		for _, p := range s.in.Procs(res.State) {
			ev.Procs = append(ev.Procs, ProcAt{Pid: p.Pid, Name: p.Name, Line: p.Pos.Line, ValidEnd: p.ValidEnd})
		}
	}
	s.emit(ev)
}

// newProc notes that process pid was created (in state st): SPIN's
// simulator creates its local channels then, and with -c names it.
func (s *sim) newProc(st []byte, pid int, name string) {
	if s.co != nil {
		for _, id := range s.co.ProcChans(st, pid) {
			s.nextQ++
			s.qid[id] = s.nextQ // a new channel, even where the model reuses an id
		}
	}
	if s.opt.MSC && s.verbose() {
		fmt.Fprintf(s.w, "proc %d = %s\n", pid, name)
		s.mscHeader = true
	}
}

// touch notes that a step of group from state st reads or writes the
// global channels it names: SPIN's simulator creates them then.
func (s *sim) touch(st []byte, group int) {
	if s.co == nil || group < 0 {
		return
	}
	for _, id := range s.co.StepGlobalChans(st, group) {
		if _, ok := s.qid[id]; !ok {
			s.nextQ++
			s.qid[id] = s.nextQ
		}
	}
}

// queue is SPIN's number of the channel with id in the model.
func (s *sim) queue(id int) int {
	if s.co == nil {
		return id
	}
	q, ok := s.qid[id]
	if !ok {
		// created by something the rule of touch does not see (the
		// initializer of a variable, a guard that was only evaluated)
		s.nextQ++
		q = s.nextQ
		s.qid[id] = q
	}
	return q
}

// chanText is the channel as the statement of group names it, else as
// the model declared it.
func (s *sim) chanText(state []byte, group, id int) string {
	if s.co != nil {
		if t := s.co.ChanText(group); t != "" {
			return t
		}
	}
	return s.chanName(state, id)
}

// span locates a successor and its output in the arenas.
type span struct{ so, sn, oo, on, mo, mn int }

// expand collects the successors of cur.
func (s *sim) expand(cur []byte) []succ {
	s.succs = s.succs[:0]
	s.arena = s.arena[:0]
	s.outs = s.outs[:0]
	s.marks = s.marks[:0]
	spans := s.spans[:0]
	mp, _ := s.pr.(markedPrinter)
	nextFn := s.m.Next
	if sm, ok := s.m.(pins.StutterModel); ok && s.stutter {
		nextFn = sm.NextStutter
	}
	nextFn(cur, func(t *pins.Transition, next []byte) bool {
		sp := span{so: len(s.arena), sn: len(next), oo: len(s.outs)}
		s.arena = append(s.arena, next...)
		if s.pr != nil {
			o := s.pr.StepOutput()
			s.outs = append(s.outs, o...)
			sp.on = len(o)
			sp.mo = len(s.marks)
			if mp != nil {
				s.marks = append(s.marks, mp.StepOutputMarks()...)
			}
			sp.mn = len(s.marks) - sp.mo
		}
		spans = append(spans, sp)
		s.succs = append(s.succs, succ{t: *t})
		return true
	})
	s.spans = spans
	for i, sp := range spans {
		s.succs[i].state = s.arena[sp.so : sp.so+sp.sn : sp.so+sp.sn]
		s.succs[i].out = s.outs[sp.oo : sp.oo+sp.on : sp.oo+sp.on]
		if mp != nil {
			s.succs[i].marks = s.marks[sp.mo : sp.mo+sp.mn : sp.mo+sp.mn]
		}
	}
	return s.succs
}

func (s *sim) loop(cur []byte) *Result {
	res := &Result{}
	cur = append([]byte(nil), cur...)
	ti := 0 // next trail step
	for {
		res.State = cur
		res.Steps = s.steps
		if s.opt.Mode != Replay && s.opt.MaxSteps > 0 && s.steps >= s.opt.MaxSteps {
			res.End = MaxSteps
			return res
		}
		succs := s.expand(cur)
		k := -1
		if s.opt.Mode != Replay {
			k = s.dying(succs)
		}
		switch {
		case k >= 0:
			// a process that has ended dies at once, as in SPIN's
			// simulator (the engine makes -end- a step of its own)
		case s.opt.Mode == Random:
			if len(succs) == 0 {
				return s.noSuccessor(cur, res)
			}
			k = s.rng.IntN(len(succs))
			if t := &succs[k].t; t.Pid < 0 && t.Violation == nil && bytes.Equal(succs[k].state, cur) {
				// the system is stuck and the claim stutters in place
				return s.noSuccessor(cur, res)
			}
		case s.opt.Mode == Interactive:
			if len(succs) == 0 {
				if s.noProcs(cur) {
					return s.noSuccessor(cur, res)
				}
				if s.verbose() {
					s.w.WriteString("Select a statement\nno executable choices\n")
				}
				s.noChoices = true
				res.End = Normal
				if s.m.Status(cur)&pins.ValidEnd == 0 {
					res.End = InvalidEnd
					res.Violation = &pins.Violation{Kind: pins.InvalidEndState, Message: "invalid end state"}
				}
				return res
			}
			var ok bool
			if k, ok = s.ask(succs); !ok {
				res.End = Quit
				return res
			}
		case s.opt.Mode == Replay:
			tr := s.opt.Trail
			if ti == tr.CycleStart && s.verbose() {
				s.w.WriteString("  <<<<<START OF CYCLE>>>>>\n")
			}
			if ti == tr.CycleStart && s.observing() {
				s.emit(&Event{Kind: EvCycle, Step: s.steps, Pid: -1, By: -1, Pid2: -1})
			}
			if ti >= len(tr.Steps) {
				res.End = TrailEnd
				// (every process gone is a valid end, unless the
				// model says otherwise: pan -q, channels not empty)
				if len(succs) == 0 && !s.info.Claim && s.m.Status(cur)&pins.ValidEnd == 0 {
					res.End = InvalidEnd
					res.Violation = &pins.Violation{Kind: pins.InvalidEndState, Message: "invalid end state"}
				}
				return res
			}
			st := tr.Steps[ti]
			ti++
			k = -1
			n := 0
			for i := range succs {
				if succs[i].t.Pid == st.Pid && succs[i].t.Group == st.Group {
					if n == st.K {
						k = i
						break
					}
					n++
				}
			}
			if k < 0 {
				fmt.Fprintf(s.w, "spin: trail does not match the model at step %d (pid %d, transition %d)\n", ti-1, st.Pid, st.Group)
				res.End = TrailMismatch
				res.Violation = &pins.Violation{Kind: pins.RuntimeError, Message: "trail does not match the model"}
				return res
			}
		}
		sc := succs[k]
		s.stutter = s.opt.Mode == Replay && sc.t.Pid == -1 && s.opt.Trail.Headers[trail.ClaimStutter] == "pan"
		s.step(cur, &sc)
		if v := sc.t.Violation; v != nil {
			// SPIN does not execute the failing statement: the summary
			// shows the state before it (the step is counted).
			res.End = Violation
			res.Violation = v
			res.Steps = s.steps
			return res
		}
		cur = append(cur[:0], sc.state...)
	}
}

// dying returns the index of a successor in which a process dies, or -1.
func (s *sim) dying(succs []succ) int {
	if s.in == nil {
		return -1
	}
	for i := range succs {
		if g := succs[i].t.Group; g >= 0 && succs[i].t.Pid2 < 0 {
			if _, kind := s.in.TransInfo(g); kind == "end" {
				return i
			}
		}
	}
	return -1
}

func (s *sim) noProcs(cur []byte) bool {
	if s.in == nil {
		return s.m.Status(cur)&pins.ValidEnd != 0
	}
	return len(s.in.Procs(cur)) == 0
}

// noSuccessor ends a run in a state without successors.
func (s *sim) noSuccessor(cur []byte, res *Result) *Result {
	if s.m.Status(cur)&pins.ValidEnd != 0 && s.noProcs(cur) {
		res.End = Normal
		return res
	}
	if s.verbose() {
		s.w.WriteString("      timeout\n")
	}
	if s.m.Status(cur)&pins.ValidEnd != 0 || s.info.Claim {
		res.End = Normal
		return res
	}
	res.End = InvalidEnd
	res.Violation = &pins.Violation{Kind: pins.InvalidEndState, Message: "invalid end state"}
	return res
}

// ask lists the choices and reads one; ok is false when the user quits.
func (s *sim) ask(succs []succ) (int, bool) {
	for {
		s.w.WriteString("Select a statement\n")
		for i := range succs {
			t := &succs[i].t
			fmt.Fprintf(s.w, "\tchoice %d: %s [%s]\n", i+1, s.where(t.Pid, t.Group, s.current(t)), s.text(t.Group))
		}
		fmt.Fprintf(s.w, "Select [1-%d]: ", len(succs))
		s.w.Flush()
		line, err := s.lines.ReadString('\n')
		line = strings.TrimSpace(line)
		if line == "" && err != nil {
			s.w.WriteString("\n")
			return 0, false
		}
		if line == "q" {
			return 0, false
		}
		n, perr := strconv.Atoi(line)
		if perr == nil && n >= 1 && n <= len(succs) {
			return n - 1, true
		}
		s.w.WriteString("\tchoice is outside range\n")
		if err != nil {
			return 0, false
		}
	}
}

// current is the location a transition leaves from (-1 if unknown).
func (s *sim) current(t *pins.Transition) int {
	if s.in == nil || t.Group < 0 {
		return -1
	}
	from, _ := s.in.TransInfo(t.Group)
	return from
}

func (s *sim) text(g int) string {
	if g < 0 || g >= len(s.info.Groups) {
		return ""
	}
	t := s.info.Groups[g].Text
	if strings.HasPrefix(t, "printf(") {
		// SPIN shows the escapes of the format doubled
		t = strings.ReplaceAll(t, `\`, `\\`)
	}
	return t
}

// procName returns the name and priority SPIN shows for process pid.
func (s *sim) procLabel(pid, group int, procs []engine.ProcView) string {
	if pid >= 0 && pid < len(procs) {
		return fmt.Sprintf("%s:%d", procs[pid].Name, procs[pid].Priority)
	}
	if group >= 0 && group < len(s.info.Groups) {
		return s.info.Groups[group].ProcType + ":1"
	}
	return "-:1"
}

// where formats "proc  P (Name:prio) file:line (state N)".
func (s *sim) where(pid, group, loc int) string {
	var procs []engine.ProcView
	if s.in != nil {
		procs = s.in.Procs(s.curState)
	}
	pos := ""
	if group >= 0 && group < len(s.info.Groups) {
		p := s.info.Groups[group].Pos
		pos = fmt.Sprintf("%s:%d", p.Filename, p.Line)
	}
	return fmt.Sprintf("proc %2d (%s) %s (state %d)", pid, s.procLabel(pid, group, procs), pos, loc)
}

// tag is SPIN's indentation of the output of process pid.
func (s *sim) tag(pid int) string {
	if s.opt.NoTag || pid < 0 {
		return ""
	}
	return "  " + strings.Repeat("    ", pid+1)
}

// printf writes a step's printf output, indented for pid. With the
// marks of its print statements, each statement's output is indented once
// where it starts, as SPIN's simulation does (a statement that prints
// several lines indents only the first; two statements on one line each
// get the indentation); without them, each line is.
func (s *sim) printf(pid int, out []byte, marks []int) {
	if len(marks) > 0 {
		for i, m := range marks {
			end := len(out)
			if i+1 < len(marks) {
				end = marks[i+1]
			}
			if m > end || end > len(out) {
				break
			}
			s.w.WriteString(s.tag(pid))
			s.w.Write(out[m:end])
			if end > m {
				s.atLineStart = out[end-1] == '\n'
			}
		}
		return
	}
	for len(out) > 0 {
		if s.atLineStart {
			s.w.WriteString(s.tag(pid))
		}
		i := strings.IndexByte(string(out), '\n')
		if i < 0 {
			s.w.Write(out)
			s.atLineStart = false
			return
		}
		s.w.Write(out[:i+1])
		s.atLineStart = true
		out = out[i+1:]
	}
}
