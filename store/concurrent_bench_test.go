package store

import "testing"

// BenchmarkSharedInsert and BenchmarkTableInsert compare one worker's
// inserts into the shared table with the sequential table's (half of
// them new, half already stored).
func BenchmarkSharedInsert(b *testing.B) {
	t := NewShared(1, 16, 0, true)
	h := t.Handle(0)
	var buf []byte
	for i := 0; i < b.N; i++ {
		buf = sharedKey(buf, i/2)
		h.Insert(buf, Hash(buf))
	}
}

func BenchmarkTableInsert(b *testing.B) {
	t := NewZeroSuppressed(16, 0)
	var buf []byte
	for i := 0; i < b.N; i++ {
		buf = sharedKey(buf, i/2)
		t.InsertHashed(buf, Hash(buf))
	}
}
