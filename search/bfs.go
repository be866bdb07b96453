package search

import (
	"unsafe"

	"github.com/gospin/gospin/pins"
)

// node is a stored state in breadth-first order, with the way back to the
// initial state for trails.
type node struct {
	state  uint64 // store index
	parent int    // index in the queue, -1 for the initial state
	depth  int
	step   Step
}

func (s *searcher) bfs() error {
	ex := newExpander(s.m)
	buf, err := s.m.Initial(nil)
	if err != nil {
		return err
	}
	idx, _, err := s.insert(buf)
	if err != nil {
		return stopErr(err)
	}
	queue := []node{{state: idx, parent: -1}}
	// partial-order reduction with the queue proviso (see por.reduce)
	pr := s.newPOR()
	if pr != nil {
		pr.seq.set(idx, 0)
		defer func() { s.res.Reduced = pr.reduced }()
	}
	trail := func(at int, last *Step) []Step {
		var rev []Step
		if last != nil {
			rev = append(rev, *last)
		}
		for i := at; queue[i].parent >= 0; i = queue[i].parent {
			rev = append(rev, queue[i].step)
		}
		for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
			rev[i], rev[j] = rev[j], rev[i]
		}
		return rev
	}
	for head := 0; head < len(queue); head++ {
		n := queue[head]
		state := s.opt.Store.State(n.state)
		lo, hi := ex.expand(state)
		if pr != nil {
			pr.head = int32(head)
			hi = pr.reduce(ex, state, lo, hi)
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
			idx, added, err := s.insert(ex.bytes(sc))
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
			if pr != nil {
				pr.seq.set(idx, int32(len(queue)))
			}
			if len(queue) == cap(queue) {
				// the queue is most of a breadth-first search's memory
				// beside the store: its growth is asked for too
				if err := s.room(int64(cap(queue)) * 2 * int64(unsafe.Sizeof(node{}))); err != nil {
					return stopErr(err)
				}
			}
			queue = append(queue, node{state: idx, parent: head, depth: n.depth + 1, step: sc.step})
		}
		ex.release(lo)
		if err := s.check(); err != nil {
			return stopErr(err)
		}
	}
	return nil
}
