package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/gospin/gospin/internal/membudget"
	"github.com/gospin/gospin/internal/spinflag"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/store"
	"github.com/gospin/gospin/swarm"
	"github.com/gospin/gospin/verify"
)

// passFlag is an option of gospin verify that gospin swarm gives every
// job as it is (the property and the model's shape).
type passFlag struct {
	name  string
	bool  bool
	glued bool
	list  *[]string
	seen  *bool
}

func (f *passFlag) String() string   { return "" }
func (f *passFlag) IsBoolFlag() bool { return f.bool }
func (f *passFlag) Set(v string) error {
	if f.seen != nil {
		*f.seen = true
	}
	if f.bool {
		if v != "true" {
			return fmt.Errorf("-%s takes no value", f.name)
		}
		*f.list = append(*f.list, "-"+f.name)
		return nil
	}
	*f.list = append(*f.list, "-"+f.name+"="+v)
	return nil
}

// gluedPass is a passFlag that may be glued to its value (-DN=3, -I.).
type gluedPass struct{ passFlag }

func (gluedPass) Glued() {}

func setupSwarm(fs *flag.FlagSet) func([]string) int {
	var c swarm.Config
	var pass []string
	var user struct{ accept, nonProgress, fair, noClaim, bfs, dfs bool }
	for _, f := range []struct {
		name, usage string
		seen        *bool
	}{
		{"a", "acceptance cycles (gospin verify's -a)", &user.accept},
		{"l", "non-progress cycles (-l)", &user.nonProgress},
		{"f", "weak fairness (-f)", &user.fair},
		{"noclaim", "ignore the model's never claims and ltl properties", &user.noClaim},
		{"bfs", "every job breadth-first (by default a job in eight is, for safety properties)", &user.bfs},
		{"A", "ignore assertion violations", nil},
		{"E", "ignore invalid end states", nil},
		{"q", "valid end states need empty channels (pan's -q)", nil},
		{"safety", "no acceptance search for a liveness property without -a", nil},
		{"o1", "no dead-variable reset (spin -o1)", nil},
		{"o2", "do not hide write-only variables (spin -o2)", nil},
		{"o3", "no statement merging (spin -o3)", nil},
	} {
		fs.Var(&passFlag{name: f.name, bool: true, list: &pass, seen: f.seen}, f.name, "every job: "+f.usage)
	}
	fs.Var(&passFlag{name: "N", list: &pass}, "N", "every job checks only the never claim or ltl property `name`")
	var macros, includes []string
	fs.Var(&gluedPass{passFlag{name: "D", list: &pass}}, "D", "a macro of the model, or one of pan's compile-time names, for every job: `NAME[=VALUE]` (glued: -DN=3)")
	fs.Var(&passFlag{name: "macro", list: &pass}, "macro", "a macro of the model whatever its name: `NAME[=VALUE]`")
	fs.Var(&gluedPass{passFlag{name: "I", list: &pass}}, "I", "an #include `directory`")
	fs.BoolVar(&user.dfs, "dfs", false, "every job depth-first (a breadth-first search stores the states inside atomic sequences that a depth-first one does not, so its states do not count toward the same state space)")
	fs.BoolVar(&c.NoReduce, "noreduce", false, "every job without partial-order reduction (by default jobs alternate ample sets, stubborn sets and none)")
	spinflag.NatVar(fs, &c.MaxDepth, "m", 0, "every job's depth limit (default: limits around the probe's depth, from half to 8 times; glued: -m100000)")
	spinflag.NatVar(fs, &c.Jobs, "jobs", 8, "the number of searches")
	spinflag.NatVar(fs, &c.Slots, "slots", 0, "how many jobs run at once (default: the machine's cores, or fewer where the memory holds fewer jobs, for -backend local; every job for slurm)")
	fs.DurationVar(&c.Time, "time", time.Minute, "the swarm's wall time (the jobs share it in waves of -slots)")
	mem := fs.String("mem", "256MB", "each job's store's memory `size` (64MB, 1.5GB; gospin verify's -mem): its bit array or hash-compaction table, or the limit of an exact store")
	fs.StringVar(&c.Storage, "store", "mixed", "the jobs' storage (gospin verify's -store): bitstate, hc (hash compaction), mixed (bitstate, hc every fourth job) or exact (exhaustive: for models that fit)")
	fs.StringVar(&c.Storage, "storage", "mixed", "the same as -store")
	fs.Uint64Var(&c.Seed, "seed", 1, "the swarm's seed: the jobs' hash seeds and random orders are drawn from it")
	probe := fs.Duration("probe", 3*time.Second, "the probe search's time (its depth places the jobs' depth limits; 0: no probe)")
	backend := fs.String("backend", "local", "where the jobs run: local (child processes on this machine) or slurm (a job array through sbatch)")
	fs.StringVar(&c.Dir, "dir", "", "the results `directory` (default: MODEL.swarm); reports, sketches, trails, the plan and the batch script go there")
	dry := fs.Bool("dry-run", false, "print the plan (and, with -backend slurm, the batch script) and run nothing")
	stopOnError := fs.Bool("stop-on-error", false, "stop the other jobs when one finds an error (scancel with slurm)")
	asJSON := fs.Bool("json", false, "print the merged result as JSON")
	collect := fs.String("collect", "", "merge the results in `directory` (a swarm run does it at its end) and exit")
	task := fs.Int("task", -1, "run job `I` of the plan in -dir (what each Slurm array task does)")
	quiet := fs.Bool("quiet", false, "no line per job on stderr")
	return func(args []string) int {
		switch {
		case *collect != "":
			return swarmCollect(*collect, *asJSON)
		case *task >= 0:
			return swarmTask(c.Dir, *task)
		}
		if len(args) != 1 {
			fmt.Fprintln(stderr, "gospin swarm: expected one model")
			return exitUsage
		}
		c.Model = args[0]
		n, err := store.ParseSize(*mem)
		if err != nil {
			fmt.Fprintf(stderr, "gospin swarm: -mem: %v\n", err)
			return exitUsage
		}
		c.Mem = n
		if c.Dir == "" {
			c.Dir = filepath.Base(c.Model) + ".swarm"
		}
		if *backend != "local" && *backend != "slurm" {
			fmt.Fprintf(stderr, "gospin swarm: -backend %q: want local or slurm\n", *backend)
			return exitUsage
		}
		if c.Slots == 0 {
			c.Slots = swarmSlots(c, *backend)
		}
		if c.NoReduce {
			pass = append(pass, "-noreduce")
		}
		c.Args = pass
		for _, a := range pass {
			if v, ok := strings.CutPrefix(a, "-D="); ok {
				macros = append(macros, v)
			} else if v, ok := strings.CutPrefix(a, "-macro="); ok {
				macros = append(macros, v)
			} else if v, ok := strings.CutPrefix(a, "-I="); ok {
				includes = append(includes, v)
			}
		}
		// the model is read here: its errors are said once, before any
		// job runs, and its properties say whether breadth-first jobs can
		// check them
		var modelMacros []string
		probeSettings := verify.DefaultSettings()
		for _, m := range macros {
			if ok, _ := probeSettings.SetPanDefine(m); !ok {
				modelMacros = append(modelMacros, m)
			}
		}
		src, err := verify.Load(c.Model, &frontend.Config{Defines: modelMacros, IncludeDirs: includes})
		if err != nil {
			fmt.Fprintf(stderr, "gospin swarm: %v\n", err)
			return exitUsage
		}
		c.BFS = !user.bfs && !user.dfs && !user.accept && !user.nonProgress && !user.fair && (user.noClaim || len(src.Properties()) == 0)
		exe, err := os.Executable()
		if err != nil {
			fmt.Fprintf(stderr, "gospin swarm: %v\n", err)
			return exitUsage
		}
		if *dry {
			p, err := swarm.NewPlan(c)
			if err != nil {
				fmt.Fprintf(stderr, "gospin swarm: %v\n", err)
				return exitUsage
			}
			printPlan(p, exe, *probe)
			if *backend == "slurm" {
				fmt.Fprintf(stdout, "\n# %s\n%s", filepath.Join(p.Dir, swarm.ScriptFile), swarm.BatchScript(p, exe))
			}
			return exitOK
		}
		if _, err := os.Stat(filepath.Join(c.Dir, swarm.PlanFile)); err == nil {
			fmt.Fprintf(stderr, "gospin swarm: %s holds a swarm's results already: remove it or give another -dir\n", c.Dir)
			return exitUsage
		}
		if err := os.MkdirAll(c.Dir, 0o755); err != nil {
			fmt.Fprintf(stderr, "gospin swarm: %v\n", err)
			return exitUsage
		}
		start := time.Now()
		if code := runSwarmJobs(c, exe, *probe, *backend, *stopOnError, *quiet); code >= 0 {
			return code
		}
		code := swarmCollect(c.Dir, *asJSON)
		if !*asJSON {
			fmt.Fprintf(stdout, "wall time: %.1fs\n", time.Since(start).Seconds())
		}
		return code
	}
}

