package store

import (
	"bytes"
	"errors"
	"math/rand"
	"sync"
	"testing"
)

// TestSharedTreeConcurrent: several workers insert the same random
// states (of several lengths, sharing most of their words), each in an
// order of its own, while the node index and the root table grow from
// their smallest sizes: each state is added exactly once, its index gives
// its bytes back (StateOf, from another worker too), Lookup agrees, the
// states stored are the sequential tree's and each node is stored once.
func TestSharedTreeConcurrent(t *testing.T) {
	const workers = 4
	n := 30000
	if testing.Short() {
		n = 8000
	}
	states := randomStates(rand.New(rand.NewSource(7)), n)
	seq := NewTree(4, 0)
	for _, s := range states {
		if _, _, err := seq.Insert(s); err != nil {
			t.Fatal(err)
		}
	}
	tab := NewSharedTree(workers, 4, 0)
	tab.EnableDone()
	type add struct {
		s   int
		idx uint64
	}
	addedBy := make([][]add, workers)
	idxOf := make([][]uint64, workers)
	order := make([][]int, workers)
	for w := range order {
		order[w] = rand.New(rand.NewSource(int64(w))).Perm(len(states))
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			h := tab.Handle(w)
			defer h.Pause()
			idxOf[w] = make([]uint64, len(states))
			var buf []byte
			for _, i := range order[w] {
				idx, added, err := h.Insert(states[i], Hash(states[i]))
				if err != nil {
					t.Error(err)
					return
				}
				idxOf[w][i] = idx
				if added {
					addedBy[w] = append(addedBy[w], add{i, idx})
					tab.MarkDone(idx)
				}
				if buf = tab.StateOf(buf, idx); !bytes.Equal(buf, states[i]) {
					t.Errorf("worker %d: StateOf(%x) = %x, want %x", w, idx, buf, states[i])
					return
				}
				if i%31 == 0 {
					if i2, ok := h.Lookup(states[i], 0); !ok || i2 != idx {
						t.Errorf("worker %d: Lookup of state %d: %x %v, inserted at %x", w, i, i2, ok, idx)
						return
					}
				}
			}
		}(w)
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	// one index per distinct state, the same from every worker
	byBytes := map[string]uint64{}
	for i, s := range states {
		idx := idxOf[0][i]
		for w := 1; w < workers; w++ {
			if idxOf[w][i] != idx {
				t.Fatalf("state %d: index %x for worker 0, %x for worker %d", i, idx, idxOf[w][i], w)
			}
		}
		if old, ok := byBytes[string(s)]; ok && old != idx {
			t.Fatalf("state %x has two indices", s)
		}
		byBytes[string(s)] = idx
	}
	total := 0
	seen := map[uint64]bool{}
	for _, l := range addedBy {
		for _, a := range l {
			if seen[a.idx] {
				t.Fatalf("state %d added twice", a.s)
			}
			seen[a.idx] = true
			if !tab.Done(a.idx) {
				t.Errorf("state %d: done bit lost", a.s)
			}
			total++
		}
	}
	if total != len(byBytes) || tab.Len() != seq.Len() || total != seq.Len() {
		t.Fatalf("added %d, Len %d, distinct %d, sequential tree %d", total, tab.Len(), len(byBytes), seq.Len())
	}
	// every node once: the values the index finds are distinct and as
	// many as the nodes added (the node numbering, so the inner nodes'
	// values, depends on the order of the inserts: a leaf pair that equals
	// an inner pair is one node or two, so the count is near the
	// sequential tree's, not equal)
	vals := map[uint64]bool{}
	for _, e := range *tab.buckets.Load() {
		if e != 0 {
			v := tab.val(uint64(e&stNumMask - 1))
			if vals[v] {
				t.Fatalf("node value %x stored twice", v)
			}
			vals[v] = true
		}
	}
	if len(vals) != tab.Nodes() || tab.Nodes() < seq.Nodes()*99/100 || tab.Nodes() > seq.Nodes()*101/100 {
		t.Errorf("nodes %d, in the index %d, sequential tree %d", tab.Nodes(), len(vals), seq.Nodes())
	}
	if st := tab.Stats(); st.States != seq.Len() || len(*tab.buckets.Load()) <= 1<<stMinLog2 {
		t.Errorf("stats %+v: the node index did not grow, or miscounts", st)
	}
	count := 0
	tab.Each(func(idx uint64, s []byte) bool {
		count++
		if byBytes[string(s)] != idx {
			t.Fatalf("Each: %x at %x", s, idx)
		}
		return true
	})
	if count != seq.Len() {
		t.Errorf("Each visits %d, want %d", count, seq.Len())
	}
	if _, ok := tab.Lookup(make([]byte, 65)); ok {
		t.Error("Lookup found a state never stored")
	}
	if idx, added, err := tab.Insert(states[0]); err != nil || added || idx != byBytes[string(states[0])] {
		t.Errorf("Insert of a stored state: %x %v %v", idx, added, err)
	}
}

// TestSharedTreeMemLimit: the store refuses to grow past its memory
// limit with ErrMemLimit (a search stops there, "memory limit"), within
// the limit, and keeps answering for what it stored.
func TestSharedTreeMemLimit(t *testing.T) {
	const lim = 4 << 20
	tab := NewSharedTree(2, 16, lim)
	h := tab.Handle(1)
	defer h.Pause()
	r := rand.New(rand.NewSource(3))
	s := make([]byte, 40)
	var last []byte
	for i := 0; ; i++ {
		r.Read(s) // little sharing: many nodes per state
		_, _, err := h.Insert(s, 0)
		if errors.Is(err, ErrMemLimit) {
			if st := tab.Stats(); st.Memory() > lim {
				t.Errorf("memory %d over the limit %d", st.Memory(), lim)
			}
			if last != nil {
				if _, ok := h.Lookup(last, 0); !ok {
					t.Error("a state stored before the limit is lost")
				}
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		last = append(last[:0], s...)
		if i > 1<<20 {
			t.Fatal("no memory limit reached")
		}
	}
}
