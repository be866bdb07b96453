package store

import (
	"encoding/binary"
	"errors"
	"math/rand"
	randv2 "math/rand/v2"
	"testing"
)

func TestInsertAndGrow(t *testing.T) {
	tab := New(4, 0)
	seen := map[string]uint64{}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 50000; i++ {
		n := rng.Intn(40)
		s := make([]byte, n)
		for j := range s {
			s[j] = byte(rng.Intn(3)) // many duplicates
		}
		idx, added, err := tab.Insert(s)
		if err != nil {
			t.Fatal(err)
		}
		prev, ok := seen[string(s)]
		if added == ok {
			t.Fatalf("state %v: added=%v but seen before=%v", s, added, ok)
		}
		if ok && prev != idx {
			t.Fatalf("state %v: index changed from %d to %d", s, prev, idx)
		}
		seen[string(s)] = idx
	}
	if tab.Len() != len(seen) {
		t.Fatalf("Len = %d, want %d", tab.Len(), len(seen))
	}
	for s, idx := range seen {
		if got := string(tab.State(idx)); got != s {
			t.Fatalf("State(%d) = %v, want %v", idx, []byte(got), []byte(s))
		}
	}
	st := tab.Stats()
	if st.States != len(seen) || st.Slots < len(seen) {
		t.Fatalf("bad stats %+v", st)
	}
}

func TestEmptyState(t *testing.T) {
	tab := New(4, 0)
	i1, a1, _ := tab.Insert(nil)
	i2, a2, _ := tab.Insert([]byte{})
	if !a1 || a2 || i1 != i2 || len(tab.State(i1)) != 0 {
		t.Fatalf("empty state handled wrongly: %d %v %d %v", i1, a1, i2, a2)
	}
}

func TestMemLimit(t *testing.T) {
	tab := New(10, 8<<20) // 8 KiB table + two 4 MiB chunks at most
	var err error
	buf := make([]byte, 1024)
	n := 0
	for i := 0; i < 100000 && err == nil; i++ {
		binary.LittleEndian.PutUint64(buf, uint64(i))
		_, _, err = tab.Insert(buf)
		if err == nil {
			n++
		}
	}
	if !errors.Is(err, ErrMemLimit) {
		t.Fatalf("expected ErrMemLimit, got %v after %d states", err, n)
	}
	if m := tab.Stats().Memory(); m > 8<<20 {
		t.Fatalf("memory %d over the limit", m)
	}
	if n == 0 || tab.Len() != n {
		t.Fatalf("stored %d, Len %d", n, tab.Len())
	}
}

func BenchmarkInsert(b *testing.B) {
	tab := New(20, 0)
	s := make([]byte, 48)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		binary.LittleEndian.PutUint64(s, uint64(i%(1<<20)))
		tab.Insert(s)
	}
}

func TestEach(t *testing.T) {
	tab := New(4, 0)
	want := map[string]bool{}
	for i := 0; i < 1000; i++ {
		s := []byte{byte(i), byte(i >> 8), 7}
		tab.Insert(s)
		want[string(s)] = true
	}
	got := map[string]bool{}
	tab.Each(func(idx uint64, s []byte) bool {
		if string(tab.State(idx)) != string(s) {
			t.Fatalf("Each gives index %d for the wrong state", idx)
		}
		got[string(s)] = true
		return true
	})
	if len(got) != len(want) {
		t.Fatalf("Each visited %d states, want %d", len(got), len(want))
	}
}

func TestLargeState(t *testing.T) {
	tb := New(4, 0)
	big := make([]byte, 70000)
	for i := range big {
		big[i] = byte(i * 7)
	}
	idx, added, err := tb.Insert(big)
	if err != nil || !added {
		t.Fatal(err)
	}
	if got := tb.State(idx); string(got) != string(big) {
		t.Fatalf("large state read back wrong (%d bytes)", len(got))
	}
	if _, added, _ := tb.Insert(big); added {
		t.Errorf("large state inserted twice")
	}
}

func TestZeroSuppressed(t *testing.T) {
	r := randv2.New(randv2.NewPCG(7, 8))
	plain, zs := New(4, 0), NewZeroSuppressed(4, 0)
	var states [][]byte
	for i := 0; i < 20000; i++ {
		n := 1 + r.IntN(90)
		if i == 7 {
			n = 70000 // a large state
		}
		s := make([]byte, n)
		for j := range s {
			if r.IntN(3) == 0 {
				s[j] = byte(1 + r.IntN(255))
			}
		}
		states = append(states, s)
	}
	states = append(states, states[:500]...) // duplicates
	for _, s := range states {
		i1, a1, err1 := plain.Insert(s)
		i2, a2, err2 := zs.Insert(s)
		if err1 != nil || err2 != nil || a1 != a2 {
			t.Fatalf("insert: %v %v %v %v", a1, a2, err1, err2)
		}
		if got := zs.State(i2); string(got) != string(s) {
			t.Fatalf("state %d bytes decoded wrong", len(s))
		}
		if j, ok := zs.Lookup(s); !ok || j != i2 {
			t.Fatalf("lookup")
		}
		_ = i1
	}
	if plain.Len() != zs.Len() {
		t.Errorf("len %d vs %d", plain.Len(), zs.Len())
	}
	if zs.Stats().StoredBytes >= plain.Stats().StoredBytes {
		t.Errorf("no saving: %d vs %d bytes", zs.Stats().StoredBytes, plain.Stats().StoredBytes)
	}
	n := 0
	zs.Each(func(idx uint64, s []byte) bool { n++; return true })
	if n != zs.Len() {
		t.Errorf("Each visits %d of %d", n, zs.Len())
	}
}

