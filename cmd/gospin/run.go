package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/gospin/gospin/internal/spinflag"
	"github.com/gospin/gospin/msc"
	"github.com/gospin/gospin/simulate"
	"github.com/gospin/gospin/verify"
)

// setupRun declares the flags of gospin run and returns the command: a
// random or interactive simulation, or the replay of a trail (-t).
func setupRun(fs *flag.FlagSet) func([]string) int {
	var ff frontendFlags
	ff.register(fs)
	var opt simulate.Options
	seed := fs.Uint64("seed", 1, "seed of the random simulation (spin seeds from the clock; gospin's default is fixed)")
	fs.Uint64Var(seed, "n", 1, "the same as -seed (spin's -nN: -n7)")
	spinflag.NatVar(fs, &opt.MaxSteps, "u", 0, "stop after `N` steps (0: no limit; spin's -uN)")
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
		src := verify.NewSource(path, r)
		switch {
		case *trailPath != "" || replay.n >= 0 || *claimName != "":
			tp := *trailPath
			if tp == "" {
				var err error
				if tp, err = verify.FindTrail(src, *claimName, max(replay.n, 0), stderr); err != nil {
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
		e, claim, err := verify.SimModel(src, opt.Trail, stdout)
		if err != nil {
			fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
			return exitUsage
		}
		opt.ClaimNumber = claim
		if validateOnly {
			return exitOK
		}
		drawn := msc.Start(*mscFile, path, &opt)
		res, err := simulate.Run(e, opt)
		if err != nil {
			fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
			return exitUsage
		}
		if err := drawn(res); err != nil {
			fmt.Fprintf(stderr, "gospin: %v\n", err)
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
func (t *trailNumber) Optional()        {}
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
