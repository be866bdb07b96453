package idxmap

import (
	"math/rand"
	"testing"
)

// TestIdxMap: random sets, gets and deletions agree with a Go map, through
// growth and the back-shifting of probe runs.
func TestIdxMap(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	m := New()
	ref := map[uint64]int32{}
	for op := 0; op < 200000; op++ {
		k := uint64(r.Intn(5000)) * 8 // store indices: offsets
		if r.Intn(20) == 0 {
			k = ^uint64(0) - 1 // a large key
		}
		switch r.Intn(3) {
		case 0:
			v := int32(r.Intn(100) - 1)
			m.Set(k, v)
			ref[k] = v
		case 1:
			m.Del(k)
			delete(ref, k)
		}
		if got, ok := m.Get(k); ok != (func() bool { _, ok := ref[k]; return ok })() || got != ref[k] {
			t.Fatalf("op %d: key %d: got %d %v, want %d", op, k, got, ok, ref[k])
		}
		if m.Len() != len(ref) {
			t.Fatalf("op %d: len %d, want %d", op, m.Len(), len(ref))
		}
	}
	for k, v := range ref {
		if got, ok := m.Get(k); !ok || got != v {
			t.Fatalf("key %d: got %d %v, want %d", k, got, ok, v)
		}
	}
}

func BenchmarkIdxMap(b *testing.B) {
	m := New()
	for i := 0; i < b.N; i++ {
		k := uint64(i) * 40
		m.Set(k, 1)
		if !m.Has(k) {
			b.Fatal("missing")
		}
		if i%3 == 0 {
			m.Del(k)
		}
	}
}

func BenchmarkGoMap(b *testing.B) {
	m := map[uint64]int32{}
	for i := 0; i < b.N; i++ {
		k := uint64(i) * 40
		m[k] = 1
		if _, ok := m[k]; !ok {
			b.Fatal("missing")
		}
		if i%3 == 0 {
			delete(m, k)
		}
	}
}
