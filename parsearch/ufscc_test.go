package parsearch_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/parsearch"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
)

// pgraph is a test model for the SCC search: an explicit graph over
// nodes 0..n-1 (two bytes each), node 0 initial; edge j of node v is
// group j of process pid[v][j] (weak fairness gives each process a
// mark); some nodes accepting, and each node a valuation of the
// propositions of a TGBA (props).
type pgraph struct {
	adj   [][]int
	pid   [][]int
	acc   []bool
	props []uint64
	buf   []byte
	info  pins.Info
}

func (g *pgraph) Initial(dst []byte) ([]byte, error) { return append(dst[:0], 0, 0), nil }

func (g *pgraph) Next(s []byte, yield func(t *pins.Transition, succ []byte) bool) {
	v := node(s)
	for j, u := range g.adj[v] {
		g.buf = append(g.buf[:0], byte(u), byte(u>>8))
		t := pins.Transition{Pid: g.pid[v][j], Group: j, Pid2: -1, Group2: -1, Claim: -1}
		if !yield(&t, g.buf) {
			return
		}
	}
}

func (g *pgraph) Status(s []byte) pins.StateStatus {
	if g.acc[node(s)] {
		return pins.Accepting
	}
	return 0
}

func (g *pgraph) Info() *pins.Info { return &g.info }

func (g *pgraph) clone() *pgraph {
	return &pgraph{adj: g.adj, pid: g.pid, acc: g.acc, props: g.props, info: g.info}
}

func (g *pgraph) eval(s []byte, _ bool) uint64 { return g.props[node(s)] }

// randomPGraph returns a random graph of n nodes, out-degree up to deg,
// with procs processes, accepting nodes with probability pAcc and two
// random propositions per node.
func randomPGraph(r *rand.Rand, n, deg, procs int, pAcc float64) *pgraph {
	g := &pgraph{adj: make([][]int, n), pid: make([][]int, n), acc: make([]bool, n), props: make([]uint64, n)}
	g.info.Groups = make([]pins.Group, deg)
	for v := range n {
		g.acc[v] = r.Float64() < pAcc
		g.props[v] = uint64(r.IntN(4))
		for range r.IntN(deg + 1) {
			g.adj[v] = append(g.adj[v], r.IntN(n))
			g.pid[v] = append(g.pid[v], r.IntN(procs))
		}
	}
	return g
}

// sccReference decides, independently of both searches, whether the
// marked graph of the SCC search (search.MarkedGraph: the same graph the
// searches walk) has an accepting cycle: Tarjan's SCCs of its reachable
// part, each non-trivial one accepting when the marks of its inner edges
// cover every acceptance set; or (without a claim) a reachable accepting
// state without successors. It returns the verdict and the number of
// reachable states.
func sccReference(t *testing.T, m pins.Model, o search.Options) (bool, int) {
	g, _, _, err := search.NewMarkedGraph(m, o)
	if err != nil {
		t.Fatal(err)
	}
	init, _ := g.Initial()
	ids := map[string]int{}
	var states []string
	type edge struct {
		to int
		m  search.Marks
	}
	var out [][]edge
	var add func(s string) int
	add = func(s string) int {
		if id, ok := ids[s]; ok {
			return id
		}
		id := len(states)
		ids[s] = id
		states = append(states, s)
		out = append(out, nil)
		var es []edge
		var succ []string
		g.Next([]byte(s), func(_ search.Step, t []byte, mk *search.Marks, _ *pins.Violation) bool {
			succ = append(succ, string(t))
			es = append(es, edge{m: *mk})
			return true
		})
		for i, x := range succ {
			es[i].to = add(x)
		}
		out[id] = es
		return id
	}
	add(string(init))
	claim := m.Info() != nil && m.Info().Claim
	for id, s := range states {
		if len(out[id]) == 0 && !claim && m.Status([]byte(s))&pins.Accepting != 0 {
			return true, len(states)
		}
	}
	// Tarjan
	n := len(states)
	index, low, comp := make([]int, n), make([]int, n), make([]int, n)
	for i := range index {
		index[i], comp[i] = -1, -1
	}
	var stack []int
	onStack := make([]bool, n)
	next, ncomp := 0, 0
	var visit func(v int)
	visit = func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, e := range out[v] {
			if index[e.to] < 0 {
				visit(e.to)
				low[v] = min(low[v], low[e.to])
			} else if onStack[e.to] {
				low[v] = min(low[v], index[e.to])
			}
		}
		if low[v] == index[v] {
			for {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[x] = false
				comp[x] = ncomp
				if x == v {
					break
				}
			}
			ncomp++
		}
	}
	visit(0)
	acc := make([]search.Marks, ncomp)
	inner := make([]bool, ncomp)
	for v := range n {
		for _, e := range out[v] {
			if comp[v] == comp[e.to] {
				inner[comp[v]] = true
				for i := range acc[comp[v]] {
					acc[comp[v]][i] |= e.m[i]
				}
			}
		}
	}
	all := g.All()
	for c := range ncomp {
		covers := true
		for i := range all {
			covers = covers && acc[c][i]&all[i] == all[i]
		}
		if inner[c] && covers {
			return true, n
		}
	}
	return false, n
}

