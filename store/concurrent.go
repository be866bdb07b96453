package store

import (
	"encoding/binary"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/zeebo/xxh3"
)

// A parallel search needs one visited set shared by its workers. Shared
// is the set of Laarman, van de Pol and Weber ("Boosting multi-core
// reachability performance with shared hash tables", FMCAD 2010): an open
// addressing table of 64-bit buckets claimed with a compare-and-swap, each
// holding a tag of the state's hash and the index of its bytes, which lie
// in arenas of the worker that stored the state (no lock, no shared
// allocator). A bucket is 0 (empty) or tag|idx+1. Laarman et al. claim a
// bucket first (tag|busy) and write the state after; here a worker writes
// the state at the tail of its arena first and claims the bucket with its
// final word, so no bucket is ever busy and nobody waits: a state found
// stored already leaves the tail to the next insert.
//
// The search inserts and looks up, and reads back (StateOf) only states
// of its own deep stack to generate their successors again; a variant
// that keeps no state at all (hash compaction, bitstate) fits the same
// interface, ConcurrentSet, with a search that keeps its successors.

// ConcurrentSet is a visited set shared by the workers of a parallel
// search: each worker inserts and looks up through its own handle.
type ConcurrentSet interface {
	// Handle returns worker w's handle (0 <= w < the workers the set was
	// made for). A handle is used by one goroutine at a time.
	Handle(w int) SetHandle
	// Len is the number of states stored, once the workers are done.
	Len() int
	// Stats describes the memory in use.
	Stats() Stats
}

// DoneMarker is a ConcurrentSet that keeps a "done" bit per stored
// state (the parallel reduction's cycle proviso, docs/parallel.md):
// MarkDone sets it, Done reads it, from any worker, for an index that an
// Insert or Lookup returned.
type DoneMarker interface {
	MarkDone(idx uint64)
	Done(idx uint64) bool
}

// StateReader is a ConcurrentSet that gives states back: StateOf
// appends to dst[:0] the state stored at idx (an index the caller's own
// handle returned) during the search.
type StateReader interface {
	StateOf(dst []byte, idx uint64) []byte
}

// SetHandle is one worker's access to a ConcurrentSet.
type SetHandle interface {
	// PrefetchSlot starts loading what inserting a state of Hash h will
	// read first (or does nothing).
	PrefetchSlot(h uint64)
	// Insert adds s, whose Hash is h, unless an equal state is stored: it
	// returns its index and whether this call added it. Of several
	// workers inserting equal states at once exactly one adds it.
	Insert(s []byte, h uint64) (idx uint64, added bool, err error)
	// Lookup returns the index of s (Hash h) if it is stored.
	Lookup(s []byte, h uint64) (idx uint64, found bool)
	// Pause says that the worker will not call Insert or Lookup for a
	// while (it waits for work, or polls its limits): a table that must
	// stop every worker to grow waits for the others to pause. A worker
	// must pause every so often, and before it waits for anything.
	Pause()
}

const (
	// a stored state's index: the worker that stored it, and the offset
	// of its entry in that worker's arena in units of cAlign bytes
	cWorkerBits = 5
	cOffsetBits = 32 // 16 GiB of arena per worker
	cAlign      = 4
	cIdxBits    = cWorkerBits + cOffsetBits
	cIdxMask    = 1<<cIdxBits - 1
	// the tag: the top bits of the hash (the home bucket's bits, and
	// beyond them the bits that tell states of one home apart)
	cTagBits = 64 - cIdxBits
	// MaxWorkers is the most workers a Shared set serves.
	MaxWorkers = 1 << cWorkerBits
	cMaxChunks = 1 << (cOffsetBits + 2 - cChunkShift)
	// cChunkShift: 1 MiB arena chunks (a small search with several
	// workers must fit a small memory limit)
	cChunkShift = 20
	cChunkSize  = 1 << cChunkShift
	// cBatch: a worker adds its count of new states to the shared count
	// every cBatch states (a counter that every insert updated would be
	// one cache line bouncing between the cores)
	cBatch      = 64
	cDoneWords  = cChunkSize / cAlign / 64
	cMinLog2    = 16
	cMaxLoadNum = 3 // grow at 3/4 full
	cMaxLoadDen = 4
)

