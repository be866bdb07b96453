package engine

import (
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/token"
)

// efn is a compiled expression: it evaluates in the context c without
// allocating. Run-time errors are recorded in c (the first one wins) and
// the expression yields 0.
type efn func(c *ctx) int32

// Run-time error messages (static strings: recording one allocates nothing).
const (
	errIndex       = "array index out of range"
	errDiv         = "division by zero"
	errChan        = "invalid channel"
	errPid         = "invalid process id in remote reference"
	errProcType    = "remote reference to a process of another type"
	errDStep       = "block in d_step seq"
	errDStepInf    = "d_step loops forever"
	errFewFields   = "too few parameters in send stmnt"
	errFields      = "too many parameters in send stmnt"
	errRecvField   = "too many fields in recv"
	errRecvMissing = "missing pars in receive"
	errRendDStep   = "rv-attempt in d_step"
	errPollRV      = "error to poll rendezvous channel"
	errProcs       = "too many processes"
	errQueues      = "too many queues"
	errPrio        = "priority is out of range"
	errEnabled     = "enabled(pid) of the process itself (or a cycle of enabled)"
)

// cref is a compiled variable reference.
type cref struct {
	typ    *automata.Type // type of the element addressed
	hidden bool
	addr   func(c *ctx) int // offset in the state (or in c.hidden), -1 on error
}

func (r *cref) load(c *ctx) int32 {
	off := r.addr(c)
	if off < 0 {
		return 0
	}
	if r.hidden {
		return load(c.hidden, off, r.typ)
	}
	return load(c.s, off, r.typ)
}

func (r *cref) store(c *ctx, v int32) {
	off := r.addr(c)
	if off < 0 {
		return
	}
	if r.hidden {
		store(c.hidden, off, r.typ, v)
		return
	}
	store(c.s, off, r.typ, v)
}

type compiler struct {
	e *Engine
}

func (cm *compiler) ref(r *automata.Ref) *cref {
	v := r.Var
	cr := &cref{typ: &v.Type, hidden: cm.e.isHidden(v)}
	elem := typeSize(v.Type)
	// base address
	var base func(c *ctx) int
	switch {
	case r.Remote != nil:
		pt := r.Remote.Proc
		off := procHdr + v.Offset
		if r.Remote.Pid == nil {
			base = func(c *ctx) int {
				for i := 0; i < c.nproc; i++ {
					if c.s[c.procOff[i]] == byte(pt.Index) {
						return int(c.procOff[i]) + off
					}
				}
				c.fail(errPid)
				return -1
			}
		} else {
			pid := cm.expr(r.Remote.Pid)
			base = func(c *ctx) int {
				p := pid(c)
				if p < 0 || int(p) >= c.nproc {
					c.fail(errPid)
					return -1
				}
				po := int(c.procOff[p])
				if c.s[po] != byte(pt.Index) {
					c.fail(errProcType)
					return -1
				}
				return po + off
			}
		}
	case cm.e.isHidden(v):
		off := v.Offset
		base = func(c *ctx) int { return off }
	case v.Global:
		off := cm.e.globOff + v.Offset
		base = func(c *ctx) int { return off }
	default:
		off := procHdr + v.Offset
		base = func(c *ctx) int { return c.base + off }
	}
	addr := base
	if r.Index != nil {
		addr = indexed(addr, cm.expr(r.Index), v.Len, elem)
	} else if v.Len > 0 && len(r.Path) == 0 {
		// an array used without index means its first element (SPIN)
	}
	for _, s := range r.Path {
		f := s.Field
		prev := addr
		foff := f.Offset
		a := func(c *ctx) int {
			o := prev(c)
			if o < 0 {
				return -1
			}
			return o + foff
		}
		if s.Index != nil {
			a = indexed(a, cm.expr(s.Index), f.Len, typeSize(f.Type))
		}
		addr = a
		cr.typ = &f.Type
	}
	cr.addr = addr
	return cr
}