// checkLasso follows the trail of an accepting cycle on the marked graph:
// each step must exist; the cycle must close and carry every acceptance
// set (or, for an accept stutter, end in an accepting state without
// successors). A step may match several successors (a product with a
// TGBA moves the automaton along any enabled edge with the same system
// step: a trail gives the system's steps, as the sequential search's
// do), so the states a trail may reach are followed as sets.
func checkLasso(m pins.Model, o search.Options, e search.Error) error {
	g, _, _, err := search.NewMarkedGraph(m, o)
	if err != nil {
		return err
	}
	type sm struct {
		s string
		m search.Marks
	}
	step := func(from []sm, st search.Step) []sm {
		seen := map[sm]bool{}
		var out []sm
		for _, x := range from {
			g.Next([]byte(x.s), func(step search.Step, t []byte, mk *search.Marks, _ *pins.Violation) bool {
				if step == st {
					y := sm{string(t), x.m}
					for i := range y.m {
						y.m[i] |= mk[i]
					}
					if !seen[y] {
						seen[y] = true
						out = append(out, y)
					}
				}
				return true
			})
		}
		return out
	}
	s0, _ := g.Initial()
	cs := e.CycleStart
	if e.Violation.Message == "accept stutter" {
		cs = len(e.Trail)
	} else if cs < 0 || cs >= len(e.Trail) {
		return fmt.Errorf("cycle start %d of %d steps", cs, len(e.Trail))
	}
	cur := []sm{{s: string(s0)}}
	for i, st := range e.Trail[:cs] {
		if cur = step(cur, st); len(cur) == 0 {
			return fmt.Errorf("step %d (%v) does not exist", i, st)
		}
	}
	all := g.All()
	for _, start := range cur {
		if e.Violation.Message == "accept stutter" {
			n := 0
			g.Next([]byte(start.s), func(search.Step, []byte, *search.Marks, *pins.Violation) bool { n++; return true })
			if n == 0 && m.Status([]byte(start.s))&pins.Accepting != 0 {
				return nil
			}
			continue
		}
		c := []sm{{s: start.s}}
		for _, st := range e.Trail[cs:] {
			c = step(c, st)
		}
		for _, x := range c {
			covers := x.s == start.s
			for i := range all {
				covers = covers && x.m[i]&all[i] == all[i]
			}
			if covers {
				return nil
			}
		}
	}
	return fmt.Errorf("no accepting cycle (or accept stutter) along the trail of %d steps from %d", len(e.Trail), cs)
}

