package reduce

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
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
// process may be safe (Reducer.cand, which TestCandidatesCoverSafe
// checks against SafeProcs in every reachable state), or every location
// for stubborn sets.
func (r *Reducer) candidate(stubborn bool) func(p *automata.Proc, loc int) bool {
	if stubborn {
		return func(*automata.Proc, int) bool { return true }
	}
	return r.isCandidate
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
				// the step goes from its source to its path's end, or for
				// a d_step to where its body leaves the process
				locs, dstep := e.StepLocations(tr.ID)
				ends := locs[len(locs)-1:]
				if dstep {
					ends = dstepExits(p, tr)
				}
				for _, v := range ends {
					if candidate(p, tr.From) && candidate(p, v) {
						adj[tr.From] = append(adj[tr.From], v)
					}
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

// observed is what exploring a model's states shows of its processes'
// moves: per proctype tag, the moves u -> v (with their group) that a
// process took from a state where SafeProcs found it safe (amp, steps
// that a reduced set of ample sets may hold: no rendezvous, not into an
// atomic sequence, no error), and every move (all, for stubborn sets).
type observed struct {
	amp, all map[[4]int]bool // {tag, u, v, group}
	// safeAt[tag][loc]: a process was safe there in some state
	safeAt map[[2]int]bool
}

// explore searches the states of e (breadth-first, at most max) and
// records the moves of its processes (observed). It reports, as errors
// on t, a process found safe at a location that r does not count as a
// candidate (Reducer.cand).
func explore(t *testing.T, name string, e *engine.Engine, r *Reducer, max int) *observed {
	ob := &observed{amp: map[[4]int]bool{}, all: map[[4]int]bool{}, safeAt: map[[2]int]bool{}}
	init, err := e.Initial(nil)
	if err != nil {
		return ob
	}
	seen := map[string]bool{string(init): true}
	queue := [][]byte{init}
	type pc struct{ tag, loc int }
	locsOf := func(s []byte) []pc {
		if !r.decode(s) {
			return nil
		}
		var out []pc
		for _, o := range r.procOff {
			out = append(out, pc{int(s[o]), int(s[o+1]) | int(s[o+2])<<8})
		}
		return out
	}
	for len(queue) > 0 && len(seen) < max {
		s := queue[0]
		queue = queue[1:]
		before := locsOf(s)
		safe := append([]bool(nil), r.SafeProcs(s, nil)...)
		for pid, ok := range safe {
			if ok && pid < len(before) {
				at := before[pid]
				ob.safeAt[[2]int{at.tag, at.loc}] = true
				if r.cand != nil && !r.cand[at.tag][at.loc] {
					t.Errorf("%s: process %d safe at location %d of %s, not a candidate", name, pid, at.loc, r.lay.Procs[at.tag].Name)
				}
			}
		}
		type step struct {
			tr   pins.Transition
			succ []byte
		}
		var steps []step
		e.Next(s, func(tr *pins.Transition, succ []byte) bool {
			steps = append(steps, step{*tr, append([]byte(nil), succ...)})
			return true
		})
		for _, st := range steps {
			if !seen[string(st.succ)] {
				seen[string(st.succ)] = true
				queue = append(queue, st.succ)
			}
			if st.tr.Violation != nil {
				continue
			}
			after := locsOf(st.succ)
			move := func(pid, g int) ([4]int, bool) {
				if pid < 0 || pid >= len(before) || pid >= len(after) || before[pid].tag != after[pid].tag {
					return [4]int{}, false // died, or its slot was reused
				}
				return [4]int{before[pid].tag, before[pid].loc, after[pid].loc, g}, true
			}
			if m, ok := move(st.tr.Pid, st.tr.Group); ok {
				ob.all[m] = true
				if st.tr.Pid2 < 0 && st.tr.Flags&pins.InAtomic == 0 && safe[st.tr.Pid] {
					ob.amp[m] = true
				}
			}
			if st.tr.Pid2 >= 0 {
				if m, ok := move(st.tr.Pid2, st.tr.Group2); ok {
					ob.all[m] = true
				}
			}
		}
	}
	return ob
}

// observedCycle returns the name of a process type whose observed moves
// (those keep selects) that back does not mark hold a cycle, or "".
func observedCycle(lay engine.StateLayout, moves map[[4]int]bool, keep func(m [4]int) bool, back func(g int) bool) string {
	for tag, p := range lay.Procs {
		adj := make([][]int, len(p.Locs))
		for m := range moves {
			if m[0] == tag && keep(m) && !back(m[3]) {
				adj[m[1]] = append(adj[m[1]], m[2])
			}
		}
		if cyclic(adj) {
			return p.Name
		}
	}
	return ""
}

// cyclic reports whether graph adj has a cycle (Kahn: it is acyclic iff
// every node can be removed).
func cyclic(adj [][]int) bool {
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
	return removed != len(adj)
}

// TestStaticMarksCutObservedCycles checks the static proviso's marks
// against the moves that processes really take (explore: up to 4,000
// states of each testdata model, statement merging on), rather than
// against the graph MarkCycles built: a process is safe only at a
// candidate location (so leaving out rendezvous locations is sound); the
// unmarked moves taken by safe processes, from states where they were
// safe to locations where a process of their type was safe somewhere,
// hold no cycle (ample sets); on the product with a never claim, the
// same without visible groups (the claim's marks); and with stubborn
// sets every unmarked move taken holds no cycle (a d_step's exits
// included). It also fails when the marks cut nothing observed at all,
// or when the refinements (rendezvous locations, d_step exits) never
// leave a group unmarked that the plain marks had.
func TestStaticMarksCutObservedCycles(t *testing.T) {
	files, _ := filepath.Glob("../testdata/*/*.pml")
	more, _ := filepath.Glob("../testdata/*/*/*.pml")
	files = append(files, more...)
	max := 4000
	if testing.Short() {
		files, max = files[:60], 1000
	}
	checked, claims, cycles, fewer := 0, 0, 0, 0
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
		e, err := engine.NewWithOptions(prog, engine.Options{Merge: true})
		if err != nil {
			continue
		}
		r := New(e)
		if r == nil {
			continue
		}
		checked++
		ob := explore(t, f, e, r, max)
		// a plain cut (every location a candidate) has cycles to cut
		plain := BackEdges(e, nil)
		all := func([4]int) bool { return true }
		if observedCycle(r.lay, ob.all, all, func(int) bool { return false }) != "" {
			cycles++
		}
		for g, b := range r.back {
			if plain[g] && !b {
				fewer++
			}
		}
		ample := func(m [4]int) bool { return ob.safeAt[[2]int{m[0], m[2]}] }
		if p := observedCycle(r.lay, ob.amp, ample, r.BackEdge); p != "" {
			t.Errorf("%s: safe steps of %s close a cycle without a marked step", f, p)
		}
		if cr, ok := ForClaim(r, e).(claimReducer); ok {
			claims++
			invisible := func(m [4]int) bool { return ample(m) && !cr.Visible(m[3]) }
			if p := observedCycle(r.lay, ob.amp, invisible, cr.BackEdge); p != "" {
				t.Errorf("%s: invisible safe steps of %s close a cycle without a mark of the product", f, p)
			}
		}
		if rs := NewStubborn(e); rs != nil {
			if p := observedCycle(r.lay, ob.all, all, rs.BackEdge); p != "" {
				t.Errorf("%s: steps of %s close a cycle without a stubborn mark", f, p)
			}
		}
	}
	if checked < 40 || cycles < 10 || fewer == 0 || !testing.Short() && claims < 5 {
		t.Errorf("%d models checked (%d with a claim), %d with cycles of control, %d groups unmarked by the refinements", checked, claims, cycles, fewer)
	}
	t.Logf("%d models checked (%d with a claim), %d with cycles of control, %d groups unmarked by the refinements", checked, claims, cycles, fewer)
}

// TestDStepExitsMarked: a d_step whose body jumps back to its own start
// (SPIN refuses the jump, "non_local jump in d_step sequence"; gospin
// runs it) may leave its process where it started, so its step is
// marked; one that always leaves to the location after it, between
// locations where the process may be safe, is not.
func TestDStepExitsMarked(t *testing.T) {
	const src = `
byte g;
active [2] proctype P() {
	byte i;
L:	d_step {
		if
		:: i < 2 -> i++; goto L
		:: else -> i = 0
		fi
	};
M:	d_step { i = i + 1 };
	g = g
}
`
	fr := frontend.Load("dstep.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		t.Fatal(fr.Diags)
	}
	var errs diag.List
	prog := automata.Lower(fr.Program, &errs)
	if errs.HasErrors() {
		t.Fatal(errs)
	}
	e, err := engine.NewWithOptions(prog, engine.Options{Merge: true})
	if err != nil {
		t.Fatal(err)
	}
	r := New(e)
	if r == nil {
		t.Fatal("no reducer")
	}
	var p *automata.Proc
	for _, q := range prog.Procs {
		if q.Name == "P" {
			p = q
		}
	}
	found := 0
	for _, l := range p.Locs {
		for _, tr := range l.Out {
			if tr.Kind != automata.TDStep {
				continue
			}
			found++
			exits := dstepExits(p, tr)
			back := slices.Contains(exits, tr.From)
			if back != r.BackEdge(tr.ID) {
				t.Errorf("d_step at line %d: exits %v from %d, marked %v", tr.Pos.Line, exits, tr.From, r.BackEdge(tr.ID))
			}
			if tr.Pos.Line == 5 && (!back || len(exits) != 2) {
				t.Errorf("d_step at line 5: exits %v, want its start %d and the next location", exits, tr.From)
			}
		}
	}
	if found != 2 {
		t.Errorf("%d d_steps, want 2", found)
	}
}
