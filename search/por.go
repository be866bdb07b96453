package search

import (
	"github.com/gospin/gospin/pins"
)

// Reducer gives partial-order reduction (Options.Reduce) the facts about
// a state that the pins interface does not carry: which processes sit at
// a location whose transitions are all "safe" (SPIN's term).
//
// A transition is safe when it reads and writes only the variables and
// program counter of its own process (no global variable, no channel, no
// process creation or death, no timeout, no _nr_pr ...), so that it is
// independent of every transition of every other process and its
// enabledness depends on its own process only. A process whose current
// location has only safe transitions (enabled or not) is a candidate for
// an ample set: its enabled transitions then stay enabled whatever the
// others do, and no other process can enable one of its disabled ones.
type Reducer interface {
	// SafeProcs appends to dst[:0], for each process of state s by pid,
	// whether every transition leaving the process's current location is
	// safe. It must not be called from inside Next.
	SafeProcs(s []byte, dst []bool) []bool
}

// StubbornReducer is a Reducer that can also grow stubborn sets of
// processes (Options.Stubborn): StubbornProcs sets dst[pid] (appended to
// dst[:0], one entry per process) for the processes whose enabled
// transitions, all together, form a stubborn set of state s that holds
// process seed's, or returns false. Every sequence of steps of the other
// processes must commute with the set's steps and leave their
// enabledness and the truth of every assertion alone.
type StubbornReducer interface {
	Reducer
	StubbornProcs(s []byte, seed int, dst []bool) ([]bool, bool)
}

// por is the ample-set selection of one search.
type por struct {
	r      Reducer
	lookup func([]byte) (uint64, bool)
	// depth-first: the store indices of the stored states on the stack
	onStack *idxMap
	// breadth-first: the queue position of every stored state (by store
	// index), and that of the state being expanded; visited selects C2v
	bfs     bool
	visited bool
	seq     *idxMap
	head    int32
	safe    []bool
	tried   []int  // scratch: the processes tried as a product state's ample set
	marks   []bool // scratch: the successors kept (keepSet, reduceProduct)
	prov    []int8 // scratch: each successor's cycle proviso (stubborn)
	// reduced counts the states expanded with a reduced set; fallbacks
	// those fully expanded because the cycle proviso rejected every
	// candidate that it was the only obstacle for
	reduced, fallbacks int64
	res                *Result // ProvisoFallbacks is kept up to date
	// prod, when not nil, selects on the product with a never claim
	// (porltl.go)
	prod *prodPOR
	// stub, when not nil, tries stubborn sets where no ample set is found
	stub    StubbornReducer
	inSet   []bool
	bestSet []bool
}

// newPOR returns the ample-set selection when the options allow
// partial-order reduction: safety properties only (no claim, no cycle
// detection).
func (s *searcher) newPOR() *por {
	o := s.opt
	if cr, ok := o.Reducer.(ClaimReducer); ok && s.claim {
		return s.newClaimPOR(cr)
	}
	if !o.Reduce || o.Reducer == nil || o.Accept || o.NonProgress || o.Fair || o.SCC || s.claim {
		return nil
	}
	p := &por{r: o.Reducer, lookup: o.Store.Lookup, res: s.res}
	if sr, ok := o.Reducer.(StubbornReducer); ok && o.Stubborn {
		p.stub = sr
	}
	if o.BFS {
		p.bfs, p.visited, p.seq = true, o.BFSVisited, newIdxMap()
	} else {
		p.onStack = newIdxMap()
	}
	return p
}

// reduce restricts the successors ex.succs[lo:hi] of the stored state
// state to an ample set when it finds one, and returns the new hi.
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
func (p *por) reduce(ex *expander, state []byte, lo, hi int) int {
	if p.prod != nil {
		return p.reduceProduct(ex, state, lo, hi)
	}
	if hi-lo < 2 {
		return hi
	}
	one := true // every step is of one process: nothing to reduce
	for i := lo; i < hi; i++ {
		if ex.succs[i].flags&(pins.Timeout|pins.AtomicLost) != 0 {
			return hi
		}
		one = one && ex.succs[i].step.Pid == ex.succs[lo].step.Pid
	}
	if one {
		return hi
	}
	p.safe = p.r.SafeProcs(state, p.safe)
	provisoOnly := false
	for i := lo; i < hi; {
		pid := ex.succs[i].step.Pid
		j := i
		for j < hi && ex.succs[j].step.Pid == pid {
			j++
		}
		switch p.candidate(ex, pid, i, j, lo, hi) {
		case accepted:
			if j-i == hi-lo {
				return hi
			}
			p.reduced++
			return p.keep(ex, lo, i, j)
		case proviso:
			provisoOnly = true
		}
		i = j
	}
	if p.stub != nil {
		if n, ok := p.stubborn(ex, state, lo, hi); ok {
			p.reduced++
			return n
		}
	}
	if provisoOnly {
		p.fallbacks++
		p.res.ProvisoFallbacks = p.fallbacks
	}
	return hi
}