func indexed(base func(c *ctx) int, idx efn, n, elem int) func(c *ctx) int {
	return func(c *ctx) int {
		o := base(c)
		i := idx(c)
		if o < 0 {
			return -1
		}
		if i < 0 || int(i) >= n {
			c.fail(errIndex)
			return -1
		}
		return o + int(i)*elem
	}
}

func (cm *compiler) expr(x automata.Expr) efn {
	switch x := x.(type) {
	case nil:
		return func(*ctx) int32 { return 1 }
	case *automata.Const:
		v := int32(x.V)
		return func(*ctx) int32 { return v }
	case *automata.Ref:
		v := x.Var
		if x.Remote == nil && x.Index == nil && len(x.Path) == 0 && !cm.e.isHidden(v) {
			t := &v.Type
			if v.Global {
				off := cm.e.globOff + v.Offset
				switch t.Kind {
				case ast.Int:
					return func(c *ctx) int32 { return load(c.s, off, t) }
				case ast.Short, ast.Unsigned:
					return func(c *ctx) int32 { return load(c.s, off, t) }
				}
				return func(c *ctx) int32 { return int32(c.s[off]) }
			}
			off := procHdr + v.Offset
			switch t.Kind {
			case ast.Int, ast.Short, ast.Unsigned:
				return func(c *ctx) int32 { return load(c.s, c.base+off, t) }
			}
			return func(c *ctx) int32 { return int32(c.s[c.base+off]) }
		}
		r := cm.ref(x)
		return r.load
	case *automata.Unary:
		a := cm.expr(x.X)
		switch x.Op {
		case token.SUB:
			return func(c *ctx) int32 { return -a(c) }
		case token.NOT:
			return func(c *ctx) int32 {
				if a(c) == 0 {
					return 1
				}
				return 0
			}
		case token.TILDE:
			return func(c *ctx) int32 { return ^a(c) }
		}
	case *automata.Binary:
		return cm.binary(x)
	case *automata.Cond:
		cc, t, f := cm.expr(x.C), cm.expr(x.T), cm.expr(x.E)
		return func(c *ctx) int32 {
			if cc(c) != 0 {
				return t(c)
			}
			return f(c)
		}
	case *automata.Call:
		return cm.call(x)
	case *automata.RemoteLabel:
		pt := x.Remote.Proc
		if x.Loc < 0 {
			return func(*ctx) int32 { return 0 }
		}
		loc := uint16(x.Loc)
		if x.Remote.Pid == nil {
			return func(c *ctx) int32 {
				for i := 0; i < c.nproc; i++ {
					o := c.procOff[i]
					if c.s[o] == byte(pt.Index) {
						if c.pc(i) == loc {
							return 1
						}
						return 0
					}
				}
				return 0
			}
		}
		pid := cm.expr(x.Remote.Pid)
		return func(c *ctx) int32 {
			p := pid(c)
			if p < 0 || int(p) >= c.nproc {
				c.fail(errPid)
				return 0
			}
			if c.s[c.procOff[p]] != byte(pt.Index) {
				c.fail(errProcType)
				return 0
			}
			if c.pc(int(p)) == loc {
				return 1
			}
			return 0
		}
	case *automata.Run:
		return cm.run(x)
	case *automata.Poll:
		ch := cm.expr(x.Chan)
		args := cm.recvArgs(x.Args)
		random := x.Random
		return func(c *ctx) int32 {
			off, ct := c.channel(ch(c))
			if ct == nil {
				return 0
			}
			if ct.cap == 0 {
				c.fail(errPollRV)
				return 0
			}
			n := ct.qlen(c.s, off)
			for k := 0; k < n; k++ {
				if c.matches(off, ct, k, args) {
					return 1
				}
				if !random {
					break
				}
			}
			return 0
		}
	}
	return func(c *ctx) int32 { return 0 }
}

