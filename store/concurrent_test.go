package store

import (
	"encoding/binary"
	"sync"
	"testing"
)

// key returns the state for number i: some bytes zero, so that zero
// suppression has something to suppress, and lengths that vary.
func sharedKey(buf []byte, i int) []byte {
	buf = buf[:0]
	buf = binary.LittleEndian.AppendUint64(buf, uint64(i)*0x9E3779B97F4A7C15)
	buf = append(buf, 0, 0, byte(i), 0)
	for k := 0; k < i%5; k++ {
		buf = append(buf, byte(k))
	}
	return buf
}

// TestSharedConcurrentInserts: several workers insert overlapping ranges
// of states at once, the table growing from its smallest size on the
// way; every state is added exactly once, its index gives its bytes back,
// and Len counts each once.
func TestSharedConcurrentInserts(t *testing.T) {
	for _, zs := range []bool{false, true} {
		const workers, n = 6, 60000
		tab := NewShared(workers, 4, 0, zs)
		var wg sync.WaitGroup
		addedBy := make([][]int, workers)
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				h := tab.Handle(w)
				defer h.Pause() // a worker done must not hold up a growth
				var buf []byte
				// each worker inserts every state, in an order of its own
				for j := 0; j < n; j++ {
					i := (j*(2*w+1) + w*7919) % n
					buf = sharedKey(buf, i)
					idx, added, err := h.Insert(buf, Hash(buf))
					if err != nil {
						t.Error(err)
						return
					}
					if added {
						addedBy[w] = append(addedBy[w], i)
					}
					if j%97 == 0 {
						if idx2, ok := h.Lookup(buf, Hash(buf)); !ok || idx2 != idx {
							t.Errorf("lookup of state %d: %d %v, inserted at %d", i, idx2, ok, idx)
						}
					}
				}
			}(w)
		}
		wg.Wait()
		seen := make([]bool, n)
		total := 0
		for _, l := range addedBy {
			for _, i := range l {
				if seen[i] {
					t.Fatalf("zs=%v: state %d added twice", zs, i)
				}
				seen[i] = true
				total++
			}
		}
		if total != n || tab.Len() != n {
			t.Fatalf("zs=%v: added %d, Len %d, want %d", zs, total, tab.Len(), n)
		}
		if st := tab.Stats(); st.Slots <= 1<<cMinLog2 || st.States != n {
			t.Errorf("zs=%v: the table did not grow (%d slots) or miscounts (%d)", zs, st.Slots, st.States)
		}
		var buf []byte
		count := 0
		tab.Each(func(idx uint64, s []byte) bool {
			count++
			return true
		})
		if count != n {
			t.Errorf("Each visits %d states, want %d", count, n)
		}
		for i := 0; i < n; i += 1013 {
			buf = sharedKey(buf, i)
			idx, ok := tab.Lookup(buf)
			if !ok || string(tab.State(idx)) != string(buf) {
				t.Fatalf("zs=%v: state %d not found after the search", zs, i)
			}
		}
		buf = sharedKey(buf, n+1)
		if _, ok := tab.Lookup(buf); ok {
			t.Errorf("a state never inserted is found")
		}
	}
}

// TestSharedMemLimit: the table refuses to grow past its memory limit.
func TestSharedMemLimit(t *testing.T) {
	tab := NewShared(2, 16, 6<<20, false)
	h := tab.Handle(1)
	var buf []byte
	for i := 0; ; i++ {
		buf = sharedKey(buf, i)
		_, _, err := h.Insert(buf, Hash(buf))
		if err == ErrMemLimit {
			if st := tab.Stats(); st.Memory() > 6<<20 {
				t.Errorf("memory %d over the limit", st.Memory())
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if i > 1<<20 {
			t.Fatal("no memory limit reached")
		}
	}
}