// Shared is the lock-free shared table (see ConcurrentSet). It grows: a
// worker that finds it three quarters full stops the others at their next
// insert or lookup (each worker says when it is out: Pause), doubles it
// alone and lets them go on.
type Shared struct {
	buckets atomic.Pointer[[]uint64]
	shift   atomic.Uint32 // home bucket: h >> shift
	count   atomic.Int64  // states stored, up to cBatch per worker behind
	limit   atomic.Int64  // grow when count reaches it
	growing atomic.Bool
	growMu  sync.Mutex
	migr    atomic.Pointer[migration] // the growth under way, once every worker paused
	bytes   atomic.Int64              // bytes allocated (buckets and arenas)
	memLim  int64
	guard   func(extra int64) bool
	zs      bool
	doneOn  bool // EnableDone
	ws      []sharedWorker
	dec     []byte // State's buffer (after the search)
}

// sharedWorker is a worker's arena and scratch, padded against false
// sharing.
type sharedWorker struct {
	t      *Shared
	id     int
	active atomic.Int32 // inside the table (between a call and Pause)
	inside bool         // active is set
	chunks [cMaxChunks]atomic.Pointer[[cChunkSize]byte]
	nchunk int
	used   int
	n      int64 // states this worker added
	batch  int64 // added since the last report to Shared.count
	enc    []byte
	confl  int64
	// done: the done bits of the entries of each chunk, one per cAlign
	// bytes (EnableDone)
	done [cMaxChunks]atomic.Pointer[[cDoneWords]uint64]
	// storedBytes: the bytes of the entries this worker stored
	storedBytes int64
	_           [64]byte
}

var (
	_ ConcurrentSet = (*Shared)(nil)
	_ DoneMarker    = (*Shared)(nil)
	_ StateReader   = (*Shared)(nil)
)

// NewShared returns a shared table for the given number of workers (at
// most MaxWorkers), sized for about 1<<sizeLog2 states before its first
// growth and limited to memLimit bytes (0: none). zeroSuppressed stores
// the states as NewZeroSuppressed does.
func NewShared(workers, sizeLog2 int, memLimit int64, zeroSuppressed bool) *Shared {
	if workers < 1 {
		workers = 1
	}
	if workers > MaxWorkers {
		workers = MaxWorkers
	}
	sizeLog2 = min(max(sizeLog2, cMinLog2), MaxInitialLog2)
	for memLimit > 0 && sizeLog2 > cMinLog2 && int64(8)<<sizeLog2 > memLimit/4 {
		sizeLog2--
	}
	t := &Shared{memLim: memLimit, zs: zeroSuppressed, ws: make([]sharedWorker, workers)}
	for i := range t.ws {
		t.ws[i].t, t.ws[i].id = t, i
	}
	b := make([]uint64, 1<<sizeLog2)
	prefault64(b)
	t.bytes.Add(int64(len(b)) * 8)
	t.buckets.Store(&b)
	t.shift.Store(uint32(64 - sizeLog2))
	t.limit.Store(int64(len(b)) / cMaxLoadDen * cMaxLoadNum)
	return t
}

// SetGuard makes the table ask f before each allocation (as
// Table.SetGuard); f may be called from any worker.
func (t *Shared) SetGuard(f func(extra int64) bool) { t.guard = f }

// Handle implements ConcurrentSet.
func (t *Shared) Handle(w int) SetHandle { return &t.ws[w] }

// Len implements ConcurrentSet.
func (t *Shared) Len() int {
	var n int64
	for i := range t.ws {
		n += t.ws[i].n
	}
	return int(n)
}

// Stats implements ConcurrentSet (once the workers are done).
func (t *Shared) Stats() Stats {
	var confl, stored int64
	chunks := 0
	for i := range t.ws {
		confl += t.ws[i].confl
		chunks += t.ws[i].nchunk
		stored += t.ws[i].storedBytes
	}
	n := len(*t.buckets.Load())
	st := Stats{States: t.Len(), Slots: n, Conflicts: confl, TableBytes: int64(n) * 8,
		ArenaBytes: int64(chunks) * cChunkSize, StoredBytes: stored}
	if t.doneOn {
		st.ArenaBytes += int64(chunks) * cDoneWords * 8
	}
	return st
}

