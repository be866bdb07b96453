package engine

import (
	"strconv"
	"strings"

	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/token"
)

// This file holds read-only accessors for the simulator (package
// simulate): they decode a state into processes, variables and channels
// as SPIN prints them. They use a context of their own, so they leave the
// engine's working buffers alone, but like the rest of the engine they
// must not be called from inside a Next callback.

// ProcView is one process of a state.
type ProcView struct {
	Pid      int
	Name     string // the proctype's name (":init:" for init)
	Priority int
	Loc      int            // the engine's location of the process
	Pos      token.Position // the position of that location
	ValidEnd bool           // the location is a valid end state
}

// VarValue is one variable (or array element) with its value as SPIN
// prints it (mtype values by name).
type VarValue struct {
	Name  string
	Value string
}

// ChanView is one channel of a state.
type ChanView struct {
	ID   int    // the channel's id (the value of a chan variable)
	Name string // the variable it was created for, or ""
	Cap  int
	Msgs [][]string // the messages, each field formatted
}

// Contents formats the messages as SPIN does: [a,b][c,d].
func (ch ChanView) Contents() string {
	var b strings.Builder
	for _, m := range ch.Msgs {
		b.WriteString("[" + strings.Join(m, ",") + "]")
	}
	return b.String()
}

func (e *Engine) inspectCtx(s []byte) (*ctx, bool) {
	c := &ctx{e: e, s: s, hidden: e.c.hidden}
	if c.decode() != nil {
		return nil, false
	}
	return c, true
}

// procName is the name SPIN prints for a proctype.
func procName(p *automata.Proc) string {
	if p.Kind == automata.InitProc && p.Name == "init" {
		return ":init:"
	}
	return p.Name
}

// Procs returns the processes of state s, by pid.
func (e *Engine) Procs(s []byte) []ProcView {
	c, ok := e.inspectCtx(s)
	if !ok {
		return nil
	}
	out := make([]ProcView, c.nproc)
	for i := 0; i < c.nproc; i++ {
		pt := e.ptypes[c.s[c.procOff[i]]]
		loc := pt.p.Locs[c.pc(i)]
		pos := loc.Pos
		if !pos.IsValid() && len(loc.Out) > 0 {
			pos = loc.Out[0].Pos
		}
		prio := pt.p.Priority
		if e.prog.UsesPriority {
			prio = int(c.s[c.procOff[i]+procHdr])
		}
		if prio == 0 {
			prio = 1
		}
		out[i] = ProcView{Pid: i, Name: procName(pt.p), Priority: prio, Loc: StateNumber(pt.p, loc.ID), Pos: pos, ValidEnd: loc.Flags&automata.EndLoc != 0}
	}
	return out
}

// ProcTypeName returns the name SPIN prints for the proctype of a static
// transition's process.
func (e *Engine) ProcTypeName(group int) string {
	if group < 0 || group >= len(e.prog.Trans) {
		return ""
	}
	return procName(e.prog.Trans[group].Proc)
}

// TransInfo describes static transition group: its source location and
// kind as a short word ("send", "recv", "end", "run", "other").
func (e *Engine) TransInfo(group int) (from int, kind string) {
	if group < 0 || group >= len(e.prog.Trans) {
		return -1, ""
	}
	t := e.prog.Trans[group]
	from = StateNumber(t.Proc, t.From)
	switch t.Kind {
	case automata.TSend:
		kind = "send"
	case automata.TRecv:
		kind = "recv"
	case automata.TEnd:
		kind = "end"
	default:
		kind = "other"
	}
	return from, kind
}

// StateNumber is the number that SPIN gives location loc of p (pan's
// state number, as spin -p and the unreached-code report print it) when
// the lowering could give SPIN's numbers to p's locations, else gospin's
// own location number (docs/spin-semantics.md, SN).
func StateNumber(p *automata.Proc, loc int) int {
	if p != nil && p.SpinStates > 0 && loc >= 0 && loc < len(p.Locs) && p.Locs[loc].SpinState > 0 {
		return p.Locs[loc].SpinState
	}
	return loc
}

