package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"syscall"
	"time"

	"github.com/gospin/gospin/internal/membudget"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/verify"
	"golang.org/x/term"
)

func init() {
	register(&command{
		name:  "verify",
		args:  "model.pml",
		short: "verify a model exhaustively (assertions, invalid end states)",
		long: `
Verify explores every reachable state of the model and reports assertion
violations, run-time errors and invalid end states (deadlocks), with SPIN's
statistics. A trail is written next to the model for the first error
(model.pml.gtrail; with -e for every error: model.pml1.gtrail, ...), which
'gospin run -t' replays.

The options are those of SPIN's verifier (pan) and of 'spin -a':
-o1 turns dead-variable reset off, -o2 the hiding of write-only variables,
-o3 statement merging. With -noreduce -o1 -o2 -o3 gospin explores exactly
the state space that SPIN explores with the same settings.

The exit status is
  0  the search was complete and found no error;
  1  errors were found (a trail that could not be written also gives 1);
  2  a bad model or command line;
  3  no error was found, but the search was not complete: it ended at the
     depth limit (-m), the memory limit, the time limit (-timelimit), or on
     SIGINT (Ctrl-C) or SIGTERM.
A search that ends early prints the statistics so far and says why
("Warning: Search not completed (memory limit)"); the JSON report has
"complete": false and the reason in "incomplete".

Each error's trail is written as soon as the error is found (atomically),
so an interrupted search keeps the trails of the errors it found. Trails
are gospin's own format and are named so that spin -t does not take them
for its own: model.pml.gtrail (model.pml1.gtrail, ... with -e), and
model.pml.NAME.gtrail for property NAME of a model with several.

Memory: with no -memlim, gospin gives the search a budget from the
machine: the lowest of physical memory, the cgroup's memory limit and
ulimit -v (whose budget is what the limit leaves beyond the process's
present size: the Go runtime reserves much address space up front), with
a margin. At the budget the search stops cleanly, marked incomplete
("memory limit"), with a line saying what to try.

Liveness: an ltl property (or never claim) whose violations only an
acceptance cycle shows (<> p, [] <> p, ...) is checked with the acceptance
search even without -a, with a note saying so; -safety keeps SPIN's
behaviour (no cycle search, and pan's warning that the claim "requires -a
flag to fully verify").

SPIN's spellings work: flags may follow the model (gospin verify m.pml -a);
pan's numbers may be glued (-m100000 -w24 -c0); pan's -q (valid end states
need empty channels), -n (no unreached-code listing), -i and -I (shorter
trails: after each error the search runs again with the depth limit at the
error's depth, or half of it for -I) are pan's. gcc's -D of pan's
compile-time names is taken too: -D with one of pan's names (NOREDUCE, BFS,
SAFETY, NP, MEMLIM=N, NOCLAIM, NOCOMP; VECTORSZ=N and other tuning names
are accepted and ignored with a note; BITSTATE, HC0-HC4, COLLAPSE and MA
are refused: gospin's storage is exhaustive) is that pan option, any other
-D defines a macro of the model, as spin -D does; -macro defines a macro
whatever its name. -I dir adds an #include directory; -I alone (or before
something that is not a directory) is pan's -I.

The report is pan's: a first line naming gospin's version, then each error
as "gospin:1: assertion violated (x<3) (at depth 5)", at the depth pan
reports for a safety error (the number of steps before the failing one,
the never claim's steps counted apart from the system's, as pan counts
them; for an acceptance or non-progress cycle gospin's own count, and for
an ltl property pan's may be one less, where spin's claim fails with an
assertion of its own where gospin's reaches its end).
Where the numbers are gospin's own they differ from pan's: the state
vector's size (gospin's layout), the memory figures, the "state N" numbers
of the unreached-code listing (gospin's locations) and, where statements
are merged differently, the depth and the numbers of states. On a terminal
the progress is one line on stderr; elsewhere (a log, CI) pan's lines
"Depth= States= Transitions= Memory= t= R=" every two seconds; -noprogress
turns both off.

With -json the report is one JSON object on stdout, whatever was checked:
version, revision, schema (an integer, 1, raised only when a field changes
meaning or goes), model, options (the settings asked for), complete and
reason (why not complete, "" when complete), errors, and properties: a list
with one entry per property checked (one, named "", for a model without a
claim), each with its checks (claim, assertions, end_states, acceptance,
non_progress, fairness, reduction, storage), complete, reason, the
statistics, violations, unreached, reduction_note and stutter_note.`,
		setup: setupVerify,
	})
}

