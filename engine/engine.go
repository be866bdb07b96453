package engine

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/automata"
)

// Engine executes a lowered program. It implements pins.Model. An Engine
// keeps its working buffers inside: one goroutine at a time may use it.
type Engine struct {
	// begun: the state begin decoded last, while begunOK (begin then
	// only checks that the working state is back to it)
	begun   []byte
	begunOK bool
	// stopStep is a yield that stops at the first step (Moves)
	stopStep func(*pins.Transition, []byte) bool
	// rvAsked: OthersMove has asked rendezvousFirst about a send of
	// the state (later sends walk the index of offered receives)
	rvAsked bool
	// anyProvided: some process type has a provided clause (Reached)
	anyProvided bool
	// repeats: violations counted several times (repeated)
	repeats     map[repeatKey]*pins.Violation
	prog        *automata.Program
	globOff     int
	globSize    int
	hiddenSize  int
	ptypes      []*procType
	ctypes      []*chanType
	trans       []*ctrans // by transition id
	locs        [][]*locInfo
	usesTimeout bool
	// strictEnd: valid end states need empty channels (pan -q;
	// Options.StrictEnd)
	strictEnd bool
	// npClaim: pan -l's non-progress claim counts as a process
	// (Options.NPClaim)
	npClaim bool
	// procLimit: the most processes that may run (pan's MAXPROC, 255,
	// counts the never claim among them)
	procLimit int
	// conj: per transition, its guard's conjuncts (conjuncts.go; compiled
	// when first asked for), and the working context FalseConjunct
	// evaluates them in
	conj      [][]conjunct
	nes       ctx
	info      *pins.Info
	claim     *procType              // the never claim, or nil
	trace     *traceSeq              // the trace/notrace sequence, or nil
	traceOff  int                    // offset of its location in the state
	hide      map[*automata.Var]bool // write-only globals kept out of the vector
	printing  bool                   // collect printf output (simulation)
	dead      [][]int                // per transition: the locals it leaves dead, to reset (nil: no reset)
	out       []byte                 // the output of the current step
	outMarks  []int                  // where each print statement's output starts in out
	claimEnd  *pins.Violation
	initViol  *pins.Violation // see InitialViolation
	claimMove int             // the claim's transition in the current step, or -1
	cmoves    []*ctrans
	cmoves2   []*ctrans
	cbuf      []byte
	globInits []efn
	globArr   [][]efn
	cover     [][]bool // reached locations per proctype (nil: not recorded)
	// traceCover: reached locations of the trace sequence (nil: not
	// recorded)
	traceCover []bool
	// the highest priority of an enabled process in the state being
	// expanded (see outranked)
	prioMax     int
	prioValid   bool
	prioTimeout bool
	// rv: the handshake partners of the state being expanded (rvindex.go)
	rv rvIndex

	c    ctx
	tr   pins.Transition
	init []byte
	// scratch for the saved offsets of the state being expanded
	saved savedLayout
	// lastLayout is the last layout decoded (see ctx.decode)
	lastLayout layoutCache

	// fieldInits: the compiled initializers of typedef fields, which
	// every variable of the type takes (typedef T { byte a = 7 })
	fieldInits map[*automata.Var]fieldInit
}

// locInfo is per-location data used by Next.
type locInfo struct {
	out     []*ctrans
	nonElse []*ctrans // main-level transitions other than else
	// dispatches narrowing out and nonElse by one read of the state
	// (nil: try them all)
	outDisp, nonElseDisp *dispatch
	hasRecv              bool // some transition of out is a receive
}

// candidates returns the transitions of the location that may be enabled
// in c's state (those of out that a dispatch does not rule out).
func (li *locInfo) candidates(c *ctx) []*ctrans {
	if li.outDisp != nil {
		return li.outDisp.candidates(c)
	}
	return li.out
}

type savedLayout struct {
	nproc, nchan int
	procOff      [MaxProcs + 1]int32
	chanOff      [maxChans + 1]int32
}

