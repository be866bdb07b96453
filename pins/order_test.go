package pins

import (
	"fmt"
	"slices"
	"testing"
)

// fanModel yields, from any state, successors of 4 processes (pids 3 to 0,
// SPIN's order), each with 3 groups, the group 3*pid+1 twice (a
// non-deterministic statement: K 0 and 1); successor bytes name
// (pid, group, k).
type fanModel struct{}

func (fanModel) Initial(dst []byte) ([]byte, error) { return append(dst[:0], 0), nil }
func (fanModel) Status([]byte) StateStatus          { return 0 }
func (fanModel) Info() *Info                        { return &Info{} }
func (fanModel) Next(s []byte, yield func(*Transition, []byte) bool) {
	for pid := 3; pid >= 0; pid-- {
		for g := 3 * pid; g < 3*pid+3; g++ {
			n := 1
			if g == 3*pid+1 {
				n = 2
			}
			for k := 0; k < n; k++ {
				t := Transition{Pid: pid, Group: g, Pid2: -1, Group2: -1, Claim: -1}
				if !yield(&t, []byte{s[0], byte(pid), byte(g), byte(k)}) {
					return
				}
			}
		}
	}
}

type seen struct {
	pid, group, k int
}

func successors(m Model, s []byte) []seen {
	var out []seen
	m.Next(s, func(t *Transition, b []byte) bool {
		if t.Pid != int(b[1]) || t.Group != int(b[2]) {
			panic(fmt.Sprintf("transition %+v with successor %v", *t, b))
		}
		out = append(out, seen{t.Pid, t.Group, int(b[3])})
		return true
	})
	return out
}

// TestReorder: every order yields each successor once, with its own
// transition; a successor's K (its rank among those of its pid and group)
// is kept, so trail steps name the same successors; reversed orders are
// reversed, shuffles are a function of the seed and the state and differ
// between seeds.
func TestReorder(t *testing.T) {
	base := successors(fanModel{}, []byte{0})
	if m := Reorder(fanModel{}, Order{Seed: 9}); m != (fanModel{}) {
		t.Fatalf("the default order is not the model itself: %T", m)
	}
	orders := []Order{
		{Procs: Reversed}, {Trans: Reversed}, {Procs: Reversed, Trans: Reversed},
		{Procs: Shuffled, Seed: 1}, {Trans: Shuffled, Seed: 1}, {Procs: Shuffled, Trans: Shuffled, Seed: 2},
	}
	for _, o := range orders {
		m := Reorder(fanModel{}, o)
		got := successors(m, []byte{0})
		if !sameSet(got, base) {
			t.Errorf("%v: successors %v, want a permutation of %v", o, got, base)
		}
		// K: the rank among the same (pid, group) is what the model gave
		for i, x := range got {
			k := 0
			for _, y := range got[:i] {
				if y.pid == x.pid && y.group == x.group {
					k++
				}
			}
			if k != x.k {
				t.Errorf("%v: successor %d %+v is the %dth of its pid and group", o, i, x, k)
			}
		}
		// each process's successors are together
		for i := 1; i < len(got); i++ {
			for j := i + 1; j < len(got); j++ {
				if got[j].pid == got[i-1].pid && got[i].pid != got[i-1].pid {
					t.Errorf("%v: process %d split: %v", o, got[j].pid, got)
				}
			}
		}
		if again := successors(m, []byte{0}); !slices.Equal(again, got) {
			t.Errorf("%v: a second expansion of the same state differs: %v then %v", o, got, again)
		}
	}
	pr := successors(Reorder(fanModel{}, Order{Procs: Reversed}), []byte{0})
	if pr[0].pid != 0 || pr[len(pr)-1].pid != 3 || pr[0].group != 0 {
		t.Errorf("reversed processes: %v", pr)
	}
	tr := successors(Reorder(fanModel{}, Order{Trans: Reversed}), []byte{0})
	if tr[0] != (seen{3, 11, 0}) || tr[1] != (seen{3, 10, 0}) || tr[2] != (seen{3, 10, 1}) {
		t.Errorf("reversed transitions: %v", tr)
	}
	// shuffles: different seeds or states give different orders (of the
	// 4! * (3!)^4 orders, a coincidence over 20 tries is negligible)
	first := successors(Reorder(fanModel{}, Order{Procs: Shuffled, Trans: Shuffled, Seed: 1}), []byte{0})
	differ, differState := 0, 0
	for seed := uint64(2); seed < 22; seed++ {
		if !slices.Equal(successors(Reorder(fanModel{}, Order{Procs: Shuffled, Trans: Shuffled, Seed: seed}), []byte{0}), first) {
			differ++
		}
		if !slices.Equal(successors(Reorder(fanModel{}, Order{Procs: Shuffled, Trans: Shuffled, Seed: 1}), []byte{byte(seed)}), first) {
			differState++
		}
	}
	if differ < 19 || differState < 19 {
		t.Errorf("shuffles: %d of 20 seeds and %d of 20 states give another order", differ, differState)
	}
	// stopping: yield false ends the expansion
	n := 0
	Reorder(fanModel{}, Order{Trans: Shuffled}).Next([]byte{0}, func(*Transition, []byte) bool { n++; return n < 3 })
	if n != 3 {
		t.Errorf("yield returned false at the third successor; %d yielded", n)
	}
}

func sameSet(a, b []seen) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	cmp := func(p, q seen) int {
		if p.pid != q.pid {
			return p.pid - q.pid
		}
		if p.group != q.group {
			return p.group - q.group
		}
		return p.k - q.k
	}
	slices.SortFunc(x, cmp)
	slices.SortFunc(y, cmp)
	return slices.Equal(x, y)
}

// TestReorderAllocs: a reordering layer allocates nothing per state once
// its buffers have grown.
func TestReorderAllocs(t *testing.T) {
	m := Reorder(fanModel{}, Order{Procs: Shuffled, Trans: Reversed, Seed: 3})
	s := []byte{0}
	yield := func(*Transition, []byte) bool { return true }
	m.Next(s, yield)
	// the test model allocates its successors; the layer, nothing more
	plain := testing.AllocsPerRun(100, func() { fanModel{}.Next(s, yield) })
	if a := testing.AllocsPerRun(100, func() { m.Next(s, yield) }); a != plain {
		t.Errorf("%v allocations per expansion, the model alone %v", a, plain)
	}
}
