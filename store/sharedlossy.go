package store

import (
	"fmt"
	"math"
	"sync/atomic"

	"github.com/zeebo/xxh3"
)

// The lossy stores shared by the workers of a parallel search: hash
// compaction (SharedHC) and bitstate (SharedBitstate), the concurrent
// forms of HashCompact and Bitstate. Both are fixed arrays of 64-bit words
// written with atomic operations only (a compare-and-swap claims a
// signature's cell, an atomic OR sets a state's bits): no lock, no
// growth, nobody waits. They keep no state's bytes (the search keeps those
// of its stack), and like their sequential forms they may omit states;
// Omission sums each worker's estimate.

// lossyBatch: a worker adds its count of new states (or bits set) to the
// shared count every lossyBatch (see cBatch).
const lossyBatch = 64

// SharedHC is hash compaction shared by the workers: b-bit signatures in
// an open-addressed table with linear probing, as HashCompact (the same
// hash, home cell and signature, 0 marking an empty cell), except that a
// cell never straddles two words, so that one compare-and-swap of its
// word claims it: a word holds 64/b cells (with b dividing 64, as the
// default 64 and 32, 16 or 8, the same cells in the same memory as
// HashCompact; otherwise 64 mod b bits of each word are unused). Of
// several workers inserting equal states at once exactly one adds it (the
// one whose swap claims the cell; the others then find the signature).
//
// An index is the state's cell. With MarkDone a worker marks a cell's
// state done, in a bit array beside the cells (EnableDone).
type SharedHC struct {
	words []uint64
	b     uint
	mask  uint64
	per   uint64 // cells per word
	cells uint64
	maxN  int64
	seed  uint64
	count atomic.Int64
	done  []uint64 // one bit per cell, when EnableDone
	ws    []hcWorker
}

type hcWorker struct {
	t      *SharedHC
	n      int64
	batch  int64
	probes int64
	expect float64
	_      [64]byte
}

var (
	_ ConcurrentSet = (*SharedHC)(nil)
	_ Lossy         = (*SharedHC)(nil)
	_ DoneMarker    = (*SharedHC)(nil)
)

// NewSharedHC returns a table of b-bit signatures in mem bytes for the
// given number of workers.
func NewSharedHC(workers int, mem int64, b int, seed uint64) (*SharedHC, error) {
	if b < 4 || b > 64 {
		return nil, fmt.Errorf("hash compaction: %d-bit signatures (want 4 to 64)", b)
	}
	per := uint64(64 / b)
	words := uint64(mem) / 8
	cells := words * per
	if cells < 16 {
		return nil, fmt.Errorf("hash compaction: %d bytes hold %d cells of %d bits (at least 16)", mem, cells, b)
	}
	t := &SharedHC{words: make([]uint64, words), b: uint(b), per: per, cells: cells, seed: seed, ws: make([]hcWorker, max(workers, 1))}
	prefault64(t.words)
	t.mask = ^uint64(0) >> (64 - uint(b))
	t.maxN = int64(float64(cells) * maxLoadHC)
	for i := range t.ws {
		t.ws[i].t = t
	}
	return t, nil
}

// EnableDone keeps a done bit per cell (MarkDone, Done); call it before
// the search.
func (t *SharedHC) EnableDone() {
	t.done = make([]uint64, (t.cells+63)/64)
	prefault64(t.done)
}

// MarkDone implements DoneMarker.
func (t *SharedHC) MarkDone(idx uint64) { atomic.OrUint64(&t.done[idx>>6], 1<<(idx&63)) }

// Done implements DoneMarker.
func (t *SharedHC) Done(idx uint64) bool {
	return atomic.LoadUint64(&t.done[idx>>6])&(1<<(idx&63)) != 0
}

// Handle implements ConcurrentSet.
func (t *SharedHC) Handle(w int) SetHandle { return &t.ws[w] }

func (t *SharedHC) hash(s []byte) (home, sig uint64) {
	x := xxh3.Hash128Seed(s, t.seed)
	sig = x.Lo & t.mask
	if sig == 0 {
		sig = 1
	}
	return mulHi(x.Hi, t.cells), sig
}

// PrefetchSlot implements SetHandle (nothing: the hash is not Hash).
func (w *hcWorker) PrefetchSlot(uint64) {}

// Pause implements SetHandle (the table never grows).
func (w *hcWorker) Pause() {}

