package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"time"

	"github.com/gospin/gospin/internal/spinflag"
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/swarm"
	"github.com/gospin/gospin/verify"
	"golang.org/x/term"
)

// setupVerify declares the flags of gospin verify into a verify.Settings
// and returns the command: each property checked by verify.Check, printed.
func setupVerify(fs *flag.FlagSet) func([]string) int {
	var ff frontendFlags
	s := verify.Settings{Notes: stderr, Workers: verify.WorkersAuto}
	ff.registerVerify(fs, &s)
	fs.BoolVar(&s.NoDeadVarReset, "o1", false, "do not reset dead variables (spin -o1)")
	fs.BoolVar(&s.NoHideWriteOnly, "o2", false, "do not hide write-only variables (spin -o2)")
	fs.BoolVar(&s.NoMerge, "o3", false, "do not merge statements (spin -o3)")
	fs.BoolVar(&s.Stubborn, "stubborn", false, "stubborn sets: where no single process gives an ample set, reduce to the steps of a set of processes closed under dependency and enabling (with necessary enabling sets over guard conjuncts; safety searches, and -a or invariants on an ltl property or never claim reduced on the product); fewer states, more time per state; the default is SPIN-style ample sets of one process")
	fs.BoolVar(&s.Leap, "leap", false, "leap sets: one step of every process that has an ample set at once (depth-first; safety searches, and -a or invariants with a claim the search reduces)")
	fs.BoolVar(&s.NoReduce, "noreduce", false, "no partial-order reduction (pan's -DNOREDUCE); reduction applies to safety searches, to searches with a never claim or ltl property (with -a by nested DFS; the claim in SI normal form, or its closure under stuttering with every error checked against the claim) and to -l (on the product with <>[] np_ in SI normal form); breadth-first with the queue proviso; with -f (-a -f, -l -f) on the product unfolded for fairness, but for models with rendezvous or timeout; never with -scc, nor for accept labels without a claim (the report says why)")
	fs.StringVar(&s.Proviso, "proviso", "auto", "the reduction's cycle `proviso`: auto (the search's own with -j 1, which gives pan's counts; static with several workers, depth-first), search (-j 1's stack proviso; with several workers the done proviso, or the visited one with -store bitstate; -a with several workers then runs on one core), static (a step that may close a cycle of its process's control flow is kept out of reduced sets, whatever the search order: docs/parallel.md)")
	fs.BoolVar(&s.BFS, "bfs", false, "breadth-first search (shortest counterexamples; pan's -DBFS)")
	fs.Var(workersFlag{&s.Workers}, "j", "search with `N` workers (pan's -DNCORE=N): 1 is pan's sequential search (its order, depths and trails, and its counts with reduction); 0 or all: every core the process may use, with a note where the parallel search does not cover the search; auto (the default): every core where it does, else one, without a note, and one with a search order, -store tree or -leap (docs/parallel.md)")
	spinflag.NatVar(fs, &s.MaxDepth, "m", 10000, "maximum search `depth` (pan's -m; glued: -m100000)")
	spinflag.NatVar(fs, &s.HashLog2, "w", 20, "initial hash table size as a power of two (pan's -w; the table grows)")
	spinflag.Nat64Var(fs, &s.MemLimitMB, "memlim", 0, "memory limit in `MB` for the search (0: a budget from the machine's memory, its cgroup and ulimit -v; pan's -DMEMLIM=N)")
	var tl spinflag.Minutes
	fs.Var(&tl, "timelimit", "stop the search after `duration` (90s, 10m, 1h30m; a bare number is minutes, as pan's -Q); incomplete, exit 3")
	fs.BoolVar(&s.SafetyOnly, "safety", false, "as SPIN without -a: no acceptance search for a liveness property (pan's warning instead)")
	spinflag.NatVar(fs, &s.StopAfter, "c", 1, "stop at the `N`th error (0: do not stop; pan's -c)")
	fs.BoolVar(&s.AllTrails, "e", false, "keep going and write a trail for every error")
	fs.BoolVar(&s.IgnoreAssert, "A", false, "ignore assertion violations")
	fs.BoolVar(&s.IgnoreEnd, "E", false, "ignore invalid end states")
	fs.BoolVar(&s.StrictEnd, "q", false, "require empty channels in valid end states (pan's -q)")
	fs.BoolVar(&s.SelfLoops, "selfloop", false, "verify a model with an unconditional self-loop (a (1) step from a state to itself), which pan refuses")
	fs.BoolVar(&s.NoUnreached, "n", false, "no listing of unreached code (pan's -n)")
	fs.BoolFunc("i", "search for shorter error trails: after each error the depth limit becomes the error's depth and the search is run again, until no error is found (pan's -i; -bfs finds the shortest trail in one search)", func(string) error {
		s.Iterative = 1
		return nil
	})
	fs.BoolVar(&s.Fair, "f", false, "weak fairness: only cycles on which every continuously enabled process moves (with -a or -l)")
	fs.BoolVar(&s.NoCompress, "nocompress", false, "store states as they are (default: zero-suppressed when a sample of states shows that it saves a fifth or more)")
	fs.BoolVar(&s.Compress, "compress", false, "store states zero-suppressed: a bitmap of the nonzero bytes, then those bytes")
	fs.BoolVar(&s.SCC, "scc", false, "find cycles with the SCC-based check (Couvreur) instead of nested DFS; fairness as acceptance marks")
	fs.BoolVar(&s.NonProgress, "l", false, "look for non-progress cycles (cycles without a progress label)")
	fs.BoolVar(&s.Accept, "a", false, "look for acceptance cycles (never claim accept labels, or process accept labels without a claim)")
	asJSON := fs.Bool("json", false, "print the report as JSON (one object; 'gospin help verify' describes it)")
	noProgress := fs.Bool("noprogress", false, "no progress line on stderr")
	noTrail := fs.Bool("notrail", false, "write no trail files")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the search to `file` (go tool pprof)")
	fs.StringVar(&s.Claim, "N", "", "check only the never claim or ltl property `name`")
	fs.BoolVar(&s.NoClaim, "noclaim", false, "ignore the model's never claims and ltl properties")
	fs.StringVar(&s.TrailBase, "trailbase", "", "write the trails as if the model were `file` (file.gtrail, ...; gospin run -k replays them) instead of next to the model")
	sketchFile := fs.String("sketch", "", "write a HyperLogLog sketch of the states stored to `file` (gospin swarm merges them into an estimate of the states its jobs covered together)")
	registerStorage(fs, &s)
	fs.BoolVar(&s.NoTGBA, "notgba", false, "with -scc -a, check ltl properties on their never claim (degeneralized) instead of their generalized Büchi automaton")
	return func(args []string) int {
		if len(args) != 1 {
			fmt.Fprintln(stderr, "gospin verify: expected one model")
			return exitUsage
		}
		path := args[0]
		storageFromW(fs, &s)
		if err := s.Validate(); err != nil {
			fmt.Fprintf(stderr, "gospin verify: %v\n", err)
			return exitUsage
		}
		defer s.SetMemory()() // restored for in-process callers
		r := ff.load(path, false)
		if r == nil {
			return exitUsage
		}
		src := verify.NewSource(path, r)
		todo, err := verify.Properties(src, s)
		if err != nil {
			fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
			return exitUsage
		}
		if validateOnly {
			return exitOK
		}
		if *cpuProfile != "" {
			f, err := os.Create(*cpuProfile)
			if err != nil {
				fmt.Fprintf(stderr, "gospin: %v\n", err)
				return exitUsage
			}
			if err := pprof.StartCPUProfile(f); err != nil {
				fmt.Fprintf(stderr, "gospin: %v\n", err)
				return exitUsage
			}
			defer func() {
				pprof.StopCPUProfile()
				f.Close()
			}()
		}
		// Ctrl-C, or a termination request (kill, timeout(1)), ends the
		// search with the statistics so far, as does the time limit
		ctx, stop := verify.SignalContext(time.Duration(tl))
		defer stop()
		var sums []*report.Summary
		s.Log = stdout // pan's lines, such as "reducing search depth"
		if *asJSON {
			s.Log = stderr
		} else {
			// the report's first line, as pan's "(Spin Version ...)"
			fmt.Fprintln(stdout, versionLine())
		}
		s.WriteTrails = !*noTrail
		var sketch *swarm.Sketch
		if *sketchFile != "" {
			sketch = swarm.NewSketch()
			s.OnStore = sketch.Add
			defer func() {
				if err := sketch.WriteFile(*sketchFile); err != nil {
					fmt.Fprintf(stderr, "gospin: %v\n", err)
				}
			}()
		}
		tty := isTerminal(os.Stderr)
		if !*noProgress && !(tty && *asJSON) {
			s.Progress = verify.ProgressFunc(stderr, tty)
		}
		for _, p := range todo {
			sum, err := verify.Check(ctx, src, p, s)
			if s.Progress != nil && tty {
				fmt.Fprint(stderr, "\r\033[K")
			}
			if err != nil {
				fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
				return exitUsage
			}
			sums = append(sums, sum)
			if sum.MemoryBytes > 64<<20 {
				// the next property's store need not sit beside this
				// one's, garbage the collector has not yet returned
				debug.FreeOSMemory()
			}
			if !*asJSON {
				if len(todo) > 1 {
					fmt.Fprintf(stdout, "== property %s ==\n", p.Name)
				}
				report.Text(stdout, sum)
			}
			if ctx.Err() != nil {
				break
			}
		}
		if *asJSON {
			vi := readVersion()
			rev := vi.Revision
			if rev != "" && vi.Modified {
				rev += "+modified"
			}
			doc := report.NewDocument(vi.Version, rev, path, s.ReportOptions(ff.defines), sums)
			doc.Options.TimeLimitS = time.Duration(tl).Seconds()
			if err := doc.Write(stdout); err != nil {
				fmt.Fprintf(stderr, "gospin: %v\n", err)
				return exitUsage
			}
		}
		return exitCode(sums, len(todo))
	}
}

// exitCode is verify's exit status for the summaries of the properties
// checked (want: how many were to be checked).
func exitCode(sums []*report.Summary, want int) int {
	switch found, incomplete := verify.Status(sums, want); {
	case found:
		return exitFound
	case incomplete:
		return exitIncomplete
	}
	return exitOK
}

// validateOnly makes verify and run stop once the command line is checked
// and the model loaded, before any search or simulation (the command-line
// fuzz target sets it).
var validateOnly bool

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }
