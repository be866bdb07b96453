package parsearch_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gospin/gospin/parsearch"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/search"
)

// buchi is a test model: an explicit graph over states 0..n-1 (two
// bytes each, so that a state of pid -1 steps is possible too), node 0
// initial, some nodes accepting. Edge j of node v is group j of process
// 0.
type buchi struct {
	adj  [][]int
	acc  []bool
	buf  []byte
	info pins.Info
}

func (b *buchi) Initial(dst []byte) ([]byte, error) { return append(dst[:0], 0, 0), nil }

func node(s []byte) int { return int(s[0]) | int(s[1])<<8 }

func (b *buchi) Next(s []byte, yield func(t *pins.Transition, succ []byte) bool) {
	for j, u := range b.adj[node(s)] {
		b.buf = append(b.buf[:0], byte(u), byte(u>>8))
		t := pins.Transition{Pid: 0, Group: j, Pid2: -1, Group2: -1, Claim: -1}
		if !yield(&t, b.buf) {
			return
		}
	}
}

func (b *buchi) Status(s []byte) pins.StateStatus {
	if b.acc[node(s)] {
		return pins.Accepting
	}
	return 0
}

func (b *buchi) Info() *pins.Info { return &b.info }

func (b *buchi) clone() *buchi { return &buchi{adj: b.adj, acc: b.acc, info: b.info} }

// randomBuchi returns a random graph of n nodes with out-degree up to
// deg, each node accepting with probability pAcc.
func randomBuchi(r *rand.Rand, n, deg int, pAcc float64) *buchi {
	b := &buchi{adj: make([][]int, n), acc: make([]bool, n)}
	b.info.Groups = make([]pins.Group, deg)
	for v := range n {
		b.acc[v] = r.Float64() < pAcc
		for range r.IntN(deg + 1) {
			b.adj[v] = append(b.adj[v], r.IntN(n))
		}
	}
	return b
}

// hasAcceptingCycle is the reference: some accepting node reachable from
// 0 with successors that lies on a cycle, or an accepting node reachable
// without successors (an accepting deadlock, pan's "accept stutter").
func (b *buchi) hasAcceptingCycle() bool {
	reach := func(from int) []bool {
		seen := make([]bool, len(b.adj))
		stack := []int{from}
		seen[from] = true
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, u := range b.adj[v] {
				if !seen[u] {
					seen[u] = true
					stack = append(stack, u)
				}
			}
		}
		return seen
	}
	r0 := reach(0)
	for v := range b.adj {
		if !r0[v] || !b.acc[v] {
			continue
		}
		if len(b.adj[v]) == 0 {
			return true
		}
		for _, u := range b.adj[v] {
			if reach(u)[v] {
				return true
			}
		}
	}
	return false
}

// checkCycle follows the trail of an acceptance cycle in b: it must
// exist, end where its cycle starts, and pass an accepting node on the
// cycle.
func (b *buchi) checkCycle(e search.Error) error {
	v := 0
	path := []int{0}
	for i, st := range e.Trail {
		if st.Pid != 0 || st.Group >= len(b.adj[v]) {
			return fmt.Errorf("step %d (%v) does not exist from node %d", i, st, v)
		}
		v = b.adj[v][st.Group]
		path = append(path, v)
	}
	if e.Violation.Message == "accept stutter" {
		if !b.acc[v] || len(b.adj[v]) != 0 {
			return fmt.Errorf("accept stutter at node %d (accepting %v, %d successors)", v, b.acc[v], len(b.adj[v]))
		}
		return nil
	}
	cs := e.CycleStart
	if cs < 0 || cs >= len(path)-1 || path[cs] != v {
		return fmt.Errorf("cycle start %d of %d steps: node %v, end %d", cs, len(e.Trail), path, v)
	}
	for _, u := range path[cs:] {
		if b.acc[u] {
			return nil
		}
	}
	return fmt.Errorf("the cycle %v has no accepting node", path[cs:])
}

