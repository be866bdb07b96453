package conformance

import (
	"os"
	"testing"

	"github.com/gospin/gospin/store"
	"github.com/gospin/gospin/verify"
)

// storageModes are the stores the conformance rows are run with: the
// lossy ones with a few megabytes, ample for these rows.
var storageModes = []store.Config{
	{Mode: store.ModeTree},
	{Mode: store.ModeHC, Mem: 4 << 20},
	{Mode: store.ModeHC, HCBits: 40, Mem: 3 << 20, Seed: 7},
	{Mode: store.ModeBitstate, Mem: 4 << 20, K: 3, Seed: 1},
}

// storageRows picks the rows of config the storage test runs: the
// smallest maxRows (all with GOSPIN_CONFORMANCE_ALL=1).
func storageRows(t *testing.T, config string, maxRows int) []row {
	rows := selectRows(t, config)
	if os.Getenv("GOSPIN_CONFORMANCE_ALL") == "" && len(rows) > maxRows {
		// every fourth row of the smallest, for variety
		var out []row
		for i := 0; i < len(rows) && len(out) < maxRows; i += 4 {
			out = append(out, rows[i])
		}
		rows = out
	}
	return rows
}

// TestStorageConformance: every storage mode on safety_plain and
// acc_noreduce rows. Tree compression is exact: SPIN's verdict, and on
// complete rows SPIN's states stored and transitions. Hash compaction and
// bitstate give SPIN's verdict wherever they store at least 99% of the
// states SPIN stored; their trails replay (runWith replays the first
// error's trail on the model).
func TestStorageConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dev := readDeviations(t)
	for _, cfg := range []struct {
		config string
		s      verify.Settings
	}{
		{"safety_plain", verify.Settings{StopAfter: 1, HashLog2: 16, NoReduce: true}},
		{"acc_noreduce", verify.Settings{StopAfter: 1, HashLog2: 16, NoReduce: true, Accept: true}},
	} {
		for _, r := range storageRows(t, cfg.config, 10) {
			key := r.model + "/" + r.config
			if r.ltl != "-" {
				key += "/" + r.ltl
			}
			if _, ok := dev[key]; ok {
				continue
			}
			for _, mode := range storageModes {
				t.Run(key+"/"+mode.Mode, func(t *testing.T) {
					s := cfg.s
					s.MaxDepth, s.Storage = r.maxDepth, mode
					got, err := runWith(r, cfg.config != "safety_plain", cfg.config != "safety_plain", s)
					if err != nil {
						t.Fatal(err)
					}
					if got.replay != "" {
						t.Errorf("trail: %s", got.replay)
					}
					exactCounts := cfg.config == "safety_plain" && r.complete == "yes" && !ltlClaim(r)
					if mode.Mode == store.ModeTree && exactCounts && (got.stored != r.stored || got.trans != r.trans) {
						t.Errorf("states stored %d, transitions %d; SPIN %d, %d", got.stored, got.trans, r.stored, r.trans)
					}
					if mode.Lossy() && r.verdict == "pass" && got.stored < r.stored*99/100 {
						t.Logf("stored %d of SPIN's %d: verdict not compared", got.stored, r.stored)
						return
					}
					if got.verdict != r.verdict || got.kind != r.errorKind {
						t.Errorf("verdict %s (%s); SPIN %s (%s)", got.verdict, got.kind, r.verdict, r.errorKind)
					}
				})
			}
		}
	}
}
