package store

import "math/bits"

// rootSet is the tree's set of roots, a compact hash set (Cleary's
// quotienting, as Laarman's Compact Tree keeps its roots). A root is a
// class (log2 of the capacity) and two node indices; the set encodes it
// as a key of kb = cb + 2*nb bits (a small class number, then the nodes
// in nb bits each, as few as the node table needs so far) and scrambles
// it by a bijection on kb bits. In a table of m cells, 2^s <= m < 2^(s+1),
// the key's top s bits (its quotient q) give its home cell, q*m/2^s
// (one-to-one), and the key sits there or after it (Robin Hood linear
// probing); the cell holds only the other kb-s bits and the distance from
// home. On beem_at4 (6.6 million states, 1.3 million nodes) a cell takes
// 25 bits where a plain table takes 64.
//
// When the table is maxLoadRoots full it grows by about half (sizes 2^s
// and 3*2^(s-1) alternate); when a key would go beyond maxDisp, or a class
// or node index no longer fits the widths, it is rebuilt too: each key is
// recovered from its cell (home's and the bijection's inverses) and placed
// again with the new widths and size.
type rootSet struct {
	packed        // the cells
	m      uint64 // cells: 2^s to 2^(s+1)-1 (growth by about 1.5)
	s      uint   // floor(log2 m): a key's top s bits are its quotient
	cb     uint   // bits of a class number
	nb     uint   // bits of a node index
	kb     uint   // cb + 2*nb
	// (packed.b, bits per cell: kb-s remainder + dispBits)
	n     int
	limit int

	classes []uint   // class number -> class
	cid     [64]int8 // class -> class number + 1

	initLog2 uint
}

const (
	dispBits     = 6
	maxDisp      = 1<<dispBits - 2 // a cell keeps disp+1 (0 is empty)
	maxLoadRoots = 0.9
)

const (
	permK1 = 0xbf58476d1ce4e5b9
	permK2 = 0x94d049bb133111eb
)

// modInverse is the inverse of odd k modulo 2^64 (Newton's iteration),
// and so modulo any 2^kb.
func modInverse(k uint64) uint64 {
	inv := k
	for i := 0; i < 6; i++ {
		inv *= 2 - k*inv
	}
	return inv
}

var permK1Inv, permK2Inv = modInverse(permK1), modInverse(permK2)

// perm scrambles a key of kb bits, bijectively.
func perm(x uint64, kb uint) uint64 {
	m := uint64(1)<<kb - 1
	sh := kb/2 + 1
	x = x * permK1 & m
	x ^= x >> sh
	x = x * permK2 & m
	x ^= x >> sh
	return x
}

// unxorshift inverts y = x ^ x>>sh on kb bits.
func unxorshift(y uint64, sh, kb uint) uint64 {
	x := y
	for k := sh; k < kb; k += sh {
		x = y ^ x>>sh
	}
	return x
}

func unperm(x uint64, kb uint) uint64 {
	m := uint64(1)<<kb - 1
	sh := kb/2 + 1
	x = unxorshift(x, sh, kb)
	x = x * permK2Inv & m
	x = unxorshift(x, sh, kb)
	return x * permK1Inv & m
}

func (r *rootSet) cells() int {
	if r.words == nil {
		return 0
	}
	return int(r.m)
}

func (r *rootSet) bytes() int64 { return int64(len(r.words)) * 8 }

// encode returns the key of root (class, l, r) with the set's widths;
// ok is false when it does not fit them.
func (r *rootSet) encode(class uint, left, right uint32) (uint64, bool) {
	c := r.cid[class]
	if c == 0 || uint64(left)>>r.nb != 0 || uint64(right)>>r.nb != 0 {
		return 0, false
	}
	return uint64(c-1)<<(2*r.nb) | uint64(left)<<r.nb | uint64(right), true
}

func (r *rootSet) decode(key uint64) (class uint, left, right uint32) {
	m := uint64(1)<<r.nb - 1
	return r.classes[key>>(2*r.nb)], uint32(key >> r.nb & m), uint32(key & m)
}

// alloc makes an empty table of m cells for keys of cb + 2*nb bits.
func (r *rootSet) alloc(m uint64, cb, nb uint, reserve func(int64) error, allocd *int64) error {
	s := uint(bits.Len64(m) - 1)
	kb := cb + 2*nb
	b := kb - s + dispBits
	words := packedWords(m, b)
	if err := reserve(int64(words) * 8); err != nil {
		return err
	}
	if r.words != nil {
		*allocd -= int64(len(r.words)) * 8
	}
	r.words = make([]uint64, words)
	prefault64(r.words)
	r.m, r.s, r.cb, r.nb, r.kb, r.b = m, s, cb, nb, kb, b
	r.mask = uint64(1)<<b - 1
	r.n = 0
	r.limit = int(maxLoadRoots * float64(m))
	return nil
}

// place puts x (a scrambled key, not present) in the table, Robin Hood:
// a key further from its home takes the cell of one nearer to its own.
// It returns false, and the key then left without a cell (x or one
// displaced), when some key would go beyond maxDisp.
func (r *rootSet) place(x uint64) (bool, uint64) {
	size := r.m
	rb := r.kb - r.s
	i := r.home(x >> rb)
	rem := x & (uint64(1)<<rb - 1)
	d := uint64(0)
	for {
		v := r.get(i)
		if v == 0 {
			r.set(i, rem<<dispBits|(d+1))
			r.n++
			return true, 0
		}
		if dv := v&(1<<dispBits-1) - 1; dv < d {
			r.set(i, rem<<dispBits|(d+1))
			rem, d = v>>dispBits, dv
		}
		if i++; i == size {
			i = 0
		}
		if d++; d > maxDisp {
			home := (i + size - d%size) % size
			return false, r.quotient(home)<<rb | rem
		}
	}
}

