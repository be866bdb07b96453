package verify

import (
	"context"
	"io"
	"path/filepath"
	"testing"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/simulate"
	"github.com/gospin/gospin/store"
	"github.com/gospin/gospin/trail"
)

// orderModel has three processes with non-deterministic choices (two
// successors of the same statement: K 0 and 1) and an assertion that
// fails only on some interleavings.
const orderModel = `byte x, y;
active [3] proctype P() {
	byte i;
	do
	:: i < 2 -> if :: x++ :: x++; y++ fi; i++
	:: i < 2 -> y = (y + _pid) % 5; i++
	:: else -> break
	od;
	assert(x + y != 7)
}
`

// TestOrders: every search order (pins.Reorder) explores the same state
// space, reduced or not (a complete search stores the same states, with
// the same transitions), finds the error, and writes a trail that replays
// to it with the model alone; OnStore sees each stored state once.
func TestOrders(t *testing.T) {
	src, path := loadSource(t, orderModel)
	orders := []pins.Order{{}, {Procs: pins.Reversed}, {Trans: pins.Reversed}, {Procs: pins.Shuffled, Seed: 5}, {Procs: pins.Shuffled, Trans: pins.Shuffled, Seed: 77}}
	for _, noReduce := range []bool{true, false} {
		var states, trans int64
		depths := map[int]bool{}
		for i, o := range orders {
			s := DefaultSettings()
			s.NoReduce = noReduce
			s.Order = o
			s.IgnoreAssert = true
			hashes := map[uint64]int{}
			s.OnStore = func(h uint64) { hashes[h]++ }
			s.WriteTrails = false
			sum, err := Check(context.Background(), src, nil, s)
			if err != nil || !sum.Complete || sum.Errors != 0 {
				t.Fatalf("%v: %v %+v", o, err, sum)
			}
			if i == 0 {
				states, trans = sum.StatesStored, sum.Transitions
			} else if sum.StatesStored != states || sum.Transitions != trans {
				t.Errorf("noreduce %v, order %v: %d states, %d transitions; the model's order %d, %d", noReduce, o, sum.StatesStored, sum.Transitions, states, trans)
			}
			if int64(len(hashes)) != sum.StatesStored {
				t.Errorf("order %v: OnStore saw %d distinct states of %d stored", o, len(hashes), sum.StatesStored)
			}
			for h, n := range hashes {
				if n != 1 {
					t.Errorf("order %v: state %x reported %d times", o, h, n)
					break
				}
			}
			// the error, and its trail
			s.IgnoreAssert, s.OnStore = false, nil
			s.WriteTrails = true
			s.TrailBase = filepath.Join(t.TempDir(), "job.pml")
			sum, err = Check(context.Background(), src, nil, s)
			if err != nil || sum.Errors != 1 || sum.Violations[0].Trail != s.TrailBase+".gtrail" {
				t.Fatalf("%v: %v %+v", o, err, sum)
			}
			depths[sum.Violations[0].Depth] = true
			tr, err := trail.ReadFile(sum.Violations[0].Trail)
			if err != nil {
				t.Fatal(err)
			}
			e, _, err := SimModel(src, tr, nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := simulate.Run(e, simulate.Options{Mode: simulate.Replay, Trail: tr, Output: io.Discard})
			if err != nil || !res.Failed() {
				t.Errorf("order %v: the trail does not replay to the error: %v %+v", o, err, res)
			}
		}
		if len(depths) < 2 {
			t.Errorf("noreduce %v: every order found the error at the same depth %v: the orders do not change the search", noReduce, depths)
		}
	}
	_ = path
}

// TestOnStoreAcceptance: in a nested-DFS acceptance search OnStore sees
// the main search's states, not the nested searches' copies.
func TestOnStoreAcceptance(t *testing.T) {
	src, _ := loadSource(t, `byte x;
active proctype P() { do :: x < 4 -> x++ :: x == 4 -> x = 0 od }
ltl p { [] (x < 9) }
`)
	s := DefaultSettings()
	s.Accept = true
	n := 0
	s.OnStore = func(uint64) { n++ }
	sum, err := Check(context.Background(), src, nil, s)
	if err != nil || !sum.Complete || sum.Errors != 0 {
		t.Fatalf("%v %+v", err, sum)
	}
	if int64(n) != sum.StatesStored {
		t.Errorf("OnStore saw %d states; %d stored (%d visited with the nested searches)", n, sum.StatesStored, sum.StatesVisited)
	}
}

// TestOnStoreLossy: with a lossy store the hook reports every state
// stored, and the report keeps the store's description and omission
// analysis (the wrapper is a store.Lossy); with tree compression too.
func TestOnStoreLossy(t *testing.T) {
	src, _ := loadSource(t, orderModel)
	for _, mode := range []string{store.ModeBitstate, store.ModeHC, store.ModeTree} {
		s := DefaultSettings()
		s.NoReduce, s.IgnoreAssert, s.WriteTrails = true, true, false
		s.Storage = store.Config{Mode: mode}
		if mode != store.ModeTree {
			s.Storage.Mem = 1 << 20 // the table or bit array
		}
		hashes := map[uint64]bool{}
		s.OnStore = func(h uint64) { hashes[h] = true }
		sum, err := Check(context.Background(), src, nil, s)
		if err != nil || !sum.Complete {
			t.Fatalf("%s: %v %+v", mode, err, sum)
		}
		if int64(len(hashes)) != sum.StatesStored || sum.Storage == nil || sum.Storage.Mode != mode {
			t.Errorf("%s: %d states reported, %d stored; storage %+v", mode, len(hashes), sum.StatesStored, sum.Storage)
		}
		if lossy := mode != store.ModeTree; lossy != (sum.Omission != nil) {
			t.Errorf("%s: omission analysis %+v", mode, sum.Omission)
		}
	}
}

// TestOrdersSameStep: a rendezvous with two ready receivers is one
// statement of the sender with two successors, K 0 and 1 in the trail;
// whichever receiver the error needs, its trail, found in every order,
// replays to the error on the model alone (the layer keeps the order of
// the successors of one statement, which K counts in).
func TestOrdersSameStep(t *testing.T) {
	for _, bad := range []int{1, 2} {
		src, _ := loadSource(t, `chan c = [0] of { byte };
byte got;
active [2] proctype R() { byte v; c?v; got = _pid + 1 }
active proctype S() { c!1; got != 0; assert(got != `+string(rune('0'+bad))+`) }
`)
		for _, o := range []pins.Order{{}, {Procs: pins.Reversed}, {Trans: pins.Reversed}, {Procs: pins.Shuffled, Trans: pins.Shuffled, Seed: 3}} {
			s := DefaultSettings()
			s.NoReduce, s.Order, s.WriteTrails = true, o, false
			var tr *trail.Trail
			s.OnTrail = func(x *trail.Trail) { tr = x }
			sum, err := Check(context.Background(), src, nil, s)
			if err != nil || sum.Errors != 1 || tr == nil {
				t.Fatalf("receiver %d, %v: %v %+v", bad, o, err, sum)
			}
			ks := 0
			for _, st := range tr.Steps {
				ks += st.K
			}
			e, _, err := SimModel(src, tr, nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := simulate.Run(e, simulate.Options{Mode: simulate.Replay, Trail: tr, Output: io.Discard})
			if err != nil || !res.Failed() {
				t.Errorf("receiver %d, order %v: the trail (K sum %d) does not replay to the error: %v %+v", bad, o, ks, err, res)
			}
		}
	}
}
