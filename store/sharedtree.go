package store

import (
	"encoding/binary"
	"runtime"
	"sync"
	"sync/atomic"
)

// SharedTree is tree compression (Tree) shared by the workers of a
// parallel search, after Laarman, van de Pol and Weber's lock-free tree
// database ("Parallel recursive state compression for free", SPIN 2011):
// a state's words (its length first, zero-padded to a power of two, as
// Tree) are the leaves of a binary tree whose nodes are 64-bit pairs,
// two words at the bottom, two node indices above, in one node table
// that every worker finds-or-puts into with a compare-and-swap.
//
// The node table: node values lie in 64K-node chunks (8 bytes a node),
// numbered densely (a worker takes blocks of stBlock numbers from one
// atomic counter and fills them in order); a hash index of 32-bit
// buckets, each 0 (empty) or a 3-bit tag of the node's hash and its
// number+1 (below 2^29), as the sequential tree's 4-byte slots, finds a
// value's number by linear probing. As Shared stores a state, a worker
// writes the value in the next slot of its block first and publishes it
// with the compare-and-swap that claims an empty bucket, so nobody waits
// and a value found stored already leaves the slot to the worker's next
// insert. A lookup reads the bucket's cache line and, for a matching tag
// (one in eight of the others), the value's. The index doubles at 3/4
// load as Shared's table does (the workers stop at their next call, move
// buckets with the grower, which reads each value to hash it, go on); the
// values never move, so a node's number is stable.
//
// A state is identified by its root (class, left, right), which is its
// index too: class<<58 | left<<29 | right (node numbers below 2^29), so
// StateOf unfolds a state from its index alone. The roots are kept in a
// compact lock-free root table (rootTable, roottable.go) whose cells keep
// a few flags per state beside the root's bits: the done bit
// (DoneMarker) and CNDFS's red and blue (StateFlags). Each worker keeps
// the tree of the state it inserted last (as Tree does), so a successor
// costs a find-or-put per changed node and one insert of its root.
//
// A worker leaves the node table (it pauses, as for Shared's growth)
// before it inserts a root; the root table's growth waits for nobody, so
// the node table's growth, which waits for the workers inside it, never
// waits for a worker that waits for the roots.
type SharedTree struct {
	vals    [stMaxChunks]atomic.Pointer[[stChunk]uint64]
	next    atomic.Uint64 // the next block of node numbers to take
	buckets atomic.Pointer[[]uint32]
	shift   atomic.Uint32 // home bucket: h >> shift
	count   atomic.Int64  // nodes published, up to cBatch per worker behind
	limit   atomic.Int64
	growing atomic.Bool
	growMu  sync.Mutex
	migr    atomic.Pointer[stMigration]
	bytes   atomic.Int64 // bytes of the node table (chunks and index)
	chunks  atomic.Int64

	roots  *rootTable
	memLim int64
	guard  func(extra int64) bool
	ws     []stWorker
	dec    []byte
}

const (
	stChunkShift = 16
	stChunk      = 1 << stChunkShift
	stMaxNodes   = 1 << rtMaxNB // an index packs two node numbers
	stNumBits    = rtMaxNB      // a bucket: tag<<29 | number+1 (below 2^29)
	stNumMask    = 1<<stNumBits - 1
	stMaxChunks  = (stMaxNodes + stChunk - 1) / stChunk
	stBlock      = 1 << 10 // node numbers a worker takes at a time
	stMinLog2    = 12
	stClassShift = 2 * rtMaxNB // an index: class<<58 | left<<29 | right
)

// stWorker is one worker's handle: its block of node numbers, its
// incremental cache and its count of roots.
type stWorker struct {
	t      *SharedTree
	id     int
	active atomic.Int32 // inside the node table
	inside bool
	cur    uint64 // the next node number of the block
	end    uint64 // the block's end
	nodes  int64  // nodes this worker added
	batch  int64
	confl  int64
	roots  int64 // roots this worker added
	rbatch int64 // added since the last report to the root table's count

	cc      uint
	prevW   []uint32
	prevN   []uint32
	cacheOK bool
	words   []uint32
	_       [64]byte
}

