package reduce

import (
	"testing"

	"github.com/gospin/gospin/internal/randmodel"
	"github.com/gospin/gospin/pins"
)

// TestLateLocationsMatter: on the random models the brute-force oracles
// check, late locations (lateLocs) change which processes are candidates
// in some states, so the oracles' postponed paths are exercised, and
// never make a candidate of a process the strict rule refuses for another
// reason than a future block inside an atomic sequence (the relaxed set
// of candidates includes the strict one).
func TestLateLocationsMatter(t *testing.T) {
	n := 1500
	if testing.Short() {
		n = 300
	}
	withLate, differ := 0, 0
	for seed := int64(1); seed <= int64(n); seed++ {
		src := randmodel.Generate(seed, randmodel.Mixed(seed))
		e := randEngine(src, true)
		if e == nil {
			continue
		}
		relaxed := New(e)
		strict := newReducer(e, false, false)
		if relaxed == nil || strict == nil || relaxed.late == nil {
			continue
		}
		withLate++
		init, _ := e.Initial(nil)
		seen := map[string]bool{string(init): true}
		queue := []string{string(init)}
		var a, b []bool
		for len(queue) > 0 && len(seen) < 2000 {
			s := queue[0]
			queue = queue[1:]
			a = relaxed.SafeProcs([]byte(s), a)
			b = strict.SafeProcs([]byte(s), b)
			changed := false
			for i := range a {
				if b[i] && !a[i] {
					t.Fatalf("seed %d: pid %d a candidate under the strict rule only, in\n%s\n%s", seed, i, e.Describe([]byte(s)), src)
				}
				changed = changed || a[i] != b[i]
			}
			if changed {
				differ++
			}
			var next []string
			e.Next([]byte(s), func(_ *pins.Transition, x []byte) bool {
				next = append(next, string(x))
				return true
			})
			for _, x := range next {
				if !seen[x] {
					seen[x] = true
					queue = append(queue, x)
				}
			}
		}
	}
	t.Logf("%d of %d models have late locations; they make more candidates in %d states", withLate, n, differ)
	if differ == 0 {
		t.Error("late locations never changed a candidate")
	}
}