// modelOptions are the settings that shape the state space (spin -a's).
type modelOptions struct {
	noDeadVarReset  bool // -o1
	noHideWriteOnly bool // -o2
	noMerge         bool // -o3
	noReduce        bool // -noreduce
	strictEnd       bool // -q: valid end states need empty channels (pan -q)
}

func setupVerify(fs *flag.FlagSet) func([]string) int {
	var ff frontendFlags
	var mo modelOptions
	var vo verify.Options
	var memlim int64
	var noClaim, safety, np bool
	iterative := 0 // pan's -i (1) and -I (2)
	ff.registerVerify(fs, panTargets{noReduce: &mo.noReduce, bfs: &vo.BFS, noClaim: &noClaim,
		noCompress: &vo.NoCompress, safety: &safety, np: &np, memlimMB: &memlim}, &iterative)
	fs.BoolVar(&mo.noDeadVarReset, "o1", false, "do not reset dead variables (spin -o1)")
	fs.BoolVar(&mo.noHideWriteOnly, "o2", false, "do not hide write-only variables (spin -o2)")
	fs.BoolVar(&mo.noMerge, "o3", false, "do not merge statements (spin -o3)")
	fs.BoolVar(&vo.Stubborn, "stubborn", false, "stubborn sets: where no single process gives an ample set, reduce to the steps of a set of processes closed under dependency and enabling (with necessary enabling sets over guard conjuncts; safety searches, and -a or invariants on an ltl property or never claim reduced on the product); fewer states, more time per state; the default is SPIN-style ample sets of one process")
	fs.BoolVar(&vo.Leap, "leap", false, "leap sets: one step of every process that has an ample set at once (depth-first; safety searches, and -a or invariants with a claim the search reduces)")
	fs.BoolVar(&mo.noReduce, "noreduce", false, "no partial-order reduction (pan's -DNOREDUCE); reduction applies to safety searches, to searches with a never claim or ltl property (with -a by nested DFS; the claim in SI normal form, or its closure under stuttering with every error checked against the claim) and to -l (on the product with <>[] np_ in SI normal form); breadth-first with the queue proviso; never with -scc, -f, or -bfs with -l")
	fs.BoolVar(&vo.BFS, "bfs", false, "breadth-first search (shortest counterexamples; pan's -DBFS)")
	natVar(fs, &vo.MaxDepth, "m", 10000, "maximum search `depth` (pan's -m; glued: -m100000)")
	natVar(fs, &vo.HashLog2, "w", 20, "initial hash table size as a power of two (pan's -w; the table grows)")
	nat64Var(fs, &memlim, "memlim", 0, "memory limit in `MB` for the search (0: a budget from the machine's memory, its cgroup and ulimit -v; pan's -DMEMLIM=N)")
	var tl timeLimit
	fs.Var(&tl, "timelimit", "stop the search after `duration` (90s, 10m, 1h30m; a bare number is minutes, as pan's -Q); incomplete, exit 3")
	safetyOnly := fs.Bool("safety", false, "as SPIN without -a: no acceptance search for a liveness property (pan's warning instead)")
	natVar(fs, &vo.StopAfter, "c", 1, "stop at the `N`th error (0: do not stop; pan's -c)")
	fs.BoolVar(&vo.AllTrails, "e", false, "keep going and write a trail for every error")
	fs.BoolVar(&vo.IgnoreAssert, "A", false, "ignore assertion violations")
	fs.BoolVar(&vo.IgnoreEnd, "E", false, "ignore invalid end states")
	fs.BoolVar(&mo.strictEnd, "q", false, "require empty channels in valid end states (pan's -q)")
	noUnreached := fs.Bool("n", false, "no listing of unreached code (pan's -n)")
	fs.BoolFunc("i", "search for shorter error trails: after each error the depth limit becomes the error's depth and the search is run again, until no error is found (pan's -i; -bfs finds the shortest trail in one search)", func(string) error {
		iterative = 1
		return nil
	})
	fs.BoolVar(&vo.Fair, "f", false, "weak fairness: only cycles on which every continuously enabled process moves (with -a or -l)")
	fs.BoolVar(&vo.NoCompress, "nocompress", false, "store states as they are (default: zero-suppressed when a sample of states shows that it saves a fifth or more)")
	fs.BoolVar(&vo.Compress, "compress", false, "store states zero-suppressed: a bitmap of the nonzero bytes, then those bytes")
	fs.BoolVar(&vo.SCC, "scc", false, "find cycles with the SCC-based check (Couvreur) instead of nested DFS; fairness as acceptance marks")
	fs.BoolVar(&vo.NonProgress, "l", false, "look for non-progress cycles (cycles without a progress label)")
	fs.BoolVar(&vo.Accept, "a", false, "look for acceptance cycles (never claim accept labels, or process accept labels without a claim)")
	asJSON := fs.Bool("json", false, "print the report as JSON (one object; 'gospin help verify' describes it)")
	noProgress := fs.Bool("noprogress", false, "no progress line on stderr")
	noTrail := fs.Bool("notrail", false, "write no trail files")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the search to `file` (go tool pprof)")
	claimName := fs.String("N", "", "check only the never claim or ltl property `name`")
	fs.BoolVar(&noClaim, "noclaim", false, "ignore the model's never claims and ltl properties")
	noTGBA := fs.Bool("notgba", false, "with -scc -a, check ltl properties on their never claim (degeneralized) instead of their generalized Büchi automaton")
	return func(args []string) int {
		if len(args) != 1 {
			fmt.Fprintln(stderr, "gospin verify: expected one model")
			return exitUsage
		}
		path := args[0]
		if err := checkVerifyOptions(&vo, &mo, safety, np, &iterative); err != nil {
			fmt.Fprintf(stderr, "gospin verify: %v\n", err)
			return exitUsage
		}
		if vo.AllTrails {
			vo.StopAfter = 0
		}
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1)) // restored for in-process callers
		memHint := setMemory(&vo, memlim)
		vo.Reduce = !mo.noReduce
		r := ff.load(path, false)
		if r == nil {
			return exitUsage
		}
		// The properties to check: the one named by -N, none with
		// -noclaim, else every never claim and ltl block in turn.
		props := property.List(r.Model)
		var todo []*property.Property
		switch {
		case noClaim:
			todo = []*property.Property{nil}
		case vo.NonProgress && len(props) > 0:
			// pan compiled with -DNP checks non-progress cycles with its
			// own claim and ignores the model's: so does -l, and says so
			names := ""
			for i := range props {
				if i > 0 {
					names += ", "
				}
				names += props[i].Name
			}
			fmt.Fprintf(stderr, "gospin: note: -l checks non-progress cycles with its own claim, as pan -DNP does; the model's never claim and ltl properties were not checked (%s)\n", names)
			todo = []*property.Property{nil}
		case *claimName != "":
			p := property.Find(props, *claimName)
			if p == nil {
				fmt.Fprintf(stderr, "gospin: %s: no never claim or ltl property named %q\n", path, *claimName)
				return exitUsage
			}
			todo = []*property.Property{p}
		case len(props) == 0:
			todo = []*property.Property{nil}
		default:
			for i := range props {
				if props[i].Kind == property.LTL && ltlTranslator == nil {
					fmt.Fprintf(stderr, "gospin: %s: ltl %s skipped: no LTL translator in this build\n", path, props[i].Name)
					continue
				}
				todo = append(todo, &props[i])
			}
			if len(todo) == 0 {
				todo = []*property.Property{nil}
			}
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
		ctx, stop := searchContext(time.Duration(tl))
		defer stop()
		var sums []*report.Summary
		progressOut := stdout // pan's lines, such as "reducing search depth"
		if *asJSON {
			progressOut = stderr
		} else {
			// the report's first line, as pan's "(Spin Version ...)"
			fmt.Fprintln(stdout, versionLine())
		}
		leapNote := false
		for _, p := range todo {
			o := vo
			if p != nil && !o.Accept && !o.NonProgress && property.NeedsAcceptance(r.Model, p, ltlTranslator) {
				if *safetyOnly || safety { // -safety, or pan's -DSAFETY
					w := stdout
					if *asJSON {
						w = stderr
					}
					fmt.Fprintln(w, "warning: never claim + accept labels requires -a flag to fully verify")
				} else {
					fmt.Fprintf(stderr, "gospin: %s: %s is a liveness property: searching for acceptance cycles (as with -a; -safety: as SPIN, not)\n", path, p.Name)
					o.Accept = true
				}
			}
			plan, rtr := claimForReduction(r.Model, p, &o, ltlTranslator)
			rpp := plan.Prop
			onProduct := rpp != nil && (o.ClaimSI || o.ClaimInvariant)
			if o.Leap && (rpp != nil && !onProduct || o.Accept && rpp == nil || o.NonProgress || o.BFS || !o.Reduce) {
				// said, not silently dropped: leaps are sound in safety
				// searches without a claim (an inert claim is left out
				// of the search: rpp is nil) and on the product with a
				// claim that the search reduces (por/leap.go)
				o.Leap = false
				if !leapNote {
					fmt.Fprintln(stderr, "gospin: -leap is not used: leap sets apply to depth-first searches with reduction, without a claim or with one the search reduces (an ltl property or never claim read in SI normal form, or an invariant; docs/por-ltl.md says why)")
					leapNote = true
				}
			}
			pm, err := property.Model(r.Model, rpp, rtr)
			if err != nil {
				fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
				return exitUsage
			}
			rp := *r
			rp.Model = pm
			bo := mo
			if plan.RemoteVars {
				// without the claim, the model must keep the steps it
				// has with it (its P:v turns merging and dead-variable
				// reset off), for its trails to be rewritten for it
				bo.noMerge, bo.noDeadVarReset = true, true
			}
			m, err := buildModel(&rp, bo)
			if err != nil {
				fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
				return exitUsage
			}
			if verify.AcceptIgnored(m, o) {
				// as pan: verify.Run searches for safety errors
				fmt.Fprintln(stderr, "warning: no accept labels are defined, so option -a has no effect (ignored)")
			}
			if p != nil {
				o.Property = p.Name
			}
			if p != nil && p.Kind == property.LTL && o.SCC && o.Accept && !o.NonProgress && !*noTGBA {
				if m, err = tgbaModel(r, p, mo, &o); err != nil {
					fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
					return exitUsage
				}
			}
			if !mo.noMerge {
				h := map[string]string{"merge": "yes"}
				for k, v := range o.TrailHeaders {
					h[k] = v
				}
				o.TrailHeaders = h
			}
			if mo.strictEnd {
				// pan -q: a replay must judge the end state the same way
				h := map[string]string{"strict-end": "yes"}
				for k, v := range o.TrailHeaders {
					h[k] = v
				}
				o.TrailHeaders = h
			}
			if !*noTrail {
				o.TrailBase = path
				if p != nil && len(props) > 1 {
					o.TrailProperty = p.Name
				}
			}
			tty := isTerminal(os.Stderr)
			if !*noProgress && !(tty && *asJSON) {
				o.Progress = progressFunc(stderr, tty)
			}
			start := time.Now()
			closure := usesClosure(p, &o) || o.InertClaim
			ro := o
			var mc verify.Model
			if closure {
				// the model with the usual claim N: the errors found
				// against N's closure are checked along their trails
				// against N (Holzmann and Kupferman), and kept only when
				// N has them
				if pm, err = property.Model(r.Model, p, ltlTranslator); err == nil {
					rp.Model = pm
					mc, err = buildModel(&rp, mo)
				}
				if err != nil {
					fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
					return exitUsage
				}
				ro.ClosureOf = mc
			}
			if closure && iterative != 0 {
				fmt.Fprintln(stderr, "gospin: -i and -I are not used: this property is checked on its closure under stuttering")
			}
			var sum *report.Summary
			if iterative != 0 && !closure {
				sum, err = runIterative(ctx, path, m, ro, iterative, progressOut)
			} else {
				sum, _, err = verify.Run(ctx, path, m, ro)
			}
			if closure && err == nil {
				var full *report.Summary
				if sum.Unconfirmed > 0 && sum.Errors == 0 && ctx.Err() == nil {
					// an error of the closure only: the search without
					// reduction against the claim decides
					fo := o
					fo.Reduce, fo.ClaimSI, fo.InertClaim = false, false, false
					fo.ReductionNote = ""
					if m, err = buildModel(&rp, mo); err == nil {
						full, _, err = verify.Run(ctx, path, m, fo)
					}
				}
				if err == nil && o.InertClaim {
					if full != nil {
						sum = full // not expected: every error is the claim's
					} else {
						sum.StutterNote = inertNote
					}
				} else if err == nil {
					note := closureNote(sum, full, p.Kind == property.Never, o.Accept)
					if full != nil {
						sum = full
					}
					sum.StutterNote = note
				}
			}
			if o.Progress != nil && tty {
				fmt.Fprint(stderr, "\r\033[K")
			}
			if err != nil {
				fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
				return exitUsage
			}
			sum.ElapsedS = time.Since(start).Seconds()
			if p != nil {
				sum.Property = p.Name
			}
			if sum.Incomplete == "memory limit" {
				sum.MemoryHint = memHint
			}
			sum.StrictEnd = mo.strictEnd
			if *noUnreached {
				sum.Unreached = nil // pan -n
			}
			sums = append(sums, sum)
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
			rev := vi.revision
			if rev != "" && vi.modified {
				rev += "+modified"
			}
			doc := report.NewDocument(vi.version, rev, path, jsonOptions(&vo, &mo, memlim, iterative, *claimName, noClaim, ff.defines), sums)
			doc.Options.TimeLimitS = time.Duration(tl).Seconds()
			doc.Options.SafetyOnly = *safetyOnly || safety
			if err := doc.Write(stdout); err != nil {
				fmt.Fprintf(stderr, "gospin: %v\n", err)
				return exitUsage
			}
		}
		return exitCode(sums, len(todo))
	}
}

