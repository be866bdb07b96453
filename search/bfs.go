package search

import (
	"unsafe"

	"github.com/gospin/gospin/internal/blockstack"
	"github.com/gospin/gospin/internal/idxmap"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/store"
)

// node is a stored state in breadth-first order, with the way back to the
// initial state for trails.
type node struct {
	state  uint64 // store index
	parent int    // index in the queue, -1 for the initial state
	depth  int
	step   Step
}

// bfsCycles is a breadth-first search's side of a reduction layer's cycle
// proviso (pins.Cycles): the queue proviso (C2q of Bošnački and Holzmann),
// no kept successor already expanded, or with Options.BFSVisited the
// visited proviso (C2v), none stored at all.
type bfsCycles struct {
	s *searcher
	// seq: the queue position of every stored state, where the store
	// keeps no aux byte of the search's (searcher.ownAux); with one, its
	// auxStack bit says the state was expanded (or is being expanded)
	seq     *idxmap.Map
	head    int32 // that of the state being expanded
	visited bool
	exp     pins.Expansion
}

func (c *bfsCycles) Lookup(s []byte) (uint64, bool) { return c.s.opt.Store.Lookup(s) }

func (c *bfsCycles) Closes(idx uint64) bool {
	if c.visited {
		return true
	}
	if c.seq == nil {
		return c.s.ownBit(idx, auxStack)
	}
	seq, _ := c.seq.Get(idx)
	return seq <= c.head
}

func (c *bfsCycles) Expanding() pins.Expansion { return c.exp }

func (c *bfsCycles) Aux(idx uint64) []byte { return c.s.aux(idx) }

func (s *searcher) bfs() error {
	m := s.m
	var pr *bfsCycles
	if r, ok := m.(pins.Reduced); ok {
		pr = &bfsCycles{s: s, seq: idxmap.New(), visited: s.opt.BFSVisited}
		m = r.Bind(pr, false)
	}
	ex := newExpander(m, -1)
	pf, _ := s.opt.Store.(store.Prefetcher)
	s.setAux(pr != nil && !pr.visited) // before the first insert
	init, idx, err := s.insertInitial()
	if err != nil {
		return stopErr(err)
	}
	// a lossy store gives no bytes back: the states still to expand keep
	// theirs in a FIFO, in queue order
	var fifo *byteFIFO
	if _, lossy := s.opt.Store.(store.Lossy); lossy {
		fifo = &byteFIFO{}
		fifo.push(init)
	}
	// the queue in blocks: it grows without copying what it holds (as a
	// slice, its doublings took a fifth of beem_at4's -bfs)
	var queue blockstack.Stack[node]
	queue.Push(node{state: idx, parent: -1})
	if pr != nil && (s.ownAux || pr.visited) {
		pr.seq = nil
	}
	if pr != nil && pr.seq != nil {
		pr.seq.Set(idx, 0)
	}
	trail := func(at int, last *Step) []Step {
		var rev []Step
		if last != nil {
			rev = append(rev, *last)
		}
		for i := at; queue.At(i).parent >= 0; i = queue.At(i).parent {
			rev = append(rev, queue.At(i).step)
		}
		for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
			rev[i], rev[j] = rev[j], rev[i]
		}
		return rev
	}
	for head := 0; head < queue.N; head++ {
		n := *queue.At(head)
		var state []byte
		if fifo != nil {
			state = fifo.pop()
		} else {
			state = s.opt.Store.State(n.state)
		}
		if pr != nil {
			if s.ownAux {
				s.setOwnBit(n.state, auxStack, true)
			}
			pr.head = int32(head)
			pr.exp = pins.Expansion{Depth: n.depth, Index: n.state, Known: true}
		}
		lo, hi := ex.expand(state)
		if pf != nil {
			// hash the successors and start loading their home slots:
			// the cache misses overlap each other and the inserts
			for i := lo; i < hi; i++ {
				sc := &ex.succs[i]
				if !sc.hashed {
					sc.h, sc.hashed = store.Hash(ex.bytes(sc)), true
				}
				pf.PrefetchSlot(sc.h)
			}
		}
		if lo == hi && !s.claim && s.m.Status(state)&pins.ValidEnd == 0 {
			v := pins.Violation{Kind: pins.InvalidEndState, Message: "invalid end state"}
			if s.report(v, n.depth, func() []Step { return trail(head, nil) }) {
				return nil
			}
		}
		for i := lo; i < hi; i++ {
			sc := &ex.succs[i]
			if v := sc.viol; v != nil {
				step := sc.step
				if s.report(*v, n.depth+1, func() []Step { return trail(head, &step) }) {
					return nil
				}
			}
			if n.depth+1 > s.opt.MaxDepth {
				s.res.DepthLimitHit = true
				continue
			}
			var idx uint64
			var added bool
			var err error
			if pf != nil {
				idx, added, err = s.counted(pf.InsertHashed(ex.bytes(sc), sc.h))
			} else {
				idx, added, err = s.insert(ex.bytes(sc))
			}
			if err != nil {
				return stopErr(err)
			}
			if !added {
				s.res.StatesMatched++
				s.res.Transitions++
				continue
			}
			if n.depth+1 > s.res.DepthReached {
				s.res.DepthReached = n.depth + 1
			}
			if pr != nil && pr.seq != nil {
				pr.seq.Set(idx, int32(queue.N))
			}
			if queue.N == queue.Capacity() {
				// the queue is most of a breadth-first search's memory
				// beside the store: its growth is asked for too
				if err := s.room(int64(1<<blockstack.BlockShift) * int64(unsafe.Sizeof(node{}))); err != nil {
					return stopErr(err)
				}
			}
			queue.Push(node{state: idx, parent: head, depth: n.depth + 1, step: sc.step})
			if fifo != nil {
				fifo.push(ex.bytes(sc))
			}
		}
		ex.release(lo)
		if err := s.check(); err != nil {
			return stopErr(err)
		}
	}
	return nil
}

// byteFIFO holds the bytes of the states a breadth-first search has
// still to expand, first in first out: each is a length (4 bytes) then
// the bytes, in one slice whose expanded front is cut off from time to
// time.
type byteFIFO struct {
	buf  []byte
	head int
	last []byte // the state popped last (valid until the next pop)
}

func (q *byteFIFO) push(b []byte) {
	n := len(b)
	q.buf = append(q.buf, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
	q.buf = append(q.buf, b...)
}

// pop returns the first state; its bytes stay valid until the next pop.
func (q *byteFIFO) pop() []byte {
	if q.head > len(q.buf)/2 && q.head > 1<<20 {
		// the expanded half goes: copy the rest down
		n := copy(q.buf, q.buf[q.head:])
		q.buf = q.buf[:n]
		q.head = 0
	}
	b := q.buf[q.head:]
	n := int(b[0]) | int(b[1])<<8 | int(b[2])<<16 | int(b[3])<<24
	q.last = append(q.last[:0], b[4:4+n]...)
	q.head += 4 + n
	return q.last
}