// Insert implements SetHandle; h is ignored (the signature comes from
// the store's own seeded hash).
func (w *hcWorker) Insert(s []byte, _ uint64) (uint64, bool, error) {
	t := w.t
	i, sig := t.hash(s)
	c := 0
	for range t.cells {
		p := &t.words[i/t.per]
		sh := uint(i%t.per) * t.b
		for {
			old := atomic.LoadUint64(p)
			v := old >> sh & t.mask
			if v == sig {
				return i, false, nil
			}
			if v != 0 {
				break
			}
			if t.count.Load()+w.batch >= t.maxN {
				return 0, false, errTableFull
			}
			if atomic.CompareAndSwapUint64(p, old, old|sig<<sh) {
				w.added(c)
				return i, true, nil
			}
			// another cell of the word changed, or this one: look again
		}
		c++
		if i++; i == t.cells {
			i = 0
		}
	}
	return 0, false, errTableFull
}

func (w *hcWorker) added(c int) {
	w.n++
	w.probes += int64(c)
	if c > 0 {
		p := float64(c) / float64(w.t.mask)
		if p < 1 {
			w.expect += p / (1 - p)
		} else {
			w.expect += float64(c)
		}
	}
	if w.batch++; w.batch == lossyBatch {
		w.t.count.Add(lossyBatch)
		w.batch = 0
	}
}

// Lookup implements SetHandle.
func (w *hcWorker) Lookup(s []byte, _ uint64) (uint64, bool) { return w.t.lookup(s) }

func (t *SharedHC) lookup(s []byte) (uint64, bool) {
	i, sig := t.hash(s)
	for range t.cells {
		v := atomic.LoadUint64(&t.words[i/t.per]) >> (uint(i%t.per) * t.b) & t.mask
		if v == 0 {
			return 0, false
		}
		if v == sig {
			return i, true
		}
		if i++; i == t.cells {
			i = 0
		}
	}
	return 0, false
}

// Len implements ConcurrentSet and Set (once the workers are done).
func (t *SharedHC) Len() int {
	var n int64
	for i := range t.ws {
		n += t.ws[i].n
	}
	return int(n)
}

// Stats implements ConcurrentSet and Set.
func (t *SharedHC) Stats() Stats {
	var probes int64
	for i := range t.ws {
		probes += t.ws[i].probes
	}
	return Stats{States: t.Len(), Slots: int(t.cells), Conflicts: probes, TableBytes: int64(len(t.words))*8 + int64(len(t.done))*8}
}

// Insert implements Set, as worker 0 (after the search).
func (t *SharedHC) Insert(s []byte) (uint64, bool, error) { return t.ws[0].Insert(s, 0) }

// Lookup implements Set.
func (t *SharedHC) Lookup(s []byte) (uint64, bool) { return t.lookup(s) }

// State implements Set: a signature is not a state (nil).
func (t *SharedHC) State(uint64) []byte { return nil }

// Each implements Set: there are no states to visit.
func (t *SharedHC) Each(func(uint64, []byte) bool) {}

// Storage implements Lossy.
func (t *SharedHC) Storage() Storage {
	return Storage{Mode: ModeHC, Bytes: int64(len(t.words)) * 8, Cells: int64(t.cells), HCBits: int(t.b), Seed: t.seed, Fill: float64(t.Len()) / float64(t.cells)}
}

// Omission implements Lossy: the sum of the workers' estimates (each
// insert's probability of a collision on its probe sequence, as
// HashCompact's).
func (t *SharedHC) Omission() Omission {
	var e float64
	for i := range t.ws {
		e += t.ws[i].expect
	}
	return omission(e)
}

// SharedBitstate is bitstate hashing shared by the workers: Bitstate's k
// indices per state in one bit array, each set with an atomic OR. A state
// is new when one of its bits was 0 before this worker's OR; of several
// workers inserting equal states at once, one at least finds it new (the
// one whose OR first sets one of its bits; another may too, when the
// ORs of their k bits interleave: then both expand it, as after an
// omission of the other kind: the search explores no fewer states, and
// Len counts it twice).
type SharedBitstate struct {
	bits []uint64
	m    uint64
	k    int
	seed uint64
	ones atomic.Int64 // bits set, up to lossyBatch per worker behind
	ws   []bsWorker
}

type bsWorker struct {
	t      *SharedBitstate
	n      int64
	ones   int64
	batch  int64
	expect float64
	_      [64]byte
}

var (
	_ ConcurrentSet = (*SharedBitstate)(nil)
	_ Lossy         = (*SharedBitstate)(nil)
)

