package verify

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/store"
)

// grid has 101*101 values of a and b, at three control locations.
const grid = `byte a, b;
active proctype P() {
	do
	:: a < 100 -> a++
	:: b < 100 -> b++
	:: a == 100 && b == 100 -> break
	od
}`

// TestStorageModes: every mode, depth-first and breadth-first, stores the
// grid's states when its memory is ample (exact and tree exactly; hc and
// bitstate here too, with an omission probability that says so); a tiny
// lossy store omits states, and its analysis says it did; the report
// carries the storage, the analysis and the advice.
func TestStorageModes(t *testing.T) {
	src, _ := loadSource(t, grid)
	want := int64(0)
	for _, bfs := range []bool{false, true} {
		for _, c := range []store.Config{{}, {Mode: store.ModeTree}, {Mode: store.ModeHC}, {Mode: store.ModeBitstate, Mem: 4 << 20, K: 10}, {Mode: store.ModeHC, HCBits: 28, Mem: 1 << 20, Seed: 3}} {
			s := DefaultSettings()
			s.NoReduce, s.BFS, s.Storage, s.WriteTrails = true, bfs, c, false
			// one worker: workers sharing a bitstate table can both
			// take a state as new (the bits are set one by one)
			s.Workers = 1
			sum, err := Check(context.Background(), src, nil, s)
			if err != nil {
				t.Fatal(err)
			}
			if want == 0 {
				want = sum.StatesStored
			}
			if sum.StatesStored != want || !sum.Complete {
				t.Errorf("bfs %v, %+v: %d states (complete %v), want %d", bfs, c, sum.StatesStored, sum.Complete, want)
			}
			p := report.PropertyOf(sum)
			if c.Lossy() {
				if p.Storage.Mode != c.Mode || p.Omission.ProbabilityAny > 0.01 || p.Advice.Text == "" || p.Advice.States < want {
					t.Errorf("%+v: storage %+v, omission %+v, advice %+v", c, p.Storage, p.Omission, p.Advice)
				}
				var b strings.Builder
				report.Text(&b, sum)
				if !strings.Contains(b.String(), "omission analysis: probability of any omission") || !strings.Contains(b.String(), "advice: with ") {
					t.Errorf("%+v: the text report lacks the analysis:\n%s", c, b.String())
				}
			} else if p.Storage.Mode != store.ModeExact && p.Storage.Mode != c.Mode || p.Storage.BytesPerState <= 0 || p.Omission.ExpectedOmitted != 0 {
				t.Errorf("%+v: storage %+v, omission %+v", c, p.Storage, p.Omission)
			}
		}
	}
	// tiny stores: states omitted, and the analysis expects omissions
	for _, c := range []store.Config{{Mode: store.ModeHC, HCBits: 6, Mem: 16 << 10}, {Mode: store.ModeBitstate, Mem: 2 << 10, K: 2}} {
		s := DefaultSettings()
		s.NoReduce, s.Storage, s.WriteTrails = true, c, false
		sum, err := Check(context.Background(), src, nil, s)
		if err != nil {
			t.Fatal(err)
		}
		if sum.StatesStored >= want || sum.Omission == nil || sum.Omission.ExpectedOmitted < 1 || sum.Omission.ProbabilityAny < 0.5 {
			t.Errorf("%+v: %d states of %d, omission %+v", c, sum.StatesStored, want, sum.Omission)
		}
	}
}

// TestMemoryLimitAdvice: an exact search stopped at its memory limit says
// how many states it stored and recommends tree compression, hash
// compaction and bitstate with what they visit in that memory; it does
// not switch to a lossy mode by itself.
func TestMemoryLimitAdvice(t *testing.T) {
	src, _ := loadSource(t, grid)
	s := DefaultSettings()
	s.NoReduce, s.WriteTrails, s.MemLimitMB = true, false, 1
	defer s.SetMemory()()
	sum, err := Check(context.Background(), src, nil, s)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Complete || sum.Incomplete != "memory limit" {
		t.Fatalf("complete %v (%s): want the memory limit", sum.Complete, sum.Incomplete)
	}
	for _, want := range []string{"the search stopped after", "-store tree", "-store hc -hcbits 64 visits up to", "-store bitstate -k"} {
		if !strings.Contains(sum.MemoryHint, want) {
			t.Errorf("hint lacks %q: %s", want, sum.MemoryHint)
		}
	}
	if sum.Storage == nil || sum.Storage.Mode != store.ModeExact || sum.Omission != nil || sum.Advice == nil || sum.Advice.HCVisitable <= sum.StatesStored {
		t.Errorf("storage %+v, omission %+v, advice %+v", sum.Storage, sum.Omission, sum.Advice)
	}
}

