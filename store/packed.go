package store

// packed is an array of cells of b bits each (1 to 64) packed into
// 64-bit words, as hash compaction's signatures and the tree's roots are
// kept. A cell may straddle two words, so the words hold one more than
// the cells need.
type packed struct {
	words []uint64
	b     uint
	mask  uint64 // the low b bits
}

// packedWords is the number of words of an array of cells of b bits.
func packedWords(cells uint64, b uint) uint64 { return (cells*uint64(b)+63)/64 + 1 }

func (p *packed) get(i uint64) uint64 {
	o := i * uint64(p.b)
	w, sh := o>>6, uint(o&63)
	v := p.words[w] >> sh
	if sh+p.b > 64 {
		v |= p.words[w+1] << (64 - sh)
	}
	return v & p.mask
}

func (p *packed) set(i, v uint64) {
	o := i * uint64(p.b)
	w, sh := o>>6, uint(o&63)
	p.words[w] = p.words[w]&^(p.mask<<sh) | v<<sh
	if sh+p.b > 64 {
		hi := sh + p.b - 64 // bits in the next word
		m := uint64(1)<<hi - 1
		p.words[w+1] = p.words[w+1]&^m | v>>(64-sh)
	}
}