// exitCode is verify's exit status for the summaries of the properties
// checked (want: how many were to be checked; fewer when a signal or the
// time limit ended the run early).
func exitCode(sums []*report.Summary, want int) int {
	found, incomplete := false, len(sums) < want
	for _, s := range sums {
		if s.Errors > 0 || len(s.TrailErrors) > 0 {
			found = true
		}
		if !s.Complete {
			incomplete = true
		}
	}
	switch {
	case found:
		return exitFound
	case incomplete:
		return exitIncomplete
	}
	return exitOK
}

// timeLimit is the value of -timelimit: a duration (90s, 1h30m), or a
// bare number of minutes (pan's habit).
type timeLimit time.Duration

func (t *timeLimit) String() string {
	if t == nil || *t == 0 {
		return ""
	}
	return time.Duration(*t).String()
}

func (t *timeLimit) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		m, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil || math.IsNaN(m) || math.IsInf(m, 0) || m > 1e9 {
			return fmt.Errorf("want a duration such as 90s, 10m or 1h30m, or a number of minutes")
		}
		d = time.Duration(m * float64(time.Minute))
	}
	if d < 0 {
		return fmt.Errorf("must not be negative")
	}
	*t = timeLimit(d)
	return nil
}

// searchContext returns the context a search runs under: cancelled by
// SIGINT ("interrupted") or SIGTERM ("terminated"), and by the time limit
// d ("time limit") when d > 0. After the first signal a second one is no
// longer caught: it ends the process at once.
func searchContext(d time.Duration) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigc := make(chan os.Signal, 1)
	signal.Notify(sigc, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-sigc:
			signal.Stop(sigc)
			reason := "interrupted"
			if sig == syscall.SIGTERM {
				reason = "terminated"
			}
			cancel(&search.StopCause{Reason: reason})
		case <-done:
		}
	}()
	stop := func() {
		signal.Stop(sigc)
		close(done)
		cancel(nil)
	}
	if d > 0 {
		tctx, tcancel := context.WithTimeoutCause(ctx, d, &search.StopCause{Reason: "time limit"})
		return tctx, func() { tcancel(); stop() }
	}
	return ctx, stop
}

