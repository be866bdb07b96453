package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/verify"
)

// TestPORLTLSoundness: Siegel's soundness cases, each reporting its
// acceptance cycle with reduction on (gospin verify -a, the default).
//   - Fig. 2 (the program with B1 as a never claim) and Fig. 3 (the same
//     program with B2): never claims, read as automata over their
//     conditions; the search is reduced against the closure under
//     stuttering of the claim (Holzmann and Kupferman), in SI normal form,
//     finds the cycle, and confirms it on the claim itself along its trail
//     (the report says so);
//   - the language of B1/B2 as an ltl property (stutter-invariant): the
//     search is reduced on the product with the claim in SI normal form,
//     and finds the cycle.
//
// Every trail replays with the model's own claim or property.
func TestPORLTLSoundness(t *testing.T) {
	for _, c := range []struct {
		model string
		never bool
	}{
		{"testdata/engine/siegel_fig2.pml", true},
		{"testdata/porltl/siegel_fig3_b2.pml", true},
		{"testdata/porltl/siegel_fig2_si.pml", false},
		{"testdata/tgba/siegel_fig2_ltl.pml", false},
	} {
		for _, stub := range []bool{false, true} {
			testPORLTLSoundness(t, c.model, c.never, stub)
		}
	}
}

// testPORLTLSoundness is one case of TestPORLTLSoundness, with stubborn
// sets or without.
func testPORLTLSoundness(t *testing.T, model string, never, stubborn bool) {
	args := []string{"verify", "-a"}
	if stubborn {
		args = append(args, "-stubborn")
	}
	path := copyModel(t, model)
	code, out, errs := gospin(append(args, path)...)
	if code != exitFound || !strings.Contains(out, "errors: 1") || !strings.Contains(out, "acceptance cycle") {
		t.Errorf("%s (stubborn %v): exit %d, want the acceptance cycle\n%s%s", model, stubborn, code, out, errs)
		return
	}
	if !strings.Contains(out, "+ Partial Order Reduction") {
		t.Errorf("%s: not reduced\n%s", model, out)
	}
	if never && !strings.Contains(out, "checked with reduction against its closure under stuttering; the error found is one of the claim") {
		t.Errorf("%s: the report does not say how the never claim was checked\n%s", model, out)
	}
	rcode, rout, rerrs := gospin("run", "-t", path)
	if rcode == exitUsage || !strings.Contains(rout, "START OF CYCLE") || strings.Contains(rout, "does not match") {
		t.Errorf("%s: replay: exit %d\n%s%s", model, rcode, rout, rerrs)
	}
}

// forcedV1 verifies a model with -a and the product reduction forced on
// its never claim whatever the claim (verify.Options.ClaimSI vouches for
// the SI normal form, which gospin verify only does for claims it built
// so): it shows what V1 does with claims that are not in normal form.
func forcedV1(t *testing.T, model string) (errors int, reduced bool) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", model))
	if err != nil {
		t.Fatal(err)
	}
	fr := frontend.Load(model, src, &frontend.Config{})
	if fr.HasErrors() {
		t.Fatalf("%s: front end errors", model)
	}
	var errs diag.List
	prog := automata.Lower(fr.Model, &errs)
	if errs.HasErrors() {
		t.Fatalf("%s: %v", model, errs)
	}
	e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: true})
	if err != nil {
		t.Fatal(err)
	}
	sum, res, err := verify.Run(context.Background(), model, e, verify.Options{Accept: true, Reduce: true, ClaimSI: true, MaxDepth: 10000, StopAfter: 1})
	if err != nil {
		t.Fatal(err)
	}
	return sum.Errors, res.Reduced > 0
}

// TestSiegelV1WithoutNormalForm: V1 (reduction per product state) forced
// on the never claims themselves. With B1 (Fig. 2) Siegel finds V1 sound
// and gospin finds the cycle (the stack proviso rejects every proper ample
// set there: p1's step closes a cycle at once). With B2
// (Fig. 3) V1 alone is unsound, and gospin's search order (the claim's
// option to S2 first, so (S2, s) is pushed before (S1, s)) meets his
// counterexample: the forced reduction loses the cycle, which is why
// gospin reduces only with claims in SI normal form.
func TestSiegelV1WithoutNormalForm(t *testing.T) {
	if n, _ := forcedV1(t, "testdata/engine/siegel_fig2.pml"); n != 1 {
		t.Errorf("Fig. 2 with V1 forced: %d errors; want the cycle", n)
	}
	n, red := forcedV1(t, "testdata/porltl/siegel_fig3_b2.pml")
	if n != 0 || !red {
		t.Errorf("Fig. 3 (B2) with V1 forced: %d errors, reduced %v; Siegel's counterexample expects the cycle lost", n, red)
	}
}