// ctx is the execution context: the working state and where its
// processes and channels are.
type ctx struct {
	e       *Engine
	s       []byte
	hidden  []byte
	nproc   int
	nchan   int
	procOff [MaxProcs + 1]int32
	chanOff [maxChans + 1]int32
	pid     int
	base    int // offset of the current process segment
	timeout bool
	apply   bool
	err     string
	msg     [maxFields]int32
	runArgs [maxFields]int32
	changed bool          // the layout (processes, channels) changed
	nested  int           // depth of enabled() evaluations
	initVar *automata.Var // the local whose initializer failed in addProc
	viol    *pins.Violation
	// nviol: the assertions the step failed, when viol is set (more
	// than one in a merged step)
	nviol int
}

func (c *ctx) fail(msg string) {
	if c.err == "" {
		c.err = msg
	}
}

func (c *ctx) pc(pid int) uint16 {
	o := c.procOff[pid]
	return uint16(c.s[o+1]) | uint16(c.s[o+2])<<8
}

func (c *ctx) setPC(pid int, pc int) {
	o := c.procOff[pid]
	c.s[o+1] = byte(pc)
	c.s[o+2] = byte(pc >> 8)
}

// channel returns the offset and type of channel id, or nil.
func (c *ctx) channel(id int32) (int, *chanType) {
	if id < 1 || int(id) > c.nchan {
		c.fail(errChan)
		return 0, nil
	}
	off := int(c.chanOff[id-1])
	return off, c.e.ctypes[c.s[off]&^chanTag]
}

// setProc makes pid the current process.
func (c *ctx) setProc(pid int) {
	c.pid = pid
	c.base = int(c.procOff[pid])
}

// decode finds the processes and channels of the state in c.s.
func (c *ctx) decode() error {
	s := c.s
	if l := &c.e.lastLayout; l.valid && len(s) == l.n && int(s[hdrNProc]) == l.nproc && int(s[hdrNChan]) == l.nchan {
		// the layout of the last state decoded, already validated, when
		// s has a segment of the same type at each of its offsets (with
		// the same length and counts, it then has the same layout); what
		// may differ between states of one layout is checked again
		// (locations and channel lengths), so that a vector that is no
		// state of the model is refused, never followed out of range.
		// One pass over the segments does both; a failed check counts
		// only once every type matched (else the slow decode decides).
		same, bad := true, false
		for i, o := range l.procOff[:l.nproc] {
			same = same && s[o] == l.procTag[i]
			bad = bad || int(s[o+1])|int(s[o+2])<<8 >= int(l.nlocs[i])
		}
		for i, o := range l.chanOff[:l.nchan] {
			same = same && s[o] == l.chanTag[i]
			n := int(s[o+1])
			if l.wide[i] {
				n |= int(s[o+2]) << 8
			}
			bad = bad || n > int(l.caps[i])
		}
		if same {
			if bad {
				return c.decodeBad(l)
			}
			if c.e.claim != nil && c.e.claimPC(s) >= len(c.e.claim.p.Locs) {
				return errors.New("bad claim location")
			}
			c.nproc, c.nchan = l.nproc, l.nchan
			copy(c.procOff[:l.nproc], l.procOff[:l.nproc])
			copy(c.chanOff[:l.nchan], l.chanOff[:l.nchan])
			return nil
		}
	}
	if err := c.decodeSlow(); err != nil {
		return err
	}
	c.e.lastLayout.remember(c)
	return nil
}

// decodeBad is the error of a state of the cached layout l that failed
// a check: the first process location out of range, else the claim's,
// else a channel length, in the order decode checks them.
func (c *ctx) decodeBad(l *layoutCache) error {
	s := c.s
	for i, o := range l.procOff[:l.nproc] {
		if int(s[o+1])|int(s[o+2])<<8 >= int(l.nlocs[i]) {
			return errors.New("bad process location")
		}
	}
	if c.e.claim != nil && c.e.claimPC(s) >= len(c.e.claim.p.Locs) {
		return errors.New("bad claim location")
	}
	return errors.New("bad channel length")
}