func sccOpts(g *pgraph, workers int, fair bool, prop *search.Property) parsearch.Options {
	return parsearch.Options{
		Options:    search.Options{MaxDepth: 1 << 20, StopAfter: 1, HashLog2: 4, Accept: true, SCC: true, Fair: fair, Property: prop},
		Workers:    workers,
		Clone:      func() (pins.Model, error) { return g.clone(), nil },
		PropertyOf: func(pins.Model) (*search.Property, error) { return prop, nil },
	}
}

// TestUFSCCRandom: on random graphs, with Büchi acceptance (accepting
// states), with weak fairness (one more mark per process) and on the
// product with TGBAs of two and three acceptance sets, the parallel SCC
// search with 2, 3 or 4 workers finds an accepting cycle exactly when the
// reference (sccReference) and the sequential SCC search do, with a
// trail that is one (checkLasso); without one it stores every reachable
// state, as the sequential search.
func TestUFSCCRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(2016, 21))
	graphs := 120
	if testing.Short() {
		graphs = 50
	}
	var auts []*ltl.Automaton
	for _, f := range []string{"[]<> p && []<> q", "[]<> p && []<> q && <>[] !(p && q)", "[] !p"} {
		phi, _, err := ltl.Parse(f)
		if err != nil {
			t.Fatal(err)
		}
		a := ltl.TranslateTGBA(phi, ltl.Options{})
		auts = append(auts, a)
	}
	cycles, complete := map[string]int{}, map[string]int{}
	for i := range graphs {
		n := 2 + r.IntN(50)
		g := randomPGraph(r, n, 1+r.IntN(3), 1+r.IntN(3), r.Float64()*0.4)
		for _, mode := range []string{"buchi", "fair", "tgba", "tgba-fair"} {
			var prop *search.Property
			if mode == "tgba" || mode == "tgba-fair" {
				prop = &search.Property{Aut: auts[i%len(auts)], Eval: g.eval}
			}
			fair := mode == "fair" || mode == "tgba-fair"
			o := sccOpts(g, 1, fair, prop)
			want, reach := sccReference(t, g.clone(), o.Options)
			seq, err := search.Run(context.Background(), g.clone(), o.Options)
			if err != nil {
				t.Fatal(err)
			}
			if got := len(seq.Errors) > 0; got != want {
				t.Fatalf("graph %d %s: the sequential search says cycle %v, the reference %v", i, mode, got, want)
			}
			if want {
				cycles[mode]++
			} else {
				complete[mode]++
				if seq.StatesStored != int64(reach) {
					t.Fatalf("graph %d %s: -j 1 stored %d states, %d reachable", i, mode, seq.StatesStored, reach)
				}
			}
			for _, j := range []int{2 + i%3} {
				res, err := parsearch.Run(context.Background(), g.clone(), sccOpts(g, j, fair, prop))
				if err != nil {
					t.Fatalf("graph %d %s -j %d: %v", i, mode, j, err)
				}
				if got := len(res.Errors) > 0; got != want {
					t.Fatalf("graph %d (%d nodes) %s -j %d: cycle %v, want %v", i, n, mode, j, got, want)
				}
				// -e: the same verdict, every error's trail a lasso
				oe := sccOpts(g, j, fair, prop)
				oe.StopAfter, oe.AllTrails = 0, true
				all, err := parsearch.Run(context.Background(), g.clone(), oe)
				if err != nil {
					t.Fatalf("graph %d %s -j %d -e: %v", i, mode, j, err)
				}
				if got := len(all.Errors) > 0; got != want || !all.Complete || all.StatesStored != int64(reach) {
					t.Fatalf("graph %d %s -j %d -e: %d errors (want a cycle: %v), complete %v, stored %d of %d", i, mode, j, len(all.Errors), want, all.Complete, all.StatesStored, reach)
				}
				for k, e := range all.Errors {
					if err := checkLasso(g.clone(), o.Options, e); err != nil {
						t.Fatalf("graph %d %s -j %d -e, error %d: %v", i, mode, j, k+1, err)
					}
				}
				if want {
					if err := checkLasso(g.clone(), o.Options, res.Errors[0]); err != nil {
						t.Fatalf("graph %d %s -j %d: %v (trail %v from %d)", i, mode, j, err, res.Errors[0].Trail, res.Errors[0].CycleStart)
					}
					continue
				}
				if !res.Complete || res.StatesStored != seq.StatesStored {
					t.Fatalf("graph %d %s -j %d: complete %v, stored %d; -j 1: %d", i, mode, j, res.Complete, res.StatesStored, seq.StatesStored)
				}
			}
		}
	}
	t.Logf("with a cycle: %v; without: %v", cycles, complete)
	for _, mode := range []string{"buchi", "fair", "tgba", "tgba-fair"} {
		if cycles[mode] < graphs/10 || complete[mode] < graphs/10 {
			t.Errorf("%s: %d graphs with a cycle, %d without: the test is unbalanced", mode, cycles[mode], complete[mode])
		}
	}
}