// reserve accounts for an allocation of extra bytes.
func (t *Shared) reserve(extra int64) error {
	if t.memLim > 0 && t.bytes.Load()+extra > t.memLim {
		return ErrMemLimit
	}
	if t.guard != nil && !t.guard(extra) {
		return ErrMemLimit
	}
	t.bytes.Add(extra)
	return nil
}

// enter marks w inside the table, waiting while it grows. A worker
// stays inside from its first insert or lookup until it pauses (Pause):
// the table's growth waits for every other worker to pause, so inserts
// and lookups cost no atomic write of their own.
func (w *sharedWorker) enter() {
	if w.inside {
		return
	}
	w.inside = true
	for {
		w.active.Store(1)
		if !w.t.growing.Load() {
			return
		}
		w.active.Store(0)
		for w.t.growing.Load() {
			if g := w.t.migr.Load(); g != nil {
				w.t.helpGrow(g) // move buckets to the new array with the grower
			}
			runtime.Gosched()
		}
	}
}

// Pause implements SetHandle.
func (w *sharedWorker) Pause() {
	if w.inside {
		w.inside = false
		w.active.Store(0)
	}
}

// encode returns the bytes stored for s.
func (w *sharedWorker) encode(s []byte) []byte {
	if !w.t.zs {
		return s
	}
	w.enc = encodeZS(w.enc[:0], s)
	return w.enc
}

// Insert implements SetHandle. The state is written at the tail of the
// worker's arena first (encoded in place), then published by the
// compare-and-swap that claims an empty bucket with its index: a worker
// that loads the bucket finds the bytes written (the swap orders them
// before it), and a state found stored already leaves the tail to the
// next insert.
func (w *sharedWorker) Insert(s []byte, h uint64) (uint64, bool, error) {
	t := w.t
	if t.count.Load() >= t.limit.Load() {
		if err := w.grow(); err != nil {
			return 0, false, err
		}
	}
	idx, code, need, err := w.stage(s)
	if err != nil {
		return 0, false, err
	}
	w.enter()
	b := *t.buckets.Load()
	mask := uint64(len(b) - 1)
	tag := h >> cIdxBits
	i := h >> t.shift.Load()
	for {
		e := atomic.LoadUint64(&b[i])
		if e == 0 {
			if !atomic.CompareAndSwapUint64(&b[i], 0, tag<<cIdxBits|(idx+1)) {
				continue // taken by another: look again
			}
			w.used += (need + cAlign - 1) &^ (cAlign - 1)
			w.storedBytes += int64(need)
			w.added()
			return idx, true, nil
		}
		if e>>cIdxBits == tag {
			if old := e&cIdxMask - 1; string(t.raw(old)) == string(code) {
				return old, false, nil
			}
		}
		w.confl++
		i = (i + 1) & mask
	}
}

// PrefetchSlot starts loading the home bucket of a state of Hash h (as
// Table.PrefetchSlot), so that the misses of a state's successors
// overlap.
func (w *sharedWorker) PrefetchSlot(h uint64) {
	b := *w.t.buckets.Load()
	prefetchLine(&b[(h>>w.t.shift.Load())&uint64(len(b)-1)])
}

// added counts a new state.
func (w *sharedWorker) added() {
	w.n++
	w.batch++
	if w.batch == cBatch {
		w.t.count.Add(cBatch)
		w.batch = 0
	}
}

// Lookup implements SetHandle.
func (w *sharedWorker) Lookup(s []byte, h uint64) (uint64, bool) {
	t := w.t
	w.enter()
	b := *t.buckets.Load()
	mask := uint64(len(b) - 1)
	tag := h >> cIdxBits
	i := h >> t.shift.Load()
	encoded := !t.zs
	for {
		e := atomic.LoadUint64(&b[i])
		if e == 0 {
			return 0, false
		}
		if e>>cIdxBits == tag {
			if !encoded {
				s, encoded = w.encode(s), true
			}
			if idx := e&cIdxMask - 1; string(t.raw(idx)) == string(s) {
				return idx, true
			}
		}
		i = (i + 1) & mask
	}
}

