package por

import (
	"context"
	"testing"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
)

// runPORWith searches m with o, through a reduction layer when reduce.
func runPORWith(t *testing.T, m *procs, reduce bool, o search.Options) *search.Result {
	t.Helper()
	if o.StopAfter == 0 {
		o.StopAfter = 1
	}
	var model pins.Model = m
	if reduce {
		model = New(m, m, Config{})
	}
	res, err := search.Run(context.Background(), model, o)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestPORBFS: breadth-first reduction explores one interleaving of
// independent processes, like the depth-first one, with the queue
// proviso and with the visited proviso.
func TestPORBFS(t *testing.T) {
	for _, visited := range []bool{false, true} {
		m := &procs{n: 3, k: 4, unsafe: -1, assertAt: -1}
		red := runPORWith(t, m, true, search.Options{BFS: true, BFSVisited: visited})
		if red.StatesStored != 13 || red.Reduced == 0 {
			t.Errorf("visited=%v: reduced BFS stored %d states (%d reduced), want 13", visited, red.StatesStored, red.Reduced)
		}
	}
}

// TestPORBFSCycleProviso: process 1 loops on its own forever (0 -> 1 ->
// 2 -> 3 -> 0); the assertion of process 0 (unsafe) must still be found
// breadth-first: the loop's closing step leads back to an expanded state,
// so the queue proviso expands that state fully.
func TestPORBFSCycleProviso(t *testing.T) {
	for _, visited := range []bool{false, true} {
		m := &procs{n: 2, k: 3, cyclic: map[int]bool{1: true}, unsafe: 0, assertAt: 2}
		red := runPORWith(t, m, true, search.Options{BFS: true, BFSVisited: visited})
		if len(red.Errors) != 1 || red.Errors[0].Violation.Kind != pins.Assertion {
			t.Errorf("visited=%v: errors %v", visited, red.Errors)
		}
		if red.Reduced == 0 || red.ProvisoFallbacks == 0 {
			t.Errorf("visited=%v: %d reduced, %d proviso fallbacks", visited, red.Reduced, red.ProvisoFallbacks)
		}
		// all cyclic and safe: complete, never more than the full search
		m = &procs{n: 2, k: 3, cyclic: map[int]bool{0: true, 1: true}, unsafe: -1, assertAt: -1}
		full := runPORWith(t, m, false, search.Options{BFS: true})
		red = runPORWith(t, m, true, search.Options{BFS: true, BFSVisited: visited})
		if !red.Complete || red.StatesStored > full.StatesStored || red.StatesStored < 4 {
			t.Errorf("visited=%v cyclic: stored %d reduced, %d full", visited, red.StatesStored, full.StatesStored)
		}
	}
}

// TestPORBFSQueueWeaker: C2q never stores more than C2v on the toy
// models (it accepts every ample set that C2v accepts).
func TestPORBFSQueueWeaker(t *testing.T) {
	for _, m := range []*procs{
		{n: 3, k: 3, cyclic: map[int]bool{2: true}, unsafe: -1, assertAt: -1},
		{n: 3, k: 2, cyclic: map[int]bool{0: true, 1: true, 2: true}, unsafe: -1, assertAt: -1},
		{n: 4, k: 2, cyclic: map[int]bool{1: true}, unsafe: 3, assertAt: -1},
	} {
		q := runPORWith(t, m, true, search.Options{BFS: true})
		v := runPORWith(t, m, true, search.Options{BFS: true, BFSVisited: true})
		if q.StatesStored > v.StatesStored {
			t.Errorf("%+v: C2q stored %d, C2v %d", m, q.StatesStored, v.StatesStored)
		}
	}
}
