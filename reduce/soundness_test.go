package reduce_test

import (
	"context"
	"os"
	"testing"

	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/verify"
)

type outcome struct {
	kinds   map[string]bool
	stored  int64
	reduced bool
}

func verifyModel(t *testing.T, src string, reduce, bfs bool) outcome {
	t.Helper()
	return verifyWith(t, src, verify.Settings{NoReduce: !reduce, BFS: bfs})
}

// verifyWith verifies src as gospin verify does (verify.Check) with
// settings s, a depth bound of 2^20 and a small initial table, on SPIN's
// default state space; models with a self-loop (do :: skip od, which pan
// refuses at start-up) are searched as -selfloop does.
func verifyWith(t *testing.T, src string, s verify.Settings) outcome {
	t.Helper()
	s.MaxDepth, s.HashLog2, s.SelfLoops = 1<<20, 10, true
	fr := frontend.Load("t.pml", []byte(src), &frontend.Config{})
	if fr.HasErrors() {
		t.Fatalf("front end: %v", fr.Diags.Error())
	}
	sum, err := verify.Check(context.Background(), verify.NewSource("t.pml", fr), nil, s)
	if err != nil {
		t.Fatal(err)
	}
	o := outcome{kinds: map[string]bool{}, stored: sum.StatesStored, reduced: sum.Reduced}
	for _, v := range sum.Violations {
		o.kinds[v.Kind] = true
	}
	return o
}

// The ignoring examples of Levin, Palmer, Qadeer and Rajamani (digest
// P1.4): a process that loops on local steps forever must not hide the
// assertion of the other one, depth-first or breadth-first.
var ignoring = map[string]string{
	"fig1": `int g = 0;
active proctype T1() { g = 1; skip; do :: skip od }
active proctype T2() { assert(g == 0) }`,
	"fig2": `int g = 0;
active proctype T1() { g = 1; skip; if :: do :: skip od :: true fi }
active proctype T2() { assert(g == 0) }`,
	"fig8": `int g = 0;
active proctype T1() { g = 1; skip; if :: do :: skip od :: do :: skip od fi }
active proctype T2() { assert(g == 0) }`,
	"fig3-lock": `byte m = 0; int g = 0;
active proctype T1() { atomic { m == 0 -> m = 1 }; g = 1; m = 0; do :: skip od }
active proctype T2() { atomic { m == 0 -> m = 1 }; assert(g == 0); m = 0 }`,
	// the looping process only talks to an exclusive channel of its own
	"chan-loop": `int g = 0; chan q = [2] of { byte };
active proctype T1() { byte x; g = 1; do :: q!1 :: q?x od }
active proctype T2() { assert(g == 0) }`,
}

func TestIgnoring(t *testing.T) {
	for name, src := range ignoring {
		for _, bfs := range []bool{false, true} {
			o := verifyModel(t, src, true, bfs)
			if !o.kinds["assertion"] {
				t.Errorf("%s (bfs %v): the assertion violation is missed with reduction", name, bfs)
			}
			if !o.reduced {
				t.Errorf("%s (bfs %v): not reduced", name, bfs)
			}
		}
	}
}