// stage writes s (zero-suppressed, or as it is) with its length prefix
// at the tail of w's arena without committing it (Insert commits it when
// the state is new): it returns the index the entry will have, its code
// (the bytes compared) and its size.
func (w *sharedWorker) stage(s []byte) (idx uint64, code []byte, need int, err error) {
	n := len(s)
	maxCode := n
	if w.t.zs {
		maxCode = 6 + (n+7)/8 + n + 8 // encodeZS writes up to 8 bytes past its code
	}
	np := 2
	if maxCode >= 0xFFFF {
		np = 6
	}
	if np+maxCode > cChunkSize {
		return 0, nil, 0, errors.New("state too large")
	}
	if w.nchunk == 0 || w.used+np+maxCode > cChunkSize {
		if w.nchunk == cMaxChunks {
			return 0, nil, 0, ErrMemLimit
		}
		extra := int64(cChunkSize)
		if w.t.doneOn {
			extra += cDoneWords * 8
		}
		if err := w.t.reserve(extra); err != nil {
			return 0, nil, 0, err
		}
		if w.t.doneOn {
			w.done[w.nchunk].Store(new([cDoneWords]uint64))
		}
		w.chunks[w.nchunk].Store(new([cChunkSize]byte))
		w.nchunk++
		w.used = 0
	}
	c := w.chunks[w.nchunk-1].Load()
	buf := c[w.used : w.used+np+maxCode]
	if w.t.zs {
		code = encodeZS(buf[np:np:len(buf)], s)
	} else {
		code = buf[np : np+n]
		copy(code, s)
	}
	if np == 2 {
		binary.LittleEndian.PutUint16(buf, uint16(len(code)))
	} else {
		binary.LittleEndian.PutUint16(buf, 0xFFFF)
		binary.LittleEndian.PutUint32(buf[2:], uint32(len(code)))
	}
	off := uint64(w.nchunk-1)<<cChunkShift | uint64(w.used)
	return uint64(w.id)<<cOffsetBits | off/cAlign, code, np + len(code), nil
}

// raw returns the stored bytes of entry idx (published by the bucket
// that holds idx, read with an atomic load).
func (t *Shared) raw(idx uint64) []byte {
	w := &t.ws[idx>>cOffsetBits]
	off := idx & (1<<cOffsetBits - 1) * cAlign
	c := w.chunks[off>>cChunkShift].Load()
	o := int(off & (cChunkSize - 1))
	n := int(binary.LittleEndian.Uint16(c[o:]))
	o += 2
	if n == 0xFFFF {
		n = int(binary.LittleEndian.Uint32(c[o:]))
		o += 4
	}
	return c[o : o+n : o+n]
}

// StateOf appends to dst[:0] the state stored at idx and returns it. A
// worker may call it during the search for an index that its own handle
// returned (the search reads back the states of its own stack to
// generate their successors again).
func (t *Shared) StateOf(dst []byte, idx uint64) []byte {
	return t.decode(dst, t.raw(idx))
}

// EnableDone keeps a done bit per stored state (DoneMarker), 1/32 of
// the arenas' memory; call it before the search.
func (t *Shared) EnableDone() { t.doneOn = true }

// MarkDone implements DoneMarker.
func (t *Shared) MarkDone(idx uint64) {
	d := t.ws[idx>>cOffsetBits].done[(idx&(1<<cOffsetBits-1))>>(cChunkShift-2)].Load()
	o := idx & (cChunkSize/cAlign - 1)
	atomic.OrUint64(&d[o>>6], 1<<(o&63))
}

// Done implements DoneMarker.
func (t *Shared) Done(idx uint64) bool {
	d := t.ws[idx>>cOffsetBits].done[(idx&(1<<cOffsetBits-1))>>(cChunkShift-2)].Load()
	o := idx & (cChunkSize/cAlign - 1)
	return atomic.LoadUint64(&d[o>>6])&(1<<(o&63)) != 0
}

