// Package store keeps the set of visited states of a search.
//
// States are byte vectors of any length. They are copied into large byte
// arenas (no Go allocation per state, nothing for the garbage collector to
// scan) and indexed by an open-addressing hash table of 8-byte slots. A
// slot holds the state's arena offset and a tag of hash bits, so most
// failed probes are rejected without touching the arena.
//
// The search sees only the Set interface (insert-if-absent returning the
// state's index), so state compression, hash compaction, bitstate hashing or
// a concurrent table can be put behind it later.
package store

import (
	"encoding/binary"
	"errors"
	"math/bits"

	"github.com/zeebo/xxh3"
)

// Set is a set of states that hands out a stable index for each.
type Set interface {
	// Insert adds s unless an equal state is present. It returns the
	// state's index and whether it was added. The set copies s.
	Insert(s []byte) (idx uint64, added bool, err error)
	// State returns the stored bytes of the state with index idx. The
	// slice aliases the store: callers must not modify it.
	State(idx uint64) []byte
	// Len is the number of stored states.
	Len() int
	// Each calls f for every stored state, in no particular order, until
	// f returns false.
	Each(f func(idx uint64, s []byte) bool)
	// Stats describes the memory in use.
	Stats() Stats
}

// Stats reports a set's size and memory use.
type Stats struct {
	States      int
	Slots       int   // hash table slots
	Conflicts   int64 // probes that hit another state's slot
	TableBytes  int64 // bytes of the hash table
	ArenaBytes  int64 // bytes allocated for state storage
	StoredBytes int64 // bytes of state data held (including length prefixes)
}

// Memory is the total memory of the set in bytes.
func (s Stats) Memory() int64 { return s.TableBytes + s.ArenaBytes }

// ErrMemLimit is returned by Insert when storing the state would exceed
// the memory limit.
var ErrMemLimit = errors.New("memory limit reached")

const (
	chunkShift = 22 // 4 MiB arena chunks
	chunkSize  = 1 << chunkShift
	offsetBits = 40 // arena offsets up to 1 TiB
	offsetMask = 1<<offsetBits - 1
	tagShift   = offsetBits
	maxLoad    = 0.75
)

// Table is the default Set: a hash table over byte arenas.
type Table struct {
	slots     []uint64 // 0 = empty; else tag<<40 | (arena offset + 1)
	mask      uint64
	n         int
	limit     int // grow when n reaches limit
	chunks    [][]byte
	used      int // bytes used in the last chunk
	stored    int64
	conflicts int64
	memLimit  int64 // 0 = none
}

// New returns a table sized for about 1<<sizeLog2 states before its first
// growth (pan's -w), limited to memLimit bytes in total (0: no limit).
func New(sizeLog2 int, memLimit int64) *Table {
	if sizeLog2 < 4 {
		sizeLog2 = 4
	}
	if sizeLog2 > 34 {
		sizeLog2 = 34
	}
	t := &Table{memLimit: memLimit}
	t.slots = make([]uint64, 1<<sizeLog2)
	t.mask = uint64(len(t.slots) - 1)
	t.limit = int(float64(len(t.slots)) * maxLoad)
	return t
}

// Hash is the hash used for states.
func Hash(s []byte) uint64 { return xxh3.Hash(s) }

// Insert implements Set.
func (t *Table) Insert(s []byte) (uint64, bool, error) {
	h := xxh3.Hash(s)
	tag := h >> tagShift // top 24 bits; the slot index uses the low bits
	i := h & t.mask
	for {
		e := t.slots[i]
		if e == 0 {
			break
		}
		if e>>tagShift == tag {
			off := e&offsetMask - 1
			if string(t.State(off)) == string(s) {
				return off, false, nil
			}
		}
		t.conflicts++
		i = (i + 1) & t.mask
	}
	if t.n >= t.limit {
		if err := t.grow(); err != nil {
			return 0, false, err
		}
		return t.Insert(s)
	}
	off, err := t.append(s)
	if err != nil {
		return 0, false, err
	}
	t.slots[i] = tag<<tagShift | (off + 1)
	t.n++
	return off, true, nil
}

