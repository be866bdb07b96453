package conformance

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/verify"
)

// probeRun is one `// pan:` line of a probe: the property (-N, "" for
// pan's default run) and pan's figures.
type probeRun struct {
	prop                  string
	states, trans, errors int64
}

// readProbe reads the header of a probe of testdata/accept.
func readProbe(t *testing.T, path string) (runs []probeRun, warns []string) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "//") {
			break
		}
		if w, ok := strings.CutPrefix(line, "// gospin warns: "); ok {
			warns = append(warns, w)
			continue
		}
		rest, ok := strings.CutPrefix(line, "// pan")
		if !ok {
			continue
		}
		var r probeRun
		if n, ok := strings.CutPrefix(rest, " -N "); ok {
			r.prop, rest, _ = strings.Cut(n, ":")
		} else {
			rest = strings.TrimPrefix(rest, ":")
		}
		if _, err := fmt.Sscanf(strings.TrimSpace(rest), "states=%d transitions=%d errors=%d", &r.states, &r.trans, &r.errors); err != nil {
			t.Fatalf("bad header line %q: %v", line, err)
		}
		runs = append(runs, r)
	}
	return runs, warns
}

// runProbe verifies the model as gospin verify -noreduce -o1 -o2 -o3
// -safety does (the never claim of prop, or of the first property when prop
// is ""), through verify.Check.
func runProbe(path string, fr *frontend.Result, prop string) (errors int, stored, trans int64, ltl bool, err error) {
	src := verify.NewSource(path, fr)
	props := src.Properties()
	var p *property.Property
	switch {
	case prop != "":
		if p = property.Find(props, prop); p == nil {
			return 0, 0, 0, false, fmt.Errorf("no property %s", prop)
		}
	case len(props) > 0:
		p = &props[0]
	}
	s := verify.Settings{MaxDepth: 100000, StopAfter: 1, HashLog2: 16, SafetyOnly: true,
		NoReduce: true, NoDeadVarReset: true, NoHideWriteOnly: true, NoMerge: true}
	sum, err := verify.Check(context.Background(), src, p, s)
	if err != nil {
		return 0, 0, 0, false, err
	}
	return sum.Errors, sum.StatesStored, sum.Transitions, p != nil && p.Kind == property.LTL, nil
}

// TestAcceptProbes: every probe of testdata/accept (constructs SPIN
// accepts, issue 17) loads with exactly the warnings its header lists and
// gives pan's verdict and, without an ltl claim, pan's states and
// transitions (see testdata/accept/README.md).
func TestAcceptProbes(t *testing.T) {
	files, _ := filepath.Glob("../testdata/accept/*.pml")
	if len(files) < 7 {
		t.Fatalf("only %d probes in testdata/accept", len(files))
	}
	for _, path := range files {
		path := path
		t.Run(strings.TrimSuffix(filepath.Base(path), ".pml"), func(t *testing.T) {
			runs, wantWarns := readProbe(t, path)
			if len(runs) == 0 {
				t.Fatal("no `// pan:` line")
			}
			fr, err := frontend.LoadFile(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			if fr.HasErrors() {
				t.Fatalf("rejected: %s", fr.Diags.Error())
			}
			var gotWarns []string
			for _, d := range fr.Diags.Items {
				gotWarns = append(gotWarns, fmt.Sprintf("%d:%d: %s", d.Pos.Line, d.Pos.Column, d.Msg))
			}
			sort.Strings(gotWarns)
			sort.Strings(wantWarns)
			if strings.Join(gotWarns, "\n") != strings.Join(wantWarns, "\n") {
				t.Errorf("warnings differ\n got:\n\t%s\nwant:\n\t%s", strings.Join(gotWarns, "\n\t"), strings.Join(wantWarns, "\n\t"))
			}
			for _, r := range runs {
				errors, stored, trans, ltl, err := runProbe(path, fr, r.prop)
				if err != nil {
					t.Fatalf("-N %q: %v", r.prop, err)
				}
				if (errors > 0) != (r.errors > 0) {
					t.Errorf("-N %q: errors %d; pan %d", r.prop, errors, r.errors)
				}
				if ltl {
					t.Logf("-N %q (ltl claim): states %d transitions %d; pan %d %d", r.prop, stored, trans, r.states, r.trans)
					continue
				}
				if stored != r.states || trans != r.trans {
					t.Errorf("-N %q: states %d transitions %d; pan %d %d", r.prop, stored, trans, r.states, r.trans)
				}
			}
		})
	}
}