// setMemory sets the memory limits of the search: the store's own
// accounting (vo.MemLimit), the bound on all the memory the runtime maps
// (vo.HeapLimit) and the garbage collector's soft limit, from -memlim
// (MB) and the machine's budget (package membudget). It returns the line
// the report prints when the search stops at the limit.
func setMemory(vo *verify.Options, memlimMB int64) string {
	b := membudget.Budget()
	vo.MemGuard = membudget.Guard()
	if memlimMB > 0 {
		lim := memlimMB << 20
		vo.MemLimit = lim
		vo.HeapLimit = lim + lim/4 + 64<<20
		if b.Bytes > 0 && vo.HeapLimit > b.Budget {
			vo.HeapLimit = b.Budget
			if vo.MemLimit > b.Budget/10*8 {
				vo.MemLimit = b.Budget / 10 * 8
				fmt.Fprintf(stderr, "gospin: -memlim %d is more than the machine allows (%s): the search gets %d MB\n", memlimMB, b, vo.MemLimit>>20)
			}
		}
		debug.SetMemoryLimit(vo.HeapLimit)
		return fmt.Sprintf("-memlim %d MB reached: raise -memlim, or shrink the state space (-m, fewer processes or smaller ranges)", vo.MemLimit>>20)
	}
	if b.Bytes == 0 {
		return ""
	}
	vo.HeapLimit = b.Budget
	vo.MemLimit = b.Budget / 10 * 8
	debug.SetMemoryLimit(b.Budget)
	return fmt.Sprintf("gospin's memory budget of %d MB (from %s) reached: give the search more memory (a higher ulimit -v or cgroup limit, then -memlim MB), or shrink the state space (-m, fewer processes or smaller ranges); hash compaction and bitstate storage are not in gospin yet", b.Budget>>20, b)
}

