package reduce_test

import (
	"context"
	"testing"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/por"
	"github.com/gospin/gospin/reduce"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/store"
)

// plainSet hides every interface of a store.Table but store.Set: no aux
// bytes (store.AuxSet) and no prefetching, as a store that keeps no aux
// bytes beside its states.
type plainSet struct{ store.Set }

// TestStackTrackingWithoutAux: the depth-first search keeps the reduced
// search's stack set (the cycle proviso's question) in an aux byte beside
// each stored state where the store keeps one, and in a map otherwise;
// both give the same reduced state space, depth-first and (expanded bit
// against queue positions) breadth-first.
func TestStackTrackingWithoutAux(t *testing.T) {
	for _, name := range []string{"peterson", "leader0", "snoopy", "cd_mergesort", "sort"} {
		prog := loadCorpus(t, name)
		for _, bfs := range []bool{false, true} {
			run := func(st store.Set) *search.Result {
				e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: true})
				if err != nil {
					t.Fatal(err)
				}
				r := reduce.New(e)
				if r == nil {
					t.Fatalf("%s: no reducer", name)
				}
				var m pins.Model = por.New(e, r, por.Config{})
				res, err := search.Run(context.Background(), m, search.Options{BFS: bfs, MaxDepth: 100000, StopAfter: 1, HashLog2: 16, Store: st})
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			withAux := run(store.New(16, 0))
			without := run(plainSet{store.New(16, 0)})
			if withAux.StatesStored != without.StatesStored || withAux.Transitions != without.Transitions || len(withAux.Errors) != len(without.Errors) || withAux.Reduced != without.Reduced || withAux.ProvisoFallbacks != without.ProvisoFallbacks {
				t.Errorf("%s (bfs %v): aux byte %d states, %d transitions, %d errors, %d reduced; map %d, %d, %d, %d", name, bfs,
					withAux.StatesStored, withAux.Transitions, len(withAux.Errors), withAux.Reduced,
					without.StatesStored, without.Transitions, len(without.Errors), without.Reduced)
			}
			if withAux.Reduced == 0 {
				t.Errorf("%s (bfs %v): nothing reduced: the test shows nothing", name, bfs)
			}
		}
	}
}
