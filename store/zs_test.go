package store

import (
	"bytes"
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
