package engine

import (
	"fmt"
	"testing"

	"github.com/gospin/gospin/pins"
)

// TestRendezvousIndex checks that the index of handshake partners
// (rvindex.go) gives exactly the successors of the scan it replaced, in
// the same order and with the same transitions and violations, in every
// reachable state of models with rendezvous channels: channels passed as
// parameters and taken from arrays, several partners on one channel,
// matched constants, d_steps opened by a receive, provided clauses,
// atomic sequences, a never claim, and run-time errors in a receive's
// channel and in a send's message (where the index falls back to the
// scan).
func TestRendezvousIndex(t *testing.T) {
	files := []string{"rendezvous", "rv_index", "rv_atomic", "structchans", "elserendezvous", "claimend_rv", "semantics", "endlabels"}
	inline := map[string]string{
		// a receive whose channel is out of range in some states, and a
		// send whose message divides by zero in some states
		"errors": `chan c[2] = [0] of { byte };
byte i, k = 2;
active proctype R() { byte x; end: do :: c[i]?x -> i++ :: c[0]?x od }
active proctype S() { do :: c[0]!4/k -> k-- :: c[1]!1 :: i = 0 od }`,
	}
	type run struct {
		name string
		e    *Engine
	}
	var runs []run
	for _, f := range files {
		e, err := loadModel("../testdata/engine/" + f + ".pml")
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		runs = append(runs, run{f, e})
	}
	for name, src := range inline {
		e, err := loadSrc(name+".pml", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		runs = append(runs, run{name, e})
	}
	succs := func(e *Engine, s []byte) []string {
		var out []string
		e.Next(s, func(tr *pins.Transition, succ []byte) bool {
			v := ""
			if tr.Violation != nil {
				v = tr.Violation.Message
			}
			out = append(out, fmt.Sprintf("%d/%d/%d/%d/%d/%x/%q/%x", tr.Pid, tr.Group, tr.Pid2, tr.Group2, tr.Claim, tr.Flags, v, succ))
			return true
		})
		return out
	}
	for _, r := range runs {
		scan := r.e.Clone()
		scan.rv.scanOnly = true
		s0, err := r.e.Initial(nil)
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		seen := map[string]bool{string(s0): true}
		queue := [][]byte{s0}
		handshakes := 0
		for len(queue) > 0 && len(seen) < 20000 {
			s := queue[0]
			queue = queue[1:]
			got, want := succs(r.e, s), succs(scan, s)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%s: state %x:\nindex %v\nscan  %v", r.name, s, got, want)
			}
			othersMove(t, r.name, r.e, scan, s)
			r.e.Next(s, func(tr *pins.Transition, succ []byte) bool {
				if tr.Pid2 >= 0 {
					handshakes++
				}
				if !seen[string(succ)] {
					seen[string(succ)] = true
					queue = append(queue, append([]byte(nil), succ...))
				}
				return true
			})
		}
		if handshakes == 0 {
			t.Errorf("%s: no rendezvous taken", r.name)
		}
	}
}

// othersMove checks OthersMove in state s, for every pid, against its
// definition (some other process's NextProc yields a step), with e (the
// first send's partner looked for directly, later sends from the index)
// and with scan (every send scanned).
func othersMove(t *testing.T, name string, e, scan *Engine, s []byte) {
	t.Helper()
	if !e.NextProc(s, -1, func(*pins.Transition, []byte) bool { return true }) {
		return // in an atomic sequence, or a never claim: not asked
	}
	n := e.c.nproc
	steps := make([]int, n)
	for q := 0; q < n; q++ {
		e.NextProc(s, q, func(*pins.Transition, []byte) bool { steps[q]++; return true })
	}
	for pid := 0; pid < n; pid++ {
		want := false
		for q := 0; q < n; q++ {
			want = want || q != pid && steps[q] > 0
		}
		got, viaScan := e.OthersMove(s, pid), scan.OthersMove(s, pid)
		if got != want || viaScan != want {
			t.Fatalf("%s: state %x pid %d: OthersMove %v (scan %v), want %v", name, s, pid, got, viaScan, want)
		}
	}
}
