package randmodel

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The probes of testdata/spindiff: small models of ours, each a
// disagreement with SPIN found by the random differential test (or a
// construct of GenerateSpin on which gospin agrees), minimised. Each
// starts with comment lines:
//
//	// mode: safety | noend | acc | np
//	// spin: VERDICT|KIND|STATES STORED|TRANSITIONS   (SPIN 6.5.2's figures)
//	// status: agrees | open | known (BRANCH)
//	// known: VERDICT|KIND|STATES STORED|TRANSITIONS   (gospin's, status known)
//
// where mode picks the search (spin -o1 -o2 -o3 -a; gcc -O0 -DNOREDUCE
// with -DSAFETY, none or -DNP; pan -m100000, pan -a or pan -l) and
// "rejected" as the verdict means SPIN (or pan, before searching) refuses
// the model. A probe whose status is agrees must give SPIN's figures; one
// whose status is known (a SPIN quirk that gospin does not copy, documented
// in docs/spin-semantics.md) must give the figures of its known line; the
// open ones are logged, with a note when one now agrees (its status should
// then become agrees).

const probeDir = "../../testdata/spindiff"

type probe struct {
	name, mode, status string
	src                string
	spin               spinResult
	known              *spinResult // gospin's documented figures (status known)
}

// parseResult reads VERDICT|KIND|STORED|TRANSITIONS.
func parseResult(line string) (spinResult, error) {
	var r spinResult
	c := strings.Split(line, "|")
	if len(c) != 4 {
		return r, fmt.Errorf("%q: want VERDICT|KIND|STORED|TRANSITIONS", line)
	}
	r.verdict, r.kind = c[0], c[1]
	var err error
	if r.stored, err = strconv.ParseInt(c[2], 10, 64); err != nil {
		return r, err
	}
	r.trans, err = strconv.ParseInt(c[3], 10, 64)
	return r, err
}

func readProbes(t *testing.T) []probe {
	files, err := filepath.Glob(filepath.Join(probeDir, "*.pml"))
	if err != nil {
		t.Fatal(err)
	}
	var ps []probe
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p := probe{name: filepath.Base(f), src: string(b)}
		var spin, known string
		for _, l := range strings.Split(p.src, "\n") {
			switch {
			case strings.HasPrefix(l, "// known: "):
				known = strings.TrimPrefix(l, "// known: ")
			case strings.HasPrefix(l, "// mode: "):
				p.mode = strings.TrimPrefix(l, "// mode: ")
			case strings.HasPrefix(l, "// spin: "):
				spin = strings.TrimPrefix(l, "// spin: ")
			case strings.HasPrefix(l, "// status: "):
				p.status = strings.TrimPrefix(l, "// status: ")
			}
		}
		if p.mode == "" || p.status == "" || spin == "" {
			t.Fatalf("%s: no mode, status or spin line", f)
		}
		if p.spin, err = parseResult(spin); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if strings.HasPrefix(p.status, "known") {
			if known == "" {
				t.Fatalf("%s: status known without a known line (gospin's figures)", f)
			}
			k, err := parseResult(known)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			p.known = &k
		}
		ps = append(ps, p)
	}
	if len(ps) == 0 {
		t.Fatalf("no probes in %s", probeDir)
	}
	return ps
}

// same compares a result with SPIN's recorded one ("rejected": any
// refusal).
func same(want, got spinResult) bool {
	if want.verdict == "rejected" {
		return strings.HasPrefix(got.verdict, "rejected")
	}
	return want == got
}

// TestSpinProbes checks gospin on the probes, and with -spindiff.update
// (spin and gcc installed) that the recorded figures are SPIN's.
func TestSpinProbes(t *testing.T) {
	live := haveSpin() && *spindiffUpdate
	var agree, open int
	for _, p := range readProbes(t) {
		p := p
		t.Run(p.name, func(t *testing.T) {
			if live {
				pan, err := runSpinCC(p.src, []string{p.mode}, "gcc")
				if err != nil {
					if !strings.Contains(err.Error(), "unconditional self-loop") || p.spin.verdict != "rejected" {
						t.Fatal(err)
					}
				} else if !same(p.spin, pan[p.mode]) {
					t.Errorf("recorded SPIN figures %v; SPIN now gives %v", p.spin, pan[p.mode])
				}
			}
			got, err := runGospin(p.src, p.mode)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case p.status == "agrees":
				if !same(p.spin, got) {
					t.Errorf("%s: SPIN %v; gospin %v", p.mode, p.spin, got)
				}
				agree++
			case p.known != nil:
				if *p.known != got {
					t.Errorf("%s (known: a SPIN quirk not copied): gospin's documented figures %v; gospin now %v", p.mode, *p.known, got)
				}
				open++
			case same(p.spin, got):
				t.Logf("now agrees with SPIN (%v): its status (%s) should become agrees", got, p.status)
			default:
				open++
				t.Logf("%s (%s): SPIN %v; gospin %v", p.status, p.mode, p.spin, got)
			}
		})
	}
	t.Logf("%d probes agree with SPIN, %d disagreements recorded (open or known)", agree, open)
}
