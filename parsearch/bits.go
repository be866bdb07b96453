package parsearch

import (
	"sync/atomic"

	"github.com/gospin/gospin/internal/idxmap"
	"github.com/gospin/gospin/store"
)

// The colours of CNDFS are bits per stored state, kept beside the shared
// table in bit sets indexed by the state's store index. A store.Shared
// index is the storing worker's number (bits 32 and up) and the offset
// of the entry in that worker's arena in 4-byte units (bits 0-31), the
// arena growing in 1 MiB chunks: so a bit set is, per storing worker,
// one block of 2^18 bits (32 KiB) per arena chunk, 1/32 of the arena.
//
// A store whose indices are not laid out so (store.SharedTree, whose
// index is the state's root) keeps the shared colours itself, as flags
// of its root table's cells (store.StateFlags), and a worker's own bits
// (pink) go in a map of its own.
const (
	bitsWorkerShift = 32
	bitsChunkShift  = 18 // units (4 bytes) per 1 MiB arena chunk
	bitsChunkWords  = 1 << bitsChunkShift / 32
	bitsMaxChunks   = 1 << (32 - bitsChunkShift)
)

type bitsChunk = [bitsChunkWords]uint32

// splitIdx returns the storing worker, the chunk, the word and the bit of
// store index idx.
func splitIdx(idx uint64) (w int, c int, word int, bit uint32) {
	u := uint32(idx)
	return int(idx >> bitsWorkerShift), int(u >> bitsChunkShift), int(u & (1<<bitsChunkShift - 1) >> 5), 1 << (u & 31)
}

// sharedBits is a bit set that every worker reads and writes (atomically).
type sharedBits struct {
	ws [][]atomic.Pointer[bitsChunk]
	// fl: the store keeps the bits, as its flag f (ws is then nil)
	fl store.StateFlags
	f  uint
}

// colourBits returns the shared bit set of flag f (store.FlagRed,
// store.FlagBlue) for p's table: the store's own flag where it keeps
// flags, else a sharedBits beside it.
func (p *par) colourBits(f uint) *sharedBits {
	if fl, ok := p.tab.(store.StateFlags); ok {
		return &sharedBits{fl: fl, f: f}
	}
	return newSharedBits(p.n)
}

// ownBits returns a worker's own bit set for p's table.
func (p *par) ownBits() *localBits {
	if _, ok := p.tab.(store.StateFlags); ok {
		return &localBits{m: idxmap.New()}
	}
	return newLocalBits(p.n)
}

func newSharedBits(workers int) *sharedBits {
	b := &sharedBits{ws: make([][]atomic.Pointer[bitsChunk], workers)}
	for i := range b.ws {
		b.ws[i] = make([]atomic.Pointer[bitsChunk], bitsMaxChunks)
	}
	return b
}

// chunk returns the block of bits of chunk c of worker w's arena,
// allocating it (once, whoever comes first) when alloc is set.
func (b *sharedBits) chunk(w, c int, alloc bool) *bitsChunk {
	p := &b.ws[w][c]
	ch := p.Load()
	if ch == nil && alloc {
		p.CompareAndSwap(nil, new(bitsChunk))
		ch = p.Load()
	}
	return ch
}

// has reports whether the bit of idx is set.
func (b *sharedBits) has(idx uint64) bool {
	if b.fl != nil {
		return b.fl.Flag(idx, b.f)
	}
	w, c, word, bit := splitIdx(idx)
	ch := b.chunk(w, c, false)
	return ch != nil && atomic.LoadUint32(&ch[word])&bit != 0
}

// set sets the bit of idx and reports whether this call set it (it was
// clear).
func (b *sharedBits) set(idx uint64) bool {
	if b.fl != nil {
		return b.fl.SetFlag(idx, b.f)
	}
	w, c, word, bit := splitIdx(idx)
	ch := b.chunk(w, c, true)
	return atomic.OrUint32(&ch[word], bit)&bit == 0
}

// localBits is a bit set of one worker (no atomic access).
type localBits struct {
	ws [][]*bitsChunk
	m  *idxmap.Map // the indices set, where they are not Shared's (ws is nil)
}

func newLocalBits(workers int) *localBits {
	return &localBits{ws: make([][]*bitsChunk, workers)}
}

func (b *localBits) has(idx uint64) bool {
	if b.m != nil {
		_, ok := b.m.Get(idx)
		return ok
	}
	w, c, word, bit := splitIdx(idx)
	cs := b.ws[w]
	return c < len(cs) && cs[c] != nil && cs[c][word]&bit != 0
}

func (b *localBits) set(idx uint64) {
	if b.m != nil {
		b.m.Set(idx, 0)
		return
	}
	w, c, word, bit := splitIdx(idx)
	for len(b.ws[w]) <= c {
		b.ws[w] = append(b.ws[w], nil)
	}
	if b.ws[w][c] == nil {
		b.ws[w][c] = new(bitsChunk)
	}
	b.ws[w][c][word] |= bit
}

func (b *localBits) clear(idx uint64) {
	if b.m != nil {
		b.m.Del(idx)
		return
	}
	w, c, word, bit := splitIdx(idx)
	if cs := b.ws[w]; c < len(cs) && cs[c] != nil {
		cs[c][word] &^= bit
	}
}

// bytes is the memory the set holds.
func (b *localBits) bytes() int64 {
	if b.m != nil {
		return int64(b.m.Len()) * 16
	}
	var n int64
	for _, cs := range b.ws {
		for _, c := range cs {
			if c != nil {
				n += int64(len(c)) * 4
			}
		}
	}
	return n
}
