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
	// Lookup returns the index of s if it is stored, without adding it.
	Lookup(s []byte) (idx uint64, found bool)
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

// Prefetcher is a Set that can start loading what inserting a state will
// read, so that the cache misses of several insertions overlap (Table).
type Prefetcher interface {
	Set
	// PrefetchSlot starts loading the home slot of a state of Hash h.
	PrefetchSlot(h uint64)
	// InsertHashed is Insert for a state whose Hash is h.
	InsertHashed(s []byte, h uint64) (idx uint64, added bool, err error)
}

// HashedLookup is a Set that looks a state up by its Hash computed
// already (Table).
type HashedLookup interface {
	Set
	// LookupHashed is Lookup for a state whose Hash is h.
	LookupHashed(s []byte, h uint64) (idx uint64, found bool)
}

// AuxSet is a Set that keeps a few bytes of its user's beside each state
// (Table): per-state facts that would otherwise live in a map by index.
type AuxSet interface {
	Set
	// SetAux asks for n bytes (1 to 8) beside every state stored from now
	// on; it returns false, changing nothing, once a state is stored.
	SetAux(n int) bool
	// Aux returns the auxiliary bytes of the state at index idx, or nil
	// when the set keeps none.
	Aux(idx uint64) []byte
}

// GuardedSet is a Set that asks a guard before each allocation (Table).
type GuardedSet interface {
	Set
	// SetGuard makes the set call f with the bytes it is about to
	// allocate; when f returns false the allocation fails (ErrMemLimit).
	SetGuard(f func(extra int64) bool)
}

var (
	_ Prefetcher   = (*Table)(nil)
	_ AuxSet       = (*Table)(nil)
	_ HashedLookup = (*Table)(nil)
	_ GuardedSet   = (*Table)(nil)
)

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
	// firstChunk is the size the first chunk starts at: it doubles (a copy:
	// the offsets of its states do not change) until it is a whole chunk,
	// so that a search of a few states does not allocate and clear 4 MiB
	// (the random differential tests run thousands of small searches)
	firstChunk = 1 << 16
	offsetBits = 36 // arena offsets up to 64 GiB
	offsetMask = 1<<offsetBits - 1
	tagShift   = offsetBits
	tagBits    = 64 - offsetBits // the top bits of the hash, kept in the slot
	maxLoad    = 0.75
)

// Table is the default Set: a hash table over byte arenas.
type Table struct {
	slots []uint64 // 0 = empty; else tag<<36 | (arena offset + 1)
	mask  uint64
	// shift: a state's home slot is the top bits of its hash, h >> shift.
	// The slot keeps the top tagBits bits of the hash, so while the table
	// has at most 1<<tagBits slots it grows without rehashing any state.
	shift     uint
	n         int
	limit     int      // grow when n reaches limit
	chunks    [][]byte // all chunkSize long but the first (firstChunk)
	used      int      // bytes used in the last chunk
	arena     int64    // the chunks' bytes
	stored    int64
	conflicts int64
	memLimit  int64 // 0 = none
	// zs: states are stored zero-suppressed (see encodeZS)
	zs       bool
	enc, dec []byte
	// aux: bytes kept after each state for its searcher (SetAux, Aux)
	aux int
	// guard, when set, is asked before each allocation (SetGuard)
	guard func(extra int64) bool
	// initLen: the number of slots allocated at the first insert
	initLen int
}

// SetGuard makes the table ask f before each allocation it makes (a new
// arena chunk, a larger hash table), with its size in bytes: when f says
// no, the insert fails with ErrMemLimit. A process with an address-space
// limit uses it to stop before the Go runtime fails to map memory.
func (t *Table) SetGuard(f func(extra int64) bool) { t.guard = f }

// MaxInitialLog2 bounds the table allocated up front (1<<24 slots, 128
// MiB): a larger size asked for (pan's -w28 and up) is reached by growth
// as states come, not allocated before the first state.
const MaxInitialLog2 = 24