// swarmSlots is the default of -slots: every job at once on Slurm; on
// this machine its cores, or as many jobs as its memory holds at once (a
// job: its store, a quarter more, and 256 MB).
func swarmSlots(c swarm.Config, backend string) int {
	if backend == "slurm" {
		return c.Jobs
	}
	slots := runtime.NumCPU()
	if b := membudget.Budget(); b.Bytes > 0 {
		need := c.Mem + c.Mem/4 + 256<<20
		if fit := int(b.Budget / need); fit < slots {
			slots = max(fit, 1)
			fmt.Fprintf(stderr, "gospin swarm: -slots %d: no more jobs with -mem %s fit in the budget of %s at once\n", slots, store.FormatSize(c.Mem), b)
		}
	}
	return slots
}

// swarmTask runs job task of the plan in dir (what each Slurm array task
// does) and returns its exit status.
func swarmTask(dir string, task int) int {
	if dir == "" {
		fmt.Fprintln(stderr, "gospin swarm: -task needs -dir")
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "gospin swarm: %v\n", err)
		return exitUsage
	}
	code, err := swarm.RunTask(ctx, dir, task, exe)
	if err != nil {
		fmt.Fprintf(stderr, "gospin swarm: %v\n", err)
		return exitUsage
	}
	return max(code, 0)
}

