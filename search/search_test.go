package search

import (
	"context"
	"fmt"
	"testing"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/store"
)

// grid is a toy model: two counters x and y in 0..k, each step increments
// one of them. It has (k+1)^2 states and 2k(k+1) transitions. The state
// (k,k) has no successor; it is a valid end state unless badEnd is set.
// When assertAt >= 0, the step into x == y == assertAt violates an
// assertion.
type grid struct {
	k        byte
	badEnd   bool
	assertAt int
	succ     [2]byte
	tr       pins.Transition
	viol     pins.Violation
}

func (g *grid) Initial(dst []byte) ([]byte, error) { return append(dst[:0], 0, 0), nil }

func (g *grid) Next(s []byte, yield func(*pins.Transition, []byte) bool) {
	for p := 0; p < 2; p++ {
		if s[p] >= g.k {
			continue
		}
		g.succ = [2]byte{s[0], s[1]}
		g.succ[p]++
		g.tr = pins.Transition{Pid: p, Group: p, Pid2: -1, Group2: -1}
		if int(g.succ[0]) == g.assertAt && int(g.succ[1]) == g.assertAt {
			g.viol = pins.Violation{Kind: pins.Assertion, Message: "assertion violated"}
			g.tr.Violation = &g.viol
		}
		if !yield(&g.tr, g.succ[:]) {
			return
		}
	}
}

func (g *grid) Status(s []byte) pins.StateStatus {
	if g.badEnd {
		return 0
	}
	return pins.ValidEnd
}

func (g *grid) Info() *pins.Info { return &pins.Info{} }

func TestCounts(t *testing.T) {
	for _, bfs := range []bool{false, true} {
		g := &grid{k: 20, assertAt: -1}
		res, err := Run(context.Background(), g, Options{BFS: bfs})
		if err != nil {
			t.Fatal(err)
		}
		if res.StatesStored != 441 || res.Transitions != 2*20*21+1 || res.StatesMatched != res.Transitions-441 {
			t.Errorf("bfs=%v: stored %d matched %d transitions %d", bfs, res.StatesStored, res.StatesMatched, res.Transitions)
		}
		if !res.Complete || res.Errors != nil {
			t.Errorf("bfs=%v: complete=%v errors=%v", bfs, res.Complete, res.Errors)
		}
		if res.DepthReached != 40 {
			t.Errorf("bfs=%v: depth %d, want 40", bfs, res.DepthReached)
		}
	}
}

func TestAssertionTrail(t *testing.T) {
	for _, bfs := range []bool{false, true} {
		g := &grid{k: 5, assertAt: 3}
		res, err := Run(context.Background(), g, Options{BFS: bfs, StopAfter: 1})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Errors) != 1 || res.Complete {
			t.Fatalf("bfs=%v: errors %v complete %v", bfs, res.Errors, res.Complete)
		}
		// Replaying the trail must reach x == y == 3.
		x, y := 0, 0
		for _, st := range res.Errors[0].Trail {
			if st.Pid == 0 {
				x++
			} else {
				y++
			}
		}
		if x != 3 || y != 3 {
			t.Errorf("bfs=%v: trail %v ends at (%d,%d)", bfs, res.Errors[0].Trail, x, y)
		}
		if bfs && len(res.Errors[0].Trail) != 6 {
			t.Errorf("bfs trail not shortest: %d steps", len(res.Errors[0].Trail))
		}
	}
}

func TestInvalidEndAndKeepGoing(t *testing.T) {
	g := &grid{k: 4, badEnd: true, assertAt: 2}
	res, err := Run(context.Background(), g, Options{StopAfter: 0, AllTrails: true})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[pins.ViolationKind]int{}
	for _, e := range res.Errors {
		kinds[e.Violation.Kind]++
		if e.Trail == nil {
			t.Errorf("missing trail for %v", e.Violation)
		}
	}
	// (2,2) is entered from (1,2) and (2,1): two assertion errors; (4,4) is the only end state.
	if kinds[pins.Assertion] != 2 || kinds[pins.InvalidEndState] != 1 {
		t.Errorf("errors by kind: %v", kinds)
	}
	if res.StatesStored != 25 {
		t.Errorf("stored %d, want 25", res.StatesStored)
	}
	res, _ = Run(context.Background(), g, Options{StopAfter: 0, IgnoreAssert: true, IgnoreEnd: true})
	if len(res.Errors) != 0 {
		t.Errorf("-A -E still reports %v", res.Errors)
	}
}