// TestSiegelFig2SPIN: SPIN 6.5.2 with partial-order reduction (pan's
// default) misses the acceptance cycle of Fig. 2, and finds it with
// -DNOREDUCE; gospin finds it with reduction on (the default), checked
// whether SPIN is installed or not.
func TestSiegelFig2SPIN(t *testing.T) {
	path := copyModel(t, "testdata/engine/siegel_fig2.pml")
	if code, out, _ := gospin("verify", "-a", "-notrail", path); code != exitFound || !strings.Contains(out, "errors: 1") {
		t.Errorf("gospin: exit %d\n%s", code, out)
	}
	if _, err := exec.LookPath("spin"); err != nil {
		t.Skip("spin not installed")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	dir := filepath.Dir(path)
	pan := func(flags ...string) string {
		cmd := exec.Command("spin", "-a", filepath.Base(path))
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("spin -a: %v\n%s", err, out)
		}
		args := append(append([]string{"-w"}, flags...), "-o", "pan", "pan.c")
		cmd = exec.Command("gcc", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("gcc: %v\n%s", err, out)
		}
		cmd = exec.Command("./pan", "-a")
		cmd.Dir = dir
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	if out := pan(); !strings.Contains(out, "errors: 0") {
		t.Errorf("SPIN with reduction: expected it to miss the cycle (errors: 0)\n%s", out)
	}
	if out := pan("-DNOREDUCE"); !strings.Contains(out, "errors: 1") {
		t.Errorf("SPIN without reduction: expected the cycle\n%s", out)
	}
}

// TestInertClaim: without -a an ltl liveness property's claim, which can
// neither end nor fail and waits in its first state on true, is left out
// of the search (property.ClaimInert): the search is the system's,
// reduced, it finds the model's assertion violation, the report names
// the claim and says why, and the trail replays with the claim to the
// same violation. With -noreduce the search keeps the claim and finds
// the same error.
func TestInertClaim(t *testing.T) {
	path := copyModel(t, "testdata/porltl/inert_claim.pml")
	code, out, errs := gospin("verify", path)
	if code != exitFound || !strings.Contains(out, "assertion violated") || !strings.Contains(out, "never claim         \t+ (live)") {
		t.Fatalf("exit %d, want the assertion violation with the claim named\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "+ Partial Order Reduction") || !strings.Contains(out, "so the system was searched without it") {
		t.Errorf("the report does not say that the claim was left out\n%s", out)
	}
	rcode, rout, rerrs := gospin("run", "-t", path)
	if rcode == exitUsage || !strings.Contains(rout, "assertion violated") || strings.Contains(rout, "does not match") {
		t.Errorf("replay: exit %d\n%s%s", rcode, rout, rerrs)
	}
	// the search runs without the claim: leap sets apply, and the trail
	// still replays with the claim
	code, out, errs = gospin("verify", "-leap", path)
	if code != exitFound || !strings.Contains(out, "assertion violated") || strings.Contains(errs, "-leap is not used") {
		t.Errorf("-leap: exit %d, want the assertion violation with leap sets\n%s%s", code, out, errs)
	}
	if rcode, rout, rerrs := gospin("run", "-t", path); rcode == exitUsage || !strings.Contains(rout, "assertion violated") {
		t.Errorf("-leap replay: exit %d\n%s%s", rcode, rout, rerrs)
	}
	code, out, errs = gospin("verify", "-noreduce", path)
	if code != exitFound || !strings.Contains(out, "assertion violated") || strings.Contains(out, "searched without it") {
		t.Errorf("-noreduce: exit %d, want the assertion violation with the claim in the search\n%s%s", code, out, errs)
	}
}

// TestVisibilityDecides: a property that reads another process's local
// variable (A:l) or its remote label (A@L) makes that process's local
// steps visible, so reduction searches the runs where B moves first; with
// those steps taken for invisible, the ample set of A alone hides every
// violation (checked by hand: each case below then reports no error).
// The random differential tests do not catch that mistake (their
// properties seldom tell such orders apart), this model does, for the
// invariant, the acceptance search in SI normal form and the never claim,
// with -a and without.
func TestVisibilityDecides(t *testing.T) {
	path := copyModel(t, "testdata/porltl/visible_local.pml")
	for _, c := range []struct {
		prop   string
		accept bool
	}{{"p", true}, {"p", false}, {"q", true}, {"n", true}, {"n", false}} {
		args := []string{"verify", "-N", c.prop, "-notrail"}
		if c.accept {
			args = append(args, "-a")
		}
		code, out, errs := gospin(append(args, path)...)
		if code != exitFound || !strings.Contains(out, "errors: 1") || !strings.Contains(out, "+ Partial Order Reduction") {
			t.Errorf("%s (-a %v): exit %d, want the violation found with reduction\n%s%s", c.prop, c.accept, code, out, errs)
		}
	}
}

// TestClosureStopAfter: with -c N (no -e) and a never claim checked
// against its closure under stuttering, every error is confirmed on the
// claim along its trail, so the errors after the first count too (they
// used to be dropped for want of a trail); only the first gets a trail
// file, as without -e.
func TestClosureStopAfter(t *testing.T) {
	path := copyModel(t, "testdata/porltl/closure_cycles.pml")
	code, out, errs := gospin("verify", "-a", "-c", "4", path)
	if code != exitFound || !strings.Contains(out, "errors: 4") || !strings.Contains(out, "closure under stuttering") {
		t.Fatalf("exit %d, want 4 confirmed errors\n%s%s", code, out, errs)
	}
	trails, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.trail"))
	if len(trails) != 1 {
		t.Errorf("trail files %v, want the first error's only", trails)
	}
}