// layoutCache is the layout of the last state decoded: most states of a
// model have the same processes and channels in the same places, and
// decoding walks every segment.
type layoutCache struct {
	valid        bool
	n            int // state length
	nproc, nchan int
	procOff      [MaxProcs + 1]int32
	chanOff      [maxChans + 1]int32
	// each segment's first byte (its type)
	procTag [MaxProcs + 1]byte
	chanTag [maxChans + 1]byte
	nlocs   [MaxProcs + 1]int32 // each process's number of locations
	caps    [maxChans + 1]int32 // each channel's capacity
	wide    [maxChans + 1]bool  // each channel's length takes two bytes
}

func (l *layoutCache) remember(c *ctx) {
	l.valid, l.n, l.nproc, l.nchan = true, len(c.s), c.nproc, c.nchan
	copy(l.procOff[:c.nproc], c.procOff[:c.nproc])
	copy(l.chanOff[:c.nchan], c.chanOff[:c.nchan])
	for i, o := range c.procOff[:c.nproc] {
		l.procTag[i] = c.s[o]
		l.nlocs[i] = int32(len(c.e.ptypes[c.s[o]].p.Locs))
	}
	for i, o := range c.chanOff[:c.nchan] {
		ct := c.e.ctypes[c.s[o]&^chanTag]
		l.chanTag[i] = c.s[o]
		l.caps[i] = int32(ct.cap)
		l.wide[i] = ct.hdr != chanHdr
	}
}

// decodeSlow finds and validates the segments of c.s.
func (c *ctx) decodeSlow() error {
	s := c.s
	if len(s) < c.e.globOff+c.e.globSize {
		return errors.New("state too short")
	}
	off := c.e.globOff + c.e.globSize
	c.nproc, c.nchan = 0, 0
	for off < len(s) {
		tag := s[off]
		if tag&chanTag != 0 {
			ct := int(tag &^ chanTag)
			if ct >= len(c.e.ctypes) || c.nchan >= maxChans {
				return errors.New("bad channel segment")
			}
			c.chanOff[c.nchan] = int32(off)
			c.nchan++
			off += c.e.ctypes[ct].size
		} else {
			if int(tag) >= len(c.e.ptypes) || c.nproc >= MaxProcs {
				return errors.New("bad process segment")
			}
			pt := c.e.ptypes[tag]
			if off+pt.size > len(s) {
				return errors.New("truncated process segment")
			}
			if pc := int(s[off+1]) | int(s[off+2])<<8; pc >= len(pt.p.Locs) || pt.p.Kind == automata.NeverClaim {
				return errors.New("bad process location")
			}
			c.procOff[c.nproc] = int32(off)
			c.nproc++
			off += pt.size
		}
	}
	if off != len(s) || int(s[hdrNProc]) != c.nproc || int(s[hdrNChan]) != c.nchan {
		return errors.New("inconsistent state")
	}
	if c.e.claim != nil && c.e.claimPC(s) >= len(c.e.claim.p.Locs) {
		return errors.New("bad claim location")
	}
	for i := 0; i < c.nchan; i++ {
		o := int(c.chanOff[i])
		if ct := c.e.ctypes[s[o]&^chanTag]; ct.qlen(s, o) > ct.cap {
			return errors.New("bad channel length")
		}
	}
	return nil
}

func (pt *procType) nchanSegs() int { return pt.nchans }

// countChans is the number of channels that declaring vars creates.
func countChans(vars []*automata.Var) int {
	n := 0
	for _, v := range vars {
		switch {
		case v.Param:
		case v.Chan != nil:
			n += max(1, v.Len)
		case v.Type.Struct != nil:
			n += max(1, v.Len) * countChans(v.Type.Struct.Fields)
		}
	}
	return n
}

// New compiles a lowered program for execution, with no optional
// reduction (SPIN's spin -o1 -o2 -o3). The engine owns the layout of its
// program (it sets the offsets of the variables): build one program per
// engine configuration.
func New(prog *automata.Program) (e *Engine, err error) {
	return NewWithOptions(prog, Options{})
}

