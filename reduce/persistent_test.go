package reduce

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/internal/randmodel"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
)

// A brute-force oracle for the reducer: in every reachable state of small
// random models, a process that SafeProcs calls safe must keep exactly
// its enabled steps along every path of the other processes, and each of
// its steps must commute with each of theirs there (the ample-set
// condition C1). Steps are macro steps: a step and its atomic
// continuation up to the next ordinary state.

type mstep struct {
	pid, group int
	succ       string
}

// macroSteps returns the ordinary states reached from x by each step and
// its atomic continuation.
func macroSteps(e *engine.Engine, x string) []mstep {
	var out []mstep
	var rec func(y string, pid, group, depth int)
	rec = func(y string, pid, group, depth int) {
		if y[2] == 0xFF || depth > 50 {
			out = append(out, mstep{pid, group, y})
			return
		}
		// collect first: the engine is not reentrant (a Next inside
		// another's callback overwrites its working state)
		var next []string
		e.Next([]byte(y), func(t *pins.Transition, n []byte) bool {
			next = append(next, string(n))
			return true
		})
		for _, n := range next {
			rec(n, pid, group, depth+1)
		}
	}
	var first []mstep
	e.Next([]byte(x), func(t *pins.Transition, n []byte) bool {
		first = append(first, mstep{t.Pid, t.Group, string(n)})
		return true
	})
	for _, st := range first {
		rec(st.succ, st.pid, st.group, 0)
	}
	return out
}

// randEngine builds the engine of a random model (SPIN's default state
// space, statement merging as merge says), or returns nil when the model
// does not load.
func randEngine(src string, merge bool) *engine.Engine {
	fr := frontend.Load("r.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		return nil
	}
	var errs diag.List
	prog := automata.Lower(fr.Program, &errs)
	if errs.HasErrors() || prog == nil {
		return nil
	}
	e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: merge})
	if err != nil {
		return nil
	}
	return e
}

// persistentViolation checks one model; it returns a description of the
// first violation, or "".
func persistentViolation(src string, merge bool, maxStates int) (string, bool) {
	e := randEngine(src, merge)
	if e == nil {
		return "", false
	}
	r := New(e)
	if r == nil {
		return "", true
	}
	init, _ := e.Initial(nil)
	seen := map[string]bool{string(init): true}
	queue := []string{string(init)}
	succ := map[string][]mstep{}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		ms := macroSteps(e, s)
		succ[s] = ms
		for _, st := range ms {
			if !seen[st.succ] {
				if len(seen) >= maxStates {
					return "", false // too large to check
				}
				seen[st.succ] = true
				queue = append(queue, st.succ)
			}
		}
	}
	steps := func(x string) []mstep {
		if ms, ok := succ[x]; ok {
			return ms
		}
		ms := macroSteps(e, x)
		succ[x] = ms
		return ms
	}
	key := func(ms []mstep, p int) string {
		var g []string
		for _, st := range ms {
			if st.pid == p {
				g = append(g, fmt.Sprint(st.group))
			}
		}
		sort.Strings(g)
		return strings.Join(g, ",")
	}
	for s := range seen {
		safe := r.SafeProcs([]byte(s), nil)
		for p, ok := range safe {
			if !ok {
				continue
			}
			want := key(steps(s), p)
			if want == "" {
				continue
			}
			vis := map[string]bool{s: true}
			q := []string{s}
			for len(q) > 0 {
				x := q[0]
				q = q[1:]
				ms := steps(x)
				if got := key(ms, p); got != want {
					return fmt.Sprintf("pid %d safe in\n%s\nwith steps %s; after other processes' steps, in\n%s\nit has %s", p, e.Describe([]byte(s)), want, e.Describe([]byte(x)), got), true
				}
				for _, a := range ms {
					if a.pid != p {
						continue
					}
					for _, b := range ms {
						if b.pid == p || r.postponed(b) {
							continue
						}
						left := map[string]bool{}
						for _, c := range steps(a.succ) {
							if c.pid == b.pid && c.group == b.group {
								left[c.succ] = true
							}
						}
						found := false
						for _, c := range steps(b.succ) {
							if c.pid == p && c.group == a.group && left[c.succ] {
								found = true
							}
						}
						if !found {
							return fmt.Sprintf("pid %d safe in\n%s\nbut in\n%s\nits step %d and pid %d's step %d do not commute", p, e.Describe([]byte(s)), e.Describe([]byte(x)), a.group, b.pid, b.group), true
						}
					}
				}
				for _, st := range ms {
					if st.pid != p && !vis[st.succ] && !r.postponed(st) {
						vis[st.succ] = true
						q = append(q, st.succ)
					}
				}
			}
		}
	}
	return "", true
}

var persistentModels = flag.Int("persistentmodels", 400, "random models for TestSafeProcsPersistent")

func TestSafeProcsPersistent(t *testing.T) {
	n := *persistentModels
	if testing.Short() {
		n = 60
	}
	checked := 0
	for seed := int64(1); seed <= int64(n); seed++ {
		src := randmodel.Generate(seed, randmodel.Mixed(seed))
		msg, ok := persistentViolation(src, seed%2 == 0, 600)
		if msg != "" {
			t.Fatalf("seed %d (merge %v): %s\n%s", seed, seed%2 == 0, msg, src)
		}
		if ok {
			checked++
		}
	}
	t.Logf("%d of %d models checked", checked, n)
	if checked < n/3 {
		t.Errorf("only %d models checked", checked)
	}
}

// postponed reports whether step st leaves its process waiting at a late
// location (lateLocs): a path with such a step has a counterpart that
// takes the step's local prefix later, right before the process's next
// step, so condition C1 is asked of the paths without them.
func (r *Reducer) postponed(st mstep) bool {
	if r.late == nil || st.pid < 0 || !r.decode([]byte(st.succ)) || st.pid >= len(r.procOff) {
		return false
	}
	o := r.procOff[st.pid]
	tag := int(st.succ[o])
	loc := int(st.succ[o+1]) | int(st.succ[o+2])<<8
	return tag < len(r.late) && loc < len(r.late[tag]) && r.late[tag][loc]
}