// New returns a table sized for about 1<<sizeLog2 states before its first
// growth (pan's -w; at most MaxInitialLog2, and at most a quarter of
// memLimit), limited to memLimit bytes in total (0: no limit).
func New(sizeLog2 int, memLimit int64) *Table {
	if sizeLog2 > MaxInitialLog2 {
		sizeLog2 = MaxInitialLog2
	}
	for memLimit > 0 && sizeLog2 > 4 && int64(8)<<sizeLog2 > memLimit/4 {
		sizeLog2--
	}
	if sizeLog2 < 4 {
		sizeLog2 = 4
	}
	// the slots are allocated at the first insert, through reserve (the
	// memory limit and the guard can refuse them too)
	t := &Table{memLimit: memLimit, initLen: 1 << sizeLog2}
	t.mask = uint64(t.initLen - 1)
	t.shift = uint(64 - sizeLog2)
	t.limit = int(float64(t.initLen) * maxLoad)
	return t
}

// alloc allocates the first slots.
func (t *Table) alloc() error {
	if err := t.reserve(int64(t.initLen) * 8); err != nil {
		return err
	}
	t.slots = make([]uint64, t.initLen)
	prefault64(t.slots)
	return nil
}

// NewZeroSuppressed is New for a table that stores each state as a
// bitmap of its nonzero bytes followed by those bytes. State vectors are
// mostly zeros (unused channel slots, reset locals, small values in wide
// fields), so this typically saves a third to a half of the state memory
// at the cost of encoding each state inserted and decoding each state
// read.
func NewZeroSuppressed(sizeLog2 int, memLimit int64) *Table {
	t := New(sizeLog2, memLimit)
	t.zs = true
	return t
}

