package engine

import (
	"fmt"
	"sort"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
)

// Coverage: SPIN reports, after a complete search, the statements that no
// execution reached ("unreached in proctype P"). The engine records every
// location at which it generated successors for a process (and every
// location a d_step passed through); a statement is unreached when its
// source location never was.

// EnableCoverage starts recording the locations the search reaches. Call
// it before the search.
func (e *Engine) EnableCoverage() {
	e.cover = make([][]bool, len(e.prog.Procs))
	for i, p := range e.prog.Procs {
		e.cover[i] = make([]bool, len(p.Locs))
	}
	if e.trace != nil {
		// the trace sequence: its start, and every location a matching
		// event moves it to (pan's reached[EVENT_TRACE])
		e.traceCover = make([]bool, len(e.trace.p.Locs))
		e.traceCover[e.trace.p.Start] = true
	}
}

// mark records that a process of type p was at location loc.
//
// It writes a location's flag once: the flags of the workers' engines
// are small slices, which the allocator may put on one cache line, and a
// write on every step made that line go back and forth between the
// cores (rk_dekkerN -j 2: 8.1 s of CPU against -j 1's 7.1; 7.15 since).
func (e *Engine) mark(p *automata.Proc, loc int) {
	if e.cover != nil && !e.cover[p.Index][loc] {
		e.cover[p.Index][loc] = true
	}
}

// Unreached lists, per process type, the statements whose location no
// explored state reached, as SPIN's "unreached in proctype" report does
// (locations are gospin's own numbers).
func (e *Engine) Unreached() []pins.Unreached {
	if e.cover == nil {
		return nil
	}
	var out []pins.Unreached
	traced := false
	for _, p := range e.prog.Procs {
		if e.trace != nil && !traced && e.trace.p.Pos.Filename == p.Pos.Filename && e.trace.p.Pos.Line < p.Pos.Line {
			// pan lists the processes in declaration order, the trace
			// sequence among them
			out = append(out, e.traceUnreached())
			traced = true
		}
		u := pins.Unreached{Name: p.Name, States: numStates(p)}
		switch p.Kind {
		case automata.InitProc:
			u.Kind, u.Name = "init", "init"
		case automata.NeverClaim:
			u.Kind = "claim"
		default:
			u.Kind = "proctype"
		}
		reached := e.cover[p.Index]
		for _, l := range byState(p) {
			if reached[l.ID] {
				continue
			}
			u.Count++
			for _, t := range l.Out {
				text := t.Text
				if t.Kind == automata.TEnd {
					text = "-end-"
				}
				u.Lines = append(u.Lines, fmt.Sprintf("%s:%d, state %d, %q", t.Pos.Filename, t.Pos.Line, StateNumber(p, l.ID), text))
			}
		}
		out = append(out, u)
	}
	if e.trace != nil && !traced {
		out = append(out, e.traceUnreached())
	}
	return out
}

// traceUnreached lists the locations of the trace sequence that no event
// moved it to (pan reports it as a claim).
func (e *Engine) traceUnreached() pins.Unreached {
	p := e.trace.p
	u := pins.Unreached{Kind: "claim", Name: p.Name, States: numStates(p)}
	for _, l := range byState(p) {
		if e.traceCover[l.ID] {
			continue
		}
		u.Count++
		for _, t := range l.Out {
			u.Lines = append(u.Lines, fmt.Sprintf("%s:%d, state %d, %q", t.Pos.Filename, t.Pos.Line, StateNumber(p, l.ID), t.Text))
		}
	}
	return u
}

// numStates is the number of states the unreached-code report gives a
// proctype: pan's (_nstates - 1: its last element's number) where the
// locations carry SPIN's numbers, else the number of locations.
func numStates(p *automata.Proc) int {
	if p.SpinStates > 0 {
		return p.SpinStates - 1
	}
	return len(p.Locs)
}

// byState lists p's locations in the order of their state numbers (pan's
// report goes through the states in order).
func byState(p *automata.Proc) []*automata.Loc {
	locs := append([]*automata.Loc(nil), p.Locs...)
	sort.SliceStable(locs, func(i, j int) bool { return StateNumber(p, locs[i].ID) < StateNumber(p, locs[j].ID) })
	return locs
}

// CloneCovered is Clone for a search that records coverage in several
// engines at once (a parallel search): the clone records the locations
// its own search reaches, which MergeCoverage adds to e's after it.
func (e *Engine) CloneCovered() *Engine {
	c := e.Clone()
	if e.cover != nil {
		c.EnableCoverage()
	} else {
		c.cover, c.traceCover = nil, nil
	}
	return c
}

// MergeCoverage adds the locations that clone c reached (CloneCovered)
// to e's.
func (e *Engine) MergeCoverage(c *Engine) {
	if e.cover == nil || c.cover == nil {
		return
	}
	for i := range e.cover {
		for j, r := range c.cover[i] {
			e.cover[i][j] = e.cover[i][j] || r
		}
	}
	for j, r := range c.traceCover {
		e.traceCover[j] = e.traceCover[j] || r
	}
}

// Fork is CloneCovered for a caller that knows e only through pins.Model
// (verify's parallel search): the copy, and a function that adds the
// coverage it recorded to e's, to call once its search is over.
func (e *Engine) Fork() (pins.Model, func()) {
	c := e.CloneCovered()
	return c, func() { e.MergeCoverage(c) }
}

// DeclaresRendezvous reports whether the model declares a rendezvous
// channel (reduce.FairFacts).
func (e *Engine) DeclaresRendezvous() bool { return e.Program().DeclaresRendezvous() }