var (
	_ ConcurrentSet = (*SharedTree)(nil)
	_ DoneMarker    = (*SharedTree)(nil)
	_ StateReader   = (*SharedTree)(nil)
	_ Set           = (*SharedTree)(nil)
	_ StateFlags    = (*SharedTree)(nil)
)

// NewSharedTree returns a shared tree store for the given number of
// workers (at most MaxWorkers), its root table sized for about
// 1<<sizeLog2 states before its first growth, limited to memLimit bytes
// in all (0: none).
func NewSharedTree(workers, sizeLog2 int, memLimit int64) *SharedTree {
	workers = min(max(workers, 1), MaxWorkers)
	t := &SharedTree{memLim: memLimit, ws: make([]stWorker, workers)}
	sizeLog2 = min(max(sizeLog2, 6), MaxInitialLog2)
	t.roots = newRootTable(uint64(1)<<sizeLog2, t.reserve, func(n int64) { t.bytes.Add(-n) },
		func() uint64 { return t.next.Load() })
	t.bytes.Add(t.roots.bytes())
	for i := range t.ws {
		w := &t.ws[i]
		w.t, w.id = t, i
	}
	n := 1 << stMinLog2
	b := make([]uint32, n)
	prefault32(b)
	t.bytes.Add(int64(n) * 4)
	t.buckets.Store(&b)
	t.shift.Store(64 - stMinLog2)
	t.limit.Store(int64(n) / cMaxLoadDen * cMaxLoadNum)
	return t
}

// SetGuard makes the store ask f before each allocation (as
// Table.SetGuard); f may be called from any worker.
func (t *SharedTree) SetGuard(f func(extra int64) bool) { t.guard = f }

// allow says whether extra bytes more fit the limit and the guard (the
// node table's and the root table's, one account).
func (t *SharedTree) allow(extra int64) bool {
	if t.memLim > 0 && t.bytes.Load()+extra > t.memLim {
		return false
	}
	return t.guard == nil || t.guard(extra)
}

func (t *SharedTree) reserve(extra int64) error {
	if !t.allow(extra) {
		return ErrMemLimit
	}
	t.bytes.Add(extra)
	return nil
}

// EnableDone is there for the search's sake: the root table keeps a
// done bit per state always (a flag of its cell).
func (t *SharedTree) EnableDone() {}

// splitRoot returns the root that index idx packs.
func splitRoot(idx uint64) (class uint, l, r uint32) {
	return uint(idx >> stClassShift), uint32(idx>>rtMaxNB) & (stMaxNodes - 1), uint32(idx) & (stMaxNodes - 1)
}

// MarkDone implements DoneMarker.
func (t *SharedTree) MarkDone(idx uint64) { t.SetFlag(idx, FlagDone) }

// Done implements DoneMarker.
func (t *SharedTree) Done(idx uint64) bool { return t.Flag(idx, FlagDone) }

// SetFlag implements StateFlags.
func (t *SharedTree) SetFlag(idx uint64, f uint) bool {
	c, l, r := splitRoot(idx)
	return t.roots.flag(c, l, r, f, true)
}

// Flag implements StateFlags.
func (t *SharedTree) Flag(idx uint64, f uint) bool {
	c, l, r := splitRoot(idx)
	return t.roots.flag(c, l, r, f, false)
}

// Handle implements ConcurrentSet.
func (t *SharedTree) Handle(w int) SetHandle { return &t.ws[w] }

// Len implements ConcurrentSet and Set: the states stored (once the
// workers are done).
func (t *SharedTree) Len() int {
	var n int64
	for i := range t.ws {
		n += t.ws[i].roots
	}
	return int(n)
}

// Nodes is the number of nodes in the node table (once the workers are
// done).
func (t *SharedTree) Nodes() int {
	var n int64
	for i := range t.ws {
		n += t.ws[i].nodes
	}
	return int(n)
}

