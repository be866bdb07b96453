package parsearch

import (
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/gospin/gospin/search"
)

// The union-find structure of the parallel SCC search (ufscc.go): one
// node per stored state, shared by the workers. A node's id is dense per
// worker that made it (the worker in the top ufWorkerBits bits, a count
// from 1 below them; 0 is no node), and ids maps a store index to its
// node's id, indexed as the bit sets (bits.go): per storing worker, 2^18
// ids (1 MiB) per 1 MiB arena chunk.
//
// A root's node holds its set's data: the workers that have claimed the
// set (a bit each) and whether it is dead (a complete SCC), its size, the
// marks of the edges known to lie inside the set, and two cyclic lists of
// its states: those no worker has taken yet, and those taken, whose
// successors some worker is taking (done ones are dropped as the list is
// walked). The lists, the size and a root's marks change under the lock
// of the root (a striped lock); parents change under it too, and are read
// without it (find).
const (
	ufWorkerBits = 5
	ufCountBits  = 32 - ufWorkerBits
	// a worker's nodes are in chunks of growing size: chunk 0 holds
	// counts 0..2^ufChunkShift-1, chunk k > 0 counts 2^(k+ufChunkShift-1)
	// up to twice that
	ufChunkShift = 10
	ufMaxChunks  = ufCountBits - ufChunkShift + 1
	ufDead       = uint64(1) << 63
	ufLocks      = 1024
)

// list states of a node
const (
	lsFree  = iota // in the untaken list
	lsTaken        // in the taken list, not done
	lsDone         // its successors were all taken
)

type ufNode struct {
	parent atomic.Uint32
	ls     atomic.Uint32
	next   uint32 // the node after it in its list (under the root's lock)
	// at a root, under its lock
	size         uint32
	uHead, tHead uint32
	// at a root: the workers that claimed the set (bits 0-31) and ufDead
	w atomic.Uint64
	// at a root: the marks of the set's inner edges (never changed once
	// stored: a new value is a new pointer)
	acc atomic.Pointer[search.Marks]
	idx uint64 // the store index
}

// ufChunkOf returns the chunk of a node count and the offset in it.
func ufChunkOf(k uint32) (int, uint32) {
	c := bits.Len32(k) - ufChunkShift
	if c <= 0 {
		return 0, k
	}
	return c, k - 1<<(c+ufChunkShift-1)
}

// ufChunkLen is the number of nodes of chunk c.
func ufChunkLen(c int) int {
	if c == 0 {
		return 1 << ufChunkShift
	}
	return 1 << (c + ufChunkShift - 1)
}

type idChunk = [1 << bitsChunkShift]atomic.Uint32

type unionFind struct {
	nodes [][ufMaxChunks]atomic.Pointer[[]ufNode] // per worker
	ids   [][]atomic.Pointer[idChunk]             // per storing worker, per arena chunk
	locks [ufLocks]struct {
		sync.Mutex
		_ [56]byte
	}
	all *search.Marks
}

func newUnionFind(workers int, all *search.Marks) *unionFind {
	u := &unionFind{nodes: make([][ufMaxChunks]atomic.Pointer[[]ufNode], workers), ids: make([][]atomic.Pointer[idChunk], workers), all: all}
	for i := range u.ids {
		u.ids[i] = make([]atomic.Pointer[idChunk], bitsMaxChunks)
	}
	return u
}

func (u *unionFind) node(id uint32) *ufNode {
	c, o := ufChunkOf(id & (1<<ufCountBits - 1))
	return &(*u.nodes[id>>ufCountBits][c].Load())[o]
}

// idSlot returns the slot of store index idx in ids.
func (u *unionFind) idSlot(idx uint64) *atomic.Uint32 {
	w, c := int(idx>>bitsWorkerShift), int(uint32(idx)>>bitsChunkShift)
	p := &u.ids[w][c]
	ch := p.Load()
	if ch == nil {
		p.CompareAndSwap(nil, new(idChunk))
		ch = p.Load()
	}
	return &ch[uint32(idx)&(1<<bitsChunkShift-1)]
}

