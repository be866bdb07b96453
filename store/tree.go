package store

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// Tree is tree compression (Laarman, van de Pol and Weber, "Parallel
// Recursive State Compression for Free"): a state is a binary tree whose
// leaves are the 32-bit words of its vector and whose nodes are pairs of
// indices into one shared table of 64-bit pairs (the node table); equal
// parts of different states, the globals of a state and the same process
// in many others, are stored once. A state is then its root pair, kept in
// a compact root set (Laarman's Compact Tree: the root table keeps, in
// each cell, only the bits of the root that its position does not imply).
//
// The vector is prefixed with its length (one word) and padded with zero
// words to a capacity C, a power of two (at least 4); node p of the heap
// over [0, C) covers half of its parent's words, and a node of two words
// is the pair of the words themselves. The zero padding is shared, like
// any part.
//
// Insertion is incremental: the tree of the state inserted last is
// kept, and only the parts of a new state that differ from it (for the
// successors of one state, usually one process's words and the globals)
// are looked up in the node table.
//
// An index (Insert, Lookup) is the root: class<<59 | left<<32 | right,
// with class log2 C, so State rebuilds the state from it. Node indices
// are therefore below 2^27 (ErrMemLimit beyond, "tree: node table full").
type Tree struct {
	vals   [][]uint64 // the node table: node i is vals[i>>nodeChunkShift][i&nodeChunkMask]
	nn     uint32     // nodes
	nslots []uint32   // hash index of the node table: node+1, 0 empty
	nshift uint
	nlimit uint32

	roots rootSet

	// the incremental cache: the words and the node at each heap
	// position of the state inserted last (class cc)
	cc      uint
	prevW   []uint32
	prevN   []uint32
	cacheOK bool

	words []uint32
	dec   []byte

	memLimit int64
	guard    func(extra int64) bool
	allocd   int64 // bytes allocated (node chunks, indexes, root set)
}

const (
	nodeChunkShift = 16
	nodeChunkMask  = 1<<nodeChunkShift - 1
	nodeBits       = 27
	maxNodes       = 1 << nodeBits
	classShift     = 59
)

var _ GuardedSet = (*Tree)(nil)

// ErrTreeFull is returned when the node table reaches 2^27 nodes.
var ErrTreeFull = errors.New("tree: node table full (2^27 nodes)")

// NewTree returns an empty tree store sized for about 1<<sizeLog2 states
// before its root set first grows (at most MaxInitialLog2), limited to
// memLimit bytes (0: none).
func NewTree(sizeLog2 int, memLimit int64) *Tree {
	sizeLog2 = min(max(sizeLog2, 4), MaxInitialLog2)
	t := &Tree{memLimit: memLimit}
	t.roots.initLog2 = uint(sizeLog2)
	return t
}

// SetGuard implements GuardedSet.
func (t *Tree) SetGuard(f func(extra int64) bool) { t.guard = f }

func (t *Tree) reserve(extra int64) error {
	if t.memLimit > 0 && t.allocd+extra > t.memLimit {
		return ErrMemLimit
	}
	if t.guard != nil && !t.guard(extra) {
		return ErrMemLimit
	}
	t.allocd += extra
	return nil
}

