package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/simulate"
	"github.com/gospin/gospin/trail"
)

func init() {
	register(&command{
		name:  "run",
		args:  "model.pml",
		short: "simulate a model (random, interactive, or replaying a trail)",
		long: `
Run simulates one execution of the model, as spin does without -a: at
random (the default), interactively (-i: the executable statements are
listed and the number of the one to execute is read from the standard
input; q quits), or replaying the trail of an error found by 'gospin
verify' (-t: model.pml.trail, or -trail FILE).

The random choices come from a PCG generator seeded with -seed. Unlike
spin, which seeds from the clock, the default seed is fixed (1), so that
two runs without -seed are the same run; pass -seed to vary it.

The output is spin's: printf output indented per process (-T: not), and
with -p -g -l -s -r -c the steps, globals, locals, sends, receives and
the message sequence chart. The "(state N)" numbers are gospin's own
location numbers, not spin's, and jumps such as .(goto) and break are not
steps of their own, so step numbers can differ from spin's.

The exit status is 0 when the run ends normally (or at the step limit, or
when the user quits), 1 when it reaches an error (a failed assertion, a
run-time error, an invalid end state), 2 on a bad model or command line.`,
		setup: setupRun,
	})
}

func setupRun(fs *flag.FlagSet) func([]string) int {
	var ff frontendFlags
	ff.register(fs)
	var opt simulate.Options
	seed := fs.Uint64("seed", 1, "seed of the random simulation (spin seeds from the clock; gospin's default is fixed)")
	fs.IntVar(&opt.MaxSteps, "u", 0, "stop after `N` steps (0: no limit)")
	interactive := fs.Bool("i", false, "interactive simulation: choices are read from the standard input")
	replay := fs.Bool("t", false, "replay the trail model.pml.trail")
	trailPath := fs.String("trail", "", "replay the trail in `file`")
	fs.BoolVar(&opt.PrintSteps, "p", false, "print every step")
	fs.BoolVar(&opt.Globals, "g", false, "print the global variables after each step")
	fs.BoolVar(&opt.Locals, "l", false, "print the local variables that a step changes")
	fs.BoolVar(&opt.Sends, "s", false, "print sends")
	fs.BoolVar(&opt.Recvs, "r", false, "print receives")
	fs.BoolVar(&opt.MSC, "c", false, "columnated message sequence chart")
	fs.BoolVar(&opt.NoTag, "T", false, "do not indent printf output")
	fs.BoolVar(&opt.Quiet, "q", false, "quiet: print only printf output and errors")
	return func(args []string) int {
		if len(args) != 1 {
			fmt.Fprintln(stderr, "gospin run: expected one model")
			return exitUsage
		}
		path := args[0]
		opt.Seed = *seed
		opt.Output = stdout
		switch {
		case *trailPath != "" || *replay:
			tp := *trailPath
			if tp == "" {
				tp = trail.Path(path, 0)
			}
			t, err := simulate.ReadTrailFile(tp)
			if err != nil {
				fmt.Fprintf(stderr, "gospin: %v\n", err)
				return exitUsage
			}
			opt.Mode, opt.Trail = simulate.Replay, t
		case *interactive:
			opt.Mode, opt.Input = simulate.Interactive, stdin
		}
		r := ff.load(path, false)
		if r == nil {
			return exitUsage
		}
		// As in SPIN, a random or interactive simulation runs without the
		// never claim; a replay uses the property the trail was found for.
		var prop *property.Property
		props := property.List(r.Model)
		if opt.Mode == simulate.Replay {
			if name := opt.Trail.Headers["property"]; name != "" {
				if prop = property.Find(props, name); prop == nil {
					fmt.Fprintf(stderr, "gospin: %s: the trail is for property %q, which the model does not have\n", path, name)
					return exitUsage
				}
			}
		} else {
			for _, p := range props {
				if p.Kind == property.Never {
					fmt.Fprintln(stdout, "warning: never claim not used in random simulation")
					break
				}
			}
		}
		tr := ltlTranslator
		if opt.Mode == simulate.Replay && opt.Trail.Headers["claim"] == "si" && tr != nil {
			tr = property.SITranslator // the claim the trail was found with
		}
		pm, err := property.Model(r.Model, prop, tr)
		if err != nil {
			fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
			return exitUsage
		}
		rp := *r
		rp.Model = pm
		prog, err := lower(&rp)
		if err != nil {
			fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
			return exitUsage
		}
		if prog.Trace != nil {
			// SPIN checks trace and notrace sequences only in
			// verification; a replay does not report their errors either
			if opt.Mode != simulate.Replay {
				fmt.Fprintln(stdout, "warning: trace assertion not used in random simulation")
			}
			prog.Trace = nil
		}
		// No dead-variable reset and no hiding: the simulation shows
		// every variable as the model has it. A trail found with
		// statement merging (gospin verify's default) is replayed with it.
		merge := opt.Mode == simulate.Replay && opt.Trail.Headers["merge"] == "yes"
		e, err := engine.NewWithOptions(prog, engine.Options{Merge: merge})
		if err != nil {
			fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
			return exitUsage
		}
		res, err := simulate.Run(e, opt)
		if err != nil {
			fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
			return exitUsage
		}
		if res.Failed() {
			return exitFound
		}
		return exitOK
	}
}

// stdin is where interactive choices are read from (tests replace it).
var stdin io.Reader = os.Stdin
