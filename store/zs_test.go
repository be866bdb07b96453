package store

import (
	"bytes"
	"encoding/binary"
	"math/rand"
	"testing"
)

// TestEncodeZSAVX512 checks the AVX-512 encoder (where the processor has
// it) against the word-at-a-time one on states of every length up to 300
// bytes, sparse and dense, and that both decode back to the state.
func TestEncodeZSAVX512(t *testing.T) {
	if !zsHaveAVX512 {
		t.Skip("no AVX-512 VBMI2 on this processor")
	}
	r := rand.New(rand.NewSource(7))
	for n := 0; n <= 300; n++ {
		for _, density := range []int{0, 1, 3, 8, 100} {
			s := make([]byte, n, n+64)
			for i := range s {
				if density > 0 && r.Intn(100) < density*10 {
					s[i] = byte(1 + r.Intn(255))
				}
			}
			// bytes past the state must not be read into the code
			for i := n; i < cap(s); i++ {
				s[:cap(s)][i] = 0xAA
			}
			got := encodeZS([]byte{9}, s)
			saved := zsHaveAVX512
			zsHaveAVX512 = false
			want := encodeZS([]byte{9}, s)
			zsHaveAVX512 = saved
			if !bytes.Equal(got, want) {
				t.Fatalf("n=%d density=%d: AVX-512 code %x, want %x", n, density, got, want)
			}
			if back := decodeZS(nil, got[1:]); !bytes.Equal(back, s) {
				t.Fatalf("n=%d density=%d: decodes to %x, want %x", n, density, back, s)
			}
		}
	}
}

// TestFirstChunkGrows stores states through the growth of the first
// arena chunk (from firstChunk to a whole chunk, by copies) and into the
// chunks after it, and checks that every state keeps its index, its bytes
// and its aux byte, and that ArenaBytes counts what was allocated.
func TestFirstChunkGrows(t *testing.T) {
	for _, zs := range []bool{false, true} {
		tb := New(10, 0)
		if zs {
			tb = NewZeroSuppressed(10, 0)
		}
		tb.SetAux(1)
		const n = 60000 // about 6 MB of 100-byte states: two chunks
		idx := make([]uint64, n)
		st := func(i int) []byte {
			s := make([]byte, 100)
			binary.LittleEndian.PutUint32(s, uint32(i))
			s[50+i%50] = byte(i)
			return s
		}
		for i := 0; i < n; i++ {
			var added bool
			idx[i], added, _ = tb.Insert(st(i))
			if !added {
				t.Fatalf("zs %v: state %d not added", zs, i)
			}
			tb.Aux(idx[i])[0] = byte(i * 7)
			if i == 10 && tb.Stats().ArenaBytes != firstChunk {
				t.Fatalf("zs %v: arena %d bytes after 10 states, want %d", zs, tb.Stats().ArenaBytes, firstChunk)
			}
		}
		for i := 0; i < n; i++ {
			if got, ok := tb.Lookup(st(i)); !ok || got != idx[i] {
				t.Fatalf("zs %v: state %d at %d (%v), want %d", zs, i, got, ok, idx[i])
			}
			if !bytes.Equal(tb.State(idx[i]), st(i)) || tb.Aux(idx[i])[0] != byte(i*7) {
				t.Fatalf("zs %v: state %d changed", zs, i)
			}
		}
		// zero-suppressed, the states fit the first chunk grown to 2 MiB;
		// plain, they fill it grown to 4 MiB and a second chunk
		want := int64(2 * chunkSize)
		if zs {
			want = chunkSize / 2
		}
		if a := tb.Stats().ArenaBytes; a != want {
			t.Errorf("zs %v: arena %d bytes, want %d", zs, a, want)
		}
	}
}