func (cm *compiler) binary(x *automata.Binary) efn {
	if x.Op == token.LAND || x.Op == token.LOR {
		if f := cm.fusedTests(x); f != nil {
			return f
		}
	}
	if f := cm.binaryConst(x); f != nil {
		return f
	}
	a, b := cm.expr(x.X), cm.expr(x.Y)
	switch x.Op {
	case token.ADD:
		return func(c *ctx) int32 { return a(c) + b(c) }
	case token.SUB:
		return func(c *ctx) int32 { return a(c) - b(c) }
	case token.MUL:
		return func(c *ctx) int32 { return a(c) * b(c) }
	case token.QUO, token.REM:
		op := x.Op
		return func(c *ctx) int32 {
			u, v := a(c), b(c)
			r, err := automata.BinOp(op, u, v)
			if err != "" {
				c.fail(errDiv)
			}
			return r
		}
	case token.LAND:
		return func(c *ctx) int32 {
			if a(c) != 0 && b(c) != 0 {
				return 1
			}
			return 0
		}
	case token.LOR:
		return func(c *ctx) int32 {
			if a(c) != 0 || b(c) != 0 {
				return 1
			}
			return 0
		}
	case token.EQL:
		return func(c *ctx) int32 { return bi(a(c) == b(c)) }
	case token.NEQ:
		return func(c *ctx) int32 { return bi(a(c) != b(c)) }
	case token.LSS:
		return func(c *ctx) int32 { return bi(a(c) < b(c)) }
	case token.LEQ:
		return func(c *ctx) int32 { return bi(a(c) <= b(c)) }
	case token.GTR:
		return func(c *ctx) int32 { return bi(a(c) > b(c)) }
	case token.GEQ:
		return func(c *ctx) int32 { return bi(a(c) >= b(c)) }
	}
	op := x.Op
	return func(c *ctx) int32 {
		r, _ := automata.BinOp(op, a(c), b(c))
		return r
	}
}

// byteRef returns where a scalar byte-sized variable (bit, bool, byte,
// mtype, pid, chan) lives, for the fused closures of binaryConst.
func (cm *compiler) byteRef(x automata.Expr) (off int, global, ok bool) {
	r, isRef := x.(*automata.Ref)
	if !isRef || r.Remote != nil || r.Index != nil || len(r.Path) != 0 || cm.e.isHidden(r.Var) {
		return 0, false, false
	}
	switch r.Var.Type.Kind {
	case ast.Int, ast.Short, ast.Unsigned:
		return 0, false, false
	}
	if r.Var.Type.Struct != nil {
		return 0, false, false
	}
	if r.Var.Global {
		return cm.e.globOff + r.Var.Offset, true, true
	}
	return procHdr + r.Var.Offset, false, true
}

// byteTest is a comparison of a byte-sized variable with a constant.
type byteTest struct {
	off    int
	global bool
	op     token.Token
	k      int32
}

func (t *byteTest) eval(c *ctx) bool {
	var v int32
	if t.global {
		v = int32(c.s[t.off])
	} else {
		v = int32(c.s[c.base+t.off])
	}
	switch t.op {
	case token.EQL:
		return v == t.k
	case token.NEQ:
		return v != t.k
	case token.LSS:
		return v < t.k
	case token.LEQ:
		return v <= t.k
	case token.GTR:
		return v > t.k
	}
	return v >= t.k
}

// fusedTests compiles a chain of && (or of ||) whose operands are all
// comparisons of byte-sized variables with constants — the guards that
// BEEM-style models are made of — into one closure over a table of tests.
func (cm *compiler) fusedTests(x *automata.Binary) efn {
	var tests []byteTest
	var collect func(e automata.Expr) bool
	collect = func(e automata.Expr) bool {
		if b, ok := e.(*automata.Binary); ok {
			if b.Op == x.Op {
				return collect(b.X) && collect(b.Y)
			}
			switch b.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				k, isConst := b.Y.(*automata.Const)
				if !isConst {
					return false
				}
				off, global, ok := cm.byteRef(b.X)
				if !ok {
					return false
				}
				tests = append(tests, byteTest{off: off, global: global, op: b.Op, k: int32(k.V)})
				return true
			}
		}
		return false
	}
	if !collect(x) || len(tests) < 2 {
		return nil
	}
	if x.Op == token.LAND {
		return func(c *ctx) int32 {
			for i := range tests {
				if !tests[i].eval(c) {
					return 0
				}
			}
			return 1
		}
	}
	return func(c *ctx) int32 {
		for i := range tests {
			if tests[i].eval(c) {
				return 1
			}
		}
		return 0
	}
}