// nodeOf returns the node of the state stored at idx, making it, as
// worker w's next node (*count: the nodes w has made so far), when no
// worker has made it yet: a set of its own, claimed by no worker, its
// state untaken. It returns 0 when w has made all the nodes an id can
// number.
//
// Whichever worker meets the state first makes the node, the one that
// stored it or one that found it stored: the id slot takes the first
// node by compare-and-swap, and a worker whose node lost keeps its
// number for its next node (no other worker can know of a node that was
// never in a slot). Until 2026-11-27 only the storing worker made the
// node, after its insert, and a worker that met the state in between
// waited, yielding, for it (idOf): under a heavy load, or with more
// workers than cores, the storing worker could be descheduled in that
// moment (it may be allocating a chunk of nodes there), and the other
// worker spun (docs/parallel.md, "UFSCC's waits").
func (u *unionFind) nodeOf(w int, count *uint32, idx uint64) uint32 {
	s := u.idSlot(idx)
	if id := s.Load(); id != 0 {
		return id
	}
	k := *count + 1
	if k >= 1<<ufCountBits {
		return 0
	}
	ci, _ := ufChunkOf(k)
	if c := &u.nodes[w][ci]; c.Load() == nil {
		nodes := make([]ufNode, ufChunkLen(ci))
		c.Store(&nodes) // only worker w makes its chunks
	}
	id := uint32(w)<<ufCountBits | k
	n := u.node(id)
	n.idx = idx
	n.next, n.size, n.uHead = id, 1, id
	n.parent.Store(id)
	if !s.CompareAndSwap(0, id) {
		return s.Load() // (the node made here is unknown to all: k is free again)
	}
	*count = k
	return id
}

// find returns the root of id's set (halving the path on the way).
func (u *unionFind) find(id uint32) uint32 {
	for {
		n := u.node(id)
		p := n.parent.Load()
		if p == id {
			return id
		}
		gp := u.node(p).parent.Load()
		if gp != p {
			n.parent.CompareAndSwap(p, gp)
		}
		id = gp
	}
}

func (u *unionFind) sameSet(a, b uint32) bool {
	for {
		ra, rb := u.find(a), u.find(b)
		if ra == rb {
			return true
		}
		// ra may have stopped being a root meanwhile
		if u.node(ra).parent.Load() == ra {
			return false
		}
	}
}

func lockIdx(id uint32) int { return int((uint64(id) * 0x9E3779B97F4A7C15) >> (64 - 10)) }

func (u *unionFind) lockOf(id uint32) *sync.Mutex { return &u.locks[lockIdx(id)].Mutex }

// lockRoot locks the root of id's set and returns it.
func (u *unionFind) lockRoot(id uint32) (uint32, *sync.Mutex) {
	for {
		r := u.find(id)
		mu := u.lockOf(r)
		mu.Lock()
		if u.node(r).parent.Load() == r {
			return r, mu
		}
		mu.Unlock()
		id = r
	}
}

// claim results
const (
	claimDead    = iota // the set is a complete SCC
	claimFound          // the worker has claimed the set already
	claimSuccess        // the worker claims the set now
)

// claim makes worker p claim id's set (unless dead, or claimed by p):
// UFSCC's MakeClaim. With peek it only says what a claim would return.
func (u *unionFind) claim(id uint32, p int, peek bool) int {
	bit := uint64(1) << p
	claimed := false // this call set p's bit (on a root that a union may have taken since)
	for {
		r := u.find(id)
		n := u.node(r)
		w := n.w.Load()
		switch {
		case w&ufDead != 0:
			return claimDead
		case w&bit != 0 && claimed:
			return claimSuccess
		case w&bit != 0:
			return claimFound
		case peek:
			return claimSuccess
		}
		if !n.w.CompareAndSwap(w, w|bit) {
			continue
		}
		claimed = true
		// a union that made r a child read its workers before or after:
		// if r is still a root, the bit is where it belongs; if not, set
		// it on the new root too (or find it there)
		if n.parent.Load() == r {
			return claimSuccess
		}
		id = r
	}
}

