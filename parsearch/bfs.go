package parsearch

import (
	"errors"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/gospin/gospin/internal/blockstack"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/store"
)

// The breadth-first search (-bfs -j N) goes level by level, as pan's
// BFS_PAR does: the workers share the states of one level (the queue's
// range [lo, hi)), taking them in chunks from one counter, store the
// successors in the shared table and keep the new ones in a list of
// their own; at the end of the level the lists are appended to the queue
// in worker order and the next level begins. Every state is stored at
// its least depth, as in the sequential search, so a complete search
// stores and matches what search.Run's breadth-first search does, and the
// first error's trail is a shortest one.
//
// With a reduction layer the cycle proviso is the queue proviso of the
// sequential breadth-first search (no kept successor already expanded),
// with the done bit of the shared table as the "expanded" mark: a worker
// sets it before it expands the state. That is sound in whatever order
// the workers go: on a cycle of reduced states s_0 ... s_k = s_0, s_i is
// marked at time m_i and its successor s_i+1 found unmarked after that,
// so m_i+1 > m_i all around the cycle, which cannot be (docs/parallel.md).
// Without done bits (bitstate) it is the visited proviso, as
// search.Options.BFSVisited asks for.

// bnode is a stored state in breadth-first order.
type bnode struct {
	idx    uint64 // store index
	parent int    // position in the queue, -1 for the initial state
	off    int    // with a lossy store: its bytes, level[off:off+n]
	n      int32
	depth  int32
	step   search.Step
}

// bworker is one worker of the breadth-first search.
type bworker struct {
	_  [64]byte
	p  *par
	b  *bfs
	id int
	m  pins.Model
	h  store.SetHandle
	succStack
	yield func(t *pins.Transition, s []byte) bool
	sbuf  []byte
	exp   pins.Expansion
	// the states this worker added in the current level, and (lossy
	// store) their bytes
	out      []bnode
	outBytes []byte
	// ticks: the expansions so far in thousands (par.poll's count),
	// since: those since the last poll
	ticks, since int
	// the figures of this worker's share of the search
	stored, matched       int64
	depthReached          int
	depthHit              bool
	pubStored, pubMatched atomic.Int64
	pubDepth              atomic.Int64
	err                   error
	_                     [64]byte
}

// bfs is the state of the breadth-first search that its workers share.
type bfs struct {
	p     *par
	queue blockstack.Stack[bnode] // in blocks: it grows without copying
	// level holds the bytes of the current level's states where the
	// store gives none back
	level []byte
	next  atomic.Int64 // the next position of the level to take
	hi    int64        // the level's end
	chunk int64
	ws    []*bworker
}

// pins.Cycles, for a reduction layer bound to a breadth-first worker:
// the queue proviso (see above).

// Lookup implements pins.Cycles.
func (w *bworker) Lookup(s []byte) (uint64, bool) { return w.h.Lookup(s, store.Hash(s)) }

// Closes implements pins.Cycles: a state that some worker has begun to
// expand closes a cycle; without done bits, or with the visited
// proviso asked for, every stored state does.
func (w *bworker) Closes(idx uint64) bool {
	p := w.p
	return p.marks == nil || p.opt.BFSVisited || p.marks.Done(idx)
}

// Expanding implements pins.Cycles.
func (w *bworker) Expanding() pins.Expansion { return w.exp }

// Aux implements pins.Cycles: no bytes beside the states.
func (w *bworker) Aux(uint64) []byte { return nil }

// runBFS is the breadth-first search of Run.
func runBFS(p *par, models []pins.Model) error {
	b := &bfs{p: p}
	for i, m := range models {
		w := &bworker{p: p, b: b, id: i, h: p.tab.Handle(i)}
		if r, ok := m.(pins.Reduced); ok {
			m = r.Bind(w, false)
		}
		w.m = m
		w.yield = w.succStack.push
		b.ws = append(b.ws, w)
	}
	p.progressOf = b.progress
	w0 := b.ws[0]
	init, err := w0.m.Initial(nil)
	if err != nil {
		return err
	}
	idx, _, err := w0.h.Insert(init, store.Hash(init))
	w0.h.Pause()
	if err != nil {
		if errors.Is(err, store.ErrMemLimit) {
			p.stop("memory limit")
			return nil
		}
		return err
	}
	w0.stored++
	root := bnode{idx: idx, parent: -1}
	if p.reader == nil {
		b.level = append(b.level, init...)
		root.n = int32(len(init))
	}
	b.queue.Push(root)
	var peak int64
	for lo := 0; lo < b.queue.N && !p.stopped.Load(); {
		hi := b.queue.N
		b.next.Store(int64(lo))
		b.hi = int64(hi)
		b.chunk = min(max(int64(hi-lo)/int64(8*len(b.ws)), 1), 256)
		var wg sync.WaitGroup
		for _, w := range b.ws {
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer w.h.Pause() // a worker between levels holds up no growth
				if err := w.level(); err != nil {
					w.err = err
					p.stop("error")
				}
			}()
		}
		wg.Wait()
		var errs []error
		for _, w := range b.ws {
			errs = append(errs, w.err)
		}
		if err := errors.Join(errs...); err != nil {
			return err
		}
		// the next level: the workers' lists, in worker order
		var bytes []byte
		for _, w := range b.ws {
			base := len(bytes)
			bytes = append(bytes, w.outBytes...)
			for _, nd := range w.out {
				nd.off += base
				b.queue.Push(nd)
			}
			w.out, w.outBytes = w.out[:0], w.outBytes[:0]
		}
		b.level = bytes
		peak = max(peak, int64(b.queue.Capacity())*int64(unsafe.Sizeof(bnode{}))+int64(cap(b.level)))
		lo = hi
	}
	res := &p.res
	for _, w := range b.ws {
		res.StatesMatched += w.matched
		res.DepthReached = max(res.DepthReached, w.depthReached)
		res.DepthLimitHit = res.DepthLimitHit || w.depthHit
	}
	res.StackBytes = peak
	return nil
}

