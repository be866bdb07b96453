package store

import "math/bits"

// rootSet is the tree's set of roots, a compact hash set (Cleary's
// quotienting, as Laarman's Compact Tree keeps its roots). A root is a
// class (log2 of the capacity) and two node indices; the set encodes it
// as a key of kb = cb + 2*nb bits (a small class number, then the nodes
// in nb bits each, as few as the node table needs so far), scrambles the
// key by a bijection on kb bits and keeps, in a table of 2^s cells, the
// key at its home cell (its top s bits) or after it (Robin Hood linear
// probing), each cell holding only the other kb-s bits and the distance
// from home. On beem_at4 (6.6 million states, 1.3 million nodes) a cell
// takes 30 bits where a plain table takes 64.
//
// When the table is maxLoadRoots full, a key would go beyond maxDisp, or
// a class or node index no longer fits the widths, the table is rebuilt:
// each key is recovered from its cell (the bijection's inverse) and
// placed again with the new widths and size.
type rootSet struct {
	words []uint64
	s     uint // log2 of the cells
	cb    uint // bits of a class number
	nb    uint // bits of a node index
	kb    uint // cb + 2*nb
	b     uint // bits per cell: kb-s remainder + dispBits
	mask  uint64
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
	return 1 << r.s
}

func (r *rootSet) bytes() int64 { return int64(len(r.words)) * 8 }

func (r *rootSet) get(i uint64) uint64 {
	o := i * uint64(r.b)
	w, sh := o>>6, uint(o&63)
	v := r.words[w] >> sh
	if sh+r.b > 64 {
		v |= r.words[w+1] << (64 - sh)
	}
	return v & r.mask
}

func (r *rootSet) set(i, v uint64) {
	o := i * uint64(r.b)
	w, sh := o>>6, uint(o&63)
	r.words[w] = r.words[w]&^(r.mask<<sh) | v<<sh
	if sh+r.b > 64 {
		hi := sh + r.b - 64
		m := uint64(1)<<hi - 1
		r.words[w+1] = r.words[w+1]&^m | v>>(64-sh)
	}
}

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

// alloc makes an empty table of 2^s cells for keys of cb + 2*nb bits.
func (r *rootSet) alloc(s, cb, nb uint, reserve func(int64) error, allocd *int64) error {
	kb := cb + 2*nb
	b := kb - s + dispBits
	words := (uint64(1)<<s*uint64(b)+63)/64 + 1
	if err := reserve(int64(words) * 8); err != nil {
		return err
	}
	if r.words != nil {
		*allocd -= int64(len(r.words)) * 8
	}
	r.words = make([]uint64, words)
	r.s, r.cb, r.nb, r.kb, r.b = s, cb, nb, kb, b
	r.mask = uint64(1)<<b - 1
	r.n = 0
	r.limit = int(maxLoadRoots * float64(uint64(1)<<s))
	return nil
}

// place puts x (a scrambled key, not present) in the table, Robin Hood:
// a key further from its home takes the cell of one nearer to its own.
// It returns false, and the key then left without a cell (x or one
// displaced), when some key would go beyond maxDisp.
func (r *rootSet) place(x uint64) (bool, uint64) {
	size := uint64(1) << r.s
	rb := r.kb - r.s
	i := x >> rb
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
			home := (i - d) & (size - 1)
			return false, home<<rb | rem
		}
	}
}

// find says whether x is in the table.
func (r *rootSet) find(x uint64) bool {
	if r.words == nil {
		return false
	}
	size := uint64(1) << r.s
	rb := r.kb - r.s
	i := x >> rb
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
		s := max(r.initLog2, 6)
		if r.words != nil {
			s = r.s
			if r.n >= r.limit {
				s++
			}
		}
		if err := r.rebuild(s, class, left, right, reserve, allocd); err != nil {
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
		if err := r.rebuild(r.s+1, c, l, rr, reserve, allocd); err != nil {
			return false, err
		}
		key, _ = r.encode(c, l, rr)
		x = perm(key, r.kb)
	}
}

// rebuild makes a table of at least 2^s cells whose widths fit root
// (class, l, r) and places every key of the present one in it again.
func (r *rootSet) rebuild(s uint, class uint, left, right uint32, reserve func(int64) error, allocd *int64) error {
	old, a0 := *r, *allocd
	if r.cid[class] == 0 {
		r.classes = append(r.classes, class)
		r.cid[class] = int8(len(r.classes))
	}
	cb := uint(bits.Len(uint(len(r.classes) - 1)))
	nb := max(old.nb, uint(bits.Len32(left)), uint(bits.Len32(right)))
	for ; ; s++ {
		// at least 8 bits of remainder, so that growing keeps room
		if cb+2*nb < s+8 {
			nb = (s + 8 - cb + 1) / 2
		}
		if err := r.alloc(s, cb, nb, reserve, allocd); err != nil {
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
	size := uint64(1) << r.s
	rb := r.kb - r.s
	for i := uint64(0); i < size; i++ {
		v := r.get(i)
		if v == 0 {
			continue
		}
		d := v&(1<<dispBits-1) - 1
		home := (i - d) & (size - 1)
		if !f(home<<rb | v>>dispBits) {
			return
		}
	}
}

// each calls f with every root.
func (r *rootSet) each(f func(class uint, left, right uint32) bool) {
	r.scrambled(func(x uint64) bool { return f(r.decode(unperm(x, r.kb))) })
}
