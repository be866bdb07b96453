package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

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
verify' (-t: model.pml.gtrail; -t1, -t2, ...: the trails model.pml1.gtrail,
... that verify -e wrote; -k FILE or -trail FILE: that file). For a model
with several properties -t finds the trail by itself (model.pml.NAME.gtrail;
the newest when several properties have one), or -N NAME names the
property. Trails under the names gospin used before (model.pml.trail, when
they are gospin's and not SPIN's) are read too. A replay of an acceptance
cycle shows the never claim's moves as spin -t does ("Never claim moves to
line N").

spin's spellings work: -n7 (the seed), -t2, -k file, -DN=3, -I. (glued),
-u100, and flags after the model (gospin run m.pml -p).

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
run-time error, an invalid end state, or the end of a trail of a cycle),
2 on a bad model or command line, or a trail that does not fit the model.`,
		setup: setupRun,
	})
}

func setupRun(fs *flag.FlagSet) func([]string) int {
	var ff frontendFlags
	ff.register(fs)
	var opt simulate.Options
	seed := fs.Uint64("seed", 1, "seed of the random simulation (spin seeds from the clock; gospin's default is fixed)")
	fs.Uint64Var(seed, "n", 1, "the same as -seed (spin's -nN: -n7)")
	natVar(fs, &opt.MaxSteps, "u", 0, "stop after `N` steps (0: no limit; spin's -uN)")
	interactive := fs.Bool("i", false, "interactive simulation: choices are read from the standard input")
	replay := &trailNumber{n: -1}
	fs.Var(replay, "t", "replay the trail model.pml.gtrail (model.pml.NAME.gtrail with several properties); -tN (spin's -t1, -t2, ...) the trail model.pmlN.gtrail that -e wrote")
	trailPath := fs.String("trail", "", "replay the trail in `file`")
	fs.StringVar(trailPath, "k", "", "the same as -trail: replay the trail in `file` (spin's -k)")
	claimName := fs.String("N", "", "with -t, replay the trail found for the property `name`")
	fs.BoolVar(&opt.PrintSteps, "p", false, "print every step")
	fs.BoolVar(&opt.Globals, "g", false, "print the global variables after each step")
	fs.BoolVar(&opt.Locals, "l", false, "print the local variables that a step changes")
	fs.BoolVar(&opt.Sends, "s", false, "print sends")
	fs.BoolVar(&opt.Recvs, "r", false, "print receives")
	fs.BoolVar(&opt.MSC, "c", false, "columnated message sequence chart")
	fs.BoolVar(&opt.NoTag, "T", false, "do not indent printf output")
	fs.BoolVar(&opt.Quiet, "q", false, "quiet: print only printf output and errors")
	mscFile := fs.String("msc", "", "draw the run's message sequence chart into `file`: SVG, or with .html a page that steps through the run showing the variables")
	return func(args []string) int {
		if len(args) != 1 {
			fmt.Fprintln(stderr, "gospin run: expected one model")
			return exitUsage
		}
		path := args[0]
		opt.Seed = *seed
		opt.Output = stdout
		r := ff.load(path, false)
		if r == nil {
			return exitUsage
		}
		props := property.List(r.Model)
		switch {
		case *trailPath != "" || replay.n >= 0 || *claimName != "":
			tp := *trailPath
			if tp == "" {
				var err error
				if tp, err = findTrail(path, props, *claimName, max(replay.n, 0)); err != nil {
					fmt.Fprintf(stderr, "gospin: %v\n", err)
					return exitUsage
				}
			}
			if fi, err := os.Stat(tp); err == nil && !fi.Mode().IsRegular() {
				fmt.Fprintf(stderr, "gospin: %s: not a regular file\n", tp)
				return exitUsage
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
		// As in SPIN, a random or interactive simulation runs without the
		// never claim; a replay uses the property the trail was found for.
		var prop *property.Property
		if opt.Mode == simulate.Replay {
			if name := opt.Trail.Headers["property"]; name != "" {
				if prop = property.Find(props, name); prop == nil {
					fmt.Fprintf(stderr, "gospin: %s: the trail is for property %q, which the model does not have\n", path, name)
					return exitUsage
				}
				for i := range props {
					if props[i].Name == name {
						opt.ClaimNumber = i + 1
					}
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
		// a trail found with pan's -q: end states need empty channels
		strict := opt.Mode == simulate.Replay && opt.Trail.Headers["strict-end"] == "yes"
		e, err := engine.NewWithOptions(prog, engine.Options{Merge: merge, StrictEnd: strict})
		if err != nil {
			fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
			return exitUsage
		}
		if validateOnly {
			return exitOK
		}
		drawn := startMSC(*mscFile, path, &opt)
		res, err := simulate.Run(e, opt)
		if err != nil {
			fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
			return exitUsage
		}
		if !drawn(res) {
			return exitUsage
		}
		switch {
		case res.End == simulate.TrailMismatch:
			fmt.Fprintf(stderr, "gospin: %s: the trail does not fit the model (at step %d): it was written for another model or other options\n", path, res.Steps)
			return exitUsage
		case res.Failed():
			return exitFound
		case res.End == simulate.TrailEnd && opt.Trail.CycleStart >= 0:
			return exitFound // the trail of a cycle, followed to its end
		}
		return exitOK
	}
}

// findTrail returns the trail of model path that gospin run -t replays:
// the n-th trail (trail.Name) of the property named name, or when name is
// empty of the model without a property name, or else of the one property
// of the model that has one (the newest when several have, with a note).
// It falls back on the names gospin used before (trail.OldName), for
// trails in gospin's format.
func findTrail(path string, props []property.Property, name string, n int) (string, error) {
	exists := func(p string) bool {
		st, err := os.Stat(p)
		return err == nil && st.Mode().IsRegular()
	}
	// the trail's own property header, to check a trail without the
	// property in its name
	propOf := func(p string) string {
		t, err := trail.ReadFile(p)
		if err != nil {
			return ""
		}
		return t.Headers["property"]
	}
	spinTrail := ""
	try := func(prop string, anyProp bool) string {
		for _, p := range []string{trail.Name(path, prop, n), trail.OldName(path, prop, n)} {
			if !exists(p) {
				continue
			}
			if p != trail.Name(path, prop, n) && !trail.IsGospin(p) {
				spinTrail = p
				continue
			}
			if anyProp || prop != "" || name == "" || propOf(p) == name {
				return p
			}
		}
		return ""
	}
	if name != "" {
		if property.Find(props, name) == nil {
			return "", fmt.Errorf("%s: no never claim or ltl property named %q", path, name)
		}
		if p := try(name, false); p != "" {
			return p, nil
		}
		if p := try("", false); p != "" {
			return p, nil
		}
	} else {
		if p := try("", true); p != "" {
			return p, nil
		}
		var found []string
		for _, pr := range props {
			if p := try(pr.Name, true); p != "" {
				found = append(found, p)
			}
		}
		if len(found) > 0 {
			sort.SliceStable(found, func(i, j int) bool { return modTime(found[i]).After(modTime(found[j])) })
			if len(found) > 1 {
				fmt.Fprintf(stderr, "gospin: replaying %s, the newest of %s (-N name chooses)\n", found[0], strings.Join(found, ", "))
			}
			return found[0], nil
		}
	}
	if spinTrail != "" {
		return "", fmt.Errorf("%s is a trail of SPIN's, not gospin's: replay it with spin -t (gospin's trails are %s)", spinTrail, trail.Name(path, name, n))
	}
	want := trail.Name(path, name, n)
	if name == "" && len(props) > 1 {
		want = trail.Name(path, "NAME", n)
	}
	return "", fmt.Errorf("%s: no trail (%s); run gospin verify first", path, want)
}

func modTime(p string) time.Time {
	st, err := os.Stat(p)
	if err != nil {
		return time.Time{}
	}
	return st.ModTime()
}

// stdin is where interactive choices are read from (tests replace it).
var stdin io.Reader = os.Stdin

// trailNumber is gospin run's -t: -t alone replays model.pml.trail, -tN
// (spin's -t1, -t2, ...) model.pmlN.trail; n is -1 when -t is not given.
type trailNumber struct{ n int }

func (t *trailNumber) String() string {
	if t == nil || t.n < 0 {
		return "false"
	}
	return strconv.Itoa(t.n)
}
func (t *trailNumber) IsBoolFlag() bool { return true }
func (t *trailNumber) optional()        {}
func (t *trailNumber) Set(s string) error {
	switch s {
	case "true":
		t.n = 0
		return nil
	case "false":
		t.n = -1
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return errors.New("-t takes a trail number: -t, -t1, -t2, ...")
	}
	t.n = n
	return nil
}
