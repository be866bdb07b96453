package store

import (
	"sync"
	"testing"
)

// insertAll makes workers goroutines insert the states 0..n-1 of
// sharedKey at once, each in an order of its own, and returns which
// worker added which states.
func insertAll(t *testing.T, set ConcurrentSet, workers, n int) [][]int {
	t.Helper()
	var wg sync.WaitGroup
	addedBy := make([][]int, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			h := set.Handle(w)
			defer h.Pause()
			var buf []byte
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
				if idx2, ok := h.Lookup(buf, Hash(buf)); !ok || idx2 != idx {
					t.Errorf("lookup of state %d: %d %v, inserted at %d", i, idx2, ok, idx)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	return addedBy
}

// TestSharedHCConcurrent: six workers insert the same 50,000 states at
// once into hash-compaction tables of 64-bit signatures (the same cells
// as HashCompact) and of 24 bits (two cells a word, 16 bits unused):
// every state is added exactly once (no collision is to be expected among
// 50,000 signatures of 64 bits in a table a quarter full, nor, by
// chance, of 24 bits: about 1e-3, and the seed is fixed), Len counts each
// once, and done marks are read back by any worker.
func TestSharedHCConcurrent(t *testing.T) {
	const workers, n = 6, 50000
	for _, b := range []int{64, 24} {
		tab, err := NewSharedHC(workers, 1<<21, b, 7)
		if err != nil {
			t.Fatal(err)
		}
		tab.EnableDone()
		if b == 64 && tab.cells != 1<<18 {
			t.Errorf("64-bit cells in 2 MB: %d, want 2^18", tab.cells)
		}
		addedBy := insertAll(t, tab, workers, n)
		seen := make([]bool, n)
		total := 0
		for _, l := range addedBy {
			for _, i := range l {
				if seen[i] {
					t.Errorf("%d-bit: state %d added twice", b, i)
				}
				seen[i] = true
				total++
			}
		}
		if total != n || tab.Len() != n {
			t.Errorf("%d-bit: %d added, Len %d, want %d", b, total, tab.Len(), n)
		}
		var buf []byte
		for i := 0; i < n; i += 3 {
			buf = sharedKey(buf, i)
			idx, _ := tab.Lookup(buf)
			tab.MarkDone(idx)
		}
		for i := 0; i < n; i++ {
			buf = sharedKey(buf, i)
			idx, ok := tab.Lookup(buf)
			if !ok || tab.Done(idx) != (i%3 == 0) {
				t.Errorf("%d-bit: state %d: found %v, done %v", b, i, ok, tab.Done(idx))
				break
			}
		}
		if o := tab.Omission(); o.ExpectedOmitted <= 0 || o.ExpectedOmitted > 1e-2 {
			t.Errorf("%d-bit: expected omissions %g", b, o.ExpectedOmitted)
		}
	}
	// a full table refuses (at 90% of its 16 cells), and does not loop
	tab, _ := NewSharedHC(1, 8*16, 64, 1)
	h := tab.Handle(0)
	var buf []byte
	refused := 0
	for i := 0; i < 100; i++ {
		buf = sharedKey(buf, i)
		if _, _, err := h.Insert(buf, 0); IsTableFull(err) {
			refused++
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if tab.Len() > 16 || refused < 100-16 {
		t.Errorf("16 cells: Len %d, %d of 100 refused", tab.Len(), refused)
	}
}

// TestSharedBitstateConcurrent: six workers insert the same 50,000
// states into a bit array of 2^24 bits: each is found new by one worker
// at least, and by two only when their atomic ORs interleave (at most a
// few); the bits set and the omission estimate are those of the states.
func TestSharedBitstateConcurrent(t *testing.T) {
	const workers, n = 6, 50000
	tab, err := NewSharedBitstate(workers, 1<<21, 3, 5)
	if err != nil {
		t.Fatal(err)
	}
	addedBy := insertAll(t, tab, workers, n)
	count := make([]int, n)
	for _, l := range addedBy {
		for _, i := range l {
			count[i]++
		}
	}
	missing, twice := 0, 0
	for _, c := range count {
		switch {
		case c == 0:
			missing++
		case c > 1:
			twice++
		}
	}
	// 3 bits of 2^24 per state: a state omitted (all its bits set by
	// others) has probability about (1.5e5/1.7e7)^3 = 7e-7 each
	if missing > 2 || twice > 50 || tab.Len() != n-missing+twice {
		t.Errorf("%d states never added, %d added twice, Len %d", missing, twice, tab.Len())
	}
	st := tab.Storage()
	if st.Fill <= 0 || st.Fill > 3*float64(n)/float64(1<<24) {
		t.Errorf("fill %g", st.Fill)
	}
}

// TestSharedDone: the exact shared table's done bits (EnableDone), one
// per entry of each worker's arenas, set by one worker and read by any,
// over several arena chunks; their memory is counted.
func TestSharedDone(t *testing.T) {
	const workers, n = 3, 200000 // about 4 MB of entries: several 1 MiB chunks
	tab := NewShared(workers, 4, 0, false)
	tab.EnableDone()
	insertAll(t, tab, workers, n)
	if tab.Len() != n {
		t.Fatalf("Len %d, want %d", tab.Len(), n)
	}
	h := tab.Handle(0)
	defer h.Pause()
	var buf []byte
	for i := 0; i < n; i += 7 {
		buf = sharedKey(buf, i)
		idx, _ := h.Lookup(buf, Hash(buf))
		tab.MarkDone(idx)
	}
	for i := 0; i < n; i++ {
		buf = sharedKey(buf, i)
		idx, ok := h.Lookup(buf, Hash(buf))
		if !ok || tab.Done(idx) != (i%7 == 0) {
			t.Fatalf("state %d: found %v, done %v", i, ok, tab.Done(idx))
		}
	}
	st := tab.Stats()
	chunks := st.ArenaBytes / (cChunkSize + cDoneWords*8)
	if chunks < 4 || st.ArenaBytes != chunks*(cChunkSize+cDoneWords*8) {
		t.Errorf("arena bytes %d: not whole chunks with their done bits", st.ArenaBytes)
	}
}
