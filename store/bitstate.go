package store

import (
	"fmt"
	"math"

	"github.com/zeebo/xxh3"
)

// Bitstate is bitstate hashing (Holzmann's supertrace): a state is
// stored as k bits of one bit array, of any size m. Its k indices come
// from one 128-bit hash by enhanced double hashing (Dillinger and
// Manolios): x = h1 mod m, y = h2 mod m, then x += y, y += i (mod m) for
// the i-th next index, which keeps the accuracy of k independent hash
// functions at the cost of one.
//
// A new state whose k bits are all set already is taken for a stored
// one: an omission. At each state added, with a fraction f of the bits
// set, the chance that a new state was omitted is p = f^k; Omission sums
// p/(1-p) over the states added, an unbiased estimate of the expected
// number omitted among all the new states.
//
// An index (Insert, Lookup) is the state's hash (63 bits), a stable key
// for the search's maps that two states share only when their hashes
// collide.
type Bitstate struct {
	bits   []uint64
	m      uint64
	k      int
	seed   uint64
	n      int64
	ones   uint64 // bits set
	expect float64
}

var _ Lossy = (*Bitstate)(nil)

// NewBitstate returns a bit array of mem bytes (8*mem bits) with k
// indices per state.
func NewBitstate(mem int64, k int, seed uint64) (*Bitstate, error) {
	if k < 1 || k > 64 {
		return nil, fmt.Errorf("bitstate: %d indices per state (want 1 to 64)", k)
	}
	m := uint64(mem) * 8
	if m < 64 {
		return nil, fmt.Errorf("bitstate: %d bytes (at least 8)", mem)
	}
	b := &Bitstate{bits: make([]uint64, (m+63)/64), m: m, k: k, seed: seed}
	prefault64(b.bits)
	return b, nil
}

// Insert implements Set.
func (b *Bitstate) Insert(s []byte) (uint64, bool, error) {
	x := xxh3.Hash128Seed(s, b.seed)
	idx := x.Hi >> 1
	if b.has(x) {
		return idx, false, nil
	}
	f := float64(b.ones) / float64(b.m)
	if p := math.Pow(f, float64(b.k)); p < 1 {
		b.expect += p / (1 - p)
	}
	i, d := mulHi(x.Hi, b.m), mulHi(x.Lo, b.m)
	for j := 0; j < b.k; j++ {
		w, bit := i>>6, uint64(1)<<(i&63)
		if b.bits[w]&bit == 0 {
			b.bits[w] |= bit
			b.ones++
		}
		if i += d; i >= b.m {
			i -= b.m
		}
		if d += uint64(j + 1); d >= b.m {
			d -= b.m
		}
	}
	b.n++
	return idx, true, nil
}

// has says whether all the bits of the state of hash x are set.
func (b *Bitstate) has(x xxh3.Uint128) bool {
	i, d := mulHi(x.Hi, b.m), mulHi(x.Lo, b.m)
	for j := 0; j < b.k; j++ {
		if b.bits[i>>6]&(1<<(i&63)) == 0 {
			return false
		}
		if i += d; i >= b.m {
			i -= b.m
		}
		if d += uint64(j + 1); d >= b.m {
			d -= b.m
		}
	}
	return true
}

// Lookup implements Set.
func (b *Bitstate) Lookup(s []byte) (uint64, bool) {
	x := xxh3.Hash128Seed(s, b.seed)
	if !b.has(x) {
		return 0, false
	}
	return x.Hi >> 1, true
}

// State implements Set: a bitstate store keeps no state (nil).
func (b *Bitstate) State(uint64) []byte { return nil }

// Len implements Set: the states added (some bits of each may be shared).
func (b *Bitstate) Len() int { return int(b.n) }

// Each implements Set: there are no states to visit.
func (b *Bitstate) Each(func(uint64, []byte) bool) {}

// Stats implements Set.
func (b *Bitstate) Stats() Stats {
	return Stats{States: int(b.n), TableBytes: int64(len(b.bits)) * 8}
}

// Storage implements Lossy.
func (b *Bitstate) Storage() Storage {
	return Storage{Mode: ModeBitstate, Bytes: int64(len(b.bits)) * 8, Bits: int64(b.m), K: b.k, Seed: b.seed, Fill: float64(b.ones) / float64(b.m)}
}

// Omission implements Lossy.
func (b *Bitstate) Omission() Omission { return omission(b.expect) }
