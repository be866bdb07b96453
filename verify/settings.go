package verify

import (
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/gospin/gospin/internal/membudget"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/store"
	"github.com/gospin/gospin/trail"
)

// Settings are what a user asks of a verification: the options of spin -a
// and of pan, under the names gospin verify gives them. Check derives the
// search's plan from them (which claim, which reduction, which rebuilds);
// DefaultSettings gives pan's defaults.
type Settings struct {
	// The state space, as spin -a shapes it.
	NoDeadVarReset  bool // -o1
	NoHideWriteOnly bool // -o2
	NoMerge         bool // -o3
	StrictEnd       bool // -q: valid end states need empty channels
	// SelfLoops: search a model with an unconditional self-loop, which pan
	// refuses at start-up (and gospin with it, by default).
	SelfLoops bool // -selfloop

	// The search, as pan's options ask for it.
	NoReduce bool // -noreduce, -DNOREDUCE
	Stubborn bool // -stubborn: stubborn sets where no ample set exists
	Leap     bool // -leap: leap sets
	// Proviso: -proviso, the reduction's cycle proviso (Options.Proviso)
	Proviso      string
	BFS          bool // -bfs, -DBFS
	MaxDepth     int  // -m
	HashLog2     int  // -w
	MemLimitMB   int64
	StopAfter    int  // -c (0 with AllTrails)
	AllTrails    bool // -e
	IgnoreAssert bool // -A
	IgnoreEnd    bool // -E
	Accept       bool // -a
	NonProgress  bool // -l
	Fair         bool // -f
	SCC          bool // -scc
	NoCompress   bool // -nocompress, -DNOCOMP
	Compress     bool // -compress
	Iterative    int  // pan's -i (1) and -I (2)
	NoUnreached  bool // -n: no unreached-code listing
	// Storage: -store exact|tree|hc|bitstate, -mem, -hcbits, -k,
	// -hashseed (pan's -DBITSTATE, -DHC0..4, -DCOLLAPSE, -DMA, -k, -RS);
	// with a lossy mode and no -mem, an explicit -w N gives its size as pan
	// does (Storage.Log2: 2^N bits or cells).
	Storage store.Config
	// Workers: -j, the workers of the search (package parsearch): 0 and
	// 1 are pan's sequential search; WorkersAuto (DefaultSettings's, gospin
	// verify's default) is every core the process may use where the
	// parallel search covers the search, else one worker (gospin verify
	// turns -j 0 and -j all into the number of cores the process may
	// use, with a note where they cannot be used).
	Workers int

	// The properties.
	Claim   string // -N: only this never claim or ltl property
	NoClaim bool   // -noclaim, -DNOCLAIM
	// SafetyOnly (-safety): no acceptance search for a liveness property
	// without -a, as SPIN; pan's warning instead.
	SafetyOnly bool
	Safety     bool // -DSAFETY: as SafetyOnly, and -a, -l and -f are refused
	PanNP      bool // -DNP: -a is ignored
	NoTGBA     bool // -notgba: -scc -a checks ltl properties on their never claim

	// WriteTrails: write a trail file next to the model for each error.
	WriteTrails bool
	// TrailBase, when not empty, names the trails as if the model were
	// this file (TrailBase.gtrail, ...) instead of writing them next to
	// the model (-trailbase; a swarm's jobs write theirs into its results
	// directory). gospin run -k FILE replays such a trail.
	TrailBase string
	// Order is the order in which successors are explored (-DP_REVERSE,
	// -DP_RAND, -DT_REVERSE, -DT_RAND; pins.Reorder). Its seed, when 0,
	// is the hash seed (-hashseed, pan's -RSn, which seeds both in pan).
	Order pins.Order
	// OnStore, when not nil, is called with a hash of each state newly
	// stored (Options.OnStore): a swarm job's cardinality sketch.
	OnStore func(hash uint64)
	// OnTrail, when not nil, receives each error's trail (Options.OnTrail),
	// written or not.
	OnTrail func(*trail.Trail)
	// Progress, when not nil, is called with the search's statistics.
	Progress func(search.Stats)
	// Log receives the lines that belong to the report (pan's warning
	// that a claim needs -a, -i's "reducing search depth"); Notes
	// receives the notes and warnings about what was checked. Either may
	// be nil (the lines are dropped).
	Log, Notes io.Writer

	// derived by SetMemory
	memSet    bool
	memLimit  int64
	heapLimit int64
	memGuard  func(extra int64) bool
	memHint   string
}