func TestZeroSuppressedLen(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for n := 0; n < 200; n++ {
		s := make([]byte, n)
		for i := range s {
			if r.Intn(3) == 0 {
				s[i] = byte(1 + r.Intn(255))
			}
		}
		if got, want := ZeroSuppressedLen(s), len(encodeZS(nil, s)); got != want {
			t.Fatalf("n=%d: ZeroSuppressedLen %d, encoded length %d", n, got, want)
		}
	}
}

func TestInsertHashedPrefetch(t *testing.T) {
	for _, zs := range []bool{false, true} {
		tb := New(4, 0)
		tb.zs = zs
		for i := 0; i < 1000; i++ {
			s := []byte{byte(i), byte(i >> 8), 0, 0, 7}
			h := Hash(s)
			tb.PrefetchSlot(h)
			if _, added, _ := tb.InsertHashed(s, h); !added {
				t.Fatalf("zs=%v: state %d not added", zs, i)
			}
			if _, added, _ := tb.Insert(s); added {
				t.Fatalf("zs=%v: state %d added twice", zs, i)
			}
			if _, found := tb.Lookup(s); !found {
				t.Fatalf("zs=%v: state %d not found", zs, i)
			}
		}
	}
}

// TestAux: a table asked for aux bytes before its first state keeps them
// per state, zero at first, apart from the states' bytes; afterwards it
// refuses.
func TestAux(t *testing.T) {
	for _, zs := range []bool{false, true} {
		tb := New(4, 0)
		if zs {
			tb = NewZeroSuppressed(4, 0)
		}
		if !tb.SetAux(2) {
			t.Fatal("SetAux refused on an empty table")
		}
		var idx []uint64
		for i := 0; i < 5000; i++ {
			s := []byte{byte(i), byte(i >> 8), 0, 0, 7}
			x, added, err := tb.Insert(s)
			if err != nil || !added {
				t.Fatal(err, added)
			}
			a := tb.Aux(x)
			if len(a) != 2 || a[0] != 0 || a[1] != 0 {
				t.Fatalf("aux of a new state: %v", a)
			}
			a[0], a[1] = byte(i), byte(i>>8)
			idx = append(idx, x)
		}
		for i, x := range idx {
			s := []byte{byte(i), byte(i >> 8), 0, 0, 7}
			if y, found := tb.Lookup(s); !found || y != x {
				t.Fatalf("state %d not found after writing aux bytes", i)
			}
			if a := tb.Aux(x); a[0] != byte(i) || a[1] != byte(i>>8) {
				t.Fatalf("state %d: aux %v", i, a)
			}
		}
		if tb.SetAux(1) {
			t.Error("SetAux accepted on a table with states")
		}
	}
}

// TestTailCode: a zero-suppressed table that encodes each state where its
// entry will go (tailCode) stores and finds the same states as a plain
// table, matched states leave the arena as it was, and the aux bytes of a
// new state are zero even where an earlier scratch code wrote.
func TestTailCode(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	plain, tb := New(4, 0), NewZeroSuppressed(4, 0)
	tb.SetAux(3)
	var states [][]byte
	for i := 0; i < 30000; i++ {
		var s []byte
		if len(states) > 0 && r.Intn(2) == 0 {
			s = states[r.Intn(len(states))] // a matched state
		} else {
			s = make([]byte, 1+r.Intn(60))
			for j := range s {
				if r.Intn(2) == 0 {
					s[j] = byte(1 + r.Intn(255))
				}
			}
			states = append(states, s)
		}
		used := tb.used
		x, added, err := tb.InsertHashed(s, Hash(s))
		_, added1, err1 := plain.Insert(s)
		if err != nil || err1 != nil || added != added1 {
			t.Fatalf("state %d: added %v (plain %v), %v %v", i, added, added1, err, err1)
		}
		if !added && tb.used != used {
			t.Fatalf("a matched state moved the arena's end")
		}
		if a := tb.Aux(x); added && (a[0] != 0 || a[1] != 0 || a[2] != 0) {
			t.Fatalf("aux of a new state: %v", a)
		}
		if added {
			tb.Aux(x)[0] = 0xAA
		}
		if got := tb.State(x); string(got) != string(s) {
			t.Fatalf("state decoded wrong")
		}
		if y, found := tb.Lookup(s); !found || y != x {
			t.Fatalf("lookup")
		}
	}
	if tb.Len() != plain.Len() {
		t.Errorf("len %d vs %d", tb.Len(), plain.Len())
	}
}