// find says whether x is in the table.
func (r *rootSet) find(x uint64) bool {
	if r.words == nil {
		return false
	}
	size := r.m
	rb := r.kb - r.s
	i := r.home(x >> rb)
	rem := x & (uint64(1)<<rb - 1)
	for d := uint64(0); d <= maxDisp; d++ {
		v := r.get(i)
		if v == 0 || v&(1<<dispBits-1)-1 < d {
			return false
		}
		if v == rem<<dispBits|(d+1) {
			return true
		}
		if i++; i == size {
			i = 0
		}
	}
	return false
}

// has says whether root (class, l, r) is in the set.
func (r *rootSet) has(class uint, left, right uint32) bool {
	if r.words == nil {
		return false
	}
	key, ok := r.encode(class, left, right)
	return ok && r.find(perm(key, r.kb))
}

// insert adds root (class, l, r); added is false when it was present.
func (r *rootSet) insert(class uint, left, right uint32, reserve func(int64) error, allocd *int64) (bool, error) {
	var key uint64
	fits := false
	if r.words != nil {
		key, fits = r.encode(class, left, right)
		if fits && r.find(perm(key, r.kb)) {
			return false, nil
		}
	}
	if !fits || r.n >= r.limit {
		m := uint64(1) << max(r.initLog2, 6)
		if r.words != nil {
			m = r.m
			if r.n >= r.limit {
				m = nextCells(m)
			}
		}
		if err := r.rebuild(m, class, left, right, reserve, allocd); err != nil {
			return false, err
		}
		key, _ = r.encode(class, left, right)
	}
	x := perm(key, r.kb)
	for {
		ok, out := r.place(x)
		if ok {
			return true, nil
		}
		// out is a key left without a cell: place it in a larger table
		c, l, rr := r.decode(unperm(out, r.kb))
		if err := r.rebuild(nextCells(r.m), c, l, rr, reserve, allocd); err != nil {
			return false, err
		}
		key, _ = r.encode(c, l, rr)
		x = perm(key, r.kb)
	}
}

// rebuild makes a table of at least m cells whose widths fit root
// (class, l, r) and places every key of the present one in it again.
func (r *rootSet) rebuild(m uint64, class uint, left, right uint32, reserve func(int64) error, allocd *int64) error {
	old, a0 := *r, *allocd
	if r.cid[class] == 0 {
		r.classes = append(r.classes, class)
		r.cid[class] = int8(len(r.classes))
	}
	cb := uint(bits.Len(uint(len(r.classes) - 1)))
	nb := max(old.nb, uint(bits.Len32(left)), uint(bits.Len32(right)))
	for ; ; m = nextCells(m) {
		// at least 8 bits of remainder, so that growing keeps room
		if s := uint(bits.Len64(m) - 1); cb+2*nb < s+8 {
			nb = (s + 8 - cb + 1) / 2
		}
		if err := r.alloc(m, cb, nb, reserve, allocd); err != nil {
			*r, *allocd = old, a0
			return err
		}
		ok := true
		old.scrambled(func(x uint64) bool {
			c, l, rr := old.decode(unperm(x, old.kb))
			key, _ := r.encode(c, l, rr)
			ok, _ = r.place(perm(key, r.kb))
			return ok
		})
		if ok {
			return nil
		}
	}
}

// scrambled calls f with the scrambled key of every cell.
func (r *rootSet) scrambled(f func(x uint64) bool) {
	if r.words == nil {
		return
	}
	size := r.m
	rb := r.kb - r.s
	for i := uint64(0); i < size; i++ {
		v := r.get(i)
		if v == 0 {
			continue
		}
		d := v&(1<<dispBits-1) - 1
		home := (i + size - d%size) % size
		if !f(r.quotient(home)<<rb | v>>dispBits) {
			return
		}
	}
}

// each calls f with every root.
func (r *rootSet) each(f func(class uint, left, right uint32) bool) {
	r.scrambled(func(x uint64) bool { return f(r.decode(unperm(x, r.kb))) })
}

// nextCells is the size after m: about 1.5 m, alternately 3*2^(s-1) and
// 2^(s+1), so that the load after a growth is 0.6 rather than 0.45.
func nextCells(m uint64) uint64 {
	s := uint(bits.Len64(m) - 1)
	if m == 1<<s && s > 0 {
		return 3 << (s - 1)
	}
	return 1 << (s + 1)
}

// home is the cell of quotient q (below 2^s): floor(q*m / 2^s), which is
// monotone and one-to-one since m >= 2^s.
func (r *rootSet) home(q uint64) uint64 {
	hi, lo := bits.Mul64(q, r.m)
	return hi<<(64-r.s) | lo>>r.s
}

// quotient inverts home: the q with home(q) = h, ceil(h*2^s / m).
func (r *rootSet) quotient(h uint64) uint64 {
	hi, lo := h>>(64-r.s), h<<r.s
	var c uint64
	lo, c = bits.Add64(lo, r.m-1, 0)
	hi += c
	q, _ := bits.Div64(hi, lo, r.m)
	return q
}
