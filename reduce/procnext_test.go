package reduce_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/por"
	"github.com/gospin/gospin/reduce"
	"github.com/gospin/gospin/search"
)

// onlyNext hides the engine's pins.ProcNexter (and everything else but
// the model and its coverage): the reduction layer then expands every
// state fully before it chooses.
type onlyNext struct{ e *engine.Engine }

func (o onlyNext) Initial(dst []byte) ([]byte, error) { return o.e.Initial(dst) }
func (o onlyNext) Next(s []byte, yield func(*pins.Transition, []byte) bool) {
	o.e.Next(s, yield)
}
func (o onlyNext) Status(s []byte) pins.StateStatus { return o.e.Status(s) }
func (o onlyNext) Info() *pins.Info                 { return o.e.Info() }

// TestProcNextSameSearch: the reduction layer's choice from one
// process's steps at a time (engine.NextProc: the safe processes' steps,
// generated one process after the other, the first that passes kept)
// must give the search that full expansion gives: the same states,
// transitions, depth, errors, reduced states and proviso fallbacks, and
// the same unreached locations. The models are corpus models with
// rendezvous, atomic sequences, d_steps, runs and deaths, priorities
// and timeouts.
func TestProcNextSameSearch(t *testing.T) {
	models := []string{"eratosthenes", "leader0", "mobile1", "sort", "peterson", "snoopy", "cd_mergesort", "priorities", "dtp", "cd_fast"}
	if testing.Short() {
		models = models[:4]
	}
	if _, ok := pins.Model(onlyNext{}).(pins.ProcNexter); ok {
		t.Fatal("onlyNext gives one process's steps")
	}
	if _, ok := pins.Model(&engine.Engine{}).(pins.ProcNexter); !ok {
		t.Fatal("the engine does not give one process's steps")
	}
	for _, name := range models {
		prog := loadCorpus(t, name)
		run := func(procNext, bfs bool) (*search.Result, string) {
			e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: true})
			if err != nil {
				t.Fatal(err)
			}
			e.EnableCoverage()
			var m pins.Model = e
			if !procNext {
				m = onlyNext{e}
			}
			r := reduce.New(e)
			if r == nil {
				return nil, ""
			}
			res, err := search.Run(context.Background(), por.New(m, r, por.Config{}), search.Options{BFS: bfs, MaxDepth: 100000, StopAfter: 0, HashLog2: 16})
			if err != nil {
				t.Fatal(err)
			}
			return res, fmt.Sprint(e.Unreached())
		}
		for _, bfs := range []bool{false, true} {
			full, fullU := run(false, bfs)
			got, gotU := run(true, bfs)
			if full == nil {
				t.Logf("%s: no reduction", name)
				break
			}
			f, g := full.Stats, got.Stats
			f.Elapsed, g.Elapsed = 0, 0
			f.StackBytes, g.StackBytes = 0, 0
			f.Store, g.Store = got.Store, got.Store // hash conflicts: the lookups differ
			if f != g {
				t.Errorf("%s (bfs %v): with NextProc %+v, full expansion %+v", name, bfs, g, f)
			}
			if len(got.Errors) != len(full.Errors) {
				t.Errorf("%s (bfs %v): %d errors with NextProc, %d with full expansion", name, bfs, len(got.Errors), len(full.Errors))
			}
			if gotU != fullU {
				t.Errorf("%s (bfs %v): unreached %s with NextProc, %s with full expansion", name, bfs, gotU, fullU)
			}
			t.Logf("%s (bfs %v): %d states, %d reduced", name, bfs, got.StatesStored, got.Reduced)
		}
	}
}

// TestProcNextNoAllocs: the reduced search that takes one process's steps
// at a time allocates nothing per transition (cd_mergesort and
// eratosthenes: rendezvous, runs and deaths).
func TestProcNextNoAllocs(t *testing.T) {
	for _, name := range []string{"eratosthenes", "cd_mergesort"} {
		prog := loadCorpus(t, name)
		e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: true})
		if err != nil {
			t.Fatal(err)
		}
		e.EnableCoverage()
		m := por.New(e, reduce.New(e), por.Config{})
		opt := search.Options{MaxDepth: 100000, StopAfter: 0, HashLog2: 16}
		res, err := search.Run(context.Background(), m, opt) // warm up
		if err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(2, func() { search.Run(context.Background(), m, opt) })
		if allocs > float64(res.Transitions)/20 {
			t.Errorf("%s: %.0f allocations per search of %d transitions", name, allocs, res.Transitions)
		}
		t.Logf("%s: %.0f allocations per search of %d transitions", name, allocs, res.Transitions)
	}
}
