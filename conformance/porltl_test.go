package conformance

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/verify"
)

// accReduced verifies an acc row as gospin verify -a does with reduction
// on (verify.Check, with spin's default state space): with the claim
// property.PlanReduction chooses, an invariant with its usual claim,
// reduced as a safety search; a stutter-invariant ltl property with its
// claim in SI normal form; another ltl property or a never claim against
// the closure under stuttering of its claim, with the errors checked
// against the claim (and the search without reduction deciding when none
// is the claim's); any other claim unreduced. Leap sets are used where
// gospin verify uses them. It returns the verdict ("pass"/"fail"), the
// states stored, whether the search was complete and whether it was
// reduced. The search stops at 1 GB.
func accReduced(r row, stubborn, leap bool) (verdict string, stored int64, complete, reduced bool, err error) {
	path := filepath.Join(corpusDir, "models", r.model+".pml")
	src, err := verify.Load(path, &frontend.Config{IncludeDirs: []string{filepath.Dir(path)}})
	if err != nil {
		return "", 0, false, false, err
	}
	// the row's property: as rowProperty chooses it
	props := src.Properties()
	var p *property.Property
	switch {
	case r.ltl != "-" && r.ltl != "":
		p = property.Find(props, r.ltl)
	case len(props) > 0:
		p = &props[0]
	}
	if p == nil {
		return "", 0, false, false, fmt.Errorf("no property")
	}
	s := verify.Settings{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, Accept: true, Stubborn: stubborn, Leap: leap, MemLimitMB: 1 << 10}
	sum, err := verify.Check(context.Background(), src, p, s)
	if err != nil {
		return "", 0, false, false, err
	}
	verdict = "pass"
	if sum.Errors > 0 {
		verdict = "fail"
	}
	return verdict, sum.StatesStored, sum.Complete, sum.Reduced, nil
}

// TestAcceptanceReductionVerdicts: on every acc row with a claim, gospin's
// verdict with reduction (the ltl property's claim in SI normal form and
// the product reduced, when the property is stutter-invariant; any other
// claim unreduced) equals SPIN's verdict without reduction (the row's
// acc_noreduce twin, whose verdict gospin's unreduced search gives:
// TestAcceptanceNoreduce). Rows whose unreduced search SPIN could not
// finish are left out, and so are the larger ones unless
// GOSPIN_CONFORMANCE_ALL is set. The states stored are logged next to
// SPIN's acc row (SPIN with its reduction, unsound in general).
func TestAcceptanceReductionVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dev := readDeviations(t)
	all := os.Getenv("GOSPIN_CONFORMANCE_ALL") != ""
	noreduce := map[string]row{}
	for _, r := range readExpected(t) {
		if r.config == "acc_noreduce" {
			noreduce[r.model+"/"+r.ltl] = r
		}
	}
	var n, reducedRows, le, cmp int
	var sumRed, sumSpin, sumStub, sumLeap, leapSpin int64
	var leapRows, leapLE int
	var lines []string
	for _, r := range selectRows(t, "acc") {
		r := r
		if r.claim == "-" || r.claim == ":np_:" {
			continue
		}
		nr, ok := noreduce[r.model+"/"+r.ltl]
		if !ok || nr.complete == "no" || (nr.verdict != "pass" && nr.verdict != "fail") {
			continue
		}
		if !all && nr.complete == "yes" && nr.stored > defaultMaxStates/3 {
			continue
		}
		key := r.model + "/acc_noreduce"
		if r.ltl != "-" {
			key += "/" + r.ltl
		}
		t.Run(r.model+"/"+r.ltl, func(t *testing.T) {
			if reason, ok := dev[key]; ok {
				t.Skip("deviation: " + reason)
			}
			verdict, stored, complete, reduced, err := accReduced(r, false, false)
			if err != nil {
				t.Fatal(err)
			}
			sv, sstored, scomplete, _, err := accReduced(r, true, false)
			if err != nil {
				t.Fatal(err)
			}
			if (scomplete || sv == "fail") && sv != nr.verdict {
				t.Errorf("verdict with stubborn sets %s; SPIN without reduction %s", sv, nr.verdict)
			}
			lv, lstored, lcomplete, _, err := accReduced(r, false, true)
			if err != nil {
				t.Fatal(err)
			}
			if (lcomplete || lv == "fail") && lv != nr.verdict {
				t.Errorf("verdict with leap sets %s; SPIN without reduction %s", lv, nr.verdict)
			}
			if !complete && verdict == "pass" {
				t.Skipf("reduced search incomplete (%d states stored)", stored)
			}
			n++
			if verdict != nr.verdict {
				t.Errorf("verdict with reduction %s; SPIN without reduction %s", verdict, nr.verdict)
			}
			if reduced {
				reducedRows++
			}
			if r.complete == "yes" && complete && scomplete {
				sumStub += sstored
			}
			if r.complete == "yes" && complete && lcomplete {
				sumLeap += lstored
				leapRows++
				leapSpin += r.stored
				if lstored <= r.stored {
					leapLE++
				}
			}
			if r.complete == "yes" && complete {
				cmp++
				sumRed += stored
				sumSpin += r.stored
				if stored <= r.stored {
					le++
				}
			}
			lines = append(lines, fmt.Sprintf("%s/%s\t%s\t%v\t%d\t%d\t%d\t%d\t%s", r.model, r.ltl, verdict, reduced, stored, sstored, lstored, r.stored, r.complete))
		})
	}
	t.Logf("row\tverdict\treduced\tgospin\tgospin-stubborn\tgospin-leap\tspin-acc\tspin-complete\n%s", strings.Join(lines, "\n"))
	t.Logf("with -leap: on the %d rows both complete, %d states against SPIN's %d, at most SPIN's on %d", leapRows, sumLeap, leapSpin, leapLE)
	t.Logf("acc rows with a claim: %d compared, %d searched with reduction; on the %d rows both searches complete gospin stores %d states (with -stubborn %d), SPIN %d, and at most SPIN's on %d", n, reducedRows, cmp, sumRed, sumStub, sumSpin, le)
}
