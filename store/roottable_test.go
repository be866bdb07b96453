package store

import (
	"math/rand"
	"sync"
	"sync/atomic"
	"testing"
)

// TestRootTableConcurrent: four goroutines insert the same random roots
// (several classes, node numbers that widen as the test goes, so the
// table is rebuilt for its widths as well as grown from 64 cells) in
// orders of their own, setting flags as they go: each root is added
// exactly once, every root inserted is found, every flag set is kept
// through the growths, a flag is set by exactly one call, and each visits
// every root once.
func TestRootTableConcurrent(t *testing.T) {
	t.Run("cells", func(t *testing.T) { testRootTable(t) })
	// a distance of at most 3 words: many keys in the overflow area
	defer func(c uint) { rtDispCap = c }(rtDispCap)
	rtDispCap = 2
	t.Run("overflow", func(t *testing.T) { testRootTable(t) })
}

func testRootTable(t *testing.T) {
	const workers = 4
	n := 60000
	if testing.Short() {
		n = 15000
	}
	type root struct {
		c    uint
		l, r uint32
	}
	rng := rand.New(rand.NewSource(11))
	roots := make([]root, n)
	seen := map[root]bool{}
	for i := range roots {
		// node numbers bounded by a limit that grows with i, as a node
		// table's numbering does
		lim := int64(16 + i*8)
		for {
			r := root{uint(2 + rng.Intn(3)), uint32(rng.Int63n(lim)), uint32(rng.Int63n(lim))}
			if i%7 == 0 && i > 0 {
				r = roots[rng.Intn(i)] // some repeats
				roots[i] = r
				break
			}
			if !seen[r] {
				seen[r] = true
				roots[i] = r
				break
			}
		}
	}
	var nodes atomic.Uint64
	nodes.Store(uint64(16 + n*8))
	var bytes atomic.Int64
	tab := newRootTable(64, func(n int64) error { bytes.Add(n); return nil }, func(n int64) { bytes.Add(-n) },
		func() uint64 { return nodes.Load() })
	bytes.Add(tab.bytes())
	var added, flagged [workers]int
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var batch int64
			for _, i := range rand.New(rand.NewSource(int64(w))).Perm(n) {
				r := roots[i]
				a, err := tab.insert(r.c, r.l, r.r, &batch)
				if err != nil {
					t.Error(err)
					return
				}
				if a {
					added[w]++
				}
				if !tab.find(r.c, r.l, r.r) {
					t.Errorf("root %v not found after its insert", r)
					return
				}
				if i%3 == 0 && tab.flag(r.c, r.l, r.r, FlagRed, true) {
					flagged[w]++
				}
				if i%3 == 0 && !tab.flag(r.c, r.l, r.r, FlagRed, false) {
					t.Errorf("root %v: red flag not kept", r)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	distinct := map[root]bool{}
	for _, r := range roots {
		distinct[r] = true
	}
	redSet := map[root]bool{}
	for i, r := range roots {
		if i%3 == 0 {
			redSet[r] = true
		}
	}
	sum, fsum := 0, 0
	for w := range added {
		sum += added[w]
		fsum += flagged[w]
	}
	if sum != len(distinct) {
		t.Fatalf("added %d, distinct roots %d", sum, len(distinct))
	}
	if fsum != len(redSet) {
		t.Fatalf("red set by %d calls, %d roots flagged", fsum, len(redSet))
	}
	visited := map[root]bool{}
	tab.each(func(c uint, l, r uint32) bool {
		x := root{c, l, r}
		if visited[x] || !distinct[x] {
			t.Fatalf("each: %v twice or never inserted", x)
		}
		visited[x] = true
		if tab.flag(c, l, r, FlagRed, false) != redSet[x] || tab.flag(c, l, r, FlagDone, false) {
			t.Fatalf("each: %v has the wrong flags", x)
		}
		return true
	})
	if len(visited) != len(distinct) {
		t.Fatalf("each visits %d of %d", len(visited), len(distinct))
	}
	if tab.find(9, 1, 1) || tab.find(2, 1<<28, 3) {
		t.Error("found a root never inserted")
	}
	f := tab.cur.Load()
	if tab.grows.Load() < 5 || bytes.Load() != f.bytes() {
		t.Errorf("grows %d, bytes %d, table %d", tab.grows.Load(), bytes.Load(), f.bytes())
	}
	t.Logf("%d roots in %d words (%d in the overflow area) (%d cells of %d bits each), nb %d, %d grows", len(distinct), f.m, f.ovfN.Load(), f.k, f.w, f.nb, tab.grows.Load())
}

// TestRootFormat: a table's layout fits its cells in a word, with room
// for the remainder, the flags and the distance, and the quotient's home
// is one-to-one and invertible.
func TestRootFormat(t *testing.T) {
	for _, tc := range []struct {
		cells   uint64
		classes int
		nb      uint
	}{{1 << 23, 1, 21}, {12 << 20, 2, 21}, {1 << 10, 1, 3}, {1 << 26, 3, 28}, {64, 1, 1}} {
		cl := make([]uint8, tc.classes)
		for i := range cl {
			cl[i] = uint8(2 + i)
		}
		f := newFormat(tc.cells, cl, tc.nb)
		if f.k*f.w > 63 || f.rb+rtFlags+f.d > f.w || f.d < 3 || f.kb < f.s || f.m*uint64(f.k) < tc.cells {
			t.Errorf("%+v: layout m %d k %d w %d d %d rb %d kb %d s %d", tc, f.m, f.k, f.w, f.d, f.rb, f.kb, f.s)
		}
		for q := uint64(0); q < 1<<f.s; q += 1 + q/7 {
			if h := f.home(q); h >= f.m || f.quotient(h) != q {
				t.Fatalf("%+v: home(%d) = %d, quotient %d", tc, q, h, f.quotient(h))
			}
		}
		t.Logf("cells %d classes %d nb %d: %d words, %d cells of %d bits, remainder %d, distance %d", tc.cells, tc.classes, tc.nb, f.m, f.k, f.w, f.rb, f.d)
	}
}