// DefaultSettings are pan's defaults (-m10000 -w20 -c1) with gospin's
// (partial-order reduction, statement merging, trails written, every core
// where the parallel search covers the search: WorkersAuto).
func DefaultSettings() Settings {
	return Settings{MaxDepth: 10000, HashLog2: 20, StopAfter: 1, WriteTrails: true, Workers: WorkersAuto}
}

func (s *Settings) log() io.Writer   { return orDiscard(s.Log) }
func (s *Settings) notes() io.Writer { return orDiscard(s.Notes) }

func orDiscard(w io.Writer) io.Writer {
	if w == nil {
		return io.Discard
	}
	return w
}

// Validate refuses the combinations pan refuses and drops, with a note,
// those pan drops.
func (s *Settings) Validate() error {
	if s.Safety && (s.Accept || s.NonProgress || s.Fair) {
		return errors.New("-a, -l and -f are disabled by -DSAFETY (as in pan)")
	}
	if s.Safety && s.PanNP {
		return errors.New("cannot combine -DNP and -DSAFETY (as in pan)")
	}
	if s.PanNP && s.Accept {
		fmt.Fprintln(s.notes(), "gospin: warning: -a is disabled by -DNP, ignored (as in pan)")
		s.Accept = false
	}
	if s.Iterative != 0 && (s.Accept || s.NonProgress) {
		fmt.Fprintln(s.notes(), "gospin: warning: -i or -I work for safety properties only (ignored)")
		s.Iterative = 0
	}
	if s.Iterative != 0 && s.BFS {
		fmt.Fprintln(s.notes(), "gospin: -i and -I are not used: a breadth-first search finds the shortest trail")
		s.Iterative = 0
	}
	if s.Iterative != 0 && s.AllTrails {
		return errors.New("-i and -I keep one trail, the shortest: they cannot be combined with -e")
	}
	switch s.Proviso {
	case "", ProvisoAuto, ProvisoSearch, ProvisoStatic:
	default:
		return fmt.Errorf("-proviso %s: the cycle proviso is auto, search or static", s.Proviso)
	}
	if s.HashLog2 > 40 {
		return fmt.Errorf("-w%d: the hash table would have 2^%d slots (at most -w40)", s.HashLog2, s.HashLog2)
	}
	if s.AllTrails {
		s.StopAfter = 0
	}
	if err := s.Storage.Validate(); err != nil {
		return err
	}
	if s.Storage.Lossy() && s.SCC && (s.Accept || s.NonProgress || s.Fair) {
		return fmt.Errorf("-scc reads states back from the store: -store %s cannot give them (nested DFS, without -scc, can)", s.Storage.Mode)
	}
	return nil
}

// SetMemory sets the memory limits of the searches: the store's own
// accounting, the bound on all the memory the runtime maps and the
// garbage collector's soft limit, from MemLimitMB and the machine's budget
// (package membudget). The garbage collector's limit is the process's:
// restore puts back the one there was.
func (s *Settings) SetMemory() (restore func()) {
	old := debug.SetMemoryLimit(-1)
	restore = func() { debug.SetMemoryLimit(old) }
	s.memSet = true
	b := membudget.Budget()
	s.memGuard = membudget.Guard()
	if s.MemLimitMB > 0 {
		lim := s.MemLimitMB << 20
		s.memLimit = lim
		s.heapLimit = lim + lim/4 + 64<<20
		if b.Bytes > 0 && s.heapLimit > b.Budget {
			s.heapLimit = b.Budget
			if s.memLimit > b.Budget/10*8 {
				s.memLimit = b.Budget / 10 * 8
				fmt.Fprintf(s.notes(), "gospin: -memlim %d is more than the machine allows (%s): the search gets %d MB\n", s.MemLimitMB, b, s.memLimit>>20)
			}
		}
		debug.SetMemoryLimit(s.heapLimit)
		s.memHint = fmt.Sprintf("-memlim %d MB reached: raise -memlim, or shrink the state space (-m, fewer processes or smaller ranges)", s.memLimit>>20)
		return restore
	}
	if b.Bytes == 0 {
		return restore
	}
	s.heapLimit = b.Budget
	s.memLimit = b.Budget / 10 * 8
	debug.SetMemoryLimit(b.Budget)
	s.memHint = fmt.Sprintf("gospin's memory budget of %d MB (from %s) reached: give the search more memory (a higher ulimit -v or cgroup limit, then -memlim MB), or shrink the state space (-m, fewer processes or smaller ranges)", b.Budget>>20, b)
	return restore
}

