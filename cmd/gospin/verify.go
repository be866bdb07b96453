package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"
	"time"

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
(model.pml.trail; with -e for every error: model.pml1.trail, ...), which
'gospin run -t' replays.

The options are those of SPIN's verifier (pan) and of 'spin -a':
-o1 turns dead-variable reset off, -o2 the hiding of write-only variables,
-o3 statement merging. With -noreduce -o1 -o2 -o3 gospin explores exactly
the state space that SPIN explores with the same settings.

The exit status is 0 when no error was found, 1 when one was, 2 on a bad
model or command line. Ctrl-C ends the search with the statistics so far.`,
		setup: setupVerify,
	})
}

// modelOptions are the settings that shape the state space (spin -a's).
type modelOptions struct {
	noDeadVarReset  bool // -o1
	noHideWriteOnly bool // -o2
	noMerge         bool // -o3
	noReduce        bool // -noreduce
}

func setupVerify(fs *flag.FlagSet) func([]string) int {
	var ff frontendFlags
	ff.register(fs)
	var mo modelOptions
	var vo verify.Options
	fs.BoolVar(&mo.noDeadVarReset, "o1", false, "do not reset dead variables (spin -o1)")
	fs.BoolVar(&mo.noHideWriteOnly, "o2", false, "do not hide write-only variables (spin -o2)")
	fs.BoolVar(&mo.noMerge, "o3", false, "do not merge statements (spin -o3)")
	fs.BoolVar(&vo.Stubborn, "stubborn", false, "stubborn sets: where no single process gives an ample set, reduce to the steps of a set of processes closed under dependency and enabling (with necessary enabling sets over guard conjuncts; safety searches, and -a or invariants on an ltl property or never claim reduced on the product); fewer states, more time per state; the default is SPIN-style ample sets of one process")
	fs.BoolVar(&vo.Leap, "leap", false, "leap sets: one step of every process that has an ample set at once (depth-first; safety searches, and -a or invariants with a claim the search reduces)")
	fs.BoolVar(&mo.noReduce, "noreduce", false, "no partial-order reduction (pan's -DNOREDUCE); reduction applies to safety searches, to searches with a never claim or ltl property (with -a by nested DFS; the claim in SI normal form, or its closure under stuttering with every error checked against the claim) and to -l (on the product with <>[] np_ in SI normal form); breadth-first with the queue proviso; never with -scc, -f, or -bfs with -l")
	fs.BoolVar(&vo.BFS, "bfs", false, "breadth-first search (shortest counterexamples)")
	fs.IntVar(&vo.MaxDepth, "m", 10000, "maximum search depth")
	fs.IntVar(&vo.HashLog2, "w", 20, "initial hash table size as a power of two (the table grows)")
	memlim := fs.Int64("memlim", 0, "memory limit in `MB` for states (0: none)")
	fs.IntVar(&vo.StopAfter, "c", 1, "stop at the `N`th error (0: do not stop)")
	fs.BoolVar(&vo.AllTrails, "e", false, "keep going and write a trail for every error")
	fs.BoolVar(&vo.IgnoreAssert, "A", false, "ignore assertion violations")
	fs.BoolVar(&vo.IgnoreEnd, "E", false, "ignore invalid end states")
	fs.BoolVar(&vo.Fair, "f", false, "weak fairness: only cycles on which every continuously enabled process moves (with -a or -l)")
	fs.BoolVar(&vo.NoCompress, "nocompress", false, "store states as they are (default: zero-suppressed when a sample of states shows that it saves a fifth or more)")
	fs.BoolVar(&vo.Compress, "compress", false, "store states zero-suppressed: a bitmap of the nonzero bytes, then those bytes")
	fs.BoolVar(&vo.SCC, "scc", false, "find cycles with the SCC-based check (Couvreur) instead of nested DFS; fairness as acceptance marks")
	fs.BoolVar(&vo.NonProgress, "l", false, "look for non-progress cycles (cycles without a progress label)")
	fs.BoolVar(&vo.Accept, "a", false, "look for acceptance cycles (never claim accept labels, or process accept labels without a claim)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	quiet := fs.Bool("q", false, "no progress line on stderr")
	noTrail := fs.Bool("notrail", false, "write no trail files")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the search to `file` (go tool pprof)")
	claimName := fs.String("N", "", "check only the never claim or ltl property `name`")
	noClaim := fs.Bool("noclaim", false, "ignore the model's never claims and ltl properties")
	noTGBA := fs.Bool("notgba", false, "with -scc -a, check ltl properties on their never claim (degeneralized) instead of their generalized Büchi automaton")
	return func(args []string) int {
		if len(args) != 1 {
			fmt.Fprintln(stderr, "gospin verify: expected one model")
			return exitUsage
		}
		path := args[0]
		if vo.AllTrails {
			vo.StopAfter = 0
		}
		vo.MemLimit = *memlim << 20
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
		case *noClaim:
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
		// search with the statistics so far
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		var sums []*report.Summary
		code := exitOK
		leapNote := false
		for _, p := range todo {
			o := vo
			plan, rtr := claimForReduction(r.Model, p, &o, ltlTranslator)
			rpp := plan.Prop
			onProduct := rpp != nil && (o.ClaimSI || o.ClaimInvariant)
			if o.Leap && (rpp != nil && !onProduct || o.Accept && rpp == nil || o.NonProgress || o.BFS || !o.Reduce) {
				// said, not silently dropped: leaps are sound in safety
				// searches without a claim (an inert claim is left out
				// of the search: rpp is nil) and on the product with a
				// claim that the search reduces (search/porltl_leap.go)
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
			if !*noTrail {
				o.TrailBase = path
				if len(todo) > 1 {
					o.TrailBase = path + "." + p.Name
				}
			}
			if !*quiet && !*asJSON && isTerminal(os.Stderr) {
				o.Progress = func(st search.Stats) {
					fmt.Fprintf(os.Stderr, "\rdepth %d  states %d  transitions %d  %.0f states/s  memory %.1f MB   ",
						st.DepthReached, st.StatesStored, st.Transitions,
						float64(st.StatesStored)/st.Elapsed.Seconds(), float64(st.Store.Memory())/(1<<20))
				}
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
			sum, _, err := verify.Run(ctx, path, m, ro)
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
			if o.Progress != nil {
				fmt.Fprint(os.Stderr, "\r\033[K")
			}
			if err != nil {
				fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
				return exitUsage
			}
			sum.ElapsedS = time.Since(start).Seconds()
			if p != nil {
				sum.Property = p.Name
			}
			sums = append(sums, sum)
			if sum.Errors > 0 {
				code = exitFound
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
			if len(sums) == 1 {
				report.JSON(stdout, sums[0])
			} else {
				report.JSONList(stdout, sums)
			}
		}
		return code
	}
}

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }
