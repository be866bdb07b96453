package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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
		for _, opt := range []string{"", "-stubborn", "-leap"} {
			testPORLTLSoundness(t, c.model, c.never, opt)
		}
	}
}

// testPORLTLSoundness is one case of TestPORLTLSoundness, with the
// reduction option opt (-stubborn, -leap) or none.
func testPORLTLSoundness(t *testing.T, model string, never bool, opt string) {
	args := []string{"verify", "-a"}
	if opt != "" {
		args = append(args, opt)
	}
	path := copyModel(t, model)
	code, out, errs := gospin(append(args, path)...)
	if code != exitFound || !strings.Contains(out, "errors: 1") || !strings.Contains(out, "acceptance cycle") || strings.Contains(errs, "is not used") {
		t.Errorf("%s (%q): exit %d, want the acceptance cycle\n%s%s", model, opt, code, out, errs)
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

// TestLeapOnProduct: leap sets on the product with a claim
// (por/leap.go). In testdata/porltl/leap_ignoring.pml two
// processes that flip local bits forever are always ample candidates and
// leap together back to the initial state; only the stack proviso on the
// leaps' ends makes the search run the third process, whose step violates
// both properties. With -leap each violation is found, with leaps taken,
// and its trail replays: the invariant with and without -a, the
// acceptance cycle with -a.
func TestLeapOnProduct(t *testing.T) {
	path := copyModel(t, "testdata/porltl/leap_ignoring.pml")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-a", "-N", "stays0"}, "end state in claim reached"},
		{[]string{"-N", "stays0"}, "end state in claim reached"},
		{[]string{"-a", "-N", "eventually_stays0"}, "acceptance cycle"},
	} {
		testLeapFinds(t, path, c.args, c.want)
	}
	testLeapFinds(t, copyModel(t, "testdata/porltl/leap_accepting.pml"), []string{"-a"}, "acceptance cycle")
}

// testLeapFinds checks that gospin verify -leap with args finds want in
// the model at path with leap steps taken, and that the trail replays.
func testLeapFinds(t *testing.T, path string, args []string, want string) {
	t.Helper()
	code, out, errs := gospin(append(append([]string{"verify", "-leap"}, args...), path)...)
	if code != exitFound || !strings.Contains(out, want) || !strings.Contains(out, "leap steps") || strings.Contains(errs, "is not used") {
		t.Errorf("%s %v: exit %d, want %q found with leap steps\n%s%s", filepath.Base(path), args, code, want, out, errs)
		return
	}
	rcode, rout, rerrs := gospin("run", "-t", path)
	if rcode == exitUsage || strings.Contains(rout, "does not match") || !strings.Contains(rout, "spin: trail ends after") {
		t.Errorf("%s %v: replay: exit %d\n%s%s", filepath.Base(path), args, rcode, rout, rerrs)
	}
}

// TestLeapAcceptanceFamily: a family of small models in the shape of
// testdata/porltl/leap_accepting.pml (processes counting locally with
// several periods, a process changing the one visible variable, four
// violated properties whose claims have accepting states with and
// without loops on their letter, and one that holds), checked with -a
// with leap sets and without reduction: the same verdict. Leaving out
// the stop at accepting states (staysInLeap) loses the cycle on 23 of
// the 105 models; leaving out the leaps' stack proviso on all 84 where
// the property fails (both checked by hand).
func TestLeapAcceptanceFamily(t *testing.T) {
	dir := t.TempDir()
	props := []string{"<>[] (c == 1) || <>[] (c != 1)", "!([]<> (c == 1) && []<> (c == 0))", "<>[] (c == 0)", "[] (c == 0 -> <> (c == 1)) -> <>[] (c == 1)", "[] (c < 3)"}
	moves := []string{"c = 1 - c", "c = (c + 1) % 3", "c = 1 - c :: c = c"}
	n, leapt := 0, 0
	for _, periods := range [][]int{{2, 2}, {2, 3}, {2, 5}, {3, 4}, {4, 5}, {2, 2, 2}, {2, 3, 3}} {
		for _, mv := range moves {
			for _, prop := range props {
				var b strings.Builder
				b.WriteString("byte c;\n")
				for i, p := range periods {
					fmt.Fprintf(&b, "active proctype P%d() { byte v; do :: v = (v + 1) %% %d od }\n", i, p)
				}
				fmt.Fprintf(&b, "active proctype C() { do :: %s od }\nltl prop { %s }\n", mv, prop)
				path := filepath.Join(dir, fmt.Sprintf("m%d.pml", n))
				if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				n++
				_, full, _ := gospin("verify", "-a", "-noreduce", "-notrail", path)
				_, leap, errs := gospin("verify", "-a", "-leap", "-notrail", path)
				if strings.Contains(full, "errors: 0") != strings.Contains(leap, "errors: 0") || strings.Contains(errs, "is not used") {
					t.Errorf("%s: without reduction and with leap sets the verdicts differ\n%s\n%s%s", b.String(), full, leap, errs)
				}
				if strings.Contains(leap, "leap steps") {
					leapt++
				}
			}
		}
	}
	if leapt < n/2 {
		t.Errorf("leaps taken on %d of %d models", leapt, n)
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
	prog := automata.Lower(fr.Program, &errs)
	if errs.HasErrors() {
		t.Fatalf("%s: %v", model, errs)
	}
	e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: true})
	if err != nil {
		t.Fatal(err)
	}
	sum, res, err := verify.Run(context.Background(), model, e, verify.Options{Accept: true, Reduce: true, ClaimSI: true, MaxDepth: 10000, StopAfter: 1, Workers: 1})
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
// gospin reduces only with claims in SI normal form. (One worker: the
// order is the point.)
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

// TestInertClaim: without -a (and with -safety: gospin otherwise runs the
// acceptance search for a liveness property) an ltl liveness property's
// claim, which can neither end nor fail and waits in its first state on
// true, is left out
// of the search (property.ClaimInert): the search is the system's,
// reduced, it finds the model's assertion violation, the report names
// the claim and says why, and the trail replays with the claim to the
// same violation. With -noreduce the search keeps the claim and finds
// the same error.
func TestInertClaim(t *testing.T) {
	path := copyModel(t, "testdata/porltl/inert_claim.pml")
	code, out, errs := gospin("verify", "-safety", path)
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
	code, out, errs = gospin("verify", "-safety", "-leap", path)
	if code != exitFound || !strings.Contains(out, "assertion violated") || strings.Contains(errs, "-leap is not used") {
		t.Errorf("-leap: exit %d, want the assertion violation with leap sets\n%s%s", code, out, errs)
	}
	if rcode, rout, rerrs := gospin("run", "-t", path); rcode == exitUsage || !strings.Contains(rout, "assertion violated") {
		t.Errorf("-leap replay: exit %d\n%s%s", rcode, rout, rerrs)
	}
	code, out, errs = gospin("verify", "-safety", "-noreduce", path)
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
	trails, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.gtrail"))
	if len(trails) != 1 {
		t.Errorf("trail files %v, want the first error's only", trails)
	}
}

// TestClaimDoomedStates: a never claim that moves to states from which it
// can only block later; the system's assertion fails while it is in one
// (pan reports it, with -a and without: it checks the system's assertions
// along every run the claim follows). The closure the reduced searches
// use keeps those states (ltl.StutterClosurePrefixes): trimmed to the
// states with a future, as it was, it blocked at once, and the reduced
// search reported nothing (checked by hand, with -a and without).
func TestClaimDoomedStates(t *testing.T) {
	path := copyModel(t, "testdata/porltl/claim_doomed.pml")
	for _, args := range [][]string{{"-a"}, {}, {"-a", "-noreduce"}, {"-noreduce"}} {
		code, out, errs := gospin(append(append([]string{"verify"}, args...), path)...)
		if code != exitFound || !strings.Contains(out, "assertion violated") {
			t.Errorf("%v: exit %d, want the assertion violation\n%s%s", args, code, out, errs)
			continue
		}
		if !slices.Contains(args, "-noreduce") && !strings.Contains(out, "closure under stuttering") {
			t.Errorf("%v: the report does not say the claim's closure was searched\n%s", args, out)
		}
		rcode, rout, rerrs := gospin("run", "-t", path)
		if rcode == exitUsage || !strings.Contains(rout, "assertion violated") || strings.Contains(rout, "does not match") {
			t.Errorf("%v: replay: exit %d\n%s%s", args, rcode, rout, rerrs)
		}
	}
}

// TestNonProgressReduced: -l is reduced on the product with the claim of
// <>[] np_ in SI normal form (search/np.go). np_ignoring.pml's cycle
// needs the stack proviso (without it the search follows A's loop and B
// never leaves its progress label: checked by hand); the reduced search
// reports it, says it reduced, and its trail, rewritten for pan's claim,
// replays to the cycle.
func TestNonProgressReduced(t *testing.T) {
	path := copyModel(t, "testdata/porltl/np_ignoring.pml")
	code, out, errs := gospin("verify", "-l", path)
	if code != exitFound || !strings.Contains(out, "non-progress cycle") || !strings.Contains(out, "+ Partial Order Reduction") {
		t.Fatalf("exit %d, want the non-progress cycle found with reduction\n%s%s", code, out, errs)
	}
	rcode, rout, rerrs := gospin("run", "-t", path)
	if rcode == exitUsage || !strings.Contains(rout, "START OF CYCLE") || strings.Contains(rout, "does not match") {
		t.Errorf("replay: exit %d\n%s%s", rcode, rout, rerrs)
	}
	code, out, errs = gospin("verify", "-l", "-noreduce", path)
	if code != exitFound || strings.Contains(out, "+ Partial Order Reduction") {
		t.Errorf("-noreduce: exit %d\n%s%s", code, out, errs)
	}
}

// TestBFSProductProviso: searches for a claim's end are reduced on the
// product breadth-first too, with the queue proviso (por/product.go).
// bfs_ignoring.pml's violation needs it: without it, the search goes
// round A's loop and B never moves, for the invariant's claim and for the
// closure of the other property's claim alike (checked by hand: both
// then report no error).
func TestBFSProductProviso(t *testing.T) {
	path := copyModel(t, "testdata/porltl/bfs_ignoring.pml")
	for _, prop := range []string{"inv", "next"} {
		for _, args := range [][]string{{"-bfs"}, {}} {
			a := append(append([]string{"verify"}, args...), "-N", prop, path)
			code, out, errs := gospin(a...)
			if code != exitFound || !strings.Contains(out, "end state in claim reached") || !strings.Contains(out, "+ Partial Order Reduction") {
				t.Errorf("%s %v: exit %d, want the claim's end with reduction\n%s%s", prop, args, code, out, errs)
				continue
			}
			rcode, rout, rerrs := gospin("run", "-t", path)
			if rcode == exitUsage || !strings.Contains(rout, "claim") || strings.Contains(rout, "does not match") {
				t.Errorf("%s %v: replay: exit %d\n%s%s", prop, args, rcode, rout, rerrs)
			}
		}
	}
}