// Lookup returns the index of s if it is stored.
func (t *Table) Lookup(s []byte) (uint64, bool) {
	h := xxh3.Hash(s)
	tag := h >> tagShift
	i := h & t.mask
	for {
		e := t.slots[i]
		if e == 0 {
			return 0, false
		}
		if e>>tagShift == tag {
			off := e&offsetMask - 1
			if string(t.State(off)) == string(s) {
				return off, true
			}
		}
		i = (i + 1) & t.mask
	}
}

// append copies s, prefixed by its length, into the arena. The length
// takes two bytes (little endian); states of 65535 bytes or more have the
// marker 0xFFFF followed by a four-byte length.
func (t *Table) append(s []byte) (uint64, error) {
	np := 2
	if len(s) >= 0xFFFF {
		np = 6
	}
	need := np + len(s)
	if need > chunkSize {
		return 0, errors.New("state too large")
	}
	if len(t.chunks) == 0 || t.used+need > chunkSize {
		if err := t.reserve(chunkSize); err != nil {
			return 0, err
		}
		t.chunks = append(t.chunks, make([]byte, chunkSize))
		t.used = 0
	}
	c := len(t.chunks) - 1
	off := uint64(c)<<chunkShift | uint64(t.used)
	if off > offsetMask {
		return 0, ErrMemLimit
	}
	buf := t.chunks[c][t.used : t.used+need]
	if np == 2 {
		binary.LittleEndian.PutUint16(buf, uint16(len(s)))
	} else {
		binary.LittleEndian.PutUint16(buf, 0xFFFF)
		binary.LittleEndian.PutUint32(buf[2:], uint32(len(s)))
	}
	copy(buf[np:], s)
	t.used += need
	t.stored += int64(need)
	return off, nil
}

func (t *Table) reserve(extra int64) error {
	if t.memLimit > 0 && t.Stats().Memory()+extra > t.memLimit {
		return ErrMemLimit
	}
	return nil
}

func (t *Table) grow() error {
	newLen := len(t.slots) * 2
	if err := t.reserve(int64(newLen) * 8); err != nil {
		return err
	}
	old := t.slots
	t.slots = make([]uint64, newLen)
	t.mask = uint64(newLen - 1)
	t.limit = int(float64(newLen) * maxLoad)
	for _, e := range old {
		if e == 0 {
			continue
		}
		h := xxh3.Hash(t.State(e&offsetMask - 1))
		i := h & t.mask
		for t.slots[i] != 0 {
			i = (i + 1) & t.mask
		}
		t.slots[i] = e
	}
	return nil
}

// State implements Set.
func (t *Table) State(idx uint64) []byte {
	c := t.chunks[idx>>chunkShift]
	o := int(idx & (chunkSize - 1))
	n := int(binary.LittleEndian.Uint16(c[o:]))
	o += 2
	if n == 0xFFFF {
		n = int(binary.LittleEndian.Uint32(c[o:]))
		o += 4
	}
	return c[o : o+n : o+n]
}

// Len implements Set.
func (t *Table) Len() int { return t.n }

// Each implements Set.
func (t *Table) Each(f func(idx uint64, s []byte) bool) {
	for _, e := range t.slots {
		if e != 0 {
			off := e&offsetMask - 1
			if !f(off, t.State(off)) {
				return
			}
		}
	}
}

// Stats implements Set.
func (t *Table) Stats() Stats {
	return Stats{
		States:      t.n,
		Slots:       len(t.slots),
		Conflicts:   t.conflicts,
		TableBytes:  int64(len(t.slots)) * 8,
		ArenaBytes:  int64(len(t.chunks)) * chunkSize,
		StoredBytes: t.stored,
	}
}

// SizeLog2 returns the smallest k with 1<<k >= n (for sizing hints).
func SizeLog2(n int) int {
	if n <= 1 {
		return 0
	}
	return bits.Len(uint(n - 1))
}
