package search

import (
	"context"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gospin/gospin/pins"
)

// randGraph is the random-graph benchmark of Couvreur, Duret-Lutz and
// Poitrenaud (SPIN 2005): n states, out-degrees normally distributed with
// mean 1+(n-1)d and variance (n-1)d(1-d), and k acceptance sets on the
// transitions, each transition in each set with probability p.
type randGraph struct {
	succ  [][]int32
	marks [][]uint64 // per transition: bit j = in set j
	k     int
	buf   [2]byte
}

func newRandGraph(r *rand.Rand, n int, d float64, k int, p float64) *randGraph {
	g := &randGraph{k: k}
	mean, sd := 1+float64(n-1)*d, math.Sqrt(float64(n-1)*d*(1-d))
	for v := 0; v < n; v++ {
		deg := int(math.Round(mean + sd*r.NormFloat64()))
		deg = max(1, min(deg, n))
		var ss []int32
		var ms []uint64
		for i := 0; i < deg; i++ {
			ss = append(ss, int32(r.IntN(n)))
			var m uint64
			for j := 0; j < k; j++ {
				if r.Float64() < p {
					m |= 1 << j
				}
			}
			ms = append(ms, m)
		}
		g.succ = append(g.succ, ss)
		g.marks = append(g.marks, ms)
	}
	return g
}

// markedGraph for the SCC check
type rgMarked struct{ g *randGraph }

func (r rgMarked) initial() ([]byte, error) { return []byte{0, 0}, nil }
func (r rgMarked) all() *marks {
	var m marks
	m[0] = 1<<r.g.k - 1
	return &m
}
func (r rgMarked) next(s []byte, yield func(Step, []byte, *marks, *pins.Violation) bool) {
	v := binary.LittleEndian.Uint16(s)
	var b [2]byte
	for i, t := range r.g.succ[v] {
		binary.LittleEndian.PutUint16(b[:], uint16(t))
		m := marks{r.g.marks[v][i]}
		if !yield(Step{Pid: 0, Group: i}, b[:], &m, nil) {
			return
		}
	}
}

// rgDegen is the degeneralized product of the graph for nested DFS:
// states (v, level); level k is accepting.
type rgDegen struct {
	g   *randGraph
	buf [3]byte
	tr  pins.Transition
}

func (r *rgDegen) Initial(dst []byte) ([]byte, error) { return append(dst[:0], 0, 0, 0), nil }
func (r *rgDegen) Info() *pins.Info                   { return &pins.Info{Claim: true} }
func (r *rgDegen) Status(s []byte) pins.StateStatus {
	if int(s[2]) == r.g.k {
		return pins.ValidEnd | pins.Accepting
	}
	return pins.ValidEnd
}
func (r *rgDegen) Next(s []byte, yield func(*pins.Transition, []byte) bool) {
	v := binary.LittleEndian.Uint16(s)
	lvl := int(s[2])
	if lvl == r.g.k {
		lvl = 0
	}
	for i, t := range r.g.succ[v] {
		l := lvl
		for l < r.g.k && r.g.marks[v][i]&(1<<l) != 0 {
			l++
		}
		binary.LittleEndian.PutUint16(r.buf[:], uint16(t))
		r.buf[2] = byte(l)
		r.tr = pins.Transition{Pid: 0, Group: i, Pid2: -1, Group2: -1, Claim: -1}
		if !yield(&r.tr, r.buf[:]) {
			return
		}
	}
}

func runCou(g *randGraph) *Result {
	s := &searcher{opt: Options{MaxDepth: 1 << 20, StopAfter: 1}, ctx: context.Background(), res: &Result{}, cycleStart: -1, claim: true}
	s.opt.Store = nil
	res, _ := runWith(s, func(s *searcher) error {
		return s.couvreur(rgMarked{g}, pins.AcceptanceCycle, "acceptance cycle")
	})
	return res
}

// TestCouvreurRandomGraphs: Couvreur's check against nested DFS on the
// degeneralized product, on the random-graph benchmark with 3 fairness
// sets (the "fair" setups of the paper). Both must agree on emptiness;
// the SCC check must visit fewer states.
func TestCouvreurRandomGraphs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, d := range []float64{0.001, 0.002, 0.01} {
		var couPct, ndfsPct []float64
		for tries := 0; len(couPct) < 15 && tries < 500; tries++ {
			g := newRandGraph(r, 1024, d, 3, 0.3)
			cou := runCou(g)
			nd, err := Run(context.Background(), &rgDegen{g: g}, Options{Accept: true, MaxDepth: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			if (len(cou.Errors) > 0) != (len(nd.Errors) > 0) {
				t.Fatalf("d=%v: SCC check says non-empty=%v, nested DFS %v", d, len(cou.Errors) > 0, len(nd.Errors) > 0)
			}
			if len(cou.Errors) == 0 {
				continue // non-empty products only
			}
			// states visited (the nested search's copies included)
			couPct = append(couPct, float64(cou.StatesStored))
			ndfsPct = append(ndfsPct, float64(nd.StatesStored+nd.NestedStored))
		}
		mc, mn := mean(couPct), mean(ndfsPct)
		t.Logf("d=%v: %d non-empty graphs; mean states visited: SCC check %.1f, nested DFS on the degeneralized product %.1f", d, len(couPct), mc, mn)
		if mc > mn/2 {
			t.Errorf("d=%v: the SCC check visits more than half of what nested DFS visits", d)
		}
	}
}

func mean(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s / float64(max(1, len(x)))
}

// TestFairnessIsFree: on an empty product, adding fairness sets does not
// change what the SCC check visits.
func TestFairnessIsFree(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for tries := 0; checked < 10 && tries < 500; tries++ {
		// no accepting transition: the product is empty
		g := newRandGraph(r, 1024, 0.002, 1, 0)
		base := runCou(g)
		if len(base.Errors) > 0 {
			continue
		}
		// add two fairness sets on every transition, randomly
		g2 := *g
		g2.k = 3
		g2.marks = nil
		for _, ms := range g.marks {
			var out []uint64
			for _, m := range ms {
				out = append(out, m|uint64(r.IntN(4))<<1)
			}
			g2.marks = append(g2.marks, out)
		}
		fair := runCou(&g2)
		if len(fair.Errors) != 0 || fair.StatesStored != base.StatesStored || fair.Transitions != base.Transitions {
			t.Errorf("fairness changed the search: %d/%d states, %d/%d transitions", fair.StatesStored, base.StatesStored, fair.Transitions, base.Transitions)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no empty product generated")
	}
}
