package conformance

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/verify"
)

// accClosure verifies an acc row whose property is an ltl formula that is
// not stutter-invariant as gospin verify -a does: with reduction against
// the closure under stuttering of its claim (property.ClosureClaim), its
// errors checked against the usual claim along their trails
// (verify.Options.ClosureOf) and, when it finds only errors the claim does
// not have, without reduction against the usual claim. It
// returns the verdict, the states stored by the reduced search and by the
// unreduced one (0 when there was none), whether the search that gave the
// verdict was complete, and ok false when the row is not such a property.
func accClosure(r row) (verdict string, red, full int64, complete, ok bool, err error) {
	path, model, p, err := rowProperty(r)
	if err != nil || p.Kind != property.LTL {
		return "", 0, 0, false, false, err
	}
	if c, why, err := property.SIClaim(p.LTL); err != nil || c != nil || why != "not stutter-invariant" {
		return "", 0, 0, false, false, err
	}
	cc, _, err := property.ClosureClaim(p.LTL)
	if err != nil || cc == nil {
		return "", 0, 0, false, false, err
	}
	eo := engine.Options{ResetDead: true, HideWriteOnly: true, Merge: true}
	um, err := property.Model(model, p, property.FromLTL)
	if err != nil {
		return "", 0, 0, false, true, err
	}
	mc, err := buildEngine(um, eo)
	if err != nil {
		return "", 0, 0, false, true, err
	}
	run := func(tr property.Translator, reduce bool) (errors, unconfirmed int, stored int64, complete bool, err error) {
		vo := verify.Options{MaxDepth: r.maxDepth, StopAfter: 1, HashLog2: 16, Accept: true, Reduce: reduce, ClaimSI: reduce, MemLimit: 1 << 30}
		if reduce {
			vo.ClosureOf = mc
		}
		pm, err := property.Model(model, p, tr)
		if err != nil {
			return 0, 0, 0, false, err
		}
		m, err := buildEngine(pm, eo)
		if err != nil {
			return 0, 0, 0, false, err
		}
		sum, _, err := verify.Run(context.Background(), path, m, vo)
		if err != nil {
			return 0, 0, 0, false, err
		}
		return sum.Errors, sum.Unconfirmed, sum.StatesStored, sum.Complete, nil
	}
	e, unconfirmed, red, complete, err := run(func(*ast.LTLDecl) (*ast.NeverDecl, error) { return cc, nil }, true)
	if err != nil {
		return "", 0, 0, false, true, err
	}
	if e > 0 {
		return "fail", red, 0, complete, true, nil
	}
	if unconfirmed == 0 {
		return "pass", red, 0, complete, true, nil
	}
	e, _, full, complete, err = run(property.FromLTL, false)
	if err != nil {
		return "", 0, 0, false, true, err
	}
	verdict = "pass"
	if e > 0 {
		verdict = "fail"
	}
	return verdict, red, full, complete, true, nil
}

// TestAcceptanceClosureVerdicts: on every acc row whose property is an
// ltl formula that is not stutter-invariant, the verdict of Holzmann and
// Kupferman's check (reduction against the closure under stuttering of the
// claim, then the unreduced search against the claim when it finds an
// error) equals SPIN's verdict without reduction (the acc_noreduce twin).
// The states stored are logged: the reduced search, the unreduced one when
// it ran, and SPIN's acc row. Rows SPIN could not finish unreduced are
// left out, and the larger ones unless GOSPIN_CONFORMANCE_ALL is set.
func TestAcceptanceClosureVerdicts(t *testing.T) {
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
	var n, decided int
	var lines []string
	for _, r := range selectRows(t, "acc") {
		r := r
		if r.claim == "-" || r.claim == ":np_:" || r.ltl == "-" {
			continue
		}
		nr, ok := noreduce[r.model+"/"+r.ltl]
		if !ok || nr.complete == "no" || (nr.verdict != "pass" && nr.verdict != "fail") {
			continue
		}
		if !all && nr.complete == "yes" && nr.stored > defaultMaxStates/3 {
			continue
		}
		key := r.model + "/acc_noreduce/" + r.ltl
		t.Run(r.model+"/"+r.ltl, func(t *testing.T) {
			if reason, ok := dev[key]; ok {
				t.Skip("deviation: " + reason)
			}
			verdict, red, full, complete, ok, err := accClosure(r)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				t.Skip("stutter-invariant")
			}
			if !complete && verdict == "pass" {
				t.Skipf("search incomplete (%d states stored reduced, %d unreduced)", red, full)
			}
			n++
			if verdict != nr.verdict {
				t.Errorf("verdict %s; SPIN without reduction %s", verdict, nr.verdict)
			}
			if full == 0 {
				decided++
			}
			lines = append(lines, fmt.Sprintf("%s/%s\t%s\t%d\t%d\t%d\t%d", r.model, r.ltl, verdict, red, full, nr.stored, r.stored))
		})
	}
	t.Logf("row\tverdict\tclosure-reduced\tunreduced\tspin-noreduce\tspin-acc\n%s", strings.Join(lines, "\n"))
	t.Logf("acc rows with an ltl property that is not stutter-invariant: %d compared, %d decided by the reduced search against the closure", n, decided)
}