// grow doubles the table: the other workers wait at their next call.
func (w *sharedWorker) grow() error {
	t := w.t
	if !t.growMu.TryLock() {
		// another worker grows it: let it (enter waits for it)
		w.Pause()
		return nil
	}
	defer t.growMu.Unlock()
	if t.count.Load() < t.limit.Load() {
		return nil // grown meanwhile
	}
	old := *t.buckets.Load()
	if err := t.reserve(int64(len(old)) * 16); err != nil {
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
	// the workers waiting for the growth (enter) move buckets too
	nb := migrate(old, shift, &t.migr, t.helpGrow)
	t.bytes.Add(-int64(len(old)) * 8)
	t.buckets.Store(&nb)
	t.shift.Store(shift)
	t.limit.Store(int64(len(nb)) / cMaxLoadDen * cMaxLoadNum)
	return nil
}

// migration is a growth under way: the buckets of old move to nb in parts
// of migratePart, each taken by one worker (the grower, or one waiting
// for it in enter); nb's buckets are claimed by compare-and-swap, as
// several workers fill it at once (linear probing's table does not
// depend on the order of the inserts).
type migration struct {
	old, nb []uint64
	shift   uint32
	parts   int64
	next    atomic.Int64 // the next part to take
	done    atomic.Int64 // parts moved
}

const migratePart = 1 << 14

// migrate moves the buckets of old into an array twice its size, whose
// homes are the top bits of a hash shifted by shift: the grower and the
// workers that wait for it (migr holds the growth meanwhile) move parts
// with help. It returns the new array once every part has moved.
func migrate(old []uint64, shift uint32, migr *atomic.Pointer[migration], help func(*migration)) []uint64 {
	g := &migration{old: old, nb: make([]uint64, 2*len(old)), shift: shift, parts: int64(len(old)+migratePart-1) / migratePart}
	migr.Store(g)
	help(g)
	for g.done.Load() < g.parts {
		runtime.Gosched()
	}
	migr.Store(nil)
	return g.nb
}

// help moves parts of the growth until none is left to take; home gives
// a bucket's home slot in nb.
func (g *migration) help(home func(e uint64) uint64) {
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
			i := home(e)
			for !atomic.CompareAndSwapUint64(&g.nb[i], 0, e) {
				i = (i + 1) & mask
			}
		}
		g.done.Add(1)
	}
}

// helpGrow moves buckets of t's growth g: a bucket's home in the new
// array is the top bits of its tag, or of its state's hash where the tag
// has too few.
func (t *Shared) helpGrow(g *migration) {
	k := 64 - g.shift // log2 of the new size
	var buf []byte
	g.help(func(e uint64) uint64 {
		if k <= cTagBits {
			return (e >> cIdxBits) >> (cTagBits - k) // home from the tag's bits
		}
		buf = t.decode(buf, t.raw(e&cIdxMask-1))
		return xxh3.Hash(buf) >> g.shift
	})
}

// decode returns the state whose stored bytes are r.
func (t *Shared) decode(dst, r []byte) []byte {
	if !t.zs {
		return append(dst[:0], r...)
	}
	return decodeZS(dst[:0], r)
}

// The methods below make a Shared a Set for the reports that read the
// states after the search (one goroutine, the workers done).

var _ Set = (*Shared)(nil)

// Insert implements Set, as worker 0.
func (t *Shared) Insert(s []byte) (uint64, bool, error) {
	return t.ws[0].Insert(s, Hash(s))
}

// Lookup implements Set, as worker 0.
func (t *Shared) Lookup(s []byte) (uint64, bool) { return t.ws[0].Lookup(s, Hash(s)) }

// State implements Set: valid until the next call of State or Each.
func (t *Shared) State(idx uint64) []byte {
	t.dec = t.decode(t.dec, t.raw(idx))
	return t.dec
}

// Each implements Set.
func (t *Shared) Each(f func(idx uint64, s []byte) bool) {
	for _, e := range *t.buckets.Load() {
		if e != 0 {
			idx := e&cIdxMask - 1
			if !f(idx, t.State(idx)) {
				return
			}
		}
	}
}
