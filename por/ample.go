package por

import (
	"github.com/gospin/gospin/pins"
)

// reduce restricts the successors ex.succs[lo:hi] of the stored state
// state (a safety search) to an ample set when it finds one, and returns the new hi.
//
// The ample set is all the enabled transitions of one process p (tried
// from the highest pid down, in the order Next yields them) such that:
//
//   - every transition at p's location is safe (Reducer), so p's
//     transitions are independent of all others and none of p's disabled
//     transitions can be enabled by another process (C1);
//   - none of p's steps enters an atomic sequence (its successor would be
//     an intermediate state whose further steps the location check does
//     not cover), is a timeout or an atomicity loss;
//   - the cycle proviso, so that no transition is ignored forever along
//     a cycle of reduced states: depth-first, no successor is a state on
//     the search stack; breadth-first, no successor is a state already
//     expanded (the queue proviso C2q of Bošnački and Holzmann: a
//     successor still in the queue is fine, since every cycle then
//     contains an edge back to an expanded state, which is fully
//     expanded), or with Options.BFSVisited no successor is already
//     stored at all (C2v).
//
// Invisibility (C2) holds for assertions and invalid end states: p's
// transitions change only p's local state, which no other process's
// assertion can read; an assertion of p itself is one of p's (all taken)
// transitions. The set is never empty when the full set is not (C0), so
// a state without successors is a deadlock of the full system.
func (p *view) reduce(state []byte, lo, hi int) int {
	ex := &p.ex
	if hi-lo < 2 {
		return hi
	}
	one := true // every step is of one process: nothing to reduce
	for i := lo; i < hi; i++ {
		if ex.succs[i].tr.Flags&(pins.Timeout|pins.AtomicLost) != 0 {
			return hi
		}
		one = one && ex.succs[i].tr.Pid == ex.succs[lo].tr.Pid
	}
	if one {
		return hi
	}
	if !p.safeKnown {
		p.safe = p.r.SafeProcs(state, p.safe)
	}
	provisoOnly := false
	for i := lo; i < hi; {
		pid, j := ex.succs[i].tr.Pid, ex.procEnd(i, hi)
		switch p.candidate(pid, i, j, lo, hi) {
		case accepted:
			if j-i == hi-lo {
				return hi
			}
			p.reduced++
			return p.keep(lo, i, j)
		case proviso:
			provisoOnly = true
		}
		i = j
	}
	if p.stub != nil {
		if n, ok := p.stubborn(state, lo, hi); ok {
			p.reduced++
			return n
		}
	}
	if provisoOnly {
		p.fallbacks++
	}
	return hi
}

// expandProcs is reduce for a model that gives each process's steps
// alone (pins.ProcNexter), p.safe filled in: it generates the steps of
// the safe processes one process at a time, in Next's order (from the
// highest pid down), and yields those of the first that pass candidate,
// without generating the other processes' steps (of which Next would
// make as many as five times more, all dropped). It reports false,
// having yielded nothing, when none passes (or the model cannot give one
// process's steps in s): the caller then expands s fully and reduces as
// before, which chooses no set either. The set chosen is reduce's: reduce
// tries the same candidates in the same order, and a candidate's checks
// look at its own steps only. Like reduce, it counts the state as reduced
// only when another process can move too.
func (p *view) expandProcs(state []byte, yield func(t *pins.Transition, succ []byte) bool) bool {
	ex := &p.ex
	if ex.collect == nil {
		ex.init()
	}
	ex.release(0)
	for pid := len(p.safe) - 1; pid >= 0; pid-- {
		if !p.safe[pid] {
			continue
		}
		lo := len(ex.succs)
		if !p.pn.NextProc(state, pid, ex.collect) {
			ex.release(0)
			return false
		}
		hi := len(ex.succs)
		if lo == hi || p.candidate(pid, lo, hi, lo, hi) != accepted {
			ex.release(lo)
			continue
		}
		if p.pn.OthersMove(state, pid) {
			p.reduced++
		}
		p.pn.Reached(state)
		for i := lo; i < hi; i++ {
			sc := &ex.succs[i]
			if sc.hashed {
				p.hc.NextHash(sc.h, sc.idx, sc.stored)
			}
			if !yield(&sc.tr, ex.bytes(sc)) {
				return true
			}
		}
		return true
	}
	ex.release(0)
	return false
}

// verdicts of candidate
const (
	rejected = iota
	accepted
	proviso // rejected by the cycle proviso only
)

func (p *view) candidate(pid, i, j, lo, hi int) int {
	ex := &p.ex
	if !p.qualifies(pid, i, j, lo, hi) {
		return rejected
	}
	p.prefetch(i, j)
	for k := i; k < j; k++ {
		if p.fails(&ex.succs[k]) {
			return proviso
		}
	}
	return accepted
}

// procEnd returns the end of the run of successors from i (before hi) of
// the process of successor i: Next yields a process's steps together.
func (b *buffer) procEnd(i, hi int) int {
	j := i
	for j < hi && b.succs[j].tr.Pid == b.succs[i].tr.Pid {
		j++
	}
	return j
}

