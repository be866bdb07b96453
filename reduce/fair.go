package reduce

import (
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
)

// ForFair returns the pins.ClaimReducer for a reduced search with weak
// fairness (-a -f) on the product of engine model m with its never claim,
// whose states the search unfolds for fairness (search.NewFair: one byte
// appended): cr's answers on the state without that byte, narrowed so
// that the steps of an ample set are purely local, frozen channel polls,
// or sends and receives on a point-to-point channel (pointToPoint), or
// the death of the youngest process where cr allows it (no other may
// still run a process or read _nr_pr); a run is counted as visible.
// What such a step changes for
// another process's enabledness settles in the limit, which is what
// keeps weak fairness through the reduction (docs/por-ltl.md, "Weak
// fairness"). It returns nil when cr is nil, m is no engine, or the
// model has a rendezvous channel or uses timeout: there a process's
// enabledness depends on another's program counter, and the argument
// does not hold.
func ForFair(cr pins.ClaimReducer, r *Reducer, m pins.Model) pins.ClaimReducer {
	e, ok := m.(*engine.Engine)
	if cr == nil || r == nil || !ok || !FairReducible(e) {
		return nil
	}
	prog := e.Program()
	local := make([]bool, len(r.SafeGroups))
	for g := range local {
		local[g] = (r.SafeGroups[g] || g < len(r.CondGroups) && r.CondGroups[g]) &&
			g < len(prog.Trans) && !hasRun(prog.Trans[g])
	}
	return fairReducer{cr, r, local, true}
}

// ForFairMarks is ForFair for a search with weak fairness on the product
// itself, not unfolded (the SCC search, -scc -a -f, which gives each
// process an acceptance mark): cr's answers on the state as it is,
// narrowed in the same way.
func ForFairMarks(cr pins.ClaimReducer, r *Reducer, m pins.Model) pins.ClaimReducer {
	f, ok := ForFair(cr, r, m).(fairReducer)
	if !ok {
		return nil
	}
	f.unfolded = false
	return f
}

// FairReducible reports whether a search of e with weak fairness may be
// reduced: e declares no rendezvous channel and never uses timeout.
func FairReducible(e FairFacts) bool {
	return !e.UsesTimeout() && !e.DeclaresRendezvous()
}

// FairFacts are the facts about a model that FairReducible asks
// (engine.Engine has them).
type FairFacts interface {
	UsesTimeout() bool
	DeclaresRendezvous() bool
}

// fairReducer is ForFair's reducer.
type fairReducer struct {
	cr    pins.ClaimReducer
	r     *Reducer // cr's
	local []bool   // by group: no run, no channel operation but a safe one
	// unfolded: the states carry the fairness counter's byte at the end
	// (search.NewFair), which cr does not know
	unfolded bool
}

// BackEdge implements pins.BackEdger with cr's facts (every group may
// close a cycle where cr has none): the static cycle proviso of the
// parallel search. The narrowing only removes processes from the
// candidates, so cr's marks, which cut every cycle through locations
// where a process may be safe, cut every cycle the narrowed sets can
// close; the unfolding's counter only repeats the product's cycles.
func (f fairReducer) BackEdge(g int) bool {
	be, ok := f.cr.(pins.BackEdger)
	return !ok || be.BackEdge(g)
}

// sys is s without the fairness counter's byte, where it has one.
func (f fairReducer) sys(s []byte) []byte {
	if !f.unfolded {
		return s
	}
	return s[: len(s)-1 : len(s)-1]
}

// SafeProcs is cr's, less the processes at a location with a run, or a
// send or receive on a channel that is not point-to-point.
func (f fairReducer) SafeProcs(s []byte, dst []bool) []bool {
	s = f.sys(s)
	dst = f.cr.SafeProcs(s, dst) // decodes s into f.r.procOff
	r := f.r
	for pid, ok := range dst {
		if !ok || pid >= len(r.procOff) {
			continue
		}
		o := r.procOff[pid]
		c := &r.locs[s[o]][int(s[o+1])|int(s[o+2])<<8]
		for i := range c.ops {
			switch op := &c.ops[i]; op.kind {
			case opRun:
				// a run is never in an ample set under -f; a death is,
				// where cr's rules allow it (the youngest process, no
				// other that may still run one or read _nr_pr: which
				// processes may die next then only grows, to the same
				// final set whatever the order: docs/por-ltl.md, F1)
				dst[pid] = false
			case opSend, opRecv:
				if !r.pointToPoint(s, pid, op) {
					dst[pid] = false
				}
			}
		}
	}
	return dst
}

// pointToPoint reports whether the channel of process pid's operation op
// in s is held, from here on, by pid and at most one other process, and
// neither may hand it on: no third process will ever touch it.
func (r *Reducer) pointToPoint(s []byte, pid int, op *liveOp) bool {
	lay := &r.lay
	at := int(r.procOff[pid]) + lay.LocalsOff + int(op.off)
	if op.global {
		at = lay.GlobOff + int(op.off)
	}
	c := int(s[at])
	others := 0
	for q, o := range r.procOff {
		tag := s[o]
		loc := int(s[o+1]) | int(s[o+2])<<8
		if r.holds(s, q, r.given[tag][loc], c) {
			return false // handed on
		}
		if q != pid && r.holds(s, q, r.live[tag][loc], c) {
			others++
		}
	}
	return others <= 1
}

// holds reports whether process q's chan variables refs may hold
// channel c in s (any that the state does not show may).
func (r *Reducer) holds(s []byte, q int, refs []liveRef, c int) bool {
	lay := &r.lay
	o := int(r.procOff[q])
	for i := range refs {
		lr := &refs[i]
		if lr.caps == 0 {
			continue
		}
		if lr.off < 0 {
			return true
		}
		base := o + lay.LocalsOff + int(lr.off)
		if lr.global {
			base = lay.GlobOff + int(lr.off)
		}
		for k := 0; k < int(lr.n); k++ {
			if int(s[base+k]) == c {
				return true
			}
		}
	}
	return false
}

func (f fairReducer) Visible(g int) bool {
	return g < 0 || g >= len(f.local) || !f.local[g] || f.cr.Visible(g)
}

func (f fairReducer) ClaimLoc(s []byte) (int, bool) { return f.cr.ClaimLoc(f.sys(s)) }

// ForFairNonProgress is ForFair for a non-progress search with weak
// fairness (-l -f) on the product with <>[] np_ in SI normal form
// (search.NonProgressSI, whose reducer cr is, built on pr =
// ForNonProgress): the same narrowing of pr's ample sets (F1), nil where
// ForFair refuses (F2) or pr is not ForNonProgress's. unfolded: the
// product's states carry the fairness counter (search.NewFairNonProgress;
// ForFairMarks's reducer otherwise, for the SCC search).
func ForFairNonProgress(pr pins.ProgressReducer, cr pins.ClaimReducer, m pins.Model, unfolded bool) pins.ClaimReducer {
	p, ok := pr.(progressReducer)
	if !ok {
		return nil
	}
	if !unfolded {
		return ForFairMarks(cr, p.Reducer, m)
	}
	return ForFair(cr, p.Reducer, m)
}