// NewWithOptions compiles a lowered program with optional reductions.
func NewWithOptions(prog *automata.Program, opt Options) (e *Engine, err error) {
	defer func() {
		if r := recover(); r != nil {
			e, err = nil, fmt.Errorf("engine: internal error: %v", r)
		}
	}()
	if prog == nil {
		return nil, errors.New("engine: no program")
	}
	e = &Engine{prog: prog, procLimit: MaxProcs}
	e.c.e = e
	e.strictEnd = opt.StrictEnd
	e.npClaim = opt.NPClaim && prog.Never == nil
	if prog.Never != nil || e.npClaim {
		e.procLimit--
	}
	if opt.HideWriteOnly {
		e.hide = writeOnlyGlobals(prog)
	}
	if err := e.layout(); err != nil {
		return nil, err
	}
	if prog.Never != nil {
		e.claim = e.ptypes[prog.Never.Index]
		e.claimEnd = &pins.Violation{Kind: pins.ClaimEnd, Message: "end state in claim reached", Pos: prog.Never.Locs[prog.Never.End].Pos}
		if len(prog.Never.Locals) > 0 {
			return nil, errors.New("never claims with local variables are not supported")
		}
	}
	e.c.hidden = make([]byte, e.hiddenSize)
	cm := &compiler{e: e}
	e.trans = make([]*ctrans, len(prog.Trans))
	for _, t := range prog.Trans {
		e.trans[t.ID] = cm.trans(t)
	}
	e.compileTrace(cm)
	for _, ct := range e.trans {
		if ct.dguard != nil {
			ct.dfirst = e.trans[ct.t.Proc.Locs[ct.dstart].Out[0].ID]
		}
		if ct.kind == automata.TDStep && ct.dstart >= 0 && ct.dstart < len(ct.t.Proc.Locs) {
			if out := ct.t.Proc.Locs[ct.dstart].Out; len(out) == 1 && out[0].Kind == automata.TRecv {
				ct.drecv = e.trans[out[0].ID]
			}
		}
	}
	for _, pt := range e.ptypes {
		if pt.p.Provided != nil {
			pt.provided = cm.expr(pt.p.Provided)
			e.anyProvided = true
		}
		pt.inits = make([]efn, len(pt.p.Locals))
		pt.initArr = make([][]efn, len(pt.p.Locals))
		for i, v := range pt.p.Locals {
			if v.Init != nil {
				pt.inits[i] = cm.expr(v.Init)
			}
			for _, x := range v.InitArr {
				pt.initArr[i] = append(pt.initArr[i], cm.expr(x))
			}
		}
		var locs []*locInfo
		for _, loc := range pt.p.Locs {
			li := &locInfo{}
			for _, t := range loc.Out {
				ct := e.trans[t.ID]
				li.out = append(li.out, ct)
				li.hasRecv = li.hasRecv || ct.receive() != nil
				if t.Kind != automata.TElse && t.Level == automata.MainLevel {
					li.nonElse = append(li.nonElse, ct)
				}
			}
			li.outDisp = cm.newDispatch(pt.p, li.out)
			li.nonElseDisp = cm.newDispatch(pt.p, li.nonElse)
			locs = append(locs, li)
		}
		e.locs = append(e.locs, locs)
	}
	e.globInits = make([]efn, len(prog.Globals))
	e.globArr = make([][]efn, len(prog.Globals))
	for i, v := range prog.Globals {
		if v.Init != nil {
			e.globInits[i] = cm.expr(v.Init)
		}
		for _, x := range v.InitArr {
			e.globArr[i] = append(e.globArr[i], cm.expr(x))
		}
	}
	e.fieldInits = map[*automata.Var]fieldInit{}
	seen := map[*automata.Struct]bool{}
	var addStruct func(st *automata.Struct)
	addStruct = func(st *automata.Struct) {
		if seen[st] {
			return
		}
		seen[st] = true
		for _, f := range st.Fields {
			if f.Type.Struct != nil {
				addStruct(f.Type.Struct)
			}
			if f.Init == nil && len(f.InitArr) == 0 {
				continue
			}
			var fi fieldInit
			if f.Init != nil {
				fi.init = cm.expr(f.Init)
			}
			for _, x := range f.InitArr {
				fi.arr = append(fi.arr, cm.expr(x))
			}
			e.fieldInits[f] = fi
		}
	}
	for _, v := range prog.Globals {
		if v.Type.Struct != nil {
			addStruct(v.Type.Struct)
		}
	}
	for _, pt := range e.ptypes {
		for _, v := range pt.p.Locals {
			if v.Type.Struct != nil {
				addStruct(v.Type.Struct)
			}
		}
	}
	e.info = e.buildInfo()
	if opt.ResetDead {
		e.computeDead()
	}
	if opt.Merge {
		e.computeMerge()
		e.mergeInfo()
	}
	e.c.s = make([]byte, 0, 1<<12)
	if _, err := e.Initial(nil); err != nil {
		return nil, err
	}
	return e, nil
}