// validateOnly makes verify and run stop once the command line is checked
// and the model loaded, before any search or simulation (the command-line
// fuzz target sets it).
var validateOnly bool

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// checkVerifyOptions refuses the combinations pan refuses and says what
// it drops, as pan does.
func checkVerifyOptions(vo *verify.Options, mo *modelOptions, safety, np bool, iterative *int) error {
	if safety && (vo.Accept || vo.NonProgress || vo.Fair) {
		return errors.New("-a, -l and -f are disabled by -DSAFETY (as in pan)")
	}
	if safety && np {
		return errors.New("cannot combine -DNP and -DSAFETY (as in pan)")
	}
	if np && vo.Accept {
		fmt.Fprintln(stderr, "gospin: warning: -a is disabled by -DNP, ignored (as in pan)")
		vo.Accept = false
	}
	if *iterative != 0 && (vo.Accept || vo.NonProgress) {
		fmt.Fprintln(stderr, "gospin: warning: -i or -I work for safety properties only (ignored)")
		*iterative = 0
	}
	if *iterative != 0 && vo.BFS {
		fmt.Fprintln(stderr, "gospin: -i and -I are not used: a breadth-first search finds the shortest trail")
		*iterative = 0
	}
	if *iterative != 0 && vo.AllTrails {
		return errors.New("-i and -I keep one trail, the shortest: they cannot be combined with -e")
	}
	if vo.HashLog2 > 40 {
		return fmt.Errorf("-w%d: the hash table would have 2^%d slots (at most -w40)", vo.HashLog2, vo.HashLog2)
	}
	return nil
}