func TestDepthLimit(t *testing.T) {
	g := &grid{k: 10, assertAt: -1}
	res, _ := Run(context.Background(), g, Options{MaxDepth: 5})
	if res.Complete || !res.DepthLimitHit || res.Incomplete != "depth limit" {
		t.Errorf("depth limit not reported: %+v", res)
	}
	if res.StatesStored != 15 { // as pan -m5: states at depths 0..4, x+y <= 4
		t.Errorf("stored %d, want 15", res.StatesStored)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := &grid{k: 200, assertAt: -1}
	res, err := Run(ctx, g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || res.Incomplete != "interrupted" {
		t.Errorf("cancelled search reports complete=%v %q", res.Complete, res.Incomplete)
	}
}

func TestNoAllocsPerTransition(t *testing.T) {
	g := &grid{k: 100, assertAt: -1}
	Run(context.Background(), g, Options{}) // warm up
	allocs := testing.AllocsPerRun(3, func() {
		Run(context.Background(), g, Options{HashLog2: 16})
	})
	// 10201 states, 20200 transitions: a handful of allocations for the
	// table, arena and stacks is fine, one per transition is not.
	if allocs > 200 {
		t.Errorf("%.0f allocations per search", allocs)
	}
}

func BenchmarkDFS(b *testing.B) {
	g := &grid{k: 250, assertAt: -1}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		res, _ := Run(context.Background(), g, Options{HashLog2: 17})
		b.ReportMetric(float64(res.Transitions), "transitions/op")
	}
}

// chain is 0 -> 1 -> ... -> n; the steps into 1..atomicTo are inside an
// atomic sequence.
type chain struct {
	n, atomicTo byte
	tr          pins.Transition
}

func (c *chain) Initial(dst []byte) ([]byte, error) { return append(dst[:0], 0), nil }
func (c *chain) Next(s []byte, yield func(*pins.Transition, []byte) bool) {
	if s[0] >= c.n {
		return
	}
	c.tr = pins.Transition{Pid: 0, Group: int(s[0])}
	if s[0]+1 <= c.atomicTo {
		c.tr.Flags = pins.InAtomic
	}
	yield(&c.tr, []byte{s[0] + 1})
}
func (c *chain) Status([]byte) pins.StateStatus { return pins.ValidEnd }
func (c *chain) Info() *pins.Info               { return &pins.Info{} }

func TestAtomicStepsNotStored(t *testing.T) {
	res, err := Run(context.Background(), &chain{n: 5, atomicTo: 2}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Stored: 0, 3, 4, 5; states 1 and 2 are atomic steps (as pan counts).
	if res.StatesStored != 4 || res.AtomicSteps != 2 || res.Transitions != 4 || res.DepthReached != 5 {
		t.Errorf("stored %d atomic %d transitions %d depth %d", res.StatesStored, res.AtomicSteps, res.Transitions, res.DepthReached)
	}
}

// TestDroppedSuccessors runs the same searches with a tiny window, so
// that frames give their successors up and regenerate them on return,
// and checks that nothing changes: counts, the first error and its trail.
func TestDroppedSuccessors(t *testing.T) {
	saved := window
	defer func() { window = saved }()
	for _, g := range []*grid{{k: 60, assertAt: -1}, {k: 40, assertAt: 30}} {
		window = 1 << 14
		want, _ := Run(context.Background(), g, Options{MaxDepth: 100000})
		window = 2
		got, _ := Run(context.Background(), g, Options{MaxDepth: 100000})
		got.Elapsed, want.Elapsed = 0, 0
		got.StackBytes, want.StackBytes = 0, 0
		if got.Stats != want.Stats {
			t.Errorf("k=%d: stats with dropped successors %+v, want %+v", g.k, got.Stats, want.Stats)
		}
		if len(got.Errors) != len(want.Errors) {
			t.Fatalf("errors %d, want %d", len(got.Errors), len(want.Errors))
		}
		for i := range got.Errors {
			if fmt.Sprint(got.Errors[i].Trail) != fmt.Sprint(want.Errors[i].Trail) {
				t.Errorf("trail differs")
			}
		}
	}
}

// TestDroppedSuccessorsAccept is TestDroppedSuccessors for acceptance
// searches, where frames deep in the stack give their successors up with
// all of them taken (popped on return without regeneration) or not, and
// the nested search starts from such a frame.
func TestDroppedSuccessorsAccept(t *testing.T) {
	saved := window
	defer func() { window = saved }()
	for _, r := range []*ring{{n: 200, acc: 150}, {n: 200, acc: -1}, {n: 120, acc: 0}} {
		for _, stop := range []int{0, 1} {
			opt := Options{Accept: true, StopAfter: stop, MaxDepth: 100000}
			window = 1 << 14
			want, _ := Run(context.Background(), r, opt)
			window = 2
			got, _ := Run(context.Background(), r, opt)
			got.Elapsed, want.Elapsed = 0, 0
			got.StackBytes, want.StackBytes = 0, 0
			if got.Stats != want.Stats {
				t.Errorf("n=%d acc=%d: stats with dropped successors %+v, want %+v", r.n, r.acc, got.Stats, want.Stats)
			}
			if len(got.Errors) != len(want.Errors) {
				t.Fatalf("n=%d acc=%d: errors %d, want %d", r.n, r.acc, len(got.Errors), len(want.Errors))
			}
			for i := range got.Errors {
				if fmt.Sprint(got.Errors[i].Trail) != fmt.Sprint(want.Errors[i].Trail) {
					t.Errorf("n=%d acc=%d: trail differs", r.n, r.acc)
				}
			}
			if r.acc >= 0 && len(want.Errors) == 0 {
				t.Errorf("n=%d acc=%d: no acceptance cycle found", r.n, r.acc)
			}
		}
	}
}

// ring is a model with states 0..n-1 in a ring (i -> i+1 mod n) plus an
// exit from 0 to a dead end n; state acc is accepting.
type ring struct {
	n, acc int
	succ   [1]byte
	tr     pins.Transition
}

func (r *ring) Initial(dst []byte) ([]byte, error) { return append(dst[:0], 0), nil }
func (r *ring) Next(s []byte, yield func(*pins.Transition, []byte) bool) {
	x := int(s[0])
	if x == r.n {
		return
	}
	r.tr = pins.Transition{Pid: 0, Group: 0, Pid2: -1, Group2: -1, Claim: -1}
	r.succ[0] = byte((x + 1) % r.n)
	if !yield(&r.tr, r.succ[:]) {
		return
	}
	if x == 0 {
		r.tr.Group = 1
		r.succ[0] = byte(r.n)
		yield(&r.tr, r.succ[:])
	}
}
func (r *ring) Status(s []byte) pins.StateStatus {
	st := pins.ValidEnd
	if int(s[0]) == r.acc {
		st |= pins.Accepting
	}
	return st
}
func (r *ring) Info() *pins.Info { return &pins.Info{} }

func TestAcceptanceCycle(t *testing.T) {
	res, err := Run(context.Background(), &ring{n: 5, acc: 3}, Options{Accept: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 1 || res.Errors[0].Violation.Kind != pins.AcceptanceCycle {
		t.Fatalf("errors %+v", res.Errors)
	}
	e := res.Errors[0]
	// prefix 0->1->2->3, then the cycle 3->4->0->1->2->3
	if e.CycleStart != 3 || len(e.Trail) != 8 {
		t.Errorf("trail %v, cycle at %d", e.Trail, e.CycleStart)
	}
	// the accepting state is the dead end: as pan, an accepting stutter
	res, _ = Run(context.Background(), &ring{n: 5, acc: 5}, Options{Accept: true, StopAfter: 1})
	if len(res.Errors) != 1 || res.Errors[0].Violation.Message != "accept stutter" {
		t.Errorf("accept stutter expected: %+v", res.Errors)
	}
	// no accepting state: no cycle
	res, _ = Run(context.Background(), &ring{n: 5, acc: -1}, Options{Accept: true})
	if len(res.Errors) != 0 || !res.Complete {
		t.Errorf("no cycle expected: %+v", res.Errors)
	}
	// without -a, no cycle check
	res, _ = Run(context.Background(), &ring{n: 5, acc: 3}, Options{})
	if len(res.Errors) != 0 {
		t.Errorf("cycle reported without Accept")
	}
}

// progressRing is ring with a progress label at state prog.
type progressRing struct {
	ring
	prog int
}

func (r *progressRing) Status(s []byte) pins.StateStatus {
	st := pins.ValidEnd
	if int(s[0]) == r.prog {
		st |= pins.Progress
	}
	return st
}

func TestNonProgressCycle(t *testing.T) {
	// a ring without progress: a non-progress cycle
	res, err := Run(context.Background(), &progressRing{ring: ring{n: 4, acc: -1}, prog: -1}, Options{NonProgress: true, StopAfter: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 1 || res.Errors[0].Violation.Kind != pins.NonProgressCycle || res.Errors[0].CycleStart < 0 {
		t.Fatalf("errors %+v", res.Errors)
	}
	// a progress state on the ring: every cycle passes it
	res, _ = Run(context.Background(), &progressRing{ring: ring{n: 4, acc: -1}, prog: 2}, Options{NonProgress: true})
	if len(res.Errors) != 0 || !res.Complete {
		t.Errorf("unexpected errors %+v", res.Errors)
	}
}

// TestMemoryLimitAtInitialState: when even the initial state cannot be
// stored, every search stops with "memory limit" and statistics, not a
// crash (the breadth-first search once went on with no state stored and
// indexed an empty store).
func TestMemoryLimitAtInitialState(t *testing.T) {
	for _, bfs := range []bool{false, true} {
		st := store.New(10, 0)
		st.SetGuard(func(int64) bool { return false })
		res, err := Run(context.Background(), &grid{k: 3, assertAt: -1}, Options{BFS: bfs, Store: st})
		if err != nil {
			t.Fatalf("bfs=%v: %v", bfs, err)
		}
		if res.Complete || res.Incomplete != "memory limit" || res.StatesStored != 0 {
			t.Errorf("bfs=%v: complete=%v incomplete=%q stored=%d; want a search stopped at the memory limit", bfs, res.Complete, res.Incomplete, res.StatesStored)
		}
	}
}