// Clone returns an engine that shares e's compiled program but has working
// buffers of its own, for use by another goroutine.
func (e *Engine) Clone() *Engine {
	n := &Engine{}
	*n = *e
	n.c = ctx{e: n, s: make([]byte, 0, cap(e.c.s)), hidden: append([]byte(nil), e.c.hidden...)}
	n.cmoves, n.cmoves2, n.cbuf, n.out = nil, nil, nil, nil
	n.saved = savedLayout{}
	n.rv = rvIndex{}
	n.begun, n.begunOK = nil, false
	n.lastLayout = layoutCache{}
	n.nes = ctx{e: n, hidden: make([]byte, e.hiddenSize)}
	return n
}

// Program returns the program the engine runs.
func (e *Engine) Program() *automata.Program { return e.prog }

// UsesTimeout reports whether a statement of the model reads timeout.
func (e *Engine) UsesTimeout() bool { return e.usesTimeout }

// initVar initializes variable v (at offset off in buf) with its initializer.
type fieldInit struct {
	init efn
	arr  []efn
}

func (e *Engine) initVar(c *ctx, buf []byte, off int, v *automata.Var, init efn, arr []efn) {
	if v.Type.Struct != nil && len(e.fieldInits) > 0 {
		elem := typeSize(v.Type)
		for i := 0; i < max(1, v.Len); i++ {
			e.initStruct(c, buf, off+i*elem, v.Type.Struct)
		}
		return
	}
	if v.Type.Struct != nil || v.Chan != nil {
		return
	}
	elem := typeSize(v.Type)
	n := max(1, v.Len)
	if init != nil {
		x := init(c)
		for i := 0; i < n; i++ {
			store(buf, off+i*elem, &v.Type, x)
		}
	}
	for i, a := range arr {
		if i < n {
			store(buf, off+i*elem, &v.Type, a(c))
		}
	}
}

// initStruct gives the fields of the struct at off their initial values.
func (e *Engine) initStruct(c *ctx, buf []byte, off int, st *automata.Struct) {
	for _, f := range st.Fields {
		if f.Type.Struct != nil {
			e.initVar(c, buf, off+f.Offset, f, nil, nil)
			continue
		}
		if fi, ok := e.fieldInits[f]; ok {
			e.initVar(c, buf, off+f.Offset, f, fi.init, fi.arr)
		}
	}
}

// addChan appends a channel segment of type ct and returns its id.
func (e *Engine) addChan(c *ctx, ct *chanType) int {
	off := len(c.s)
	c.s = append(c.s, make([]byte, 0)...)
	for i := 0; i < ct.size; i++ {
		c.s = append(c.s, 0)
	}
	c.s[off] = chanTag | byte(ct.spec.ID)
	c.chanOff[c.nchan] = int32(off)
	c.nchan++
	c.s[hdrNChan] = byte(c.nchan)
	c.changed = true
	return c.nchan
}

// isChanVar reports whether v holds channels (a chan, or a struct with
// chan fields).
func isChanVar(v *automata.Var) bool {
	return v.Chan != nil || v.Type.Kind == ast.Chan || v.Type.Struct != nil && structHasChans(v.Type.Struct)
}

func structHasChans(st *automata.Struct) bool {
	for _, f := range st.Fields {
		if f.Chan != nil || f.Type.Kind == ast.Chan || f.Type.Struct != nil && structHasChans(f.Type.Struct) {
			return true
		}
	}
	return false
}