// binaryConst fuses the common comparisons and sums with a constant right
// operand (x == 3, i < N, n + 1) into one closure, and into a direct read
// of the state when the left operand is a byte-sized variable: expressions
// are closures, and each call saved counts in the inner loop.
func (cm *compiler) binaryConst(x *automata.Binary) efn {
	k0, isConst := x.Y.(*automata.Const)
	if !isConst {
		return nil
	}
	k := int32(k0.V)
	if off, global, ok := cm.byteRef(x.X); ok {
		if global {
			switch x.Op {
			case token.EQL:
				return func(c *ctx) int32 { return bi(int32(c.s[off]) == k) }
			case token.NEQ:
				return func(c *ctx) int32 { return bi(int32(c.s[off]) != k) }
			case token.LSS:
				return func(c *ctx) int32 { return bi(int32(c.s[off]) < k) }
			case token.LEQ:
				return func(c *ctx) int32 { return bi(int32(c.s[off]) <= k) }
			case token.GTR:
				return func(c *ctx) int32 { return bi(int32(c.s[off]) > k) }
			case token.GEQ:
				return func(c *ctx) int32 { return bi(int32(c.s[off]) >= k) }
			case token.ADD:
				return func(c *ctx) int32 { return int32(c.s[off]) + k }
			case token.SUB:
				return func(c *ctx) int32 { return int32(c.s[off]) - k }
			}
		} else {
			switch x.Op {
			case token.EQL:
				return func(c *ctx) int32 { return bi(int32(c.s[c.base+off]) == k) }
			case token.NEQ:
				return func(c *ctx) int32 { return bi(int32(c.s[c.base+off]) != k) }
			case token.LSS:
				return func(c *ctx) int32 { return bi(int32(c.s[c.base+off]) < k) }
			case token.LEQ:
				return func(c *ctx) int32 { return bi(int32(c.s[c.base+off]) <= k) }
			case token.GTR:
				return func(c *ctx) int32 { return bi(int32(c.s[c.base+off]) > k) }
			case token.GEQ:
				return func(c *ctx) int32 { return bi(int32(c.s[c.base+off]) >= k) }
			case token.ADD:
				return func(c *ctx) int32 { return int32(c.s[c.base+off]) + k }
			case token.SUB:
				return func(c *ctx) int32 { return int32(c.s[c.base+off]) - k }
			}
		}
		return nil
	}
	a := cm.expr(x.X)
	switch x.Op {
	case token.EQL:
		return func(c *ctx) int32 { return bi(a(c) == k) }
	case token.NEQ:
		return func(c *ctx) int32 { return bi(a(c) != k) }
	case token.LSS:
		return func(c *ctx) int32 { return bi(a(c) < k) }
	case token.LEQ:
		return func(c *ctx) int32 { return bi(a(c) <= k) }
	case token.GTR:
		return func(c *ctx) int32 { return bi(a(c) > k) }
	case token.GEQ:
		return func(c *ctx) int32 { return bi(a(c) >= k) }
	case token.ADD:
		return func(c *ctx) int32 { return a(c) + k }
	case token.SUB:
		return func(c *ctx) int32 { return a(c) - k }
	}
	return nil
}

