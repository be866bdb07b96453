package engine

import (
	"fmt"

	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/automata"
)

const (
	hdrNProc  = 0
	hdrNChan  = 1
	hdrAtomic = 2
	hdrLast   = 3
	hdrSize   = 4 // without the claim's location
	hdrClaim  = 4

	noAtomic = 0xFF
	// maxFields bounds the fields of a message and the arguments of run.
	maxFields = 64
	// MaxProcs is SPIN's limit on the number of processes.
	MaxProcs = 255
	maxChans = 255
	// maxChanCap is the largest channel capacity (a two-byte length)
	maxChanCap = 65535
	chanTag    = 0x80
)

// procType is the layout of one proctype's segment.
type procType struct {
	p      *automata.Proc
	size   int // whole segment, header included
	locals int // bytes of locals
	chans  []*automata.Var

	nchans int         // channels a new process creates
	params []paramSlot // the parameters, struct ones field by field

	provided efn
	inits    []efn
	initArr  [][]efn
}

const procHdr = 3

// paramSlot is one basic value of the parameters.
type paramSlot struct {
	off int
	typ *automata.Type
}

func flatSlots(dst []paramSlot, t *automata.Type, off int) []paramSlot {
	if t.Struct == nil {
		return append(dst, paramSlot{off, t})
	}
	for _, f := range t.Struct.Fields {
		elem := typeSize(f.Type)
		for i := 0; i < max(1, f.Len); i++ {
			dst = flatSlots(dst, &f.Type, off+f.Offset+i*elem)
		}
	}
	return dst
}

// chanType is the layout of one channel declaration.
type chanType struct {
	spec    *automata.ChanSpec
	cap     int
	fields  []automata.Type
	foff    []int // field offsets within a message
	msgSize int
	size    int // whole segment
	hdr     int // the header: the tag byte, then the length (chanHdr, or chanHdr+1 past 255 messages)
}

// chanHdr is a channel's header: its tag byte and one length byte; a
// channel of more than 255 messages has a two-byte length (pan: Qlen is
// a uchar below 256, else a ushort).
const chanHdr = 2

// qlen is the number of messages in the channel at off.
func (ct *chanType) qlen(s []byte, off int) int {
	if ct.hdr == chanHdr {
		return int(s[off+1])
	}
	return int(s[off+1]) | int(s[off+2])<<8
}

// setQlen sets the number of messages in the channel at off.
func (ct *chanType) setQlen(s []byte, off, n int) {
	s[off+1] = byte(n)
	if ct.hdr != chanHdr {
		s[off+2] = byte(n >> 8)
	}
}

// typeSize is the size in bytes of one element of type t.
func typeSize(t automata.Type) int {
	if t.Struct != nil {
		n := 0
		for _, f := range t.Struct.Fields {
			n += f.Size
		}
		return n
	}
	return t.BasicSize()
}

func layoutStruct(st *automata.Struct, done map[*automata.Struct]bool) {
	if done[st] {
		return
	}
	done[st] = true
	off := 0
	for _, f := range st.Fields {
		if f.Type.Struct != nil {
			layoutStruct(f.Type.Struct, done)
		}
		f.Offset = off
		f.Size = typeSize(f.Type) * max(1, f.Len)
		off += f.Size
	}
}

// layoutVars assigns offsets to vars from 0; hidden ones (when hidden is
// not nil) in an area of their own.
func layoutVars(vars []*automata.Var, done map[*automata.Struct]bool, hidden func(*automata.Var) bool) (size, hsize int) {
	for _, v := range vars {
		if v.Type.Struct != nil {
			layoutStruct(v.Type.Struct, done)
		}
		v.Size = typeSize(v.Type) * max(1, v.Len)
		if hidden != nil && hidden(v) {
			v.Offset = hsize
			hsize += v.Size
			continue
		}
		v.Offset = size
		size += v.Size
	}
	return size, hsize
}

