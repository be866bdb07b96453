package store

import (
	"math/rand"
	"testing"
)

// BenchmarkInsertZS: inserting states of 128 bytes, a third of them
// nonzero, into a zero-suppressed table, half of them already stored.
func BenchmarkInsertZS(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	st := make([][]byte, 1<<16)
	for i := range st {
		s := make([]byte, 128)
		for j := range s {
			if r.Intn(3) == 0 {
				s[j] = byte(1 + r.Intn(4))
			}
		}
		st[i] = s
	}
	b.ResetTimer()
	var tb *Table
	for i := 0; i < b.N; i++ {
		if i&(1<<17-1) == 0 {
			tb = NewZeroSuppressed(12, 0)
		}
		s := st[i&(1<<16-1)]
		tb.InsertHashed(s, Hash(s))
	}
}