func bi(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

func (cm *compiler) call(x *automata.Call) efn {
	var arg efn
	if len(x.Args) > 0 {
		arg = cm.expr(x.Args[0])
	}
	switch x.Fn {
	case automata.BPid:
		return func(c *ctx) int32 { return int32(c.pid) }
	case automata.BNrPr:
		if cm.e.prog.Never != nil || cm.e.npClaim {
			// pan counts the never claim (or -l's claim) among the
			// processes
			return func(c *ctx) int32 { return int32(c.nproc) + 1 }
		}
		return func(c *ctx) int32 { return int32(c.nproc) }
	case automata.BLast:
		return func(c *ctx) int32 { return int32(c.s[hdrLast]) }
	case automata.BNp:
		return func(c *ctx) int32 {
			for i := 0; i < c.nproc; i++ {
				pt := c.e.ptypes[c.s[c.procOff[i]]]
				if pt.p.Locs[c.pc(i)].Flags&automata.ProgressLoc != 0 {
					return 0
				}
			}
			return 1
		}
	case automata.BTimeout:
		cm.e.usesTimeout = true
		return func(c *ctx) int32 { return bi(c.timeout) }
	case automata.BLen, automata.BEmpty, automata.BNempty, automata.BFull, automata.BNfull:
		fn := x.Fn
		return func(c *ctx) int32 {
			off, ct := c.channel(arg(c))
			if ct == nil {
				return 0
			}
			n := ct.qlen(c.s, off)
			switch fn {
			case automata.BLen:
				return int32(n)
			case automata.BEmpty:
				return bi(n == 0)
			case automata.BNempty:
				return bi(n != 0)
			case automata.BFull:
				return bi(n >= ct.cap)
			}
			return bi(n < ct.cap)
		}
	case automata.BEnabled:
		return func(c *ctx) int32 {
			p := arg(c)
			if p < 0 || int(p) >= c.nproc {
				c.fail(errPid)
				return 0
			}
			if int(p) == c.pid || c.nested > 8 {
				c.fail(errEnabled)
				return 0
			}
			c.nested++
			r := c.e.procEnabled(c, int(p))
			c.nested--
			return bi(r)
		}
	case automata.BPcValue:
		return func(c *ctx) int32 {
			p := arg(c)
			if p < 0 || int(p) >= c.nproc {
				return 0
			}
			return int32(c.pc(int(p)))
		}
	case automata.BGetPrio:
		return func(c *ctx) int32 {
			p := arg(c)
			if p < 0 || int(p) >= c.nproc {
				return 0
			}
			return int32(c.s[c.procOff[p]+procHdr])
		}
	}
	return func(*ctx) int32 { return 0 }
}

// crecv is a compiled receive argument.
type crecv struct {
	v     *cref // store into
	match efn   // must equal
}

func (cm *compiler) recvArgs(args []automata.RecvArg) []crecv {
	out := make([]crecv, len(args))
	for i, a := range args {
		switch {
		case a.Var != nil:
			out[i].v = cm.ref(a.Var)
		case a.Match != nil:
			out[i].match = cm.expr(a.Match)
		}
	}
	return out
}

// run compiles run P(args): in a guard it is true (as in pan, run is
// always executable); with c.apply it creates the process and yields its
// pid, or records pan's run-time error when the processes (255, the never
// claim included) or the channels (255) would be too many.
func (cm *compiler) run(x *automata.Run) efn {
	pt := cm.e.ptypes[x.Proc.Index]
	args := make([]efn, len(x.Args))
	for i, a := range x.Args {
		args[i] = cm.expr(a)
	}
	var prio efn
	if x.Prio != nil {
		prio = cm.expr(x.Prio)
	}
	return func(c *ctx) int32 {
		if !c.apply {
			return 1
		}
		// pan's addproc and addqueue: past their limits, a fatal
		// run-time error (not a blocked run)
		if c.nproc >= c.e.procLimit {
			c.fail(errProcs)
			return 0
		}
		if c.nchan+pt.nchanSegs() > maxChans {
			c.fail(errQueues)
			return 0
		}
		for i, a := range args {
			if i < len(c.runArgs) {
				c.runArgs[i] = a(c)
			}
		}
		pid := c.e.addProc(c, pt, c.runArgs[:min(len(args), len(c.runArgs))])
		if prio != nil {
			c.s[c.procOff[pid]+procHdr] = byte(prio(c))
		}
		return int32(pid)
	}
}