// createChans creates the channels of chan variable v (or of the chan
// fields of struct variable v) and stores their ids: a global in the
// global area (or the hidden one), a local in the current process.
func (e *Engine) createChans(c *ctx, v *automata.Var, global bool) {
	if v.Chan == nil && v.Type.Struct == nil || v.Param {
		return
	}
	base := c.base + procHdr
	if global {
		base = e.globOff
		if e.isHidden(v) {
			base = 0
		}
	}
	elem := typeSize(v.Type)
	for i := 0; i < max(1, v.Len); i++ {
		off := base + v.Offset + i*elem
		if v.Chan != nil {
			id := e.addChan(c, e.ctypes[v.Chan.ID])
			if global && e.isHidden(v) {
				c.hidden[off] = byte(id)
			} else {
				c.s[off] = byte(id)
			}
			continue
		}
		e.structChans(c, v.Type.Struct, global && e.isHidden(v), off)
	}
}

// structChans creates the channels of the chan fields of a struct at off.
func (e *Engine) structChans(c *ctx, st *automata.Struct, hidden bool, off int) {
	for _, f := range st.Fields {
		if f.Chan == nil && f.Type.Struct == nil {
			continue
		}
		elem := typeSize(f.Type)
		for i := 0; i < max(1, f.Len); i++ {
			o := off + f.Offset + i*elem
			if f.Chan != nil {
				id := e.addChan(c, e.ctypes[f.Chan.ID])
				if hidden {
					c.hidden[o] = byte(id)
				} else {
					c.s[o] = byte(id)
				}
				continue
			}
			e.structChans(c, f.Type.Struct, hidden, o)
		}
	}
}

// addProc appends a process of type pt with the given parameter values
// and returns its pid. The current process is restored afterwards.
func (e *Engine) addProc(c *ctx, pt *procType, args []int32) int {
	savePid, saveBase := c.pid, c.base
	off := len(c.s)
	for i := 0; i < pt.size; i++ {
		c.s = append(c.s, 0)
	}
	c.s[off] = byte(pt.p.Index)
	pid := c.nproc
	c.procOff[pid] = int32(off)
	c.nproc++
	c.s[hdrNProc] = byte(c.nproc)
	c.setPC(pid, pt.p.Start)
	c.changed = true
	c.setProc(pid)
	for i, ps := range pt.params {
		if i < len(args) {
			store(c.s, off+procHdr+ps.off, ps.typ, args[i])
		}
	}
	// in declaration order, channels created where they are declared
	// (chan b = a then aliases a, as in pan's addproc)
	for i, v := range pt.p.Locals {
		if !v.Param && !v.MidBody {
			failed := c.err == ""
			e.initVar(c, c.s, off+procHdr+v.Offset, v, pt.inits[i], pt.initArr[i])
			if failed = failed && c.err != ""; failed {
				// a run-time error of the initializer: said with its
				// place (errors are rare; this allocates)
				c.err = initError(c.err, v)
				if c.initVar == nil {
					c.initVar = v
				}
			}
		}
		e.createChans(c, v, false)
	}
	c.pid, c.base = savePid, saveBase
	return pid
}

// initError describes a run-time error msg in the initializer of v.
func initError(msg string, v *automata.Var) string {
	name := v.Name
	if v.Proc != nil {
		name = v.Proc.Name + "'s " + name
	}
	return msg + " in the initializer of " + name + " at " + v.Pos.String()
}

// InitialViolation returns the run-time error of an initializer met in
// building the initial state (of a global, or a local of an active
// process), or nil. The initial state is built all the same (the
// failing value is 0); the search reports the error at depth 0, before
// any step, with an empty trail (pan has no report of its own here: its
// generated code divides by zero or fails to compile).
func (e *Engine) InitialViolation() *pins.Violation { return e.initViol }