// NewSharedBitstate returns a bit array of mem bytes with k indices per
// state, for the given number of workers.
func NewSharedBitstate(workers int, mem int64, k int, seed uint64) (*SharedBitstate, error) {
	if k < 1 || k > 64 {
		return nil, fmt.Errorf("bitstate: %d indices per state (want 1 to 64)", k)
	}
	m := uint64(mem) * 8
	if m < 64 {
		return nil, fmt.Errorf("bitstate: %d bytes (at least 8)", mem)
	}
	t := &SharedBitstate{bits: make([]uint64, (m+63)/64), m: m, k: k, seed: seed, ws: make([]bsWorker, max(workers, 1))}
	prefault64(t.bits)
	for i := range t.ws {
		t.ws[i].t = t
	}
	return t, nil
}

// Handle implements ConcurrentSet.
func (t *SharedBitstate) Handle(w int) SetHandle { return &t.ws[w] }

// PrefetchSlot implements SetHandle (nothing).
func (w *bsWorker) PrefetchSlot(uint64) {}

// Pause implements SetHandle.
func (w *bsWorker) Pause() {}

// Insert implements SetHandle (h is ignored: the indices come from the
// store's own seeded hash).
func (w *bsWorker) Insert(s []byte, _ uint64) (uint64, bool, error) {
	t := w.t
	x := xxh3.Hash128Seed(s, t.seed)
	idx := x.Hi >> 1
	if t.has(x) {
		return idx, false, nil
	}
	f := float64(t.ones.Load()) / float64(t.m)
	p := math.Pow(f, float64(t.k))
	added := false
	i, d := mulHi(x.Hi, t.m), mulHi(x.Lo, t.m)
	for j := 0; j < t.k; j++ {
		bit := uint64(1) << (i & 63)
		if atomic.OrUint64(&t.bits[i>>6], bit)&bit == 0 {
			added = true
			w.ones++
			if w.batch++; w.batch == lossyBatch {
				t.ones.Add(lossyBatch)
				w.batch = 0
			}
		}
		if i += d; i >= t.m {
			i -= t.m
		}
		if d += uint64(j + 1); d >= t.m {
			d -= t.m
		}
	}
	if !added {
		return idx, false, nil // another worker set the bits meanwhile
	}
	if p < 1 {
		w.expect += p / (1 - p)
	}
	w.n++
	return idx, true, nil
}

func (t *SharedBitstate) has(x xxh3.Uint128) bool {
	i, d := mulHi(x.Hi, t.m), mulHi(x.Lo, t.m)
	for j := 0; j < t.k; j++ {
		if atomic.LoadUint64(&t.bits[i>>6])&(1<<(i&63)) == 0 {
			return false
		}
		if i += d; i >= t.m {
			i -= t.m
		}
		if d += uint64(j + 1); d >= t.m {
			d -= t.m
		}
	}
	return true
}

// Lookup implements SetHandle.
func (w *bsWorker) Lookup(s []byte, _ uint64) (uint64, bool) { return w.t.Lookup(s) }

// Lookup implements Set.
func (t *SharedBitstate) Lookup(s []byte) (uint64, bool) {
	x := xxh3.Hash128Seed(s, t.seed)
	if !t.has(x) {
		return 0, false
	}
	return x.Hi >> 1, true
}

// Insert implements Set, as worker 0 (after the search).
func (t *SharedBitstate) Insert(s []byte) (uint64, bool, error) { return t.ws[0].Insert(s, 0) }

// Len implements ConcurrentSet and Set: the states added.
func (t *SharedBitstate) Len() int {
	var n int64
	for i := range t.ws {
		n += t.ws[i].n
	}
	return int(n)
}

// Stats implements ConcurrentSet and Set.
func (t *SharedBitstate) Stats() Stats {
	return Stats{States: t.Len(), TableBytes: int64(len(t.bits)) * 8}
}

// State implements Set: nil.
func (t *SharedBitstate) State(uint64) []byte { return nil }

// Each implements Set: nothing to visit.
func (t *SharedBitstate) Each(func(uint64, []byte) bool) {}

// Storage implements Lossy.
func (t *SharedBitstate) Storage() Storage {
	var ones int64
	for i := range t.ws {
		ones += t.ws[i].ones
	}
	return Storage{Mode: ModeBitstate, Bytes: int64(len(t.bits)) * 8, Bits: int64(t.m), K: t.k, Seed: t.seed, Fill: float64(ones) / float64(t.m)}
}

// Omission implements Lossy: the sum of the workers' estimates.
func (t *SharedBitstate) Omission() Omission {
	var e float64
	for i := range t.ws {
		e += t.ws[i].expect
	}
	return omission(e)
}
