package reduce

import (
	"fmt"
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

// stateStep is a step between two explored states (explore).
type stateStep struct {
	from, to int
	tr       pins.Transition
	safe     bool // its process (the sender of a rendezvous) was safe in from
}

// explore searches the states of e (breadth-first, at most max) and
// returns their steps (the steps of the last states are not followed).
// It reports, as errors on t, a process that SafeProcs finds safe at a
// location that r does not count as a candidate (Reducer.cand).
func explore(t *testing.T, name string, e *engine.Engine, r *Reducer, max int) (n int, steps []stateStep) {
	init, err := e.Initial(nil)
	if err != nil {
		return 0, nil
	}
	ids := map[string]int{string(init): 0}
	queue := [][]byte{init}
	for i := 0; i < len(queue) && len(queue) < max; i++ {
		s := queue[i]
		safe := append([]bool(nil), r.SafeProcs(s, nil)...)
		if r.decode(s) {
			for pid, o := range r.procOff {
				tag, loc := int(s[o]), int(s[o+1])|int(s[o+2])<<8
				if pid < len(safe) && safe[pid] && r.cand != nil && !r.cand[tag][loc] {
					t.Errorf("%s: process %d safe at location %d of %s, not a candidate", name, pid, loc, r.lay.Procs[tag].Name)
				}
			}
		}
		e.Next(s, func(tr *pins.Transition, succ []byte) bool {
			id, ok := ids[string(succ)]
			if !ok {
				id = len(queue)
				ids[string(succ)] = id
				queue = append(queue, append([]byte(nil), succ...))
			}
			steps = append(steps, stateStep{i, id, *tr, tr.Pid >= 0 && tr.Pid < len(safe) && safe[tr.Pid]})
			return true
		})
	}
	return len(queue), steps
}

// stateCycle reports whether the explored steps that keep selects hold a
// cycle of states.
func stateCycle(n int, steps []stateStep, keep func(st *stateStep) bool) bool {
	adj := make([][]int, n)
	for i := range steps {
		if st := &steps[i]; st.tr.Violation == nil && keep(st) {
			adj[st.from] = append(adj[st.from], st.to)
		}
	}
	return cyclic(adj)
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

// staticCheck explores e's states (explore) and reports, as errors on
// t, a cycle of states that the static proviso's marks leave open: for
// ample sets (r), of steps without error that a process safe in the
// step's source takes alone (no rendezvous), not into an atomic
// sequence, of unmarked groups (the theorem of docs/parallel.md: such a
// cycle would be a cycle of reduced states without a fully expanded
// one); on the product with a never claim, of such steps of invisible
// groups, unmarked by the claim's marks; for stubborn sets (rs), of any
// steps whose groups (both, for a rendezvous) are unmarked. It reports
// whether the explored steps have a cycle at all, and whether a claim
// was checked.
func staticCheck(t *testing.T, name string, e *engine.Engine, r, rs *Reducer, max int) (cycles, claim bool) {
	n, steps := explore(t, name, e, r, max)
	cycles = stateCycle(n, steps, func(*stateStep) bool { return true })
	ample := func(st *stateStep, back func(int) bool) bool {
		return st.safe && st.tr.Pid2 < 0 && st.tr.Flags&pins.InAtomic == 0 && !back(st.tr.Group)
	}
	if stateCycle(n, steps, func(st *stateStep) bool { return ample(st, r.BackEdge) }) {
		t.Errorf("%s: a cycle of states by unmarked steps of safe processes", name)
	}
	if cr, ok := ForClaim(r, e).(claimReducer); ok {
		claim = true
		if stateCycle(n, steps, func(st *stateStep) bool { return ample(st, cr.BackEdge) && !cr.Visible(st.tr.Group) }) {
			t.Errorf("%s: a cycle of states by invisible steps of safe processes unmarked on the product", name)
		}
	}
	if rs != nil && stateCycle(n, steps, func(st *stateStep) bool {
		return !rs.BackEdge(st.tr.Group) && (st.tr.Pid2 < 0 || !rs.BackEdge(st.tr.Group2))
	}) {
		t.Errorf("%s: a cycle of states by steps unmarked for stubborn sets", name)
	}
	return cycles, claim
}

// TestStaticMarksCutStateCycles checks the static proviso's marks
// against the states of every testdata model (staticCheck, up to 4,000
// states each, statement merging on) rather than against the graph that
// MarkCycles builds: a process is safe only at a candidate location (so
// leaving out rendezvous locations is sound), and no cycle of states is
// left open by the marks, for ample sets, on the product with a claim
// and for stubborn sets. It also fails when few explored state graphs
// have a cycle at all, or when the refinements (rendezvous locations,
// d_step exits, spent cycles) never leave a group unmarked that the
// plain marks (every location a candidate) had.
func TestStaticMarksCutStateCycles(t *testing.T) {
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
		e, err := engine.NewWithOptions(prog, engine.Options{Merge: true, ResetDead: true})
		if err != nil {
			continue
		}
		r := New(e)
		if r == nil {
			continue
		}
		checked++
		plain := BackEdges(e, nil)
		for g, b := range r.back {
			if plain[g] && !b {
				fewer++
			}
		}
		cyc, claim := staticCheck(t, f, e, r, NewStubborn(e), max)
		if cyc {
			cycles++
		}
		if claim {
			claims++
		}
	}
	if checked < 40 || cycles < 10 || fewer == 0 || !testing.Short() && claims < 5 {
		t.Errorf("%d models checked (%d with a claim), %d with cycles of states, %d groups unmarked that are marked with every location a candidate", checked, claims, cycles, fewer)
	}
	t.Logf("%d models checked (%d with a claim), %d with cycles of states, %d groups unmarked that are marked with every location a candidate", checked, claims, cycles, fewer)
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

// TestSpentCycles: a loop that a guard j == _pid and a single j++ make
// impossible to run round twice, or once back to the same state, needs
// no mark (dropSpentCycles), with and without statement merging and
// dead-variable resets; one that also sets j back (a real cycle of
// states) keeps its mark; and the explored states of both have no cycle
// that the marks leave open (staticCheck).
func TestSpentCycles(t *testing.T) {
	const model = `
byte g;
active [2] proctype P() {
	byte j;
	do
	:: j == _pid -> j++%s
	:: else -> break
	od;
	g = g
}
`
	for _, c := range []struct {
		tail          string
		marked, cycle bool
	}{{"", false, false}, {"; j = _pid", true, true}, {"; j++", true, false}, {"; j = j - 1", true, true}} {
		src := fmt.Sprintf(model, c.tail)
		for _, opt := range []engine.Options{{Merge: true, ResetDead: true}, {}} {
			fr := frontend.Load("spent.pml", []byte(src), &frontend.Config{})
			if fr.HasErrors() {
				t.Fatal(fr.Diags)
			}
			var errs diag.List
			prog := automata.Lower(fr.Program, &errs)
			if errs.HasErrors() {
				t.Fatal(errs)
			}
			e, err := engine.NewWithOptions(prog, opt)
			if err != nil {
				t.Fatal(err)
			}
			r := New(e)
			if r == nil {
				t.Fatal("no reducer")
			}
			marked := false
			for _, tr := range prog.Trans {
				if tr.Proc.Name == "P" && r.BackEdge(tr.ID) {
					marked = true
				}
			}
			if marked != c.marked {
				t.Errorf("j++%s (%+v): marked %v, want %v", c.tail, opt, marked, c.marked)
			}
			name := fmt.Sprintf("j++%s (%+v)", c.tail, opt)
			if cyc, _ := staticCheck(t, name, e, r, NewStubborn(e), 10000); cyc != c.cycle {
				t.Errorf("%s: a cycle of states %v", name, cyc)
			}
		}
	}
}