// level expands states of the current level until none is left.
func (w *bworker) level() error {
	b, p := w.b, w.p
	for !p.stopped.Load() {
		at := b.next.Add(b.chunk) - b.chunk
		if at >= b.hi {
			return nil
		}
		end := min(at+b.chunk, b.hi)
		for i := int(at); i < int(end); i++ {
			if err := w.expand(i); err != nil {
				if errors.Is(err, errStop) {
					return nil
				}
				return err
			}
		}
		w.h.Pause() // let the table grow if it must
		w.pubStored.Store(w.stored)
		w.pubMatched.Store(w.matched)
		w.pubDepth.Store(int64(w.depthReached))
		// poll every 1,024 expansions or so (ticks counts them in
		// thousands, as the depth-first workers' do one by one)
		w.since += int(end - at)
		if w.since >= 1024 {
			w.since = 0
			w.ticks += 1024
			if p.poll(w.id, w.ticks) {
				return nil
			}
		}
	}
	return nil
}

// trail is the path to queue position at, then last.
func (b *bfs) trail(at int, last *search.Step) []search.Step {
	var rev []search.Step
	if last != nil {
		rev = append(rev, *last)
	}
	for i := at; b.queue.At(i).parent >= 0; i = b.queue.At(i).parent {
		rev = append(rev, b.queue.At(i).step)
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// expand expands the state at queue position at; errStop ends the
// worker's level (the search stops).
func (w *bworker) expand(at int) error {
	b, p := w.b, w.p
	nd := *b.queue.At(at)
	var state []byte
	if p.reader != nil {
		w.sbuf = p.reader.StateOf(w.sbuf, nd.idx)
		state = w.sbuf
	} else {
		state = b.level[nd.off : nd.off+int(nd.n)]
	}
	if p.marks != nil {
		p.marks.MarkDone(nd.idx) // expanded, for the queue proviso
	}
	depth := int(nd.depth)
	w.exp = pins.Expansion{Depth: depth, Index: nd.idx, Known: true}
	w.expLo = 0
	w.m.Next(state, w.yield)
	defer w.release(0)
	for i := range w.succs {
		sc := &w.succs[i]
		sc.h = store.Hash(w.bytes(sc))
		w.h.PrefetchSlot(sc.h)
	}
	if len(w.succs) == 0 && !p.claim && w.m.Status(state)&pins.ValidEnd == 0 {
		v := pins.Violation{Kind: pins.InvalidEndState, Message: "invalid end state"}
		if p.report(v, depth, func() []search.Step { return b.trail(at, nil) }) {
			return errStop
		}
	}
	for i := range w.succs {
		sc := &w.succs[i]
		if sc.viol >= 0 {
			v, step := w.viols[sc.viol], sc.step
			if p.report(*v, depth+1, func() []search.Step { return b.trail(at, &step) }) {
				return errStop
			}
		}
		if depth+1 > p.opt.MaxDepth {
			w.depthHit = true
			continue
		}
		bs := w.bytes(sc)
		idx, added, err := w.h.Insert(bs, sc.h)
		if err != nil {
			if errors.Is(err, store.ErrMemLimit) {
				p.stop("memory limit")
				return errStop
			}
			return err
		}
		if !added {
			w.matched++
			continue
		}
		w.stored++
		w.depthReached = max(w.depthReached, depth+1)
		n := bnode{idx: idx, parent: at, depth: int32(depth + 1), step: sc.step}
		if p.reader == nil {
			n.off, n.n = len(w.outBytes), int32(len(bs))
			w.outBytes = append(w.outBytes, bs...)
		}
		w.out = append(w.out, n)
	}
	return nil
}

// release drops the successors and their violations.
func (w *bworker) release(int) {
	w.arena, w.succs, w.viols = w.arena[:0], w.succs[:0], w.viols[:0]
}

func (w *bworker) bytes(sc *succ) []byte {
	end := sc.off + int(sc.n)
	return w.arena[sc.off:end:end]
}

// progress is par.progress's figures for the breadth-first workers.
func (b *bfs) progress() (stored, matched int64, depth int) {
	for _, w := range b.ws {
		stored += w.pubStored.Load()
		matched += w.pubMatched.Load()
		depth = max(depth, int(w.pubDepth.Load()))
	}
	return stored, matched, depth
}
