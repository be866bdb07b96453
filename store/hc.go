package store

import (
	"errors"
	"fmt"

	"github.com/zeebo/xxh3"
)

// HashCompact is hash compaction (Wolper and Leroy; Stern and Dill): each
// state is kept as a signature of b bits (4 to 64) of its hash, in an
// open-addressed table with linear probing. The table has any number of
// cells (its home cell is a multiply-shift range reduction of the hash,
// not a mask), packed b bits each; 0 marks an empty cell, so signatures
// take the 2^b-1 other values (as 3Spin does, rather than a flag bit).
//
// A new state whose signature equals that of a stored state met on its
// probe sequence is taken for it: an omission. Omission sums, over the
// states added, the probability that their insertion met such a
// collision, p = c/(2^b-1) for c occupied cells probed, as p/(1-p): an
// unbiased estimate of the expected number omitted over all the new
// states, the omitted ones included.
//
// An index (Insert, Lookup) is the state's cell: a stable key.
type HashCompact struct {
	packed // the cells
	cells  uint64
	n      int64
	maxN   int64 // the table counts as full at maxLoadHC
	seed   uint64
	expect float64 // Σ p/(1-p) over the states added
	probes int64
}

// maxLoadHC is the fill at which a hash-compaction table refuses new
// states (ErrMemLimit): linear probing slows down sharply beyond it.
const maxLoadHC = 0.9

var _ Lossy = (*HashCompact)(nil)

// NewHashCompact returns a table of b-bit signatures in mem bytes.
func NewHashCompact(mem int64, b int, seed uint64) (*HashCompact, error) {
	if b < 4 || b > 64 {
		return nil, fmt.Errorf("hash compaction: %d-bit signatures (want 4 to 64)", b)
	}
	cells := uint64(mem) * 8 / uint64(b)
	if cells < 16 {
		return nil, fmt.Errorf("hash compaction: %d bytes hold %d cells of %d bits (at least 16)", mem, cells, b)
	}
	words := packedWords(cells, uint(b))
	h := &HashCompact{packed: packed{words: make([]uint64, words), b: uint(b)}, cells: cells, seed: seed}
	prefault64(h.words)
	h.mask = ^uint64(0) >> (64 - uint(b))
	h.maxN = int64(float64(cells) * maxLoadHC)
	return h, nil
}

// hash returns the home cell and the signature of s.
func (h *HashCompact) hash(s []byte) (home, sig uint64) {
	x := xxh3.Hash128Seed(s, h.seed)
	sig = x.Lo & h.mask
	if sig == 0 {
		sig = 1
	}
	return mulHi(x.Hi, h.cells), sig
}

// errTableFull is returned when the table reaches maxLoadHC.
var errTableFull = fmt.Errorf("hash-compaction table full: %w", ErrMemLimit)

// Insert implements Set.
func (h *HashCompact) Insert(s []byte) (uint64, bool, error) {
	i, sig := h.hash(s)
	c := 0
	for {
		v := h.get(i)
		if v == 0 {
			break
		}
		if v == sig {
			return i, false, nil
		}
		c++
		if i++; i == h.cells {
			i = 0
		}
	}
	if h.n >= h.maxN {
		return 0, false, errTableFull
	}
	h.set(i, sig)
	h.n++
	h.probes += int64(c)
	if c > 0 {
		p := float64(c) / float64(h.mask) // mask = 2^b-1 signature values
		if p < 1 {
			h.expect += p / (1 - p)
		} else {
			h.expect += float64(c)
		}
	}
	return i, true, nil
}

// Lookup implements Set.
func (h *HashCompact) Lookup(s []byte) (uint64, bool) {
	i, sig := h.hash(s)
	for {
		v := h.get(i)
		if v == 0 {
			return 0, false
		}
		if v == sig {
			return i, true
		}
		if i++; i == h.cells {
			i = 0
		}
	}
}

// State implements Set: a signature is not a state (nil).
func (h *HashCompact) State(uint64) []byte { return nil }

// Len implements Set.
func (h *HashCompact) Len() int { return int(h.n) }

// Each implements Set: there are no states to visit.
func (h *HashCompact) Each(func(uint64, []byte) bool) {}

// Stats implements Set.
func (h *HashCompact) Stats() Stats {
	return Stats{States: int(h.n), Slots: int(h.cells), Conflicts: h.probes, TableBytes: int64(len(h.words)) * 8}
}

// Storage implements Lossy.
func (h *HashCompact) Storage() Storage {
	return Storage{Mode: ModeHC, Bytes: int64(len(h.words)) * 8, Cells: int64(h.cells), HCBits: int(h.b), Seed: h.seed, Fill: float64(h.n) / float64(h.cells)}
}

// Omission implements Lossy.
func (h *HashCompact) Omission() Omission { return omission(h.expect) }

// IsTableFull says whether err is a hash-compaction table's refusal of a
// state once it is full (an ErrMemLimit).
func IsTableFull(err error) bool { return errors.Is(err, errTableFull) }
