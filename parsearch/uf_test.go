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