func (e *Engine) formatValue(v int32, t *automata.Type) string {
	if t.Kind == ast.Mtype {
		names := e.prog.MtypeNames[t.Mtype]
		if v > 0 && int(v) < len(names) && names[v] != "" {
			return names[v]
		}
	}
	return strconv.Itoa(int(v))
}

// vars formats the basic variables of vars at base in buf.
func (e *Engine) vars(dst []VarValue, buf []byte, base int, vars []*automata.Var, prefix string) []VarValue {
	for _, v := range vars {
		if v.Chan != nil || v.Type.Kind == ast.Chan || v.Name == "_priority" {
			continue
		}
		elem := typeSize(v.Type)
		for i := 0; i < max(1, v.Len); i++ {
			name := prefix + v.Name
			if v.Len > 0 {
				name += "[" + strconv.Itoa(i) + "]"
			}
			off := base + v.Offset + i*elem
			if v.Type.Struct != nil {
				dst = e.vars(dst, buf, off, v.Type.Struct.Fields, name+".")
				continue
			}
			dst = append(dst, VarValue{Name: name, Value: e.formatValue(load(buf, off, &v.Type), &v.Type)})
		}
	}
	return dst
}

// Globals returns the global variables of state s (not channels), in
// declaration order; hidden ones are left out.
func (e *Engine) Globals(s []byte) []VarValue {
	if len(s) < e.globOff+e.globSize {
		return nil
	}
	var out []VarValue
	for _, v := range e.prog.Globals {
		if e.isHidden(v) {
			continue
		}
		out = e.vars(out, s, e.globOff, []*automata.Var{v}, "")
	}
	return out
}

// GlobalChans returns the ids of the channels held by global chan
// variables, in declaration order, with the variables' names.
func (e *Engine) GlobalChans(s []byte) []VarValue {
	var out []VarValue
	for _, v := range e.prog.Globals {
		if v.Chan == nil || e.isHidden(v) {
			continue
		}
		for i := 0; i < max(1, v.Len); i++ {
			name := v.Name
			if v.Len > 0 {
				name += "[" + strconv.Itoa(i) + "]"
			}
			out = append(out, VarValue{Name: name, Value: strconv.Itoa(int(s[e.globOff+v.Offset+i]))})
		}
	}
	return out
}

// Locals returns the local variables of process pid in state s.
func (e *Engine) Locals(s []byte, pid int) []VarValue {
	c, ok := e.inspectCtx(s)
	if !ok || pid < 0 || pid >= c.nproc {
		return nil
	}
	pt := e.ptypes[c.s[c.procOff[pid]]]
	return e.vars(nil, c.s, int(c.procOff[pid])+procHdr, pt.p.Locals, "")
}

// chanNames maps channel ids to the names of the variables they were
// created for.
func (e *Engine) chanNames(c *ctx) map[int]string {
	names := map[int]string{}
	add := func(buf []byte, base int, vars []*automata.Var) {
		for _, v := range vars {
			if v.Chan == nil || v.Param {
				continue
			}
			for i := 0; i < max(1, v.Len); i++ {
				name := v.Name
				if v.Len > 0 {
					name += "[" + strconv.Itoa(i) + "]"
				}
				if id := int(buf[base+v.Offset+i]); id > 0 {
					if _, dup := names[id]; !dup {
						names[id] = name
					}
				}
			}
		}
	}
	for _, v := range e.prog.Globals {
		if e.isHidden(v) {
			add(c.hidden, 0, []*automata.Var{v})
		} else {
			add(c.s, e.globOff, []*automata.Var{v})
		}
	}
	for i := 0; i < c.nproc; i++ {
		pt := e.ptypes[c.s[c.procOff[i]]]
		add(c.s, int(c.procOff[i])+procHdr, pt.p.Locals)
	}
	return names
}