// encodeZS appends the zero-suppressed form of s to dst: the length of s
// (two bytes), a bitmap with bit i set when s[i] != 0, then the nonzero
// bytes in order. The encoding is canonical: equal states, equal codes.
func encodeZS(dst, s []byte) []byte {
	n := len(s)
	bm := (n + 7) / 8
	if n < 0xFFFF {
		dst = append(dst, byte(n), byte(n>>8))
	} else {
		dst = append(dst, 0xFF, 0xFF, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
	}
	start := len(dst)
	// room for the bitmap, every byte and the 8 bytes a word writes;
	// trimmed at the end
	need := start + bm + n + 8
	if cap(dst) < need {
		nd := make([]byte, len(dst), need+need/2)
		copy(nd, dst)
		dst = nd
	}
	dst = dst[:need]
	out := start + bm
	if zsHaveAVX512 && n > 0 {
		k := zsEncodeAVX512(&dst[out], &dst[start], &s[0], n)
		return dst[:out+k]
	}
	return encodeZSWords(dst, s, start, out)
}

// encodeZSWords is encodeZS a word at a time, from dst[:need] as encodeZS
// prepared it: the bitmap at start, the nonzero bytes from out on.
func encodeZSWords(dst, s []byte, start, out int) []byte {
	n := len(s)
	i := 0
	for ; i+8 <= n; i += 8 {
		w := binary.LittleEndian.Uint64(s[i:])
		if w == 0 {
			dst[start+i>>3] = 0
			continue
		}
		m := nonzeroMask(w)
		dst[start+i>>3] = m
		// Every byte is written, without a branch: a nonzero byte to its
		// place among the nonzero ones, a zero byte just past them (where
		// the next word's bytes will go). A loop over the nonzero bytes
		// mispredicts its exit on nearly every word.
		p := &zsPlace[m]
		o := (*[8]byte)(dst[out : out+8])
		o[p[0]&7] = byte(w)
		o[p[1]&7] = byte(w >> 8)
		o[p[2]&7] = byte(w >> 16)
		o[p[3]&7] = byte(w >> 24)
		o[p[4]&7] = byte(w >> 32)
		o[p[5]&7] = byte(w >> 40)
		o[p[6]&7] = byte(w >> 48)
		o[p[7]&7] = byte(w >> 56)
		out += bits.OnesCount8(m)
	}
	if i < n {
		var m byte
		for j := 0; i+j < n; j++ {
			if b := s[i+j]; b != 0 {
				m |= 1 << j
				dst[out] = b
				out++
			}
		}
		dst[start+i>>3] = m
	}
	return dst[:out]
}

// zsPlace[m][j] is where byte j of a word with nonzero-byte mask m goes
// in the word's output: its rank among the nonzero bytes, or, for a zero
// byte, the number of nonzero bytes (the first place after them).
var zsPlace = func() (t [256][8]byte) {
	for m := 0; m < 256; m++ {
		k := byte(bits.OnesCount8(uint8(m)))
		r := byte(0)
		for j := 0; j < 8; j++ {
			if m&(1<<j) != 0 {
				t[m][j] = r
				r++
			} else {
				t[m][j] = k
			}
		}
	}
	return t
}()

// nonzeroMask returns a byte with bit j set when byte j of w is nonzero.
func nonzeroMask(w uint64) byte {
	const lo7 = 0x7f7f7f7f7f7f7f7f
	x := ((w & lo7) + lo7) | w // high bit of each byte: byte != 0
	x = (x >> 7) & 0x0101010101010101
	return byte((x * 0x0102040810204080) >> 56)
}

// decodeZS appends the state encoded in e to dst.
func decodeZS(dst, e []byte) []byte {
	n, h := int(e[0])|int(e[1])<<8, 2
	if n == 0xFFFF {
		n, h = int(e[2])|int(e[3])<<8|int(e[4])<<16|int(e[5])<<24, 6
	}
	bm := e[h : h+(n+7)/8]
	vals := e[h+len(bm):]
	start := len(dst)
	if cap(dst) < start+n {
		nd := make([]byte, start, start+n+n/2)
		copy(nd, dst)
		dst = nd
	}
	dst = dst[:start+n]
	out := dst[start:]
	k := 0
	full := n / 8
	for c := 0; c < full; c++ {
		m := bm[c]
		var w uint64
		for mm := m; mm != 0; mm &= mm - 1 {
			j := bits.TrailingZeros8(mm)
			w |= uint64(vals[k]) << (8 * j)
			k++
		}
		binary.LittleEndian.PutUint64(out[c*8:], w)
	}
	if full*8 < n {
		m := bm[full]
		for j := 0; full*8+j < n; j++ {
			if m&(1<<j) != 0 {
				out[full*8+j] = vals[k]
				k++
			} else {
				out[full*8+j] = 0
			}
		}
	}
	return dst
}

// Hash is the hash of a state: xxh3 of its bytes as the search sees them
// (not of their zero-suppressed form), so that the search can hash a
// successor, and prefetch its slot, before it inserts it.
func Hash(s []byte) uint64 { return xxh3.Hash(s) }

// Insert implements Set.
func (t *Table) Insert(s []byte) (uint64, bool, error) {
	return t.InsertHashed(s, xxh3.Hash(s))
}

// InsertHashed is Insert for a state whose Hash is h.
func (t *Table) InsertHashed(s []byte, h uint64) (uint64, bool, error) {
	if t.zs {
		if code := t.tailCode(s); code != nil {
			return t.insertTail(code, h)
		}
		t.enc = encodeZS(t.enc[:0], s)
		s = t.enc
	}
	return t.insert(s, h)
}

// tailCode encodes s (encodeZS) where the arena's next entry will hold it,
// behind room for a two-byte length prefix, and returns the code; nil
// when the last chunk has no room for the longest code of s (or s is too
// large for a two-byte prefix). A new state is then stored without a
// second copy (insertTail); for a state already stored the code was
// scratch, and the bytes past the arena's end are free again.
func (t *Table) tailCode(s []byte) []byte {
	n := len(s)
	maxCode := 2 + (n+7)/8 + n
	room := 2 + maxCode + 8 + t.aux // encodeZS writes up to 8 bytes past its code
	if maxCode >= 0xFFFF || len(t.chunks) == 0 {
		return nil
	}
	c := t.chunks[len(t.chunks)-1]
	if t.used+room > len(c) {
		return nil
	}
	return encodeZS(c[t.used+2:t.used+2:t.used+room], s)
}

// insertTail is insert for a code made by tailCode: when the state is
// new, its code is already in place, and only its length prefix and aux
// bytes are written. (Encoding every successor into a buffer and copying
// the new ones into the arena: the copy was about 6% of cd_matrix's
// default search.)
func (t *Table) insertTail(code []byte, h uint64) (uint64, bool, error) {
	if t.slots == nil || t.n >= t.limit {
		// the first slots or a growth: the general path (append copies
		// the code onto itself)
		return t.insert(code, h)
	}
	tag := h >> tagShift
	i, off, found := t.probe(code, h)
	if found {
		return off, false, nil
	}
	c := len(t.chunks) - 1
	off = uint64(c)<<chunkShift | uint64(t.used)
	if off > offsetMask {
		return 0, false, ErrMemLimit
	}
	chunk := t.chunks[c]
	n := len(code)
	binary.LittleEndian.PutUint16(chunk[t.used:], uint16(n))
	clear(chunk[t.used+2+n : t.used+2+n+t.aux])
	need := 2 + n + t.aux
	t.used += need
	t.stored += int64(need)
	t.slots[i] = tag<<tagShift | (off + 1)
	t.n++
	return off, true, nil
}

// probe looks for the stored code s of hash h by linear probing from its
// home slot (the top bits of h; the tag is the top bits too): the offset
// of the stored copy when found, else the empty slot where s goes.
func (t *Table) probe(s []byte, h uint64) (slot, off uint64, found bool) {
	tag := h >> tagShift
	i := h >> t.shift
	for {
		e := t.slots[i]
		if e == 0 {
			return i, 0, false
		}
		if e>>tagShift == tag {
			off := e&offsetMask - 1
			if string(t.raw(off)) == string(s) {
				return i, off, true
			}
		}
		t.conflicts++
		i = (i + 1) & t.mask
	}
}

// PrefetchSlot starts loading the home slot of a state of hash h without
// waiting for it. A search calls it for all the successors of a state
// before it inserts the first, so that their cache misses overlap each
// other and the work in between. (A load of the slot, and then of the
// state it holds, made each successor wait for its slot: on cd_rw_mon the
// search took 8.75 s with it, 7.3 s with the prefetch instruction.)
func (t *Table) PrefetchSlot(h uint64) {
	if t.slots != nil {
		prefetchLine(&t.slots[h>>t.shift])
	}
}

func (t *Table) insert(s []byte, h uint64) (uint64, bool, error) {
	if t.slots == nil {
		if err := t.alloc(); err != nil {
			return 0, false, err
		}
	}
	tag := h >> tagShift
	i, off, found := t.probe(s, h)
	if found {
		return off, false, nil
	}
	if t.n >= t.limit {
		if err := t.grow(); err != nil {
			return 0, false, err
		}
		return t.insert(s, h)
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
	return t.LookupHashed(s, xxh3.Hash(s))
}

// LookupHashed is Lookup for a state whose Hash is h.
func (t *Table) LookupHashed(s []byte, h uint64) (uint64, bool) {
	if t.slots == nil {
		return 0, false
	}
	// zero-suppressed, s is encoded only when a stored state has its tag:
	// a state not stored (most of the lookups of the reduction's cycle
	// proviso) is looked up without encoding it
	encoded := !t.zs
	tag := h >> tagShift
	i := h >> t.shift
	for {
		e := t.slots[i]
		if e == 0 {
			return 0, false
		}
		if e>>tagShift == tag {
			if !encoded {
				t.enc = encodeZS(t.enc[:0], s)
				s, encoded = t.enc, true
			}
			off := e&offsetMask - 1
			if string(t.raw(off)) == string(s) {
				return off, true
			}
		}
		i = (i + 1) & t.mask
	}
}

// SetAux asks for n bytes of the searcher's own next to every state
// stored from now on, zero at first (Aux gives them); a search keeps
// per-state facts there that it would otherwise look up in a map by store
// index, and finds them in the cache line the state's lookup just read.
// It returns false, and changes nothing, once a state is stored or when n
// is out of range (1 to 8).
func (t *Table) SetAux(n int) bool {
	if t.n > 0 || n < 1 || n > 8 {
		return false
	}
	t.aux = n
	return true
}

// Aux returns the auxiliary bytes of the state at index idx (SetAux), or
// nil when the table keeps none.
func (t *Table) Aux(idx uint64) []byte {
	if t.aux == 0 {
		return nil
	}
	c, o, n := t.entry(idx)
	return c[o+n : o+n+t.aux : o+n+t.aux]
}

// append copies s, prefixed by its length, into the arena. The length
// takes two bytes (little endian); states of 65535 bytes or more have the
// marker 0xFFFF followed by a four-byte length.
func (t *Table) append(s []byte) (uint64, error) {
	np := 2
	if len(s) >= 0xFFFF {
		np = 6
	}
	need := np + len(s) + t.aux
	if need > chunkSize {
		return 0, errors.New("state too large")
	}
	switch {
	case len(t.chunks) == 0:
		size := firstChunk
		for size < need {
			size *= 2
		}
		if err := t.reserve(int64(size)); err != nil {
			return 0, err
		}
		t.chunks = append(t.chunks, make([]byte, size))
		t.arena += int64(size)
		t.used = 0
	case t.used+need <= len(t.chunks[len(t.chunks)-1]):
	case len(t.chunks) == 1 && t.used+need <= chunkSize:
		// the first chunk, grown: its states keep their offsets
		old := t.chunks[0]
		size := 2 * len(old)
		for size < t.used+need {
			size *= 2
		}
		if err := t.reserve(int64(size - len(old))); err != nil {
			return 0, err
		}
		c := make([]byte, size)
		copy(c, old[:t.used])
		t.chunks[0] = c
		t.arena += int64(size - len(old))
	default:
		if err := t.reserve(chunkSize); err != nil {
			return 0, err
		}
		t.chunks = append(t.chunks, make([]byte, chunkSize))
		t.arena += chunkSize
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
	clear(buf[np+len(s):]) // the aux bytes: tailCode may have written there
	t.used += need
	t.stored += int64(need)
	return off, nil
}

func (t *Table) reserve(extra int64) error {
	if t.memLimit > 0 && t.Stats().Memory()+extra > t.memLimit {
		return ErrMemLimit
	}
	if t.guard != nil && !t.guard(extra) {
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
	prefault64(t.slots)
	t.mask = uint64(newLen - 1)
	t.shift--
	t.limit = int(float64(newLen) * maxLoad)
	k := 64 - t.shift // log2 of the new size
	for _, e := range old {
		if e == 0 {
			continue
		}
		var i uint64
		if k <= tagBits {
			i = (e >> tagShift) >> (tagBits - k) // the home slot from the kept hash bits
		} else {
			i = xxh3.Hash(t.State(e&offsetMask-1)) >> t.shift
		}
		for t.slots[i] != 0 {
			i = (i + 1) & t.mask
		}
		t.slots[i] = e
	}
	return nil
}

// State implements Set. With zero suppression the state is decoded into a
// buffer of the table's, valid until the next call of State or Each.
func (t *Table) State(idx uint64) []byte {
	r := t.raw(idx)
	if !t.zs {
		return r
	}
	t.dec = decodeZS(t.dec[:0], r)
	return t.dec
}

// raw returns the stored (possibly encoded) bytes of entry idx.
func (t *Table) raw(idx uint64) []byte {
	c, o, n := t.entry(idx)
	return c[o : o+n : o+n]
}

// entry locates entry idx: its chunk, where its bytes start in it (after
// the length prefix) and how many there are (aux bytes not counted).
func (t *Table) entry(idx uint64) (c []byte, o, n int) {
	c = t.chunks[idx>>chunkShift]
	o = int(idx & (chunkSize - 1))
	n = int(binary.LittleEndian.Uint16(c[o:]))
	o += 2
	if n == 0xFFFF {
		n = int(binary.LittleEndian.Uint32(c[o:]))
		o += 4
	}
	return c, o, n
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
		ArenaBytes:  t.arena,
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

// ZeroSuppressedLen is the length of s's zero-suppressed form (see
// NewZeroSuppressed).
func ZeroSuppressedLen(s []byte) int {
	n := len(s)
	size := 2 + (n+7)/8
	if n >= 0xFFFF {
		size += 4
	}
	i := 0
	for ; i+8 <= n; i += 8 {
		size += bits.OnesCount8(nonzeroMask(binary.LittleEndian.Uint64(s[i:])))
	}
	for ; i < n; i++ {
		if s[i] != 0 {
			size++
		}
	}
	return size
}