func (e *Engine) layout() error {
	prog := e.prog
	done := map[*automata.Struct]bool{}
	e.globSize, e.hiddenSize = layoutVars(prog.Globals, done, e.isHidden)
	e.globOff = hdrSize
	if prog.Never != nil {
		e.globOff += 2
	}
	if prog.Trace != nil {
		// the trace sequence's location (pan's _event)
		e.traceOff = e.globOff
		e.globOff += 2
	}
	for _, p := range prog.Procs {
		pt := &procType{p: p}
		n, _ := layoutVars(p.Locals, done, nil)
		pt.locals = n
		pt.size = procHdr + n
		for _, v := range p.Locals {
			if v.Chan != nil {
				pt.chans = append(pt.chans, v)
			}
		}
		pt.nchans = countChans(p.Locals)
		for _, v := range p.Params {
			pt.params = flatSlots(pt.params, &v.Type, v.Offset)
		}
		e.ptypes = append(e.ptypes, pt)
	}
	if len(e.ptypes) >= chanTag {
		return fmt.Errorf("too many proctypes (%d)", len(e.ptypes))
	}
	// channel types: every chan declaration with an initializer
	add := func(v *automata.Var) error {
		if v.Chan == nil {
			return nil
		}
		cs := v.Chan
		ct := &chanType{spec: cs, cap: cs.Cap, fields: cs.Fields}
		for _, f := range cs.Fields {
			ct.foff = append(ct.foff, ct.msgSize)
			if f.Struct != nil {
				layoutStruct(f.Struct, done)
			}
			ct.msgSize += typeSize(f)
		}
		if len(cs.Fields) > maxFields {
			return fmt.Errorf("channel %s: more than %d message fields", v.Name, maxFields)
		}
		if ct.cap > maxChanCap || ct.cap < 0 {
			return fmt.Errorf("%s: channel %s: capacity %d is more than %d", v.Pos, v.Name, ct.cap, maxChanCap)
		}
		ct.hdr = chanHdr
		if ct.cap > 255 {
			ct.hdr = chanHdr + 1
		}
		ct.size = ct.hdr + ct.cap*ct.msgSize
		cs.ID = len(e.ctypes)
		e.ctypes = append(e.ctypes, ct)
		if len(e.ctypes) >= chanTag {
			return fmt.Errorf("too many channel declarations")
		}
		return nil
	}
	seen := map[*automata.Struct]bool{}
	var addAll func(vars []*automata.Var) error
	addAll = func(vars []*automata.Var) error {
		for _, v := range vars {
			if err := add(v); err != nil {
				return err
			}
			if st := v.Type.Struct; st != nil && !seen[st] {
				seen[st] = true
				if err := addAll(st.Fields); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := addAll(prog.Globals); err != nil {
		return err
	}
	for _, p := range prog.Procs {
		if err := addAll(p.Locals); err != nil {
			return err
		}
	}
	for _, p := range prog.Procs {
		if len(p.Params) > maxFields {
			return fmt.Errorf("proctype %s: more than %d parameters", p.Name, maxFields)
		}
		if len(p.Locs) > 0xFFFF {
			return fmt.Errorf("proctype %s has too many locations", p.Name)
		}
	}
	return nil
}

// load reads a value of basic type t at off.
func load(s []byte, off int, t *automata.Type) int32 {
	switch t.Kind {
	case ast.Short:
		return int32(int16(uint16(s[off]) | uint16(s[off+1])<<8))
	case ast.Int:
		return int32(uint32(s[off]) | uint32(s[off+1])<<8 | uint32(s[off+2])<<16 | uint32(s[off+3])<<24)
	case ast.Unsigned:
		switch {
		case t.Bits <= 8:
			return int32(s[off])
		case t.Bits <= 16:
			return int32(uint16(s[off]) | uint16(s[off+1])<<8)
		}
		return int32(uint32(s[off]) | uint32(s[off+1])<<8 | uint32(s[off+2])<<16 | uint32(s[off+3])<<24)
	}
	return int32(s[off])
}

// truncate converts v to what a variable of type t holds.
func truncate(v int32, t *automata.Type) int32 {
	switch t.Kind {
	case ast.Bit, ast.Bool:
		return v & 1
	case ast.Short:
		return int32(int16(v))
	case ast.Int:
		return v
	case ast.Unsigned:
		if t.Bits >= 32 {
			return v
		}
		return v & (1<<t.Bits - 1)
	}
	return int32(uint8(v))
}

// store writes v, truncated, at off.
func store(s []byte, off int, t *automata.Type, v int32) {
	v = truncate(v, t)
	switch t.Kind {
	case ast.Short:
		s[off] = byte(v)
		s[off+1] = byte(v >> 8)
		return
	case ast.Int:
		s[off] = byte(v)
		s[off+1] = byte(v >> 8)
		s[off+2] = byte(v >> 16)
		s[off+3] = byte(v >> 24)
		return
	case ast.Unsigned:
		switch {
		case t.Bits <= 8:
		case t.Bits <= 16:
			s[off] = byte(v)
			s[off+1] = byte(v >> 8)
			return
		default:
			s[off] = byte(v)
			s[off+1] = byte(v >> 8)
			s[off+2] = byte(v >> 16)
			s[off+3] = byte(v >> 24)
			return
		}
	}
	s[off] = byte(v)
}

func (e *Engine) claimPC(s []byte) int {
	return int(s[hdrClaim]) | int(s[hdrClaim+1])<<8
}

func (e *Engine) setClaimPC(s []byte, pc int) {
	s[hdrClaim] = byte(pc)
	s[hdrClaim+1] = byte(pc >> 8)
}