func mix64(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

func (t *Tree) node(i uint32) uint64 { return t.vals[i>>nodeChunkShift][i&nodeChunkMask] }

// findNode returns the index of node value v, adding it when add is set.
func (t *Tree) findNode(v uint64, add bool) (uint32, bool, error) {
	if t.nslots == nil {
		if !add {
			return 0, false, nil
		}
		if err := t.growNodes(); err != nil {
			return 0, false, err
		}
	}
	mask := uint64(len(t.nslots) - 1)
	i := mix64(v) >> t.nshift
	for {
		e := t.nslots[i]
		if e == 0 {
			break
		}
		if t.node(e-1) == v {
			return e - 1, true, nil
		}
		i = (i + 1) & mask
	}
	if !add {
		return 0, false, nil
	}
	if t.nn >= t.nlimit {
		if err := t.growNodes(); err != nil {
			return 0, false, err
		}
		return t.findNode(v, add)
	}
	if t.nn >= maxNodes {
		return 0, false, ErrTreeFull
	}
	c := t.nn >> nodeChunkShift
	if int(c) == len(t.vals) {
		if err := t.reserve(8 << nodeChunkShift); err != nil {
			return 0, false, err
		}
		t.vals = append(t.vals, make([]uint64, 1<<nodeChunkShift))
	}
	t.vals[c][t.nn&nodeChunkMask] = v
	t.nslots[i] = t.nn + 1
	t.nn++
	return t.nn - 1, true, nil
}

// growNodes doubles the node table's index (allocating the first).
func (t *Tree) growNodes() error {
	n := 1 << 12
	if t.nslots != nil {
		n = 2 * len(t.nslots)
	}
	if err := t.reserve(int64(n) * 4); err != nil {
		return err
	}
	if t.nslots != nil {
		t.allocd -= int64(len(t.nslots)) * 4
	}
	t.nslots = make([]uint32, n)
	prefault32(t.nslots)
	t.nshift = uint(64 - bits.TrailingZeros(uint(n)))
	t.nlimit = uint32(n / 4 * 3)
	mask := uint64(n - 1)
	for k := uint32(0); k < t.nn; k++ {
		i := mix64(t.node(k)) >> t.nshift
		for t.nslots[i] != 0 {
			i = (i + 1) & mask
		}
		t.nslots[i] = k + 1
	}
	return nil
}

// load fills t.words with s's words (length first, zero-padded to the
// capacity) and returns the class log2 C.
func (t *Tree) load(s []byte) uint {
	w := 1 + (len(s)+3)/4
	cls := uint(2)
	for 1<<cls < w {
		cls++
	}
	c := 1 << cls
	if cap(t.words) < c {
		t.words = make([]uint32, c)
	}
	t.words = t.words[:c]
	t.words[0] = uint32(len(s))
	i, j := 0, 1
	for ; i+4 <= len(s); i, j = i+4, j+1 {
		t.words[j] = binary.LittleEndian.Uint32(s[i:])
	}
	if i < len(s) {
		var b [4]byte
		copy(b[:], s[i:])
		t.words[j] = binary.LittleEndian.Uint32(b[:])
		j++
	}
	clear(t.words[j:])
	return cls
}

// build returns the node of heap position p over words [lo, hi) (hi-lo
// at least 2), reusing the cached tree where the words are unchanged;
// with add false, ok is false when some node is not stored.
func (t *Tree) build(p, lo, hi int, add bool) (uint32, bool, error) {
	if add && t.cacheOK && equalWords(t.words[lo:hi], t.prevW[lo:hi]) {
		return t.prevN[p], true, nil
	}
	var v uint64
	if hi-lo == 2 {
		v = uint64(t.words[lo])<<32 | uint64(t.words[lo+1])
	} else {
		mid := (lo + hi) / 2
		l, ok, err := t.build(2*p, lo, mid, add)
		if !ok || err != nil {
			return 0, ok, err
		}
		r, ok, err := t.build(2*p+1, mid, hi, add)
		if !ok || err != nil {
			return 0, ok, err
		}
		v = uint64(l)<<32 | uint64(r)
	}
	n, ok, err := t.findNode(v, add)
	if add && err == nil {
		t.prevN[p] = n
	}
	return n, ok, err
}

func equalWords(a, b []uint32) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// root computes the root key of s (adding its nodes when add is set).
func (t *Tree) root(s []byte, add bool) (uint64, bool, error) {
	cls := t.load(s)
	c := 1 << cls
	if add {
		if cls != t.cc || len(t.prevW) != c {
			t.cc = cls
			t.prevW = make([]uint32, c)
			t.prevN = make([]uint32, c)
			t.cacheOK = false
		}
	}
	l, ok, err := t.build(2, 0, c/2, add)
	if !ok || err != nil {
		return 0, ok, err
	}
	r, ok, err := t.build(3, c/2, c, add)
	if !ok || err != nil {
		return 0, ok, err
	}
	if add {
		copy(t.prevW, t.words)
		t.cacheOK = true
	}
	return uint64(cls)<<classShift | uint64(l)<<32 | uint64(r), true, nil
}

// Insert implements Set.
func (t *Tree) Insert(s []byte) (uint64, bool, error) {
	key, _, err := t.root(s, true)
	if err != nil {
		t.cacheOK = false
		return 0, false, err
	}
	added, err := t.roots.insert(uint(key>>classShift), uint32(key>>32)&(maxNodes-1), uint32(key), t.reserve, &t.allocd)
	if err != nil {
		return 0, false, err
	}
	return key, added, nil
}

// Lookup implements Set.
func (t *Tree) Lookup(s []byte) (uint64, bool) {
	key, ok, _ := t.root(s, false)
	if !ok || !t.roots.has(uint(key>>classShift), uint32(key>>32)&(maxNodes-1), uint32(key)) {
		return 0, false
	}
	return key, true
}

// State implements Set: the state is rebuilt from its root into a buffer
// of the tree's, valid until the next call of State or Each.
func (t *Tree) State(idx uint64) []byte {
	cls := uint(idx >> classShift)
	c := 1 << cls
	if cap(t.words) < c {
		t.words = make([]uint32, c)
	}
	w := t.words[:c]
	t.unfold(uint32(idx>>32)&(maxNodes-1), w[:c/2])
	t.unfold(uint32(idx), w[c/2:])
	n := int(w[0])
	if cap(t.dec) < n+4 {
		t.dec = make([]byte, n+4)
	}
	d := t.dec[:(n+3)/4*4]
	for i := 0; i < len(d)/4; i++ {
		binary.LittleEndian.PutUint32(d[4*i:], w[1+i])
	}
	return d[:n:n]
}

// unfold writes the words of node i, which covers len(w) words.
func (t *Tree) unfold(i uint32, w []uint32) {
	v := t.node(i)
	if len(w) == 2 {
		w[0], w[1] = uint32(v>>32), uint32(v)
		return
	}
	h := len(w) / 2
	t.unfold(uint32(v>>32), w[:h])
	t.unfold(uint32(v), w[h:])
}

// Len implements Set.
func (t *Tree) Len() int { return t.roots.n }

// Each implements Set.
func (t *Tree) Each(f func(idx uint64, s []byte) bool) {
	t.roots.each(func(class uint, l, r uint32) bool {
		key := uint64(class)<<classShift | uint64(l)<<32 | uint64(r)
		return f(key, t.State(key))
	})
}

// Stats implements Set: the node table (values and index) and the root
// set; StoredBytes is the node values.
func (t *Tree) Stats() Stats {
	return Stats{
		States:      t.roots.n,
		Slots:       t.roots.cells(),
		TableBytes:  int64(len(t.nslots))*4 + t.roots.bytes(),
		ArenaBytes:  int64(len(t.vals)) * 8 << nodeChunkShift,
		StoredBytes: int64(t.nn) * 8,
	}
}

// Nodes is the number of nodes in the node table.
func (t *Tree) Nodes() int { return int(t.nn) }
