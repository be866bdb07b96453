package engine

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	statestore "github.com/gospin/gospin/store"
)

// counts are pan's statistics of a search.
type counts struct {
	stored, matched, atomic int64
	violations              []pins.Violation
	deadlocks               int
	incomplete              string
}

func (c counts) transitions() int64 { return c.stored + c.matched }

// explorer searches a pins.Model depth-first the way pan does: each
// successor is stored (or found) and, when new, explored at once, before
// the next successor is generated; intermediate states of atomic
// sequences are explored without being stored or counted; a state at the
// depth limit is counted as matched and not explored (pan's truncation).
// With stopAtError, the search stops at the first assertion violation,
// run-time error or invalid end state, as pan does by default: the counts
// are then pan's counts at that point.
type explorer struct {
	m           pins.Model
	st          *statestore.Table
	res         counts
	maxDepth    int
	maxStates   int64
	stopAtError bool
	hasClaim    bool
	stop        bool
}

type successor struct {
	s     []byte
	flags pins.TransFlags
	viol  *pins.Violation
}

func explore(m pins.Model, maxStates int) counts {
	return exploreWith(m, int64(maxStates), 100000, false, false)
}

func exploreWith(m pins.Model, maxStates int64, maxDepth int, stopAtError, hasClaim bool) counts {
	x := &explorer{m: m, st: statestore.New(16, 0), maxDepth: maxDepth, maxStates: maxStates, stopAtError: stopAtError, hasClaim: hasClaim}
	init, err := m.Initial(nil)
	if err != nil {
		x.res.incomplete = err.Error()
		return x.res
	}
	x.st.Insert(init)
	x.res.stored = 1
	x.visit(init, 0)
	return x.res
}

func (x *explorer) error(v pins.Violation) {
	if len(x.res.violations) < 10 {
		x.res.violations = append(x.res.violations, v)
	}
	if x.stopAtError {
		x.stop = true
	}
}

func (x *explorer) visit(s []byte, depth int) {
	var succs []successor
	x.m.Next(s, func(t *pins.Transition, succ []byte) bool {
		succs = append(succs, successor{append([]byte(nil), succ...), t.Flags, t.Violation})
		return true
	})
	if len(succs) == 0 && !x.hasClaim && x.m.Status(s)&pins.ValidEnd == 0 {
		x.res.deadlocks++
		x.error(pins.Violation{Kind: pins.InvalidEndState, Message: "invalid end state"})
		return
	}
	for _, n := range succs {
		if x.stop {
			return
		}
		if n.viol != nil {
			x.error(*n.viol)
			if n.viol.Kind == pins.ClaimEnd {
				x.stop = true // pan stops at the claim's end even with -E -A
			}
			if x.stop {
				return
			}
		}
		if depth+1 >= x.maxDepth {
			x.res.matched++ // pan counts a truncated step as matched
			if x.res.incomplete == "" {
				x.res.incomplete = "depth limit"
			}
			continue
		}
		if n.flags&pins.InAtomic != 0 {
			x.res.atomic++
			x.visit(n.s, depth+1)
			continue
		}
		if _, added, _ := x.st.Insert(n.s); !added {
			x.res.matched++
			continue
		}
		x.res.stored++
		if x.res.stored > x.maxStates {
			x.res.incomplete = "state limit"
			x.stop = true
			return
		}
		x.visit(n.s, depth+1)
	}
}

// loadModel runs the front end and the lowering on a model file.
func loadModel(path string) (*Engine, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return loadSrc(path, src)
}

func loadSrc(name string, src []byte) (*Engine, error) {
	r := frontend.Load(name, src, &frontend.Config{IncludeDirs: []string{filepath.Dir(name)}})
	if r.Model == nil || r.Program == nil && r.HasErrors() {
		return nil, fmt.Errorf("front end: %s", firstErr(&r.Diags))
	}
	var errs diag.List
	prog := automata.Lower(r.Program, &errs)
	if errs.HasErrors() || prog == nil {
		return nil, fmt.Errorf("lowering: %s", firstErr(&errs))
	}
	return New(prog)
}

func firstErr(l *diag.List) string {
	for _, d := range l.Items {
		if d.Severity == diag.Error {
			return d.String()
		}
	}
	return "unknown error"
}

// expected reads a whitespace-separated table: name and numbers.
func readExpected(t *testing.T, path string) map[string][]string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		out[fs[0]] = fs[1:]
	}
	return out
}

func atoi(s string) int64 {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return -1
	}
	return int64(f)
}

// TestModels compares the state space of each model in testdata/engine
// with SPIN's (expected.txt, made by oracle.sh): states stored,
// transitions, atomic steps, and whether there is an error.
func TestModels(t *testing.T) {
	exp := readExpected(t, "../testdata/engine/expected.txt")
	files, _ := filepath.Glob("../testdata/engine/*.pml")
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".pml")
		t.Run(name, func(t *testing.T) {
			want, ok := exp[name]
			if !ok {
				t.Skip("no expected counts")
			}
			e, err := loadModel(f)
			if err != nil {
				t.Fatal(err)
			}
			got := exploreWith(e, 1_000_000, 100000, false, e.Program().Never != nil)
			if got.incomplete != "" && got.incomplete != "depth limit" {
				t.Fatalf("incomplete: %s", got.incomplete)
			}
			if got.stored != atoi(want[0]) || got.transitions() != atoi(want[1]) {
				t.Errorf("stored %d transitions %d; SPIN: %s %s", got.stored, got.transitions(), want[0], want[1])
			}
			if got.atomic != atoi(want[2]) {
				t.Logf("atomic steps %d; SPIN: %s", got.atomic, want[2])
			}
			spinErr := atoi(want[3]) > 0
			ourErr := len(got.violations) > 0 || got.deadlocks > 0
			if spinErr != ourErr {
				t.Errorf("errors: violations %v deadlocks %d; SPIN errors %s", got.violations, got.deadlocks, want[3])
			}
		})
	}
}

// TestAtomicStepsExact: for the models whose atomic steps follow SPIN's
// rules for jumps inside atomic sequences (which TestModels only logs),
// the atomic steps must be pan's too.
func TestAtomicStepsExact(t *testing.T) {
	exp := readExpected(t, "../testdata/engine/expected.txt")
	for _, name := range []string{"for_atomic", "atomic_tail", "atomic_exit", "atomicjumps"} {
		t.Run(name, func(t *testing.T) {
			want, ok := exp[name]
			if !ok {
				t.Fatal("no expected counts")
			}
			e, err := loadModel("../testdata/engine/" + name + ".pml")
			if err != nil {
				t.Fatal(err)
			}
			got := exploreWith(e, 1_000_000, 100000, false, false)
			if got.stored != atoi(want[0]) || got.transitions() != atoi(want[1]) || got.atomic != atoi(want[2]) {
				t.Errorf("stored %d transitions %d atomic %d; SPIN: %s %s %s", got.stored, got.transitions(), got.atomic, want[0], want[1], want[2])
			}
		})
	}
}
