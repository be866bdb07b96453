package reduce

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
)

// TestBackEdgesBreakEveryCycle: for the models under testdata (with and
// without statement merging, for ample and for stubborn sets), the steps of the groups that BackEdges does
// not mark leave no cycle in any process type's graph of locations (an
// edge from each group's source to the end of its step's path, where the
// step leaves the process's program counter), between the locations
// where a process may be safe for ample sets: a process that returns to
// a location by ample steps takes a marked step (docs/parallel.md, the static proviso). It also
// checks that the marking is not everything: some looping models keep
// unmarked steps.
func TestBackEdgesBreakEveryCycle(t *testing.T) {
	files, _ := filepath.Glob("../testdata/*/*.pml")
	more, _ := filepath.Glob("../testdata/*/*/*.pml")
	files = append(files, more...)
	if len(files) < 50 {
		t.Fatalf("only %d models under testdata", len(files))
	}
	if testing.Short() {
		files = files[:50]
	}
	checked, unmarked := 0, 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fr := frontend.Load(f, src, &frontend.Config{})
		if fr.HasErrors() {
			continue
		}
		var errs diag.List
		prog := automata.Lower(fr.Program, &errs)
		if errs.HasErrors() || prog == nil {
			continue
		}
		for _, merge := range []bool{false, true} {
			e, err := engine.NewWithOptions(prog, engine.Options{Merge: merge})
			if err != nil {
				continue
			}
			for _, stubborn := range []bool{false, true} {
				r := newReducer(e, stubborn, true)
				if r == nil {
					continue
				}
				checked++
				for _, b := range r.back {
					if !b {
						unmarked++
					}
				}
				if p := cycleWithoutBack(e, r.back, r.candidate(stubborn)); p != "" {
					t.Errorf("%s (merge %v, stubborn %v): a cycle of %s without a marked step", f, merge, stubborn, p)
				}
			}
		}
	}
	if checked < 50 || unmarked == 0 {
		t.Errorf("%d models checked, %d unmarked groups", checked, unmarked)
	}
}

// candidate is the restriction of r's marks: the locations where a
// process may be safe, or every location for stubborn sets.
func (r *Reducer) candidate(stubborn bool) func(p *automata.Proc, loc int) bool {
	if stubborn {
		return func(*automata.Proc, int) bool { return true }
	}
	return func(p *automata.Proc, loc int) bool {
		for tag, q := range r.lay.Procs {
			if q == p {
				return r.locs[tag][loc].kind != unsafeLoc
			}
		}
		return true
	}
}

// cycleWithoutBack returns the name of a process type whose graph of
// unmarked steps between candidate locations has a cycle, or "".
func cycleWithoutBack(e *engine.Engine, back []bool, candidate func(p *automata.Proc, loc int) bool) string {
	prog := e.Program()
	for _, p := range prog.Procs {
		if p.Kind == automata.NeverClaim {
			continue
		}
		adj := make([][]int, len(p.Locs))
		for _, l := range p.Locs {
			for _, tr := range l.Out {
				if back[tr.ID] || tr.Kind == automata.TEnd {
					continue
				}
				locs, _ := e.StepLocations(tr.ID)
				// the step goes from its source to its path's end
				if v := locs[len(locs)-1]; candidate(p, tr.From) && candidate(p, v) {
					adj[tr.From] = append(adj[tr.From], v)
				}
			}
		}
		// Kahn: acyclic iff every location can be removed
		in := make([]int, len(adj))
		for _, out := range adj {
			for _, v := range out {
				in[v]++
			}
		}
		var q []int
		for v := range in {
			if in[v] == 0 {
				q = append(q, v)
			}
		}
		removed := 0
		for len(q) > 0 {
			v := q[len(q)-1]
			q = q[:len(q)-1]
			removed++
			for _, w := range adj[v] {
				if in[w]--; in[w] == 0 {
					q = append(q, w)
				}
			}
		}
		if removed != len(adj) {
			return p.Name
		}
	}
	return ""
}