// Initial implements pins.Model.
func (e *Engine) Initial(dst []byte) ([]byte, error) {
	if e.init != nil {
		return append(dst[:0], e.init...), nil
	}
	c := &e.c
	c.s = c.s[:0]
	for i := 0; i < e.globOff+e.globSize; i++ {
		c.s = append(c.s, 0)
	}
	c.s[hdrAtomic] = noAtomic
	if e.claim != nil {
		e.setClaimPC(c.s, e.claim.p.Start)
	}
	if e.trace != nil {
		e.trace.setLoc(c.s, e.trace.p.Start)
	}
	c.nproc, c.nchan = 0, 0
	c.pid, c.base = 0, 0
	c.apply = true
	c.err = ""
	for i := range c.hidden {
		c.hidden[i] = 0
	}
	// pan's iniglobals: first the globals that are not channels, then the
	// channels in declaration order, each created or (chan G = K) set
	// where it stands, so that G aliases the channel K created before it
	e.initViol = nil
	c.initVar = nil
	for pass := 0; pass < 2; pass++ {
		for i, v := range e.prog.Globals {
			if isChanVar(v) != (pass == 1) {
				continue
			}
			if e.isHidden(v) {
				e.initVar(c, c.hidden, v.Offset, v, e.globInits[i], e.globArr[i])
			} else {
				e.initVar(c, c.s, e.globOff+v.Offset, v, e.globInits[i], e.globArr[i])
			}
			if c.err != "" && e.initViol == nil {
				e.initViol = &pins.Violation{Kind: pins.RuntimeError, Message: initError(c.err, v), Pos: v.Pos}
			}
			c.err = ""
			e.createChans(c, v, true)
		}
	}
	for _, pt := range e.ptypes {
		if pt.p.Kind == automata.NeverClaim {
			continue
		}
		for i := 0; i < pt.p.Active; i++ {
			if c.nproc >= e.procLimit {
				return nil, errors.New("too many active processes")
			}
			e.addProc(c, pt, nil)
			if c.err != "" && e.initViol == nil && c.initVar != nil {
				e.initViol = &pins.Violation{Kind: pins.RuntimeError, Message: c.err, Pos: c.initVar.Pos}
			}
			c.err, c.initVar = "", nil
		}
	}
	e.init = append([]byte(nil), c.s...)
	return append(dst[:0], e.init...), nil
}

// Info implements pins.Model.
func (e *Engine) Info() *pins.Info { return e.info }

// Status implements pins.Model.
func (e *Engine) Status(s []byte) pins.StateStatus {
	c := &e.c
	c.s = append(c.s[:0], s...)
	if c.decode() != nil {
		return 0
	}
	st := pins.ValidEnd
	if e.claim != nil {
		pc := e.claimPC(s)
		if pc < 0 || pc >= len(e.claim.p.Locs) {
			return 0 // not a state of this model
		}
		loc := e.claim.p.Locs[pc]
		if loc.Flags&automata.AcceptLoc != 0 {
			st |= pins.Accepting
		}
		if loc.Flags&automata.FinalLoc != 0 {
			st |= pins.ClaimEnded
		}
	}
	if e.trace != nil && c.nproc > 0 && !e.traceEnded(s) {
		// pan: "event_trace not completed" (pan checks end states only
		// while some process exists)
		st &^= pins.ValidEnd
	}
	for i := 0; i < c.nproc; i++ {
		locs := e.ptypes[c.s[c.procOff[i]]].p.Locs
		if int(c.pc(i)) >= len(locs) {
			return 0 // not a state of this model
		}
		loc := locs[c.pc(i)]
		if loc.Flags&automata.EndLoc == 0 {
			st &^= pins.ValidEnd
		}
		if loc.Flags&automata.ProgressLoc != 0 {
			st |= pins.Progress
		}
		if e.claim == nil && loc.Flags&automata.AcceptLoc != 0 {
			// without a never claim, pan -a looks for cycles through
			// the processes' accept labels
			st |= pins.Accepting
		}
	}
	if e.strictEnd && st&pins.ValidEnd != 0 {
		// pan -q: a valid end state also has every channel empty (the
		// length is the byte after a channel's tag)
		for i := 0; i < c.nchan; i++ {
			if o := int(c.chanOff[i]); e.ctypes[c.s[o]&^chanTag].qlen(c.s, o) != 0 {
				st &^= pins.ValidEnd
				break
			}
		}
	}
	return st
}

// ClaimLoc returns the location of the never claim in state s and
// whether it is accepting (loc -1 without a claim). It reads two bytes:
// cheaper than Status.
func (e *Engine) ClaimLoc(s []byte) (loc int, accepting bool) {
	if e.claim == nil {
		return -1, false
	}
	pc := e.claimPC(s)
	if pc < 0 || pc >= len(e.claim.p.Locs) {
		return pc, false
	}
	return pc, e.claim.p.Locs[pc].Flags&automata.AcceptLoc != 0
}