// Chans returns the channels of state s, by id.
func (e *Engine) Chans(s []byte) []ChanView {
	c, ok := e.inspectCtx(s)
	if !ok {
		return nil
	}
	names := e.chanNames(c)
	out := make([]ChanView, c.nchan)
	for i := 0; i < c.nchan; i++ {
		off := int(c.chanOff[i])
		ct := e.ctypes[c.s[off]&^chanTag]
		cv := ChanView{ID: i + 1, Name: names[i+1], Cap: ct.cap}
		n := ct.qlen(c.s, off)
		for m := 0; m < n; m++ {
			mo := off + ct.hdr + m*ct.msgSize
			msg := make([]string, len(ct.fields))
			for f := range ct.fields {
				msg[f] = e.formatValue(load(c.s, mo+ct.foff[f], &ct.fields[f]), &ct.fields[f])
			}
			cv.Msgs = append(cv.Msgs, msg)
		}
		out[i] = cv
	}
	return out
}

// SendMessage evaluates, in state s, the channel and the message of the
// send statement group as process pid would send it. ok is false when
// group is not a send or the evaluation fails.
func (e *Engine) SendMessage(s []byte, pid, group int) (chanID int, msg []string, ok bool) {
	if group < 0 || group >= len(e.trans) || e.trans[group].kind != automata.TSend {
		return 0, nil, false
	}
	c, ok := e.inspectCtx(append([]byte(nil), s...))
	if !ok || pid < 0 || pid >= c.nproc {
		return 0, nil, false
	}
	t := e.trans[group]
	c.setProc(pid)
	id := t.ch(c)
	_, ct := c.channel(id)
	if ct == nil || c.err != "" {
		return 0, nil, false
	}
	for i, a := range t.args {
		f := &ct.fields[min(i, len(ct.fields)-1)]
		msg = append(msg, e.formatValue(truncate(a(c), f), f))
	}
	if c.err != "" {
		return 0, nil, false
	}
	return int(id), msg, true
}

// RecvChan evaluates, in state s, the channel of the receive statement
// group of process pid.
func (e *Engine) RecvChan(s []byte, pid, group int) (chanID int, ok bool) {
	if group < 0 || group >= len(e.trans) || e.trans[group].receive() == nil {
		return 0, false
	}
	c, ok := e.inspectCtx(append([]byte(nil), s...))
	if !ok || pid < 0 || pid >= c.nproc {
		return 0, false
	}
	c.setProc(pid)
	id := e.trans[group].receive().ch(c)
	if _, ct := c.channel(id); ct == nil || c.err != "" {
		return 0, false
	}
	return int(id), true
}

// StepLocations returns the locations of its process that a step of
// transition group g starts from, passes through and ends in: the
// statement's source and target, and the targets of the statements merged
// after it. A d_step's step runs through its body, which is not listed:
// dstep is then true.
func (e *Engine) StepLocations(group int) (locs []int, dstep bool) {
	if group < 0 || group >= len(e.prog.Trans) {
		return nil, false
	}
	t := e.prog.Trans[group]
	locs = append(locs, t.From, t.To)
	if ct := e.trans[group]; ct != nil {
		for _, u := range ct.chain {
			locs = append(locs, u.to)
		}
	}
	return locs, t.Kind == automata.TDStep
}

// HasAcceptLabels reports whether a process of the model (not the never
// claim) has an accept label: without a claim, pan -a looks for cycles
// through them, and without any it ignores -a.
func (e *Engine) HasAcceptLabels() bool {
	for _, p := range e.prog.Procs {
		if p == e.prog.Never {
			continue
		}
		for _, l := range p.Locs {
			if l.Flags&automata.AcceptLoc != 0 {
				return true
			}
		}
	}
	return false
}

// DeadAfter returns the locals of its process that statement g alone
// (not the statements merged after it, which have their own) resets to
// 0 after it runs (Options.ResetDead: SPIN's dead-variable resets), or
// nil.
func (e *Engine) DeadAfter(g int) []*automata.Var {
	if e.dead == nil || g < 0 || g >= len(e.dead) || g >= len(e.prog.Trans) {
		return nil
	}
	p := e.prog.Trans[g].Proc
	var out []*automata.Var
	for _, i := range e.dead[g] {
		if p != nil && i >= 0 && i < len(p.Locals) {
			out = append(out, p.Locals[i])
		}
	}
	return out
}