// union unites the sets of a and b (Rp's roots, on a cycle): the larger
// set's root becomes the root, with the union of the workers, lists and
// marks. It returns true when the union's marks cover every acceptance
// set and the sets' did not (or there are no acceptance sets).
//
// Without acceptance sets (a TGBA that accepts every infinite run, as a
// safety property's) every cycle is accepting: the first union or inner
// edge of a set covers (a set that has covered holds marks, empty ones
// there, so that it is reported once, as with acceptance sets).
func (u *unionFind) union(a, b uint32) (covered bool) {
	for {
		ra, rb := u.find(a), u.find(b)
		if ra == rb {
			return false
		}
		ma, mb := u.lockOf(ra), u.lockOf(rb)
		if ma == mb {
			ma.Lock()
		} else if lockIdx(ra) < lockIdx(rb) {
			ma.Lock()
			mb.Lock()
		} else {
			mb.Lock()
			ma.Lock()
		}
		na, nb := u.node(ra), u.node(rb)
		united := na.parent.Load() == ra && nb.parent.Load() == rb
		if united {
			r, q, nr, nq := ra, rb, na, nb
			if nq.size > nr.size || nq.size == nr.size && q > r {
				r, q, nr, nq = q, r, nq, nr
			}
			nq.parent.Store(r)
			nr.size += nq.size
			// after the parent: a claim that set its bit on q later sees
			// that q is no root and sets it on r
			nr.w.Or(nq.w.Load())
			nr.uHead = u.splice(nr.uHead, nq.uHead)
			nr.tHead = u.splice(nr.tHead, nq.tHead)
			aq, ar := nq.acc.Load(), nr.acc.Load()
			if aq == nil && ar == nil && *u.all == (search.Marks{}) {
				nr.acc.Store(new(search.Marks))
				covered = true
			} else if aq != nil {
				m := *aq
				was := false
				if ar != nil {
					was = marksCover(ar, u.all)
					orMarks(&m, ar)
				}
				nr.acc.Store(&m)
				covered = !was && !marksCover(aq, u.all) && marksCover(&m, u.all)
			}
		}
		ma.Unlock()
		if mb != ma {
			mb.Unlock()
		}
		if united {
			return covered
		}
		// a union elsewhere made ra or rb a child before the locks were
		// taken: the sets are not united yet (unless that union joined
		// them: the next find says so). Until 2026-11-26 this returned
		// here as if they were: the caller took the set off its Rp with
		// its worker bit still on it, and a later claim of it found no
		// state of Rp (docs/parallel.md, "The race")
	}
}

// splice joins two cyclic lists given by one node each (0: empty).
func (u *unionFind) splice(a, b uint32) uint32 {
	switch {
	case a == 0:
		return b
	case b == 0:
		return a
	}
	na, nb := u.node(a), u.node(b)
	na.next, nb.next = nb.next, na.next
	return a
}

// pick returns a state of id's set whose successors are still to be
// taken (UFSCC's PickFromList): an untaken one, which becomes taken
// (fresh: its first expansion), or else one that another search is
// taking (or that this worker is taking further down its stack); 0 when
// every state of the set is done, and the set is then dead.
func (u *unionFind) pick(id uint32) (x uint32, fresh bool) {
	r, mu := u.lockRoot(id)
	defer mu.Unlock()
	n := u.node(r)
	if n.w.Load()&ufDead != 0 {
		return 0, false
	}
	if h := n.uHead; h != 0 {
		hn := u.node(h)
		x := hn.next
		xn := u.node(x)
		if x == h {
			n.uHead = 0
		} else {
			hn.next = xn.next
		}
		xn.ls.Store(lsTaken)
		if n.tHead == 0 {
			xn.next = x
		} else {
			tn := u.node(n.tHead)
			xn.next = tn.next
			tn.next = x
		}
		n.tHead = x
		return x, true
	}
	// the taken list: drop the done states
	for prev := n.tHead; prev != 0; {
		pn := u.node(prev)
		x := pn.next
		xn := u.node(x)
		if xn.ls.Load() != lsDone {
			n.tHead = x // the next pick starts after it
			return x, false
		}
		if x == prev {
			n.tHead = 0
			break
		}
		pn.next = xn.next
		if x == n.tHead {
			n.tHead = prev
		}
	}
	n.w.Or(ufDead)
	return 0, false
}

// done says that the successors of x were all taken.
func (u *unionFind) done(x uint32) { u.node(x).ls.Store(lsDone) }

// addMarks adds m, the marks of an edge inside x's set, to the set; it
// returns true when the set's marks now cover every acceptance set and
// did not before.
//
// Without acceptance sets every edge inside a set covers: the first one
// (or the set's first union) reports (see union).
func (u *unionFind) addMarks(x uint32, m *search.Marks) bool {
	if *m == (search.Marks{}) && *u.all != (search.Marks{}) {
		return false
	}
	if a := u.node(u.find(x)).acc.Load(); a != nil && marksCover(a, m) {
		return false // (a root's marks only grow, and pass to its new root)
	}
	r, mu := u.lockRoot(x)
	defer mu.Unlock()
	n := u.node(r)
	var nm search.Marks
	was := false
	if a := n.acc.Load(); a != nil {
		nm = *a
		was = marksCover(a, u.all)
	}
	orMarks(&nm, m)
	n.acc.Store(&nm)
	return !was && marksCover(&nm, u.all)
}

func orMarks(m, o *search.Marks) {
	for i := range m {
		m[i] |= o[i]
	}
}

// marksCover reports whether m has every mark of all.
func marksCover(m, all *search.Marks) bool {
	for i := range m {
		if m[i]&all[i] != all[i] {
			return false
		}
	}
	return true
}
