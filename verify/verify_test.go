package verify

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/trail"
)

func load(t *testing.T, src string) (*engine.Engine, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "m.pml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := frontend.LoadFile(path, nil)
	if err != nil || r.HasErrors() {
		t.Fatalf("%v %v", err, r.Diags.Error())
	}
	var errs diag.List
	prog := automata.Lower(r.Program, &errs)
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	e, err := engine.New(prog)
	if err != nil {
		t.Fatal(err)
	}
	return e, path
}

func TestRunWritesTrailsAndUnreached(t *testing.T) {
	e, path := load(t, `byte x;
active proctype P() {
	x++;
	if
	:: x > 5 -> x = 0
	:: else -> assert(x == 2)
	fi
}`)
	sum, res, err := Run(context.Background(), path, e, Options{TrailBase: path, StopAfter: 1, Property: "none"})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Errors != 1 || len(sum.Violations) != 1 || sum.Violations[0].Kind != "assertion" {
		t.Fatalf("summary %+v", sum)
	}
	v := sum.Violations[0]
	if !strings.Contains(v.Location, "m.pml:6") || v.Trail != trail.Path(path, 0) {
		t.Errorf("violation %+v", v)
	}
	tr, err := trail.ReadFile(v.Trail)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Steps) != len(res.Errors[0].Trail) || tr.Headers["property"] != "none" {
		t.Errorf("trail %+v", tr)
	}
	// a complete search lists unreached code
	e2, path2 := load(t, `byte x;
active proctype P() {
	if
	:: x > 5 -> x = 0
	:: else -> skip
	fi
}`)
	sum, _, err = Run(context.Background(), path2, e2, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Complete || len(sum.Unreached) != 1 || sum.Unreached[0].Count == 0 || !strings.Contains(strings.Join(sum.Unreached[0].Lines, "\n"), "x = 0") {
		t.Errorf("unreached %+v", sum.Unreached)
	}
}

// TestMergedAssertsCountEach: pan counts an error for each failing
// assertion of a merged step. SPIN 6.5.2 on this model (spin -a, or spin
// -o3 -a; gcc -DSAFETY -DNOREDUCE; ./pan -e): 10 errors with statement
// merging (each step runs both asserts), 14 without; ./pan -c3: 3 errors.
func TestMergedAssertsCountEach(t *testing.T) {
	src := "active proctype A() { assert(false); assert(false) }\nactive proctype B() { assert(false); assert(false) }\n"
	for _, c := range []struct {
		merge     bool
		stopAfter int
		want      int
	}{{true, 0, 10}, {false, 0, 14}, {true, 3, 3}} {
		path := filepath.Join(t.TempDir(), "m.pml")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := frontend.LoadFile(path, nil)
		if err != nil || r.HasErrors() {
			t.Fatalf("%v %v", err, r.Diags.Error())
		}
		var errs diag.List
		prog := automata.Lower(r.Program, &errs)
		if errs.HasErrors() {
			t.Fatal(errs.Error())
		}
		e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: c.merge})
		if err != nil {
			t.Fatal(err)
		}
		sum, _, err := Run(context.Background(), path, e, Options{StopAfter: c.stopAfter, AllTrails: c.stopAfter == 0, HashLog2: 10})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Errors != c.want {
			t.Errorf("merge %v, -c%d: %d errors, pan %d", c.merge, c.stopAfter, sum.Errors, c.want)
		}
	}
}
