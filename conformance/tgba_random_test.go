package conformance

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gospin/gospin/internal/randmodel"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/verify"
)

// randLTL draws an LTL formula over a few propositions on the globals of
// a randmodel model.
func randLTL(r *rand.Rand, depth int) string {
	atoms := []string{"g0 == 0", "g0 == 1", "g1 == 2", "g1 != 0", "len(qb) > 0", "g0 == g1"}
	if depth == 0 || r.Intn(4) == 0 {
		return "(" + atoms[r.Intn(len(atoms))] + ")"
	}
	a := randLTL(r, depth-1)
	switch r.Intn(9) {
	case 0:
		return "[] " + a
	case 1:
		return "<> " + a
	case 2:
		return "! " + a
	case 3:
		return "X " + a
	case 4:
		return "[]<> " + a
	case 5:
		return "(" + a + " U " + randLTL(r, depth-1) + ")"
	case 6:
		return "(" + a + " V " + randLTL(r, depth-1) + ")"
	case 7:
		return "(" + a + " && " + randLTL(r, depth-1) + ")"
	}
	return "(" + a + " || " + randLTL(r, depth-1) + ")"
}

// TestTGBARandom: on random models (internal/randmodel) with random ltl
// properties, -scc on the TGBA gives the verdict of nested DFS on the
// never claim, with and without weak fairness, and every counterexample
// replays with the never claim. Assertions are ignored (-A), so that
// the verdict is about the property (and run-time errors).
// GOSPIN_TGBA_RANDOM=n checks n models instead of 150.
func TestTGBARandom(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 20
	}
	if v, err := strconv.Atoi(os.Getenv("GOSPIN_TGBA_RANDOM")); err == nil && v > 0 {
		n = v
	}
	r := rand.New(rand.NewSource(5))
	dir := t.TempDir()
	counts := map[string]int{}
	refused := 0
	defer func() {
		t.Logf("%d of %d models refused as SPIN refuses them (jump into d_step sequence), not compared", refused, n)
		if refused > n/5 {
			t.Errorf("%d of %d models refused: too few compared", refused, n)
		}
	}()
	for i := 0; i < n; i++ {
		src := randmodel.Generate(int64(1000+i), randmodel.Default)
		f := randLTL(r, 3)
		src += fmt.Sprintf("ltl prop { %s }\n", f)
		path := filepath.Join(dir, fmt.Sprintf("m%d.pml", i))
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		fr := frontend.Load(path, []byte(src), &frontend.Config{})
		if fr.HasErrors() {
			// the old generator writes a d_step after a loop left by
			// break, which SPIN refuses (jump into d_step sequence) and
			// so does gospin: such a model is not compared
			if strings.Contains(fr.Diags.Error(), "jump into d_step sequence") {
				refused++
				continue
			}
			t.Fatalf("model %d: %s", i, fr.Diags.Error())
		}
		props := property.List(fr.Model)
		p := property.Find(props, "prop")
		for _, fair := range []bool{false, true} {
			vo := verify.Options{MaxDepth: 100000, StopAfter: 1, HashLog2: 16, Accept: true, Fair: fair, IgnoreAssert: true}
			nd, err := runLivenessModel(path, fr.Model, p, modeNDFS, vo)
			if err != nil {
				t.Fatalf("model %d: %v", i, err)
			}
			vo.SCC = true
			tg, err := runLivenessModel(path, fr.Model, p, modeTGBA, vo)
			if err != nil {
				t.Fatalf("model %d: %v", i, err)
			}
			counts[fmt.Sprintf("fair=%v %s", fair, nd.verdict)]++
			if tg.verdict != nd.verdict {
				t.Errorf("model %d (seed %d) fair=%v, ltl %s: TGBA %s (%s), nested DFS %s (%s)\n%s", i, 1000+i, fair, f, tg.verdict, tg.kind, nd.verdict, nd.kind, src)
				continue
			}
			if tg.kind != nd.kind {
				counts["different error kind"]++
			}
			if strings.HasPrefix(tg.replay, "replays only with dead-variable reset") {
				counts["replays only with dead-variable reset"]++
				t.Logf("model %d (seed %d) fair=%v, ltl %s: %s (nested DFS's: %q)", i, 1000+i, fair, f, tg.replay, nd.replay)
				continue
			}
			if tg.replay != "" {
				t.Errorf("model %d fair=%v, ltl %s: the TGBA counterexample does not replay: %s\n%s", i, fair, f, tg.replay, src)
			}
		}
	}
	var keys []string
	for k, v := range counts {
		keys = append(keys, fmt.Sprintf("%s: %d", k, v))
	}
	t.Logf("%d random models: %s", n, strings.Join(keys, ", "))
}
