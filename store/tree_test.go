package store

import (
	"bytes"
	"math/bits"
	"math/rand"
	"testing"
)

// TestRootSetPerm: perm is a bijection (unperm inverts it).
func TestRootSetPerm(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 10000; i++ {
		kb := uint(9 + r.Intn(56))
		x := r.Uint64() & (1<<kb - 1)
		if y := perm(x, kb); y>>kb != 0 || unperm(y, kb) != x {
			t.Fatalf("kb %d: perm(%x) = %x, unperm = %x", kb, x, y, unperm(y, kb))
		}
	}
}

// randomStates makes n distinct-ish states of a few lengths that share
// most of their words, as a model's states do.
func randomStates(r *rand.Rand, n int) [][]byte {
	var out [][]byte
	base := make([]byte, 61)
	for i := 0; i < n; i++ {
		l := len(base)
		switch r.Intn(10) {
		case 0:
			l = 3
		case 1:
			l = 200
		case 2:
			l = 0
		}
		s := make([]byte, l)
		copy(s, base)
		for k := 0; k < 1+r.Intn(3) && l > 0; k++ {
			s[r.Intn(l)] = byte(r.Intn(4))
		}
		if r.Intn(3) == 0 && l == len(base) {
			copy(base, s)
		}
		out = append(out, s)
	}
	return out
}

// TestTreeExact: the tree keeps every state exactly: a state is new once,
// its index stable, State gives its bytes back, Each visits each once,
// and Lookup agrees; the root set grows through many doublings.
func TestTreeExact(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	tr := NewTree(4, 0)
	seen := map[string]uint64{}
	for _, s := range randomStates(r, 60000) {
		idx, added, err := tr.Insert(s)
		if err != nil {
			t.Fatal(err)
		}
		old, dup := seen[string(s)]
		if added == dup || dup && old != idx {
			t.Fatalf("state %x: added %v, index %x (was %x, seen %v)", s, added, idx, old, dup)
		}
		seen[string(s)] = idx
		if got := tr.State(idx); !bytes.Equal(got, s) {
			t.Fatalf("State(%x) = %x, want %x", idx, got, s)
		}
	}
	if tr.Len() != len(seen) {
		t.Errorf("Len %d, want %d", tr.Len(), len(seen))
	}
	for s, idx := range seen {
		if i, ok := tr.Lookup([]byte(s)); !ok || i != idx {
			t.Fatalf("Lookup(%x) = %x %v, want %x", s, i, ok, idx)
		}
	}
	if _, ok := tr.Lookup(make([]byte, 61+4)); ok {
		t.Error("Lookup found a state never stored")
	}
	n := 0
	tr.Each(func(idx uint64, s []byte) bool {
		n++
		if seen[string(s)] != idx {
			t.Fatalf("Each: %x at %x, want %x", s, idx, seen[string(s)])
		}
		return true
	})
	if n != len(seen) {
		t.Errorf("Each visited %d, want %d", n, len(seen))
	}
	st := tr.Stats()
	t.Logf("%d states, %d nodes, %.1f bytes per state (root set %d cells)", st.States, tr.Nodes(), float64(st.Memory())/float64(st.States), st.Slots)
}

// TestTreeMemLimit: the tree stops at its memory limit with ErrMemLimit.
func TestTreeMemLimit(t *testing.T) {
	tr := NewTree(4, 1<<20)
	var err error
	var b [16]byte
	for i := uint32(0); err == nil && i < 1<<24; i++ {
		b[0], b[5], b[10], b[15] = byte(i), byte(i>>8), byte(i>>16), byte(i>>24)
		_, _, err = tr.Insert(b[:])
	}
	if err != ErrMemLimit || tr.Stats().Memory() > 1<<20 {
		t.Errorf("err %v, memory %d", err, tr.Stats().Memory())
	}
}

// FuzzTreeRoundTrip: any states, inserted in any order, come back from
// State as they went in, and a second insert finds each.
func FuzzTreeRoundTrip(f *testing.F) {
	f.Add([]byte{}, []byte{1, 2, 3}, []byte{0, 0, 0, 0, 0, 0, 0, 0, 9})
	f.Add([]byte{7}, []byte{7, 0}, []byte{7, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, a, b, c []byte) {
		tr := NewTree(4, 0)
		idx := map[string]uint64{}
		for _, s := range [][]byte{a, b, c, a, c} {
			i, added, err := tr.Insert(s)
			if err != nil {
				t.Fatal(err)
			}
			if old, ok := idx[string(s)]; ok == added || ok && old != i {
				t.Fatalf("%x: added %v, index %x, before %x", s, added, i, old)
			}
			idx[string(s)] = i
		}
		for s, i := range idx {
			if got := tr.State(i); !bytes.Equal(got, []byte(s)) {
				t.Fatalf("State = %x, want %x", got, s)
			}
		}
	})
}

// TestRootSetHome: on tables of any size, home is one-to-one from the
// quotients onto cells and quotient inverts it; sizes grow by about 1.5.
func TestRootSetHome(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for _, m := range []uint64{64, 96, 100, 127, 3 << 20, 1<<40 + 12345} {
		rs := rootSet{m: m, s: uint(bits.Len64(m) - 1)}
		for i := 0; i < 2000; i++ {
			q := r.Uint64() >> (64 - rs.s)
			if h := rs.home(q); h >= m || rs.quotient(h) != q {
				t.Fatalf("m %d: home(%d) = %d, quotient %d", m, q, h, rs.quotient(h))
			}
		}
	}
	if nextCells(1<<20) != 3<<19 || nextCells(3<<19) != 1<<21 {
		t.Errorf("growth: %d, %d", nextCells(1<<20), nextCells(3<<19))
	}
}