func buchiOpts(b *buchi, workers int) parsearch.Options {
	return parsearch.Options{
		Options: search.Options{MaxDepth: 1 << 20, StopAfter: 1, HashLog2: 4, Accept: true},
		Workers: workers,
		Clone:   func() (pins.Model, error) { return b.clone(), nil },
	}
}

// TestCNDFSRandom: on random graphs, CNDFS with 2 to 4 workers finds an
// acceptance cycle exactly when the sequential nested search does and
// the graph has one, with a trail that is one; without a cycle it stores
// the states and makes red the states that the sequential search stores
// in its main and nested searches.
func TestCNDFSRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 2012))
	graphs := 400
	if testing.Short() {
		graphs = 100
	}
	cycles := 0
	for g := range graphs {
		n := 2 + r.IntN(60)
		b := randomBuchi(r, n, 1+r.IntN(3), r.Float64()*0.3)
		want := b.hasAcceptingCycle()
		seq, err := search.Run(context.Background(), b.clone(), buchiOpts(b, 1).Options)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(seq.Errors) > 0; got != want {
			t.Fatalf("graph %d: the sequential search says cycle %v, the reference %v", g, got, want)
		}
		if want {
			cycles++
		}
		for j := 2; j <= 4; j++ {
			res, err := parsearch.Run(context.Background(), b.clone(), buchiOpts(b, j))
			if err != nil {
				t.Fatal(err)
			}
			if got := len(res.Errors) > 0; got != want {
				t.Fatalf("graph %d (%d nodes) -j %d: cycle %v, want %v", g, n, j, got, want)
			}
			if want {
				if err := b.checkCycle(res.Errors[0]); err != nil {
					t.Fatalf("graph %d -j %d: %v", g, j, err)
				}
				continue
			}
			if !res.Complete || res.StatesStored != seq.StatesStored || res.NestedStored != seq.NestedStored {
				t.Fatalf("graph %d -j %d: complete %v, stored %d + %d red; -j 1: %d + %d nested", g, j, res.Complete,
					res.StatesStored, res.NestedStored, seq.StatesStored, seq.NestedStored)
			}
		}
	}
	if cycles < graphs/5 || cycles > graphs*4/5 {
		t.Errorf("%d of %d graphs have a cycle: the test is unbalanced", cycles, graphs)
	}
}

// TestCNDFSLarge: a graph large enough for the workers to meet (the
// table grows, red searches wait for each other): no cycle, the same
// figures as the sequential search; then one back edge to an accepting
// node makes a cycle, which every run finds.
func TestCNDFSLarge(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	n := 20000
	if testing.Short() {
		n = 4000
	}
	// a DAG (edges to higher nodes only): no cycle, many accepting nodes
	b := &buchi{adj: make([][]int, n), acc: make([]bool, n)}
	b.info.Groups = make([]pins.Group, 4)
	for v := range n - 1 {
		b.acc[v] = r.IntN(4) == 0
		b.adj[v] = append(b.adj[v], v+1)
		for range r.IntN(4) {
			if u := v + 1 + r.IntN(min(50, n-v-1)); u < n {
				b.adj[v] = append(b.adj[v], u)
			}
		}
	}
	seq, err := search.Run(context.Background(), b.clone(), buchiOpts(b, 1).Options)
	if err != nil {
		t.Fatal(err)
	}
	if len(seq.Errors) != 0 || seq.StatesStored != int64(n) {
		t.Fatalf("-j 1: %d errors, %d states", len(seq.Errors), seq.StatesStored)
	}
	for _, j := range []int{2, 4} {
		res, err := parsearch.Run(context.Background(), b.clone(), buchiOpts(b, j))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Errors) != 0 || !res.Complete || res.StatesStored != seq.StatesStored || res.NestedStored != seq.NestedStored {
			t.Errorf("-j %d: %d errors, complete %v, stored %d + %d; -j 1: %d + %d", j, len(res.Errors), res.Complete,
				res.StatesStored, res.NestedStored, seq.StatesStored, seq.NestedStored)
		}
	}
	// a back edge from the last but one node to an accepting node
	v := n / 2
	for !b.acc[v] {
		v++
	}
	b.adj[n-2] = append(b.adj[n-2], v)
	for _, j := range []int{2, 4} {
		res, err := parsearch.Run(context.Background(), b.clone(), buchiOpts(b, j))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Errors) != 1 {
			t.Fatalf("-j %d: %d errors, want the cycle", j, len(res.Errors))
		}
		if err := b.checkCycle(res.Errors[0]); err != nil {
			t.Errorf("-j %d: %v", j, err)
		}
	}
}