// verdicts of candidate
const (
	rejected = iota
	accepted
	proviso // rejected by the cycle proviso only
)

func (p *por) candidate(ex *expander, pid, i, j, lo, hi int) int {
	if pid < 0 || pid >= len(p.safe) || !p.safe[pid] {
		return rejected
	}
	// p's steps must be contiguous: Next yields a process's steps together
	for k := lo; k < hi; k++ {
		if (k < i || k >= j) && ex.succs[k].step.Pid == pid {
			return rejected
		}
	}
	for k := i; k < j; k++ {
		if ex.succs[k].flags&pins.InAtomic != 0 {
			return rejected
		}
	}
	for k := i; k < j; k++ {
		idx, found := p.lookup(ex.bytes(&ex.succs[k]))
		if !found {
			continue
		}
		if p.seen(idx) {
			return proviso
		}
	}
	return accepted
}

// seen reports whether the successor with store index idx fails the
// cycle proviso: on the search's stack (depth-first), or already expanded
// (breadth-first; with Options.BFSVisited, stored at all).
func (p *por) seen(idx uint64) bool {
	if p.bfs {
		seq, _ := p.seq.get(idx)
		return p.visited || seq <= p.head
	}
	return p.onStack.has(idx)
}

// keep moves successors [i, j) down to lo (entries and bytes) and returns
// the new end.
func (p *por) keep(ex *expander, lo, i, j int) int {
	if i == lo {
		// already first: drop the rest of the bytes
		end := ex.succs[j-1].off + int(ex.succs[j-1].n)
		ex.arena = ex.arena[:end]
		ex.succs = ex.succs[:j]
		return j
	}
	off := ex.succs[lo].off
	for k := i; k < j; k++ {
		sc := ex.succs[k]
		copy(ex.arena[off:], ex.arena[sc.off:sc.off+int(sc.n)])
		sc.off = off
		off += int(sc.n)
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
func (p *por) stubborn(ex *expander, state []byte, lo, hi int) (int, bool) {
	// the cycle proviso of each successor, looked up once for all seeds
	// (0: not yet, 1: passes, 2: fails)
	p.prov = append(p.prov[:0], make([]int8, hi-lo)...)
	best := p.smallestStubborn(ex, state, lo, hi, func(k int) bool {
		sc := &ex.succs[k]
		if sc.flags&pins.InAtomic != 0 {
			return false
		}
		if p.prov[k-lo] == 0 {
			p.prov[k-lo] = 1
			if idx, found := p.lookup(ex.bytes(sc)); found && p.seen(idx) {
				p.prov[k-lo] = 2
			}
		}
		return p.prov[k-lo] != 2
	})
	if best < 0 {
		return hi, false
	}
	return p.keepSet(ex, lo, hi, p.bestSet), true
}

// smallestStubborn grows a stubborn set from each process with a step in
// ex.succs[lo:hi] and returns the seed of the one that keeps the fewest
// successors, fewer than all, such that a rendezvous is inside the set or
// outside it entirely and keep(k) holds for every kept successor k; its
// set is left in p.bestSet. It returns -1 when there is none.
func (p *por) smallestStubborn(ex *expander, state []byte, lo, hi int, keep func(k int) bool) int {
	best, bestN := -1, hi-lo
	for i := lo; i < hi; i++ {
		seed := ex.succs[i].step.Pid
		dup := false
		for k := lo; k < i; k++ {
			dup = dup || ex.succs[k].step.Pid == seed
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
			in := inSet(set, sc.step.Pid)
			if sc.pid2 >= 0 && inSet(set, int(sc.pid2)) != in {
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
			p.bestSet = append(p.bestSet[:0], set...)
		}
	}
	return best
}

func inSet(set []bool, pid int) bool { return pid >= 0 && pid < len(set) && set[pid] }

// keepSet keeps the successors in [lo, hi) of the processes in set, in
// their order, and returns the new end.
func (p *por) keepSet(ex *expander, lo, hi int, set []bool) int {
	p.marks = p.marks[:0]
	for k := lo; k < hi; k++ {
		p.marks = append(p.marks, inSet(set, ex.succs[k].step.Pid))
	}
	return p.keepMarked(ex, lo, hi, p.marks)
}

// keepMarked keeps the successors i in [lo, hi) with keep[i-lo], in
// order, and returns the new end.
func (p *por) keepMarked(ex *expander, lo, hi int, keep []bool) int {
	off := ex.succs[lo].off
	n := lo
	for k := lo; k < hi; k++ {
		if !keep[k-lo] {
			continue
		}
		sc := ex.succs[k]
		copy(ex.arena[off:], ex.arena[sc.off:sc.off+int(sc.n)])
		sc.off = off
		off += int(sc.n)
		ex.succs[n] = sc
		n++
	}
	ex.arena = ex.arena[:off]
	ex.succs = ex.succs[:n]
	return n
}