// Stats implements ConcurrentSet and Set (once the workers are done): the
// node table (index, value chunks) and the root table (its words, in
// TableBytes; its cells, in Slots).
func (t *SharedTree) Stats() Stats {
	f := t.roots.cur.Load()
	var confl int64
	for i := range t.ws {
		confl += t.ws[i].confl
	}
	n := len(*t.buckets.Load())
	return Stats{
		States:      t.Len(),
		Slots:       n + int(f.m*uint64(f.k)),
		Conflicts:   confl,
		TableBytes:  int64(n)*4 + f.bytes(),
		ArenaBytes:  t.chunks.Load() * stChunk * 8,
		StoredBytes: int64(t.Nodes()) * 8,
	}
}

// Pause implements SetHandle.
func (w *stWorker) Pause() { w.pauseNodes() }

func (w *stWorker) pauseNodes() {
	if w.inside {
		w.inside = false
		w.active.Store(0)
	}
}

// PrefetchSlot implements SetHandle (nothing: the nodes are hashed, not
// the state).
func (w *stWorker) PrefetchSlot(uint64) {}

// enter marks w inside the node table (out of the root table), waiting
// while the node index grows.
func (w *stWorker) enter() {
	if w.inside {
		return
	}
	w.inside = true
	t := w.t
	for {
		w.active.Store(1)
		if !t.growing.Load() {
			return
		}
		w.active.Store(0)
		for t.growing.Load() {
			if g := t.migr.Load(); g != nil {
				t.helpIndexGrow(g)
			}
			runtime.Gosched()
		}
	}
}

func (t *SharedTree) val(i uint64) uint64 {
	return t.vals[i>>stChunkShift].Load()[i&(stChunk-1)]
}

// slot returns the node number that w's next new node gets, taking a
// new block (and allocating its chunk) when w's is used up.
func (w *stWorker) slot() (uint64, error) {
	if w.cur < w.end {
		return w.cur, nil
	}
	t := w.t
	b := t.next.Add(stBlock) - stBlock
	if b+stBlock >= stMaxNodes {
		return 0, ErrMemLimit
	}
	c := &t.vals[b>>stChunkShift]
	if c.Load() == nil {
		if err := t.reserve(stChunk * 8); err != nil {
			return 0, err
		}
		if c.CompareAndSwap(nil, new([stChunk]uint64)) {
			t.chunks.Add(1)
		} else {
			t.bytes.Add(-stChunk * 8)
		}
	}
	w.cur, w.end = b, b+stBlock
	return b, nil
}

// node returns the number of node value v, adding it when add is set
// (found is false when add is not set and v is not stored).
func (w *stWorker) node(v uint64, add bool) (uint32, bool, error) {
	t := w.t
	if add && t.count.Load() >= t.limit.Load() {
		if err := w.grow(); err != nil {
			return 0, false, err
		}
	}
	w.enter()
	h := mix64(v)
	tag := uint32(h&7) << stNumBits
	b := *t.buckets.Load()
	mask := uint64(len(b) - 1)
	i := h >> t.shift.Load()
	staged := false
	var idx uint64
	for {
		e := atomic.LoadUint32(&b[i])
		if e == 0 {
			if !add {
				return 0, false, nil
			}
			if !staged {
				var err error
				if idx, err = w.slot(); err != nil {
					return 0, false, err
				}
				t.vals[idx>>stChunkShift].Load()[idx&(stChunk-1)] = v
				staged = true
			}
			if !atomic.CompareAndSwapUint32(&b[i], 0, tag|uint32(idx+1)) {
				continue // taken by another: look again
			}
			w.cur++
			w.nodes++
			if w.batch++; w.batch == cBatch {
				t.count.Add(cBatch)
				w.batch = 0
			}
			return uint32(idx), true, nil
		}
		if e&^stNumMask == tag {
			if n := e&stNumMask - 1; t.val(uint64(n)) == v {
				return n, true, nil
			}
		}
		w.confl++
		i = (i + 1) & mask
	}
}

