package conformance

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/gospin/gospin/store"
	"github.com/gospin/gospin/verify"
)

// storageModes are the stores the conformance rows are run with. The
// lossy ones get at least the few megabytes given here, and more on large
// rows (storageFor), so that they store every state with high
// probability and their verdicts are compared.
var storageModes = []store.Config{
	{Mode: store.ModeTree},
	{Mode: store.ModeHC, Mem: 4 << 20},
	{Mode: store.ModeHC, HCBits: 40, Mem: 3 << 20, Seed: 7},
	{Mode: store.ModeBitstate, Mem: 4 << 20, K: 3, Seed: 1},
}

// storageName names a configuration in the subtests and the summary.
func storageName(c store.Config) string {
	switch c.Mode {
	case store.ModeHC:
		return fmt.Sprintf("hc%d", c.Bits())
	case store.ModeBitstate:
		return fmt.Sprintf("bitstate-k%d", c.Indices())
	}
	return c.Mode
}

// storageFor sizes a lossy store for a row of SPIN's states stored:
// hash compaction at most a quarter full, a bit array of 32 bits a
// state (k=3: about 1e-4 of a state omitted per 10^5), never less than
// the mode's own Mem.
func storageFor(c store.Config, states int64) store.Config {
	switch c.Mode {
	case store.ModeHC:
		c.Mem = max(c.Mem, 4*states*int64(c.Bits())/8)
	case store.ModeBitstate:
		c.Mem = max(c.Mem, 4*states)
	}
	return c
}

// storageRows picks the rows of config the storage test runs: every
// fourth of the smallest, maxRows of them; with GOSPIN_CONFORMANCE_ALL=1
// all of them (GOSPIN_STORAGE_MAXSTATES=N then leaves out, with a note,
// the rows of more than N states, for a run that must fit a time).
func storageRows(t *testing.T, config string, maxRows int) []row {
	rows := selectRows(t, config)
	if os.Getenv("GOSPIN_CONFORMANCE_ALL") == "" {
		if len(rows) > maxRows {
			var out []row
			for i := 0; i < len(rows) && len(out) < maxRows; i += 4 {
				out = append(out, rows[i])
			}
			rows = out
		}
		return rows
	}
	if lim, err := strconv.ParseInt(os.Getenv("GOSPIN_STORAGE_MAXSTATES"), 10, 64); err == nil {
		var out []row
		for _, r := range rows {
			if r.stored <= lim {
				out = append(out, r)
			} else {
				t.Logf("%s/%s: %d states, over GOSPIN_STORAGE_MAXSTATES: not run", r.model, r.config, r.stored)
			}
		}
		rows = out
	}
	return rows
}

// storageTally counts, per configuration and storage mode, the rows run
// and how they compared with SPIN.
type storageTally struct {
	mu sync.Mutex
	m  map[string]*storageCounts
}

type storageCounts struct {
	rows, comparable, identical, verdictEqual, under99, deviations int
}

func (s *storageTally) add(key string, f func(c *storageCounts)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]*storageCounts{}
	}
	c := s.m[key]
	if c == nil {
		c = &storageCounts{}
		s.m[key] = c
	}
	f(c)
}

func (s *storageTally) log(t *testing.T) {
	keys := make([]string, 0, len(s.m))
	for k := range s.m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		c := s.m[k]
		fmt.Fprintf(&b, "\n%s: %d rows, %d of %d with counts to compare with SPIN's counts, %d with SPIN's verdict, %d under 99%% of SPIN's states (verdict not compared), %d listed deviations", k, c.rows, c.identical, c.comparable, c.verdictEqual, c.under99, c.deviations)
	}
	t.Log(b.String())
}

// TestStorageConformance: every storage mode on safety_plain and
// acc_noreduce rows (a subset by default, every row with
// GOSPIN_CONFORMANCE_ALL=1). Tree compression is exact: SPIN's verdict,
// and SPIN's states stored and transitions on the rows where the exact
// store gives them (TestSafetyPlain: complete and stopped-at-error rows
// without an ltl block; TestAcceptanceNoreduce: the states stored of the
// complete rows). Hash compaction and bitstate give SPIN's verdict
// wherever they store at least 99% of the states SPIN stored (of those
// tree stored, where gospin's counts are not SPIN's: an ltl block); their
// trails replay (runWith replays the first error's trail on the model).
// The test ends with a tally per configuration and mode.
func TestStorageConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dev := readDeviations(t)
	var tally storageTally
	defer tally.log(t)
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
			// the states an exact store gives on this row: SPIN's where
			// they are comparable, else tree's (storageModes[0]), the
			// reference of the lossy stores' 99%
			exactStored := int64(-1)
			for _, mode := range storageModes {
				tk := cfg.config + " " + storageName(mode)
				if _, ok := dev[key]; ok {
					tally.add(tk, func(c *storageCounts) { c.deviations++ })
					continue
				}
				t.Run(key+"/"+storageName(mode), func(t *testing.T) {
					s := cfg.s
					s.MaxDepth, s.Storage = r.maxDepth, storageFor(mode, r.stored)
					got, err := runWith(r, cfg.config != "safety_plain", cfg.config != "safety_plain", s)
					if err != nil {
						t.Fatal(err)
					}
					tally.add(tk, func(c *storageCounts) { c.rows++ })
					if got.replay != "" {
						t.Errorf("trail: %s", got.replay)
					}
					// the counts are SPIN's where the exact store gives them
					// (TestSafetyPlain: complete and stopped-at-error rows
					// without an ltl block; TestAcceptanceNoreduce: the states
					// stored of complete rows, SPIN's merged transitions
					// differ): tree must give them, a lossy store may
					comparable := !ltlClaim(r) && (cfg.config == "safety_plain" && r.complete != "no" || cfg.config == "acc_noreduce" && r.complete == "yes")
					if mode.Mode == store.ModeTree {
						exactStored = got.stored
						if comparable {
							exactStored = r.stored
						}
					}
					equal := got.stored == r.stored && (cfg.config != "safety_plain" || got.trans == r.trans)
					if comparable {
						tally.add(tk, func(c *storageCounts) { c.comparable++ })
					}
					if comparable && equal {
						tally.add(tk, func(c *storageCounts) { c.identical++ })
					}
					if comparable && !equal && mode.Mode == store.ModeTree {
						t.Errorf("states stored %d, transitions %d; SPIN %d, %d", got.stored, got.trans, r.stored, r.trans)
					}
					ref := r.stored
					if exactStored >= 0 {
						ref = exactStored // an ltl block: gospin's automaton's product
					}
					if mode.Lossy() && r.verdict == "pass" && got.stored < ref*99/100 {
						tally.add(tk, func(c *storageCounts) { c.under99++ })
						t.Logf("stored %d of the %d an exact store gives (SPIN %d): verdict not compared", got.stored, ref, r.stored)
						return
					}
					if got.verdict != r.verdict || got.kind != r.errorKind {
						t.Errorf("verdict %s (%s); SPIN %s (%s)", got.verdict, got.kind, r.verdict, r.errorKind)
					} else {
						tally.add(tk, func(c *storageCounts) { c.verdictEqual++ })
					}
				})
			}
		}
	}
}
