package parsearch

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/gospin/gospin/search"
)

// TestUnionConcurrent: workers unite random pairs of one union-find at
// once; when union(a, b) returns, a and b are in one set, whatever other
// unions did meanwhile, and at the end the sets are those of the pairs
// (checked against a sequential union-find), with sizes and lists that
// add up. Until 2026-11-26 union returned without uniting when another
// union had made one of its roots a child between its find and its
// locks (docs/parallel.md, "The race"): this test failed within a few
// runs then, and UFSCC ended with "a claimed live set holds no state of
// the worker's stack".
func TestUnionConcurrent(t *testing.T) {
	const n, workers = 4000, 4
	rounds := 50
	if testing.Short() {
		rounds = 10
	}
	for round := range rounds {
		var all search.Marks
		u := newUnionFind(workers, &all)
		ids := make([]uint32, n)
		counts := make([]uint32, workers)
		for i := range ids {
			ids[i] = u.nodeOf(i%workers, &counts[i%workers], uint64(i%workers)<<bitsWorkerShift|uint64(i/workers))
		}
		r := rand.New(rand.NewPCG(uint64(round), 7))
		pairs := make([][][2]int, workers)
		for w := range pairs {
			for range n / 2 {
				pairs[w] = append(pairs[w], [2]int{r.IntN(n), r.IntN(n)})
			}
		}
		var wg sync.WaitGroup
		errs := make(chan string, workers)
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, p := range pairs[w] {
					a, b := ids[p[0]], ids[p[1]]
					u.union(a, b)
					if !u.sameSet(a, b) {
						errs <- "union returned with its two states in different sets"
						return
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatalf("round %d: %s", round, e)
		}
		// the same pairs, sequentially
		parent := make([]int, n)
		for i := range parent {
			parent[i] = i
		}
		var find func(int) int
		find = func(i int) int {
			for parent[i] != i {
				parent[i] = parent[parent[i]]
				i = parent[i]
			}
			return i
		}
		for _, ps := range pairs {
			for _, p := range ps {
				parent[find(p[0])] = find(p[1])
			}
		}
		size := map[int]uint32{}
		for i := range n {
			size[find(i)]++
			if (find(i) == find(0)) != u.sameSet(ids[i], ids[0]) {
				t.Fatalf("round %d: state %d and state 0: the sets differ from the sequential union-find's", round, i)
			}
		}
		for i := range n {
			rt := u.find(ids[i])
			if find(i) == i {
				// every state of the set is in its root's untaken list once
				seen, k := 0, u.node(rt).uHead
				for {
					seen++
					k = u.node(k).next
					if k == u.node(rt).uHead || seen > n {
						break
					}
				}
				if got := u.node(rt).size; got != size[i] || seen != int(size[i]) {
					t.Fatalf("round %d: a set of %d states has size %d and %d in its list", round, size[i], got, seen)
				}
			}
		}
	}
}

// TestNodeOfFirstMaker: the node of a stored state is made by the first
// worker to meet it, the one that stored it or another (which then
// waits for nothing: until 2026-11-27 it yielded in a loop until the
// storing worker had made the node); a worker whose node was not taken
// makes its next node with the same number.
func TestNodeOfFirstMaker(t *testing.T) {
	var all search.Marks
	u := newUnionFind(2, &all)
	a := uint64(0)<<bitsWorkerShift | 5 // stored by worker 0
	b := uint64(0)<<bitsWorkerShift | 9
	var c0, c1 uint32
	id1 := u.nodeOf(1, &c1, a) // worker 1 meets a before worker 0 made its node
	if id1>>ufCountBits != 1 || c1 != 1 {
		t.Fatalf("worker 1's node of a: id %#x, count %d", id1, c1)
	}
	if id := u.nodeOf(0, &c0, a); id != id1 || c0 != 0 {
		t.Fatalf("worker 0's node of a: id %#x (want %#x), count %d (want 0)", id, id1, c0)
	}
	id := u.nodeOf(0, &c0, b)
	if id != 1 || c0 != 1 {
		t.Fatalf("worker 0's next node: id %#x, count %d (want 1, 1)", id, c0)
	}
	for _, x := range []struct {
		id  uint32
		idx uint64
	}{{id1, a}, {id, b}} {
		n := u.node(x.id)
		if n.idx != x.idx || u.find(x.id) != x.id || n.size != 1 || n.uHead != x.id || n.next != x.id {
			t.Fatalf("node %#x: idx %d (want %d), root %#x, size %d, list %#x/%#x", x.id, n.idx, x.idx, u.find(x.id), n.size, n.uHead, n.next)
		}
	}
}

// TestNodeOfConcurrent: workers meet the same stored states at once, each
// in an order of its own: every worker gets the same node for a state,
// the node's store index is the state's, and each worker's nodes are
// numbered densely (its count is the number of states whose node it made).
func TestNodeOfConcurrent(t *testing.T) {
	const workers, per = 8, 2000
	var all search.Marks
	for round := range 5 {
		u := newUnionFind(workers, &all)
		var idxs []uint64
		for w := range 4 {
			for k := range per {
				idxs = append(idxs, uint64(w)<<bitsWorkerShift|uint64(3*k))
			}
		}
		got := make([][]uint32, workers)
		counts := make([]uint32, workers)
		var wg sync.WaitGroup
		for w := range workers {
			order := rand.New(rand.NewPCG(uint64(round), uint64(w))).Perm(len(idxs))
			got[w] = make([]uint32, len(idxs))
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, i := range order {
					got[w][i] = u.nodeOf(w, &counts[w], idxs[i])
				}
			}()
		}
		wg.Wait()
		made := make([]map[uint32]bool, workers)
		for w := range made {
			made[w] = map[uint32]bool{}
		}
		for i, idx := range idxs {
			id := got[0][i]
			for w := range workers {
				if got[w][i] != id {
					t.Fatalf("round %d: state %d: worker %d has node %#x, worker 0 %#x", round, idx, w, got[w][i], id)
				}
			}
			if u.node(id).idx != idx {
				t.Fatalf("round %d: node %#x of state %d holds state %d", round, id, idx, u.node(id).idx)
			}
			made[id>>ufCountBits][id&(1<<ufCountBits-1)] = true
		}
		for w := range workers {
			for k := uint32(1); k <= counts[w]; k++ {
				if !made[w][k] {
					t.Fatalf("round %d: worker %d made %d nodes, and number %d is no state's", round, w, counts[w], k)
				}
			}
			if len(made[w]) != int(counts[w]) {
				t.Fatalf("round %d: worker %d made %d nodes, count %d", round, w, len(made[w]), counts[w])
			}
		}
	}
}