// grow doubles the node index: the other workers wait at their next
// call (as Shared's grow).
func (w *stWorker) grow() error {
	t := w.t
	if !t.growMu.TryLock() {
		w.pauseNodes() // another worker grows it: enter waits for it
		return nil
	}
	defer t.growMu.Unlock()
	if t.count.Load() < t.limit.Load() {
		return nil
	}
	old := *t.buckets.Load()
	if len(old) >= 1<<32 {
		return ErrMemLimit
	}
	if err := t.reserve(int64(len(old)) * 8); err != nil {
		return err
	}
	t.growing.Store(true)
	defer t.growing.Store(false)
	for i := range t.ws {
		if i == w.id {
			continue
		}
		for t.ws[i].active.Load() != 0 {
			runtime.Gosched()
		}
	}
	shift := t.shift.Load() - 1
	g := &stMigration{old: old, nb: make([]uint32, 2*len(old)), shift: shift, parts: int64(len(old)+migratePart-1) / migratePart}
	t.migr.Store(g)
	t.helpIndexGrow(g)
	for g.done.Load() < g.parts {
		runtime.Gosched()
	}
	t.migr.Store(nil)
	nb := g.nb
	t.bytes.Add(-int64(len(old)) * 4)
	t.buckets.Store(&nb)
	t.shift.Store(shift)
	t.limit.Store(int64(len(nb)) / cMaxLoadDen * cMaxLoadNum)
	return nil
}

// stMigration is a growth of the node index under way (as Shared's
// migration, for 32-bit buckets): the buckets of old move to nb in parts
// of migratePart, each taken by one worker (the grower, or one waiting
// for it in enter).
type stMigration struct {
	old, nb []uint32
	shift   uint32
	parts   int64
	next    atomic.Int64
	done    atomic.Int64
}

// helpIndexGrow moves parts of the growth g until none is left to take:
// a bucket's home in the new index is its value's hash's top bits (a
// bucket keeps only 3 bits of the hash, its tag, so the value is read,
// as the sequential tree's growNodes does).
func (t *SharedTree) helpIndexGrow(g *stMigration) {
	mask := uint64(len(g.nb) - 1)
	for {
		p := g.next.Add(1) - 1
		if p >= g.parts {
			return
		}
		lo := p * migratePart
		hi := min(lo+migratePart, int64(len(g.old)))
		for _, e := range g.old[lo:hi] {
			if e == 0 {
				continue
			}
			i := mix64(t.val(uint64(e&stNumMask-1))) >> g.shift
			for !atomic.CompareAndSwapUint32(&g.nb[i], 0, e) {
				i = (i + 1) & mask
			}
		}
		g.done.Add(1)
	}
}

// load fills w.words with s's words (length first, zero-padded to the
// capacity) and returns the class log2 C (as Tree.load).
func (w *stWorker) load(s []byte) uint {
	cls, words := loadWords(w.words, s)
	w.words = words
	return cls
}

func loadWords(words []uint32, s []byte) (uint, []uint32) {
	n := 1 + (len(s)+3)/4
	cls := uint(2)
	for 1<<cls < n {
		cls++
	}
	c := 1 << cls
	if cap(words) < c {
		words = make([]uint32, c)
	}
	words = words[:c]
	words[0] = uint32(len(s))
	i, j := 0, 1
	for ; i+4 <= len(s); i, j = i+4, j+1 {
		words[j] = binary.LittleEndian.Uint32(s[i:])
	}
	if i < len(s) {
		var b [4]byte
		copy(b[:], s[i:])
		words[j] = binary.LittleEndian.Uint32(b[:])
		j++
	}
	clear(words[j:])
	return cls, words
}

// build returns the node of heap position p over words [lo, hi) (as
// Tree.build).
func (w *stWorker) build(p, lo, hi int, add bool) (uint32, bool, error) {
	if add && w.cacheOK && equalWords(w.words[lo:hi], w.prevW[lo:hi]) {
		return w.prevN[p], true, nil
	}
	var v uint64
	if hi-lo == 2 {
		v = uint64(w.words[lo])<<32 | uint64(w.words[lo+1])
	} else {
		mid := (lo + hi) / 2
		l, ok, err := w.build(2*p, lo, mid, add)
		if !ok || err != nil {
			return 0, ok, err
		}
		r, ok, err := w.build(2*p+1, mid, hi, add)
		if !ok || err != nil {
			return 0, ok, err
		}
		v = uint64(l)<<32 | uint64(r)
	}
	n, ok, err := w.node(v, add)
	if add && err == nil {
		w.prevN[p] = n
	}
	return n, ok, err
}

