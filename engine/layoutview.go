package engine

import "github.com/gospin/gospin/promela/automata"

// StateLayout describes the state vector (see the package comment) for
// analyses that read states without the engine, allocation-free: package
// reduce walks the segments to find processes and channels.
type StateLayout struct {
	// GlobOff and GlobEnd delimit the global variables in the vector; a
	// global v (not hidden, see InVector) is at GlobOff+v.Offset.
	GlobOff, GlobEnd int
	// Procs and ProcSize are the proctypes and their segment sizes by
	// the segment's tag byte; a local v of a process whose segment starts
	// at o is at o+LocalsOff+v.Offset, its location at o+1 (2 bytes).
	Procs     []*automata.Proc
	ProcSize  []int
	LocalsOff int
	// ChanTag marks channel segments (tag&ChanTag != 0, type tag&^ChanTag);
	// a channel segment holds its message count at offset 1.
	ChanTag  byte
	ChanSize []int
	ChanCap  []int
	// NProc and NChan are the header offsets of the process and channel
	// counts.
	NProc, NChan int
}

// StateLayout returns the layout of e's states.
func (e *Engine) StateLayout() StateLayout {
	l := StateLayout{GlobOff: e.globOff, GlobEnd: e.globOff + e.globSize, LocalsOff: procHdr, ChanTag: chanTag, NProc: hdrNProc, NChan: hdrNChan}
	for _, pt := range e.ptypes {
		l.Procs = append(l.Procs, pt.p)
		l.ProcSize = append(l.ProcSize, pt.size)
	}
	for _, ct := range e.ctypes {
		l.ChanSize = append(l.ChanSize, ct.size)
		l.ChanCap = append(l.ChanCap, ct.cap)
	}
	return l
}

// InVector reports whether global v is in the state vector (not hidden,
// nor hidden as write-only).
func (e *Engine) InVector(v *automata.Var) bool { return !e.isHidden(v) }