// Channel operations: the verdict with reduction equals the one without,
// depth-first and breadth-first, and exclusive channels reduce.
var chanModels = []struct {
	name    string
	src     string
	smaller bool // reduction must store fewer states
}{
	{"pipeline", `chan a = [2] of { byte }; chan b = [2] of { byte };
active proctype P() { byte i; do :: i < 3 -> a!i; i++ :: else -> break od }
active proctype Q() { byte x; do :: a?x -> b!x od }
active proctype R() { byte y, n; do :: b?y -> n++; assert(n <= 3) od }`, true},
	// a third process watches the length: the sender is not alone
	{"len-watcher", `chan a = [2] of { byte };
active proctype P() { a!1; a!2 }
active proctype Q() { byte x; a?x; a?x }
active proctype W() { assert(len(a) < 2) }`, false},
	{"full-watcher", `chan a = [1] of { byte };
active proctype P() { a!1; a!2 }
active proctype Q() { byte x; a?x; a?x }
active proctype W() { full(a) -> assert(false) }`, false},
	{"empty-watcher", `chan a = [1] of { byte };
active proctype P() { a!1 }
active proctype Q() { byte x; a?x }
active proctype W() { empty(a) -> skip; nempty(a) -> assert(false) }`, false},
	// two senders: neither is exclusive
	{"two-senders", `chan a = [1] of { byte };
active proctype P() { a!1 }
active proctype P2() { a!2 }
active proctype Q() { byte x; a?x; assert(x == 1) }`, false},
	// the receiver hands its channel to a new process that receives too
	{"handed-on", `chan a = [2] of { byte };
proctype H(chan c) { byte z; c?z; assert(z == 1) }
active proctype P() { a!1; a!2 }
active proctype Q() { byte x; run H(a); a?x }`, false},
	// a receive poll by another process sees the head change
	{"head-poll", `chan a = [2] of { byte };
active proctype P() { a!1; a!2 }
active proctype Q() { byte x; a?x }
active proctype W() { a?[2] -> assert(false) }`, false},
	// xr/xs declared, polls by the owner
	{"declared", `chan a = [2] of { byte };
active proctype P() { xs a; byte i; do :: nfull(a) -> a!i; i = (i + 1) % 3 :: full(a) -> break od }
active proctype Q() { xr a; byte x; do :: nempty(a) -> a?x :: empty(a) -> break od; assert(len(a) == 0) }`, true},
	// found by the differential tester (seed 7392): another process's
	// else, unless or negated poll observes the channel the other way
	{"else-observer", `chan x = [1] of { byte };
active proctype W() { do :: nempty(x) -> skip :: else -> break od; assert(false) }
active proctype S() { x!0 }`, false},
	{"unless-observer", `chan x = [1] of { byte };
active proctype W() { byte l; { l = 1 } unless { nempty(x) }; assert(l == 0) }
active proctype S() { x!0 }`, false},
	{"negated-poll", `chan x = [1] of { byte };
active proctype W() { !x?[0] -> assert(false) }
active proctype S() { x!0 }`, false},
	// found by the brute-force oracle (TestSafeProcsPersistent): a local
	// step that makes its process a rendezvous partner decides whether
	// another process's atomic sequence blocks midway (and lets others
	// in) or whether another's else is executable. SPIN 6.5.2's
	// reduction misses the first one's assertion violation too.
	{"atomic-rendezvous", `chan qr = [0] of { byte };
byte g;
active proctype P0() { assert(g == 0) }
active proctype P1() { atomic { g = 1; qr!0; g = 0 } }
active proctype P2() { byte l; l = 1; atomic { qr?l; g = 0 } }`, false},
	{"else-rendezvous", `chan qr = [0] of { byte };
active proctype Q() { do :: qr!1 -> break :: else -> assert(false) od }
active proctype P() { byte l; l = 1; qr?l }`, false},
	{"atomic-buffered", `chan x = [1] of { byte };
byte g;
active proctype P0() { assert(g == 0) }
active proctype P1() { byte v; atomic { g = 1; x?v; g = 0 } }
active proctype P2() { x!1 }`, false},
	// a local prefix before a rendezvous inside an atomic sequence
	// (lateLocs): P's x = 2 makes P a partner of Q's c!1, which Q reaches
	// after l = 1; the strict rule kept P out of ample sets while Q might
	// still get there. With the prefix postponed P's steps are safe, and
	// the invalid end state (Q committed to d!1) is still found.
	{"atomic-local-prefix", `chan c = [0] of { byte };
chan d = [0] of { byte };
active proctype Q() { byte l; if :: atomic { l = 1; c!1 } :: atomic { l = 2; d!1 } fi }
active proctype P() { byte x; x = 1; x = 2; c?x; assert(x == 1) }
active proctype R() { byte y; y = 1; y = 2; y = 3 }`, true},
	// runs and deaths
	{"runs", `byte n;
proctype C(byte k) { byte i; i = k + 1; i = i * 2 }
init { run C(1); run C(2); n = 1; assert(_nr_pr >= 1) }`, false},
}

func TestChanVerdicts(t *testing.T) {
	for _, m := range chanModels {
		for _, bfs := range []bool{false, true} {
			full := verifyModel(t, m.src, false, bfs)
			red := verifyModel(t, m.src, true, bfs)
			t.Logf("%s (bfs %v): full %v %d, reduced %v %d", m.name, bfs, full.kinds, full.stored, red.kinds, red.stored)
			if len(full.kinds) != len(red.kinds) {
				t.Errorf("%s (bfs %v): errors %v without reduction, %v with", m.name, bfs, full.kinds, red.kinds)
			}
			for k := range full.kinds {
				if !red.kinds[k] {
					t.Errorf("%s (bfs %v): %s missed with reduction", m.name, bfs, k)
				}
			}
			if red.stored > full.stored {
				t.Errorf("%s (bfs %v): %d states reduced, %d full", m.name, bfs, red.stored, full.stored)
			}
			if m.smaller && red.stored >= full.stored {
				t.Errorf("%s (bfs %v): no reduction (%d states)", m.name, bfs, red.stored)
			}
		}
	}
}

// TestStubbornRendezvousReadiness: a stubborn set holds the processes
// that may observe a rendezvous partner's readiness when a member's step
// makes a partner ready. In both models R's skip ends at a receive on the
// rendezvous channel c, and with R alone in the initial state's set an
// error was missed: in rendezvous_else.pml the ready receiver disables
// S's else, which leads to an invalid end state (R blocked on c for
// ever); in rendezvous_atomic.pml it lets S's send inside an atomic
// sequence go through, where S would otherwise block with x == 1, lose
// its atomicity and let T's assertion fail.
func TestStubbornRendezvousReadiness(t *testing.T) {
	for _, m := range []struct{ file, kind string }{
		{"rendezvous_else.pml", "invalid-end-state"},
		{"rendezvous_atomic.pml", "assertion"},
	} {
		src, err := os.ReadFile("../testdata/stubborn/" + m.file)
		if err != nil {
			t.Fatal(err)
		}
		for _, bfs := range []bool{false, true} {
			full := verifyStubborn(t, string(src), false, bfs)
			red := verifyStubborn(t, string(src), true, bfs)
			if !full.kinds[m.kind] {
				t.Fatalf("%s (bfs %v): no %s without reduction: %v", m.file, bfs, m.kind, full.kinds)
			}
			if !red.kinds[m.kind] {
				t.Errorf("%s (bfs %v): the %s is missed with stubborn sets (%d states, errors %v)", m.file, bfs, m.kind, red.stored, red.kinds)
			}
		}
	}
}

// verifyStubborn is verifyModel with stubborn sets when reduce is set.
func verifyStubborn(t *testing.T, src string, reduce, bfs bool) outcome {
	t.Helper()
	return verifyWith(t, src, verify.Settings{NoReduce: !reduce, Stubborn: reduce, BFS: bfs})
}