// TestStorageCounters: testdata/storage/counters.pml (N=5) in every
// storage mode, depth-first and breadth-first, gives pan's 22621 states
// and 82945 transitions (spin -o1 -o2 -o3, -DSAFETY -DNOREDUCE).
func TestStorageCounters(t *testing.T) {
	src, err := Load("../testdata/storage/counters.pml", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, bfs := range []bool{false, true} {
		for _, c := range []store.Config{{}, {Mode: store.ModeTree}, {Mode: store.ModeHC, Mem: 1 << 20}, {Mode: store.ModeBitstate, Mem: 1 << 20, K: 7}} {
			s := DefaultSettings()
			s.NoReduce, s.NoDeadVarReset, s.NoHideWriteOnly, s.NoMerge = true, true, true, true
			s.BFS, s.Storage, s.WriteTrails = bfs, c, false
			s.Workers = 1 // pan's counts: one worker (see TestStorageModes)
			sum, err := Check(context.Background(), src, nil, s)
			if err != nil {
				t.Fatal(err)
			}
			if sum.StatesStored != 22621 || !bfs && sum.Transitions != 82945 || !sum.Complete {
				t.Errorf("bfs %v, %+v: %d states, %d transitions (complete %v); pan 22621, 82945", bfs, c, sum.StatesStored, sum.Transitions, sum.Complete)
			}
		}
	}
}

// TestStorageAuto: -store auto on testdata/storage/counters.pml (N=9,
// 168421 states by its formula (L^5-1)/(L-1), L=20) with a 5 MB store:
// the exact store reaches the budget and the search runs again with tree
// compression, which stores every state; the report says where it moved.
// With room enough it stays exact. It never moves to a lossy store. (Since
// the exact store's first arena chunk grows from 64 KiB, 6 MB fits all the
// states exactly; in 5 MB it stops at 143,844, where tree needs about 5 MB.)
func TestStorageAuto(t *testing.T) {
	src, err := Load("../testdata/storage/counters.pml", &frontend.Config{Defines: []string{"N=9"}})
	if err != nil {
		t.Fatal(err)
	}
	workers := 1
	run := func(mode string, mem int64) *report.Summary {
		s := DefaultSettings()
		s.Workers = workers
		s.NoReduce, s.NoDeadVarReset, s.NoHideWriteOnly, s.NoMerge = true, true, true, true
		s.WriteTrails, s.HashLog2 = false, 12
		s.Storage = store.Config{Mode: mode, Mem: mem}
		sum, err := Check(context.Background(), src, nil, s)
		if err != nil {
			t.Fatal(err)
		}
		return sum
	}
	const states = 168421
	if ex := run(store.ModeExact, 5<<20); ex.Complete || ex.Incomplete != "memory limit" {
		t.Fatalf("exact in 5 MB: complete %v (%s), %d states: the test needs a budget exact does not fit", ex.Complete, ex.Incomplete, ex.StatesStored)
	}
	// the hint names the store's -mem, not the machine's budget
	if ex := run(store.ModeExact, 5<<20); !strings.HasPrefix(ex.MemoryHint, "the store's memory (-mem 5MB) is full") {
		t.Errorf("exact in 5 MB: hint %q", ex.MemoryHint)
	}
	sum := run(store.ModeAuto, 5<<20)
	st := sum.Storage
	if !sum.Complete || sum.StatesStored != states || st == nil || st.Mode != store.ModeTree || !st.Auto || st.MovedAt <= 0 || st.MovedAt >= states || sum.Omission != nil {
		t.Fatalf("auto in 5 MB: complete %v (%s), %d states (want %d), storage %+v", sum.Complete, sum.Incomplete, sum.StatesStored, states, st)
	}
	var b strings.Builder
	report.Text(&b, sum)
	if !strings.Contains(b.String(), fmt.Sprintf("storage auto: the exact store reached the memory budget at %d states", st.MovedAt)) {
		t.Errorf("the report does not say where the search moved:\n%s", b.String())
	}
	sum = run(store.ModeAuto, 0)
	if st := sum.Storage; !sum.Complete || sum.StatesStored != states || st == nil || st.Mode != store.ModeExact || !st.Auto || st.MovedAt != 0 {
		t.Errorf("auto with room: complete %v, %d states, storage %+v", sum.Complete, sum.StatesStored, st)
	}
	// with -j 2 both passes run on two workers (the shared tree packs
	// its roots too)
	workers = 2
	sum = run(store.ModeAuto, 4<<20)
	if st := sum.Storage; !sum.Complete || sum.StatesStored != states || st == nil || st.Mode != store.ModeTree || st.MovedAt <= 0 || sum.Workers != 2 {
		t.Errorf("auto -j 2 in 4 MB: complete %v (%s), %d states, %d workers, storage %+v", sum.Complete, sum.Incomplete, sum.StatesStored, sum.Workers, st)
	}
}