// TestUFSCCLarge: a graph of one large SCC (a ring with chords), on
// which the workers share the set's states (UFSCC's list): without
// accepting state no cycle, and every state stored once; with one
// accepting state far from the start, every run finds the cycle.
func TestUFSCCLarge(t *testing.T) {
	n := 12000
	if testing.Short() {
		n = 4000
	}
	testUFSCCLarge(t, n, []int{1, 2, 4}, []int{2, 4})
}

// TestUFSCCOversubscribed: TestUFSCCLarge's graph with 8 and 16 workers
// on two threads (GOMAXPROCS=2), where a worker is often descheduled in
// the middle of its work: between a store's insert and the node's
// creation (which other workers waited for, yielding, until 2026-11-27:
// nodeOf), in the table's growth (60,000 states: the shared table's
// 2^16 slots, its least, grow once), or holding a root's lock. It checks
// the results only: the old waits did not make this run measurably
// slower (docs/parallel.md, "UFSCC's waits"), so no time bound is
// tested.
func TestUFSCCOversubscribed(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	testUFSCCLarge(t, 60000, []int{8, 16}, []int{8})
}

// testUFSCCLarge runs the search on a ring of n states with chords (one
// SCC) with each number of workers of plain, without accepting state
// (no error, every state stored), and of cycle, with one accepting state
// (the cycle found, its trail a lasso), with and without fairness.
func testUFSCCLarge(t *testing.T, n int, plain, cycle []int) {
	r := rand.New(rand.NewPCG(3, 3))
	g := &pgraph{adj: make([][]int, n), pid: make([][]int, n), acc: make([]bool, n), props: make([]uint64, n)}
	g.info.Groups = make([]pins.Group, 4)
	for v := range n {
		g.adj[v] = append(g.adj[v], (v+1)%n)
		g.pid[v] = append(g.pid[v], 0)
		for range r.IntN(3) {
			g.adj[v] = append(g.adj[v], r.IntN(n))
			g.pid[v] = append(g.pid[v], 1)
		}
	}
	for _, j := range plain {
		res, err := parsearch.Run(context.Background(), g.clone(), sccOpts(g, j, false, nil))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Errors) != 0 || !res.Complete || res.StatesStored != int64(n) {
			t.Fatalf("-j %d: %d errors, complete %v, %d states of %d", j, len(res.Errors), res.Complete, res.StatesStored, n)
		}
	}
	g.acc[n*2/3] = true
	for _, fair := range []bool{false, true} {
		for _, j := range cycle {
			o := sccOpts(g, j, fair, nil)
			res, err := parsearch.Run(context.Background(), g.clone(), o)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Errors) != 1 {
				t.Fatalf("-j %d fair %v: %d errors, want the cycle", j, fair, len(res.Errors))
			}
			if err := checkLasso(g.clone(), o.Options, res.Errors[0]); err != nil {
				t.Errorf("-j %d fair %v: %v", j, fair, err)
			}
		}
	}
}

