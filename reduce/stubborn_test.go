package reduce

import (
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

func loadStub(t *testing.T, src string) (*engine.Engine, *Reducer) {
	t.Helper()
	fr := frontend.Load("s.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		t.Fatal(fr.Diags.Error())
	}
	var errs diag.List
	prog := automata.Lower(fr.Program, &errs)
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	return e, NewStubborn(e)
}

// TestStubbornFootprints: the dependency and enabling analysis on small
// models. Two pairs of processes share a variable within each pair only:
// a set grown from one process holds its partner and not the other pair;
// a process whose guard reads a variable another may write pulls the
// writer in; a channel's ops pull in the others' ops on it; a process
// at a wild statement (run, timeout, _nr_pr) is in no set, one that may
// later run a process brings in the new process's footprint, an
// operation on a local chan variable conflicts with everything, and a
// step that makes a rendezvous partner ready brings in the processes that
// may observe the readiness (else beside the operation, or the operation
// inside an atomic sequence).
func TestStubbornFootprints(t *testing.T) {
	type want struct {
		seed int
		ok   bool
		set  string // the pids in the set
	}
	cases := []struct {
		name string
		src  string
		w    []want
	}{
		{"pairs", `
byte a, b;
active proctype P() { a = 1; a = 2 }
active proctype Q() { a == 2 }
active proctype R() { b = 1 }
active proctype S() { b > 0 }
`, []want{{0, true, "0,1"}, {1, true, "0,1"}, {2, true, "2,3"}, {3, true, "2,3"}}},
		{"channel", `
chan c = [1] of { byte };
chan d = [1] of { byte };
active proctype P() { c!1 }
active proctype Q() { c?_ }
active proctype R() { d!1; d?_ }
`, []want{{0, true, "0,1"}, {1, true, "0,1"}, {2, true, "2"}}},
		{"rendezvous", `
chan c = [0] of { byte };
byte x;
active proctype P() { c!1 }
active proctype Q() { c?_ }
active proctype R() { x++ }
`, []want{{0, true, "0,1"}, {2, true, "2"}}},
		// R's step makes a receiver ready on c: S, whose else (or whose
		// send inside an atomic sequence) sees that, joins R's set
		{"rendezvous else", `
chan c = [0] of { byte };
active proctype R() { skip; c?_ }
active proctype S() { if :: c!0 :: else fi }
`, []want{{0, true, "0,1"}, {1, true, "0,1"}}},
		{"rendezvous atomic", `
byte x;
chan c = [0] of { byte };
active proctype R() { skip; c?_ }
active proctype S() { atomic { x = 1; c!0; x = 0 } }
active proctype T() { byte y; y++ }
`, []want{{0, true, "0,1"}, {2, true, "2"}}},
		// without else the readiness only enables S's send: R alone
		{"rendezvous plain", `
chan c = [0] of { byte };
active proctype R() { skip; c?_ }
active proctype S() { c!0 }
`, []want{{0, true, "0"}, {1, true, "0,1"}}},
		{"timeout", `
byte x;
active proctype P() { timeout }
active proctype Q() { x++ }
`, []want{{0, false, ""}, {1, true, "1"}}},
		{"nr_pr", `
byte x;
active proctype P() { _nr_pr > 1; x++ }
active proctype Q() { x == 1 }
active proctype R() { skip }
`, []want{{0, false, ""}, {1, false, ""}, {2, true, "2"}}},
		{"run", `
byte x;
proctype W() { x = 3 }
active proctype P() { run W() }
active proctype Q() { x == 3 }
active proctype R() { byte y; y == 0 }
`, []want{{0, false, ""}, {1, false, ""}, {2, true, "2"}}},
		// necessary enabling sets: P waits on a && b with a false, so only
		// a writer of a could enable it; T, which writes b, stays out
		{"enabling", `
byte a, b, c;
active proctype Q() { c = 1 }
active proctype P() { (a == 1 && b == 1); c == 1 }
active proctype T() { b = 1; b = 2 }
`, []want{{0, true, "0,1"}, {2, true, "1,2"}}},
		{"local chan", `
chan g = [1] of { chan };
active proctype P() { chan l = [1] of { byte }; g!l; l!1 }
active proctype Q() { chan m; g?m; m?_ }
active proctype R() { skip }
`, []want{{1, false, ""}, {2, false, ""}}},
	}
	for _, c := range cases {
		e, r := loadStub(t, c.src)
		if r == nil {
			t.Fatalf("%s: no reducer", c.name)
		}
		s, _ := e.Initial(nil)
		for _, w := range c.w {
			set, ok := r.StubbornProcs(s, w.seed, nil)
			var got []string
			for p, in := range set {
				if in {
					got = append(got, fmt.Sprint(p))
				}
			}
			if ok != w.ok || ok && strings.Join(got, ",") != w.set {
				t.Errorf("%s: seed %d: set %v ok %v, want %s ok %v", c.name, w.seed, got, ok, w.set, w.ok)
			}
		}
	}
}

// stubbornViolation is the brute-force oracle of persistentViolation for
// the stubborn sets: in every reachable state, for every seed whose set
// the search would use (stubbornUsable), the set's enabled steps stay
// exactly the same along every path of the other processes, and each
// commutes with each of theirs.
func stubbornViolation(src string, merge bool, maxStates int) (string, bool) {
	e := randEngine(src, merge)
	if e == nil {
		return "", false
	}
	r := NewStubborn(e)
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
					return "", false
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
	for s := range seen {
		// the number of processes of s (r.procOff is scratch: it holds
		// the last state StubbornProcs decoded, not s)
		if !r.decode([]byte(s)) {
			return "", false
		}
		for seed, n := 0, len(r.procOff); seed < n; seed++ {
			set, ok := r.StubbornProcs([]byte(s), seed, nil)
			if !ok {
				continue
			}
			in := func(p int) bool { return p >= 0 && p < len(set) && set[p] }
			key := func(ms []mstep) string {
				var g []string
				for _, st := range ms {
					if in(st.pid) {
						g = append(g, fmt.Sprint(st.pid, ":", st.group))
					}
				}
				sort.Strings(g)
				return strings.Join(g, ",")
			}
			want := key(steps(s))
			if want == "" || !stubbornUsable(e, s, in) {
				continue
			}
			vis := map[string]bool{s: true}
			q := []string{s}
			for len(q) > 0 {
				x := q[0]
				q = q[1:]
				ms := steps(x)
				if got := key(ms); got != want {
					return fmt.Sprintf("set %v (seed %d) in\n%s\nwith steps %s; after other processes' steps, in\n%s\nit has %s", set, seed, e.Describe([]byte(s)), want, e.Describe([]byte(x)), got), true
				}
				for _, a := range ms {
					if !in(a.pid) {
						continue
					}
					for _, b := range ms {
						if in(b.pid) || r.postponed(b) {
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
							if c.pid == a.pid && c.group == a.group && left[c.succ] {
								found = true
							}
						}
						if !found {
							return fmt.Sprintf("set %v in\n%s\nbut in\n%s\npid %d's step %d and pid %d's step %d do not commute", set, e.Describe([]byte(s)), e.Describe([]byte(x)), a.pid, a.group, b.pid, b.group), true
						}
					}
				}
				for _, st := range ms {
					if !in(st.pid) && !vis[st.succ] && !r.postponed(st) {
						vis[st.succ] = true
						q = append(q, st.succ)
					}
				}
			}
		}
	}
	return "", true
}

// stubbornUsable: the search (search/por.go) would use a set in s, with
// the checks it adds to StubbornProcs': no step is a timeout or an
// atomicity loss, none of the set's steps enters an atomic sequence, and
// a rendezvous has both partners in the set or neither.
func stubbornUsable(e *engine.Engine, s string, in func(int) bool) bool {
	good := true
	e.Next([]byte(s), func(t *pins.Transition, _ []byte) bool {
		switch {
		case t.Flags&(pins.Timeout|pins.AtomicLost) != 0,
			in(t.Pid) && t.Flags&pins.InAtomic != 0,
			t.Pid2 >= 0 && in(t.Pid) != in(t.Pid2):
			good = false
		}
		return good
	})
	return good
}

// TestStubbornPersistent runs the oracle on random models.
func TestStubbornPersistent(t *testing.T) {
	n := *persistentModels
	if testing.Short() {
		n = 60
	}
	checked := 0
	for seed := int64(1); seed <= int64(n); seed++ {
		src := randmodel.Generate(seed, randmodel.Mixed(seed))
		msg, ok := stubbornViolation(src, seed%2 == 0, 600)
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
