package engine

import (
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
)

var _ pins.ProcNexter = (*Engine)(nil)

// NextProc implements pins.ProcNexter: the successors of s by process
// pid, as Next's loop over the processes gives them (expand), outside an
// atomic sequence and without a never claim. The reduction layer takes
// them alone when pid's steps form the ample set: on cd_matrix and
// dpa_centralized (defaults) a reduced state kept one successor of the
// 5.8 and 2.8 that Next generated, on average.
func (e *Engine) NextProc(s []byte, pid int, yield func(t *pins.Transition, succ []byte) bool) bool {
	if e.claim != nil || len(s) <= hdrAtomic || s[hdrAtomic] != noAtomic {
		return false
	}
	if !e.begin(s) {
		return false
	}
	c := &e.c
	c.timeout = false
	e.claimMove = -1
	if pid < 0 || pid >= c.nproc {
		return true
	}
	e.expand(s, pid, yield)
	return true
}

// Reached implements pins.ProcNexter: it marks the location of every
// process of s that expand would have looked at (its provided clause
// holds and no process of higher priority can move), as Next does.
func (e *Engine) Reached(s []byte) {
	if e.cover == nil || !e.begin(s) {
		return
	}
	c := &e.c
	c.timeout = false
	if !e.anyProvided && !e.prog.UsesPriority {
		// every process's location: read its type and pc
		for pid := c.nproc - 1; pid >= 0; pid-- {
			o := c.procOff[pid]
			pt := e.ptypes[c.s[o]]
			e.cover[pt.p.Index][int(c.s[o+1])|int(c.s[o+2])<<8] = true
		}
		return
	}
	for pid := c.nproc - 1; pid >= 0; pid-- {
		c.setProc(pid)
		c.apply = false
		c.err = ""
		c.viol = nil
		pt := e.ptypes[c.s[c.base]]
		if pt.provided != nil && pt.provided(c) == 0 {
			c.err = ""
			continue
		}
		if e.prog.UsesPriority && e.outranked(pid) {
			continue
		}
		c.setProc(pid)
		e.mark(pt.p, int(c.pc(pid)))
	}
	c.err = ""
}

// OthersMove implements pins.ProcNexter: whether a process other than pid
// would yield a step (NextProc), found from the guards without making
// the step. A guard that fails at run time counts as a step, as expand
// yields one for it. The first rendezvous send met looks for one partner
// directly (rendezvousFirst: on cd_matrix nearly every state's answer is
// that send's, and listing every process's receives for it, buildRV, was
// a sixth of the run); later sends of the state walk the index of
// offered receives (rendezvousAny).
func (e *Engine) OthersMove(s []byte, pid int) bool {
	if e.claim != nil || len(s) <= hdrAtomic || s[hdrAtomic] != noAtomic || !e.begin(s) {
		return false
	}
	c := &e.c
	c.timeout = false
	e.claimMove = -1
	moves := false
	e.rvAsked = false
	for q := c.nproc - 1; q >= 0 && !moves; q-- {
		if q != pid {
			moves = e.moves(s, q)
		}
	}
	c.err = ""
	return moves
}

// moves reports whether process pid of the working state s has a step
// (OthersMove).
func (e *Engine) moves(s []byte, pid int) bool {
	c := &e.c
	pt, ok := e.enterProc(pid)
	if !ok {
		return false
	}
	c.setProc(pid)
	li := e.locs[pt.p.Index][c.pc(pid)]
	for _, t := range li.candidates(c) {
		c.setProc(pid)
		c.err = ""
		switch {
		case t.kind == automata.TSend && t.rendezvous(c):
			if !e.rvAsked && !e.rv.scanOnly {
				// the first send asked about in s: look for one
				// partner, without listing every process's receives
				e.rvAsked = true
				if e.rendezvousFirst(s, pid, t) {
					return true
				}
				continue
			}
			if e.rendezvousAny(s, pid, t) {
				return true
			}
		case t.kind == automata.TElse:
			if e.elseEnabled(c, li) {
				return true
			}
		default:
			if t.guard(c) || c.err != "" {
				return true
			}
		}
	}
	return false
}
