package automata_test

import (
	"fmt"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/automata"
)

// TestCheckSelfLoops: which do options pan refuses as an unconditional
// self-loop. SPIN 6.5.2 (spin -a m.pml; gcc -O0 -DSAFETY -o pan pan.c;
// ./pan) on `do :: OPT :: x = 1 - x od`: skip, true, (1) and 1 are
// refused ("has unconditional self-loop"); 0!=1, 1==1 and (2) are
// searched (SPIN folds no constants, so the first two are no (1)).
func TestCheckSelfLoops(t *testing.T) {
	for _, c := range []struct {
		opt     string
		refused bool
	}{
		{"skip", true}, {"true", true}, {"(1)", true}, {"1", true},
		{"0!=1", false}, {"1==1", false}, {"(2)", false},
	} {
		src := fmt.Sprintf("byte x;\nactive proctype P() {\n do\n :: %s\n :: x = 1 - x\n od\n}\n", c.opt)
		prog, errs := lower(t, src)
		if errs.HasErrors() {
			t.Fatalf("%s: %v", c.opt, errs.Error())
		}
		var sl diag.List
		automata.CheckSelfLoops(prog, &sl)
		if sl.HasErrors() != c.refused {
			t.Errorf("do :: %s: refused %v, pan %v (%s)", c.opt, sl.HasErrors(), c.refused, sl.Error())
		}
	}
}