// options are the search options the settings ask for, before a property
// is planned.
func (s *Settings) options() Options {
	o := Options{
		BFS: s.BFS, MaxDepth: s.MaxDepth, HashLog2: s.HashLog2, StopAfter: s.StopAfter,
		AllTrails: s.AllTrails, IgnoreAssert: s.IgnoreAssert, IgnoreEnd: s.IgnoreEnd,
		Accept: s.Accept, NonProgress: s.NonProgress, Fair: s.Fair, SCC: s.SCC,
		NoCompress: s.NoCompress, Compress: s.Compress, Reduce: !s.NoReduce,
		Leap: s.Leap, Stubborn: s.Stubborn, Progress: s.Progress, OnTrail: s.OnTrail,
		MemLimit: s.memLimit, HeapLimit: s.heapLimit, MemGuard: s.memGuard,
		Storage: s.Storage, Order: s.Order, OnStore: s.OnStore,
		Workers: s.Workers, Notes: s.Notes, Proviso: s.Proviso,
	}
	if !s.memSet && s.MemLimitMB > 0 {
		o.MemLimit = s.MemLimitMB << 20
	}
	if o.Order.Seed == 0 {
		// pan's -RSn seeds the hash functions and the random orders
		o.Order.Seed = s.Storage.Seed
	}
	if m := s.Storage.Mem; m > 0 && !s.Storage.Lossy() && (o.MemLimit == 0 || m < o.MemLimit) {
		o.MemLimit = m // -mem bounds an exact or tree store
	}
	if s.AllTrails {
		o.StopAfter = 0
	}
	return o
}

// ReportOptions are the settings as the JSON report gives them (defines:
// the model's macros).
func (s *Settings) ReportOptions(defines []string) report.Options {
	o := report.Options{
		Search:          "dfs",
		MaxDepth:        s.MaxDepth,
		HashLog2:        s.HashLog2,
		MemLimitMB:      s.MemLimitMB,
		StopAfter:       s.StopAfter,
		AllTrails:       s.AllTrails,
		Reduce:          !s.NoReduce,
		Stubborn:        s.Stubborn,
		Leap:            s.Leap,
		SCC:             s.SCC,
		DeadVarReset:    !s.NoDeadVarReset,
		HideWriteOnly:   !s.NoHideWriteOnly,
		Merge:           !s.NoMerge,
		StrictEndStates: s.StrictEnd,
		Property:        s.Claim,
		NoClaim:         s.NoClaim,
		Defines:         append([]string{}, defines...),
		SafetyOnly:      s.SafetyOnly || s.Safety,
	}
	if s.BFS {
		o.Search = "bfs"
	}
	o.Store, o.MemBytes, o.HCBits, o.K, o.HashSeed = s.Storage.Mode, s.Storage.LossyBytes(), s.Storage.Bits(), s.Storage.Indices(), s.Storage.Seed
	if o.Store == "" {
		o.Store = "exact"
	}
	if !s.Storage.Lossy() {
		o.MemBytes = s.Storage.Mem
	}
	switch s.Iterative {
	case 1:
		o.Iterative = "-i"
	case 2:
		o.Iterative = "-I"
	}
	return o
}
