package engine

import (
	"testing"

	"github.com/gospin/gospin/pins"
)

// TestClaimConditions: the expression statements after a probe claim's
// loop are evaluated on states as the claim would (globals, channels,
// remote references), and the probe claim itself stutters with the
// system without constraining it.
func TestClaimConditions(t *testing.T) {
	src := `int x; bool y; chan c = [2] of { byte };
active proctype P() { x = 1; c!3; y = true; L: x = 2 }
never { do :: 1 od; (x == 1); (x > 0 && y); (len(c) > 0); (P[0]@L) }
`
	e, err := loadSrc("probe.pml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	conds, err := e.ClaimConditions(4)
	if err != nil {
		t.Fatal(err)
	}
	if conds.Len() != 4 {
		t.Fatalf("%d conditions", conds.Len())
	}
	s, _ := e.Initial(nil)
	var got []uint64
	for {
		got = append(got, conds.Eval(s))
		var next []byte
		stutter := false
		e.Next(s, func(tr *pins.Transition, succ []byte) bool {
			if tr.Pid < 0 {
				stutter = true
			}
			next = append([]byte(nil), succ...)
			return false
		})
		if next == nil || stutter || len(got) > 10 {
			break
		}
		s = next
	}
	// x=1: bit 0; c!3: bit 2; y: bit 1; at L: bit 3; x=2: bit 0 off
	want := []uint64{0, 1, 1 | 4, 1 | 2 | 4 | 8, 2 | 4}
	if len(got) < len(want) {
		t.Fatalf("valuations %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("valuations %v, want %v", got, want)
			break
		}
	}
}