// qualifies reports whether process pid's steps ex.succs[i:j], among the
// successors ex.succs[lo:hi], pass the checks of an ample set of a safety
// search but the cycle proviso (p.safe filled in): pid is safe, its steps
// are contiguous (Next yields a process's steps together), none enters an
// atomic sequence. The leap sets (leapsafety.go) take such processes too.
func (p *view) qualifies(pid, i, j, lo, hi int) bool {
	ex := &p.ex
	if pid < 0 || pid >= len(p.safe) || !p.safe[pid] {
		return false
	}
	for k := lo; k < hi; k++ {
		if (k < i || k >= j) && ex.succs[k].tr.Pid == pid {
			return false
		}
	}
	for k := i; k < j; k++ {
		if ex.succs[k].tr.Flags&pins.InAtomic != 0 {
			return false
		}
	}
	return true
}

// keep moves successors [i, j) down to lo (entries and bytes) and returns
// the new end.
func (p *view) keep(lo, i, j int) int {
	ex := &p.ex
	if i == lo {
		// already first: drop the rest of the bytes
		end := ex.succs[j-1].off + ex.succs[j-1].n
		ex.arena = ex.arena[:end]
		ex.succs = ex.succs[:j]
		return j
	}
	off := ex.succs[lo].off
	for k := i; k < j; k++ {
		sc := ex.succs[k]
		copy(ex.arena[off:], ex.arena[sc.off:sc.off+sc.n])
		sc.off = off
		off += sc.n
		ex.succs[lo+k-i] = sc
	}
	ex.arena = ex.arena[:off]
	n := lo + j - i
	ex.succs = ex.succs[:n]
	return n
}

// stubborn tries each process with an enabled step as the seed of a
// stubborn set (StubbornReducer), and keeps the smallest proper subset of
// the successors that passes the same checks as an ample set: no step
// into an atomic sequence, a rendezvous inside the set or outside it
// entirely, and the cycle proviso.
func (p *view) stubborn(state []byte, lo, hi int) (int, bool) {
	ex := &p.ex
	// the cycle proviso of each successor, looked up once for all seeds
	// (0: not yet, 1: passes, 2: fails)
	p.prov = append(p.prov[:0], make([]int8, hi-lo)...)
	best := p.smallestStubborn(state, lo, hi, func(k int) bool {
		sc := &ex.succs[k]
		if sc.tr.Flags&pins.InAtomic != 0 {
			return false
		}
		if p.prov[k-lo] == 0 {
			p.prov[k-lo] = 1
			if p.fails(sc) {
				p.prov[k-lo] = 2
			}
		}
		return p.prov[k-lo] != 2
	})
	if best < 0 {
		return hi, false
	}
	return p.keepSet(lo, hi, p.best), true
}

// smallestStubborn grows a stubborn set from each process with a step in
// ex.succs[lo:hi] and returns the seed of the one that keeps the fewest
// successors, fewer than all, such that a rendezvous is inside the set or
// outside it entirely and keep(k) holds for every kept successor k; its
// set is left in p.best. It returns -1 when there is none.
func (p *view) smallestStubborn(state []byte, lo, hi int, keep func(k int) bool) int {
	ex := &p.ex
	best, bestN := -1, hi-lo
	for i := lo; i < hi; i++ {
		seed := ex.succs[i].tr.Pid
		dup := false
		for k := lo; k < i; k++ {
			dup = dup || ex.succs[k].tr.Pid == seed
		}
		if dup || seed < 0 {
			continue
		}
		set, ok := p.stub.StubbornProcs(state, seed, p.inSet)
		p.inSet = set
		if !ok {
			continue
		}
		n, good := 0, true
		for k := lo; k < hi && good; k++ {
			sc := &ex.succs[k]
			in := inSet(set, sc.tr.Pid)
			if sc.tr.Pid2 >= 0 && inSet(set, sc.tr.Pid2) != in {
				good = false
				break
			}
			if !in {
				continue
			}
			n++
			good = n < bestN && keep(k)
		}
		if good && n > 0 && n < bestN {
			best, bestN = seed, n
			p.best = append(p.best[:0], set...)
		}
	}
	return best
}

func inSet(set []bool, pid int) bool { return pid >= 0 && pid < len(set) && set[pid] }

// keepSet keeps the successors in [lo, hi) of the processes in set, in
// their order, and returns the new end.
func (p *view) keepSet(lo, hi int, set []bool) int {
	ex := &p.ex
	p.marks = p.marks[:0]
	for k := lo; k < hi; k++ {
		p.marks = append(p.marks, inSet(set, ex.succs[k].tr.Pid))
	}
	return p.keepMarked(lo, hi, p.marks)
}

// keepMarked keeps the successors i in [lo, hi) with keep[i-lo], in
// order, and returns the new end.
func (p *view) keepMarked(lo, hi int, keep []bool) int {
	ex := &p.ex
	off := ex.succs[lo].off
	n := lo
	for k := lo; k < hi; k++ {
		if !keep[k-lo] {
			continue
		}
		sc := ex.succs[k]
		copy(ex.arena[off:], ex.arena[sc.off:sc.off+sc.n])
		sc.off = off
		off += sc.n
		ex.succs[n] = sc
		n++
	}
	ex.arena = ex.arena[:off]
	ex.succs = ex.succs[:n]
	return n
}