// runIterative is pan's -i (iterative 1) and -I (2): after an error at
// depth N the search runs again with the depth limit N (pan -i) or N/2
// (pan -I), so that only shorter trails are found, until a search finds
// no error. Pan lowers the limit within one search; gospin starts a new
// one each time. Neither is sure to find the shortest trail (a state first
// reached by a long path is matched when reached again by a shorter one):
// -bfs is. The summary is that of the last search that found an error,
// whose trail is the one left on disk; the depth limit that search ran
// under is -i's own, and not reported as "max search depth too small".
func runIterative(ctx context.Context, path string, m verify.Model, o verify.Options, iterative int, out io.Writer) (*report.Summary, error) {
	o.StopAfter, o.AllTrails = 1, false
	best, _, err := verify.Run(ctx, path, m, o)
	n := 1 // the number of the best error, as pan numbers them
	for err == nil && best.Errors > 0 && len(best.Violations) > 0 && ctx.Err() == nil {
		// the search's depth of the error is pan's depth + 1 (panDepth)
		d := best.Violations[0].Depth + 1
		limit := d - 1
		if iterative == 2 {
			limit = d / 2
		}
		if limit < 1 || limit >= o.MaxDepth && o.MaxDepth > 0 {
			break
		}
		o.MaxDepth = limit
		sum, _, rerr := verify.Run(ctx, path, m, o)
		if rerr != nil {
			return nil, rerr
		}
		if sum.Errors == 0 {
			break
		}
		sum.DepthLimited = false // the limit is -i's
		// as pan: each error found, then the new limit; the last one
		// found is the report's
		v := best.Violations[0]
		fmt.Fprintf(out, "gospin:%d: %s (at depth %d)\n", n, v.Message, v.Depth)
		if v.Trail != "" {
			fmt.Fprintf(out, "gospin: wrote %s\n", v.Trail)
		}
		fmt.Fprintf(out, "gospin: reducing search depth to %d\n", limit)
		best = sum
		n++
	}
	if best != nil {
		best.ErrorNumber = n - 1
	}
	return best, err
}