// TestCNDFSAllErrors: with -e (StopAfter 0, a trail for every error)
// CNDFS with 2 to 4 workers goes on past its cycles to the end of the
// search: it reports some cycle exactly when the graph has one, each
// with a trail that is one, stores every reachable state (-j 1's
// stored states) and reports the accepting deadlocks ("accept
// stutter", a property of a state, checked once by the worker that
// stored it) as often as -j 1 -e does. With -c 2 it reports at most two
// errors, and stops at the second.
func TestCNDFSAllErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 2026))
	graphs := 300
	if testing.Short() {
		graphs = 100
	}
	stutters := func(es []search.Error) int {
		n := 0
		for _, e := range es {
			if e.Violation.Message == "accept stutter" {
				n++
			}
		}
		return n
	}
	cycles, many := 0, 0
	for g := range graphs {
		n := 2 + r.IntN(60)
		b := randomBuchi(r, n, 1+r.IntN(3), r.Float64()*0.4)
		want := b.hasAcceptingCycle()
		all := buchiOpts(b, 1)
		all.StopAfter, all.AllTrails = 0, true
		seq, err := search.Run(context.Background(), b.clone(), all.Options)
		if err != nil {
			t.Fatal(err)
		}
		if want {
			cycles++
		}
		for j := 2; j <= 4; j++ {
			o := buchiOpts(b, j)
			o.StopAfter, o.AllTrails = 0, true
			res, err := parsearch.Run(context.Background(), b.clone(), o)
			if err != nil {
				t.Fatal(err)
			}
			if got := len(res.Errors) > 0; got != want {
				t.Fatalf("graph %d (%d nodes) -j %d -e: %d errors, want a cycle %v", g, n, j, len(res.Errors), want)
			}
			if len(res.Errors) > 1 {
				many++
			}
			for k, e := range res.Errors {
				if err := b.checkCycle(e); err != nil {
					t.Fatalf("graph %d -j %d -e: error %d: %v", g, j, k, err)
				}
			}
			if !res.Complete || res.StatesStored != seq.StatesStored || stutters(res.Errors) != stutters(seq.Errors) {
				t.Fatalf("graph %d -j %d -e: complete %v, stored %d, %d accept stutters; -j 1 -e: %d, %d", g, j, res.Complete,
					res.StatesStored, stutters(res.Errors), seq.StatesStored, stutters(seq.Errors))
			}
			o.StopAfter = 2
			res, err = parsearch.Run(context.Background(), b.clone(), o)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case len(res.Errors) > 2:
				t.Fatalf("graph %d -j %d -c 2: %d errors", g, j, len(res.Errors))
			case (len(res.Errors) > 0) != want:
				t.Fatalf("graph %d -j %d -c 2: %d errors, want a cycle %v", g, j, len(res.Errors), want)
			case len(res.Errors) == 2 && res.Incomplete != "stopped at error", len(res.Errors) < 2 && !res.Complete:
				t.Fatalf("graph %d -j %d -c 2: %d errors, incomplete %q", g, j, len(res.Errors), res.Incomplete)
			}
			for k, e := range res.Errors {
				if err := b.checkCycle(e); err != nil {
					t.Fatalf("graph %d -j %d -c 2: error %d: %v", g, j, k, err)
				}
			}
		}
	}
	if cycles < graphs/5 || many == 0 {
		t.Errorf("%d of %d graphs have a cycle, %d runs found several errors: the test is unbalanced", cycles, graphs, many)
	}
	t.Logf("%d graphs, %d with a cycle, %d runs with several errors", graphs, cycles, many)
}