// runSwarmJobs runs the probe search, then the swarm's jobs on the
// backend; it returns an exit status when the swarm must end without
// collecting (a failure), else -1.
func runSwarmJobs(c swarm.Config, exe string, probe time.Duration, backend string, stopOnError, quiet bool) int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	o := swarm.RunOptions{Exe: exe, StopOnError: stopOnError}
	if !quiet {
		o.Log = stderr
	}
	start := time.Now()
	if probe > 0 {
		pj, err := swarm.ProbeJob(c, min(probe, c.Time/4))
		if err != nil {
			fmt.Fprintf(stderr, "gospin swarm: %v\n", err)
			return exitUsage
		}
		code, err := swarm.RunJob(ctx, exe, pj)
		if err != nil {
			fmt.Fprintf(stderr, "gospin swarm: probe: %v\n", err)
			return exitUsage
		}
		if code == 2 {
			fmt.Fprintf(stderr, "gospin swarm: the probe search failed: %s\n", readFirstLine(filepath.Join(pj.Dir, swarm.StderrFile)))
			return exitUsage
		}
		c.ProbeDepth = probeDepth(pj)
		if !quiet {
			fmt.Fprintf(stderr, "gospin swarm: probe: %s, depth %d in %.1fs\n", swarmExit(code), c.ProbeDepth, time.Since(start).Seconds())
		}
		c.Time -= time.Since(start)
		if code == 1 && stopOnError {
			c.Jobs = 0
		}
	}
	if c.Jobs > 0 && ctx.Err() == nil {
		p, err := swarm.NewPlan(c)
		if err != nil {
			fmt.Fprintf(stderr, "gospin swarm: %v\n", err)
			return exitUsage
		}
		if err := p.Write(); err != nil {
			fmt.Fprintf(stderr, "gospin swarm: %v\n", err)
			return exitUsage
		}
		switch backend {
		case "local":
			err = swarm.RunLocal(ctx, p, o)
		case "slurm":
			_, err = swarm.RunSlurm(ctx, p, o, swarm.DefaultSlurm)
		}
		if err != nil {
			fmt.Fprintf(stderr, "gospin swarm: %v\n", err)
			if backend == "slurm" {
				return exitUsage
			}
		}
	}
	return -1
}

// swarmCollect prints the merged result of the swarm in dir and returns
// the exit status.
func swarmCollect(dir string, asJSON bool) int {
	r, err := swarm.Collect(dir)
	if err != nil {
		fmt.Fprintf(stderr, "gospin swarm: %v\n", err)
		return exitUsage
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(r); err != nil {
			fmt.Fprintf(stderr, "gospin swarm: %v\n", err)
			return exitUsage
		}
	} else {
		r.WriteText(stdout)
	}
	return r.ExitCode()
}

func printPlan(p *swarm.Plan, exe string, probe time.Duration) {
	fmt.Fprintf(stdout, "# gospin swarm plan: %d jobs on %s, %s each (%d at once), results in %s\n", len(p.Jobs), p.Model, p.JobTime, p.Config.Slots, p.Dir)
	if probe > 0 {
		fmt.Fprintf(stdout, "# (a run first probes the depth for %s: the depth limits below are placed around pan's default, as without a probe)\n", min(probe, p.Config.Time/4))
	}
	for i := range p.Jobs {
		j := &p.Jobs[i]
		fmt.Fprintf(stdout, "# job %d: %s\n%s\n", j.Index, j.Summary(), swarm.CommandLine(exe, j))
	}
}

// probeDepth is the depth the probe reached (0 without a report).
func probeDepth(j *swarm.Job) int {
	b, err := os.ReadFile(filepath.Join(j.Dir, swarm.ReportFile))
	if err != nil {
		return 0
	}
	var doc struct {
		Properties []struct {
			Depth int `json:"depth"`
		} `json:"properties"`
	}
	if json.Unmarshal(b, &doc) != nil {
		return 0
	}
	d := 0
	for _, p := range doc.Properties {
		d = max(d, p.Depth)
	}
	return d
}

func swarmExit(code int) string {
	switch code {
	case 0:
		return "complete, no error"
	case 1:
		return "error found"
	case 3:
		return "no error, incomplete"
	}
	return "exit status " + strconv.Itoa(code)
}

func readFirstLine(path string) string {
	b, _ := os.ReadFile(path)
	l, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return l
}