// TestUFSCCAllErrors: -e and -c N with the parallel SCC search, on a
// graph of k rings (simple cycles: no set but the whole ring is strongly
// connected, so each is reported once), each with one accepting state,
// all reached from node 0: -e reports k errors, each with a trail that
// is a lasso, and stores every state; -c 2 stops at the second error,
// with the trail of the first only.
func TestUFSCCAllErrors(t *testing.T) {
	const k, ring = 6, 40
	n := 1 + k*ring
	g := &pgraph{adj: make([][]int, n), pid: make([][]int, n), acc: make([]bool, n), props: make([]uint64, n)}
	g.info.Groups = make([]pins.Group, k)
	for c := range k {
		base := 1 + c*ring
		g.adj[0] = append(g.adj[0], base)
		g.pid[0] = append(g.pid[0], 0)
		for v := range ring {
			g.adj[base+v] = []int{base + (v+1)%ring}
			g.pid[base+v] = []int{0}
		}
		g.acc[base+ring/2+c] = true
	}
	for _, fair := range []bool{false, true} {
		for _, j := range []int{2, 4} {
			for range 5 {
				o := sccOpts(g, j, fair, nil)
				o.StopAfter, o.AllTrails = 0, true
				res, err := parsearch.Run(context.Background(), g.clone(), o)
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Errors) != k || !res.Complete || res.StatesStored != int64(n) {
					t.Fatalf("-e -j %d fair %v: %d errors of %d, complete %v, %d states of %d", j, fair, len(res.Errors), k, res.Complete, res.StatesStored, n)
				}
				for i, e := range res.Errors {
					if err := checkLasso(g.clone(), o.Options, e); err != nil {
						t.Fatalf("-e -j %d fair %v, error %d: %v", j, fair, i+1, err)
					}
				}
				o.StopAfter, o.AllTrails = 2, false
				res, err = parsearch.Run(context.Background(), g.clone(), o)
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Errors) != 2 || res.Complete || res.Incomplete != "stopped at error" {
					t.Fatalf("-c2 -j %d fair %v: %d errors, complete %v (%q)", j, fair, len(res.Errors), res.Complete, res.Incomplete)
				}
				if err := checkLasso(g.clone(), o.Options, res.Errors[0]); err != nil {
					t.Fatalf("-c2 -j %d fair %v: %v", j, fair, err)
				}
				if res.Errors[1].Trail != nil {
					t.Fatalf("-c2 -j %d fair %v: the second error has a trail", j, fair)
				}
			}
		}
	}
}

// TestUFSCCLimits: the depth limit, the memory limit and cancellation
// stop every worker of the SCC search, with the statistics so far.
func TestUFSCCLimits(t *testing.T) {
	g := newGrid(4, 12, -1, true)
	o := opts(g, 2)
	o.Accept, o.SCC, o.StopAfter = true, true, 1
	o.MaxDepth = 10
	res, err := parsearch.Run(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || !res.DepthLimitHit || res.Incomplete != "depth limit" || res.DepthReached > 10 || res.StatesStored == 0 {
		t.Errorf("-m10: complete %v, depth %d, %q, %d states", res.Complete, res.DepthReached, res.Incomplete, res.StatesStored)
	}
	big := newGrid(6, 40, -1, true) // 4e9 states: never finishes
	o = opts(big, 2)
	o.Accept, o.SCC, o.StopAfter = true, true, 1
	o.MemLimit = 3 << 20
	res, err = parsearch.Run(context.Background(), big, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || res.Incomplete != "memory limit" || res.StatesStored == 0 {
		t.Errorf("memory limit: %q, %d states", res.Incomplete, res.StatesStored)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	o.MemLimit = 0
	res, _ = parsearch.Run(ctx, big, o)
	if res.Complete || res.Incomplete == "" {
		t.Errorf("interrupted: complete %v, %q", res.Complete, res.Incomplete)
	}
}