// Describe renders state s for people: the processes with their
// locations, the globals, and the channels.
func (e *Engine) Describe(s []byte) string {
	c := &e.c
	c.s = append(c.s[:0], s...)
	if err := c.decode(); err != nil {
		return "bad state: " + err.Error()
	}
	var b strings.Builder
	if e.claim != nil {
		fmt.Fprintf(&b, "claim@%d ", e.claimPC(s))
	}
	for _, v := range e.prog.Globals {
		if e.isHidden(v) || v.Chan != nil || v.Type.Struct != nil {
			continue
		}
		fmt.Fprintf(&b, "%s=", v.Name)
		for i := 0; i < max(1, v.Len); i++ {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprint(&b, load(c.s, e.globOff+v.Offset+i*typeSize(v.Type), &v.Type))
		}
		b.WriteString(" ")
	}
	for i := 0; i < c.nproc; i++ {
		pt := e.ptypes[c.s[c.procOff[i]]]
		fmt.Fprintf(&b, "%s(%d)@%d", pt.p.Name, i, c.pc(i))
		base := int(c.procOff[i]) + procHdr
		for _, v := range pt.p.Locals {
			if v.Chan != nil || v.Type.Struct != nil || v.Len > 0 {
				continue
			}
			fmt.Fprintf(&b, ",%s=%d", v.Name, load(c.s, base+v.Offset, &v.Type))
		}
		b.WriteString(" ")
	}
	for i := 0; i < c.nchan; i++ {
		off := int(c.chanOff[i])
		fmt.Fprintf(&b, "ch%d[%d] ", i+1, c.e.ctypes[c.s[off]&^chanTag].qlen(c.s, off))
	}
	return strings.TrimSpace(b.String())
}

// procEnabled reports whether process pid has an executable transition
// (for enabled()).
func (e *Engine) procEnabled(c *ctx, pid int) bool {
	savePid, saveBase, saveApply := c.pid, c.base, c.apply
	defer func() { c.pid, c.base, c.apply = savePid, saveBase, saveApply }()
	c.setProc(pid)
	c.apply = false
	pt := e.ptypes[c.s[c.base]]
	if pt.provided != nil && pt.provided(c) == 0 {
		return false
	}
	li := e.locs[pt.p.Index][c.pc(pid)]
	for _, t := range li.out {
		if t.kind == automata.TElse {
			return true // something else was not enabled, or else is
		}
		if e.transEnabled(c, t) {
			return true
		}
	}
	return false
}

func (e *Engine) findReceiver(c *ctx, t *ctrans) bool {
	// evaluate the message in the sender's context
	off, ct := c.channel(t.ch(c))
	if ct == nil {
		return false
	}
	for i, a := range t.args {
		c.msg[i] = truncate(a(c), &ct.fields[min(i, len(ct.fields)-1)])
	}
	id := c.s[off]
	_ = id
	sender := c.pid
	found := false
	for q := c.nproc - 1; q >= 0 && !found; q-- {
		if q == sender {
			continue
		}
		c.setProc(q)
		pt := e.ptypes[c.s[c.base]]
		for _, r := range e.locs[pt.p.Index][c.pc(q)].out {
			if rr := r.receive(); rr != nil && rr.rendezvousMatch(c, off, ct, len(t.args)) {
				found = true
				break
			}
		}
	}
	c.setProc(sender)
	return found
}

// isHidden reports whether global v lives outside the state vector:
// declared hidden, or hidden as write-only.
func (e *Engine) isHidden(v *automata.Var) bool {
	return v.Global && (v.Hidden || e.hide[v])
}

// StateVectorBytes is the length of the initial state vector in gospin's
// own layout (not pan's C struct layout, whose size SPIN reports as
// "State-vector N byte"; see docs/spin-semantics.md section V).
func (e *Engine) StateVectorBytes() int {
	s, err := e.Initial(nil)
	if err != nil {
		return 0
	}
	return len(s)
}