// root returns the root of s (adding its nodes when add is set); ok is
// false when add is not set and a node is not stored.
func (w *stWorker) root(s []byte, add bool) (class uint, l, r uint32, ok bool, err error) {
	cls := w.load(s)
	c := 1 << cls
	if add && (cls != w.cc || len(w.prevW) != c) {
		w.cc = cls
		w.prevW = make([]uint32, c)
		w.prevN = make([]uint32, c)
		w.cacheOK = false
	}
	if l, ok, err = w.build(2, 0, c/2, add); !ok || err != nil {
		return 0, 0, 0, ok, err
	}
	if r, ok, err = w.build(3, c/2, c, add); !ok || err != nil {
		return 0, 0, 0, ok, err
	}
	if add {
		copy(w.prevW, w.words)
		w.cacheOK = true
	}
	return cls, l, r, true, nil
}

func rootIndex(class uint, l, r uint32) uint64 {
	return uint64(class)<<stClassShift | uint64(l)<<rtMaxNB | uint64(r)
}

// Insert implements SetHandle (h is ignored: the nodes are hashed).
func (w *stWorker) Insert(s []byte, _ uint64) (uint64, bool, error) {
	c, l, r, _, err := w.root(s, true)
	if err != nil {
		w.cacheOK = false
		return 0, false, err
	}
	w.pauseNodes()
	added, err := w.t.roots.insert(c, l, r, &w.rbatch)
	if err != nil {
		return 0, false, err
	}
	if added {
		w.roots++
	}
	return rootIndex(c, l, r), added, nil
}

// Lookup implements SetHandle.
func (w *stWorker) Lookup(s []byte, _ uint64) (uint64, bool) {
	c, l, r, ok, _ := w.root(s, false)
	w.pauseNodes()
	if !ok || !w.t.roots.find(c, l, r) {
		return 0, false
	}
	return rootIndex(c, l, r), true
}

// StateOf implements StateReader: the state is unfolded from its root
// into dst (from any worker, during the search, for an index that a
// handle returned).
func (t *SharedTree) StateOf(dst []byte, idx uint64) []byte {
	cls, l, r := splitRoot(idx)
	c := 1 << cls
	if cap(dst) < 4*c {
		dst = make([]byte, 4*c)
	}
	dst = dst[:4*c]
	t.unfold(l, dst[:2*c])
	t.unfold(r, dst[2*c:])
	n := int(binary.LittleEndian.Uint32(dst))
	copy(dst, dst[4:4+n])
	return dst[:n]
}

// unfold writes the words of node i, little-endian, in b (4 bytes a
// word).
func (t *SharedTree) unfold(i uint32, b []byte) {
	v := t.val(uint64(i))
	if len(b) == 8 {
		binary.LittleEndian.PutUint32(b, uint32(v>>32))
		binary.LittleEndian.PutUint32(b[4:], uint32(v))
		return
	}
	h := len(b) / 2
	t.unfold(uint32(v>>32), b[:h])
	t.unfold(uint32(v), b[h:])
}

// The methods below make a SharedTree a Set for the reports that read
// the states after the search (one goroutine, the workers done).

// Insert implements Set, as worker 0.
func (t *SharedTree) Insert(s []byte) (uint64, bool, error) {
	w := &t.ws[0]
	idx, added, err := w.Insert(s, 0)
	w.Pause()
	return idx, added, err
}

// Lookup implements Set, as worker 0.
func (t *SharedTree) Lookup(s []byte) (uint64, bool) {
	w := &t.ws[0]
	idx, ok := w.Lookup(s, 0)
	w.Pause()
	return idx, ok
}

// State implements Set: valid until the next call of State or Each.
func (t *SharedTree) State(idx uint64) []byte {
	t.dec = t.StateOf(t.dec, idx)
	return t.dec
}

// Each implements Set.
func (t *SharedTree) Each(f func(idx uint64, s []byte) bool) {
	t.roots.each(func(c uint, l, r uint32) bool {
		idx := rootIndex(c, l, r)
		return f(idx, t.State(idx))
	})
}