// progressFunc prints the search's progress: on a terminal one line
// rewritten in place, elsewhere (a log, CI) pan's lines
// "Depth= ... States= ... Transitions= ... Memory= ... t= ... R= ...".
func progressFunc(w io.Writer, tty bool) func(search.Stats) {
	return func(st search.Stats) {
		secs := st.Elapsed.Seconds()
		mem := float64(st.Store.Memory()+st.StackBytes) / (1 << 20)
		if tty {
			fmt.Fprintf(w, "\rdepth %d  states %d  transitions %d  %.0f states/s  memory %.1f MB   ",
				st.DepthReached, st.StatesStored, st.Transitions, float64(st.StatesStored)/secs, mem)
			return
		}
		fmt.Fprintf(w, "Depth= %7d States= %8.3g Transitions= %8.3g Memory= %9.3f\t",
			st.DepthReached, float64(st.StatesStored), float64(st.Transitions), mem)
		if secs > 0.01 {
			fmt.Fprintf(w, "t= %8.3g R= %7.0g", secs, float64(st.StatesStored)/secs)
		}
		fmt.Fprintln(w)
	}
}

// jsonOptions are the settings of the JSON report.
func jsonOptions(vo *verify.Options, mo *modelOptions, memlim int64, iterative int, claim string, noClaim bool, defines []string) report.Options {
	o := report.Options{
		Search:          "dfs",
		MaxDepth:        vo.MaxDepth,
		HashLog2:        vo.HashLog2,
		MemLimitMB:      memlim,
		StopAfter:       vo.StopAfter,
		AllTrails:       vo.AllTrails,
		Reduce:          vo.Reduce,
		Stubborn:        vo.Stubborn,
		Leap:            vo.Leap,
		SCC:             vo.SCC,
		DeadVarReset:    !mo.noDeadVarReset,
		HideWriteOnly:   !mo.noHideWriteOnly,
		Merge:           !mo.noMerge,
		StrictEndStates: mo.strictEnd,
		Property:        claim,
		NoClaim:         noClaim,
		Defines:         append([]string{}, defines...),
	}
	if vo.BFS {
		o.Search = "bfs"
	}
	switch iterative {
	case 1:
		o.Iterative = "-i"
	case 2:
		o.Iterative = "-I"
	}
	return o
}
