package store

import (
	"sync"
	"sync/atomic"
	"testing"
)

// TestPrefaultKeepsContents: touching the pages changes no word, also
// while another goroutine writes the array, on the serial and the
// parallel path.
func TestPrefaultKeepsContents(t *testing.T) {
	for _, n := range []int{0, 1, 511, 512, 513, 4 << 10, prefaultParallelBytes/8 + 1000} {
		b := make([]uint64, n)
		for i := range b {
			b[i] = uint64(i)*0x9e3779b97f4a7c15 | 1
		}
		var wg sync.WaitGroup
		wg.Go(func() {
			for i := 0; i < n; i += 97 {
				atomic.StoreUint64(&b[i], uint64(i)*0x9e3779b97f4a7c15|1)
			}
		})
		prefault64(b)
		wg.Wait()
		for i := range b {
			if b[i] != uint64(i)*0x9e3779b97f4a7c15|1 {
				t.Fatalf("n=%d: word %d changed to %#x", n, i, b[i])
			}
		}
		c := make([]uint32, n)
		for i := range c {
			c[i] = uint32(i) | 1
		}
		prefault32(c)
		for i := range c {
			if c[i] != uint32(i)|1 {
				t.Fatalf("n=%d: uint32 word %d changed to %#x", n, i, c[i])
			}
		}
	}
}

// TestTouchPagesVisitsEachPage: every page of the array is touched once,
// on both paths.
func TestTouchPagesVisitsEachPage(t *testing.T) {
	for _, n := range []int{1, 512, 1025, prefaultParallelBytes / 8 * 2} {
		var count atomic.Int64
		seen := make([]atomic.Bool, (n+511)/512)
		touchPages(n, 512, func(i int) {
			if i%512 != 0 || i >= n {
				t.Errorf("n=%d: touched %d", n, i)
			}
			if seen[i/512].Swap(true) {
				t.Errorf("n=%d: page %d touched twice", n, i/512)
			}
			count.Add(1)
		})
		if int(count.Load()) != len(seen) {
			t.Errorf("n=%d: %d pages touched, want %d", n, count.Load(), len(seen))
		}
	}
}
