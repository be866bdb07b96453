package reduce_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/por"
	"github.com/gospin/gospin/reduce"
	"github.com/gospin/gospin/search"
)

// TestBFSProvisoCorpus runs SPIN's own test models (digest P1.2; those in
// the corpus, safety only: claims and ltl blocks left out) with
// reduction depth-first, and breadth-first with the queue proviso C2q
// and with the visited proviso C2v. C2q must never store more than C2v
// (it accepts every ample set that C2v accepts), and every search must
// give the verdict of the full depth-first search.
func TestBFSProvisoCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	models := []string{"eratosthenes", "leader0", "mobile1", "mobile2", "pftp_ltl", "sort", "peterson", "snoopy", "cd_mergesort"}
	var b strings.Builder
	b.WriteString("model\tfull-dfs\tdfs\tbfs-C2q\tbfs-C2v\tC2q/C2v\tfallbacks(q/v)\n")
	for _, name := range models {
		prog := loadCorpus(t, name)
		run := func(reduceOn, bfs, visited bool) *search.Result {
			e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: true})
			if err != nil {
				t.Fatal(err)
			}
			o := search.Options{BFS: bfs, MaxDepth: 100000, StopAfter: 1, HashLog2: 16, BFSVisited: visited}
			var m pins.Model = e
			if reduceOn {
				if r := reduce.New(e); r != nil {
					m = por.New(e, r, por.Config{})
				}
			}
			res, err := search.Run(context.Background(), m, o)
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		full := run(false, false, false)
		dfs := run(true, false, false)
		q := run(true, true, false)
		v := run(true, true, true)
		verdict := func(r *search.Result) string {
			if len(r.Errors) == 0 {
				return "pass"
			}
			return r.Errors[0].Violation.Kind.String()
		}
		for _, r := range []*search.Result{dfs, q, v} {
			if verdict(r) != verdict(full) {
				t.Errorf("%s: %s with reduction, %s without", name, verdict(r), verdict(full))
			}
		}
		if len(full.Errors) == 0 && q.StatesStored > v.StatesStored {
			t.Errorf("%s: breadth-first C2q stored %d states, C2v %d", name, q.StatesStored, v.StatesStored)
		}
		fmt.Fprintf(&b, "%s\t%d\t%d\t%d\t%d\t%.2f\t%d/%d\n", name, full.StatesStored, dfs.StatesStored, q.StatesStored, v.StatesStored,
			float64(q.StatesStored)/float64(max(1, v.StatesStored)), q.ProvisoFallbacks, v.ProvisoFallbacks)
	}
	t.Log("\n" + b.String())
}
