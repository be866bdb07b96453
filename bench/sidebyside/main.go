package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

func main() {
	os.Exit(run())
}

func run() int {
	var o options
	var corpus, jsonOut, gospinBin, tags, gargs, repo, configList, modelList string
	var top int
	flag.StringVar(&configList, "config", "safety_plain", "configurations, comma separated, or all: "+strings.Join(configOrder, ", ")+" (see the corpus README)")
	flag.StringVar(&corpus, "corpus", "", "corpus models `dir`; its ../expected.tsv picks the rows (with -top) and gives each its spin, gcc and pan commands")
	flag.IntVar(&top, "top", 0, "with -corpus: per configuration, the `N` complete rows with the most states stored by SPIN (0: 10 for safety_plain, safety_noreduce, safety and acc, 5 for the others)")
	flag.StringVar(&modelList, "models", "", "only these models, comma separated names (with -corpus: among all complete rows of each configuration, not only the largest)")
	flag.DurationVar(&o.timeout, "timeout", 120*time.Second, "time limit per run (each spin -a, gcc, pan, gospin)")
	flag.IntVar(&o.runs, "runs", 1, "runs per model and tool; medians are reported")
	flag.StringVar(&jsonOut, "json", "", "also write the results as JSON to `file`")
	flag.BoolVar(&o.spinOnly, "spinonly", false, "run SPIN only")
	flag.StringVar(&gospinBin, "gospin", "", "use this gospin `binary` instead of building ./cmd/gospin")
	flag.StringVar(&tags, "tags", "", "build tags for building gospin (go build -tags)")
	flag.StringVar(&repo, "repo", "", "gospin's module root (default: found from the working directory)")
	flag.StringVar(&gargs, "gospinargs", "", "extra arguments for gospin verify, space separated (e.g. \"-w 24\")")
	flag.IntVar(&o.gomaxprocs, "gomaxprocs", 1, "GOMAXPROCS for gospin (0: leave unset); 1 compares single core to single core")
	flag.StringVar(&o.tmp, "tmp", "", "parent `dir` for the work directories (default: the system's)")
	flag.BoolVar(&o.keep, "keep", false, "keep the work directories")
	flag.StringVar(&o.save, "save", "", "save pan's and gospin's raw output of each model in `dir`")
	flag.StringVar(&o.spinBin, "spin", "spin", "the spin command")
	flag.StringVar(&o.ccBin, "cc", "gcc", "the C compiler")
	flag.BoolVar(&o.verbose, "v", false, "log each step on stderr")
	flag.BoolVar(&o.cpuBasis, "cpu", false, "compute states/s and time to verdict from CPU time (user+sys) instead of wall time: for a machine shared with other jobs")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: sidebyside [flags] model.pml...\n       sidebyside [flags] -corpus DIR [-top N]\n\nflags:\n")
		flag.PrintDefaults()
	}
	flag.Parse()

	cfgNames, err := parseConfigs(configList)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sidebyside:", err)
		return 2
	}
	only := map[string]bool{}
	for _, m := range strings.Split(modelList, ",") {
		if m = strings.TrimSuffix(strings.TrimSpace(m), ".pml"); m != "" {
			only[filepath.Base(m)] = true
		}
	}
	if o.runs < 1 {
		o.runs = 1
	}
	o.gospinArgs = strings.Fields(gargs)
	if o.save != "" {
		if err := os.MkdirAll(o.save, 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "sidebyside:", err)
			return 2
		}
	}

	// The jobs: each configuration's corpus rows, then the models named
	// on the command line (with their corpus rows where there are any).
	var rows []Expected
	if corpus != "" {
		var err error
		if rows, err = readExpected(filepath.Join(corpus, "..", "expected.tsv")); err != nil {
			fmt.Fprintln(os.Stderr, "sidebyside:", err)
			return 2
		}
	}
	jobs := makeJobs(cfgNames, corpus, rows, top, only, flag.Args())
	if len(jobs) == 0 {
		flag.Usage()
		return 2
	}
	if _, err := exec.LookPath(o.spinBin); err != nil {
		fmt.Fprintf(os.Stderr, "sidebyside: %s not found; SPIN's side will be n/a\n", o.spinBin)
	}

	// gospin, built once.
	if !o.spinOnly {
		if gospinBin != "" {
			o.gospinBin = gospinBin
		} else {
			bin, cleanup, err := buildGospin(repo, tags)
			if err != nil {
				o.gospinErr = "could not build gospin: " + err.Error()
				fmt.Fprintln(os.Stderr, "sidebyside:", o.gospinErr)
			} else {
				defer cleanup()
				o.gospinBin = bin
			}
		}
	}

	env := environment(&o)
	fmt.Printf("side-by-side: %s, %d run(s) in all, %d run(s) each, time limit %v per run\n", strings.Join(cfgNames, ","), len(jobs), o.runs, o.timeout)
	fmt.Printf("%s; %s; %s; %d CPUs; gospin GOMAXPROCS=%s\n", env.Spin, env.CC, env.Go, env.CPUs, env.GOMAXPROCS)
	fmt.Printf("load average at the start: %s\n\n", env.LoadStart)

	var results []ModelResult
	for i, j := range jobs {
		o.logf("[%d/%d] %s (%s)", i+1, len(jobs), j.label(), j.config)
		r := benchModel(j, &o)
		results = append(results, r)
		printModel(os.Stdout, &r)
	}
	sums := summarizeConfigs(cfgNames, results)
	env.LoadEnd = loadAvg()
	printConfigLines(os.Stdout, sums)
	fmt.Printf("load average at the end: %s\n", env.LoadEnd)

	if jsonOut != "" {
		if err := writeJSON(jsonOut, env, cfgNames, &o, results, sums); err != nil {
			fmt.Fprintln(os.Stderr, "sidebyside:", err)
			return 1
		}
	}
	return 0
}

// parseConfigs returns the configurations that -config names.
func parseConfigs(list string) ([]string, error) {
	var cfgNames []string
	for _, c := range strings.Split(list, ",") {
		c = strings.TrimSpace(c)
		switch {
		case c == "":
		case c == "all":
			cfgNames = append(cfgNames, configOrder[:6]...)
		case configs[c].top == 0:
			return nil, fmt.Errorf("unknown -config %q (%s, or all)", c, strings.Join(configOrder, ", "))
		default:
			cfgNames = append(cfgNames, c)
		}
	}
	if len(cfgNames) == 0 {
		return nil, errors.New("-config names no configuration")
	}
	return cfgNames, nil
}

// makeJobs returns the jobs: each configuration's corpus rows (the top
// n, or those of the models in only), then the models named on the
// command line (with their corpus rows where there are any).
func makeJobs(cfgNames []string, corpus string, rows []Expected, top int, only map[string]bool, paths []string) []job {
	var jobs []job
	for _, c := range cfgNames {
		if corpus != "" {
			n := top
			if n <= 0 {
				n = configs[c].top
			}
			if len(only) > 0 {
				n = len(rows)
			}
			for _, r := range topRows(rows, c, n) {
				if len(only) == 0 || only[r.Model] {
					r := r
					jobs = append(jobs, newJob(filepath.Join(corpus, r.Model+".pml"), c, &r))
				}
			}
		}
		for _, path := range paths {
			name := strings.TrimSuffix(filepath.Base(path), ".pml")
			jobs = append(jobs, newJob(path, c, findRow(rows, name, c, "")))
		}
	}
	return jobs
}

// summarizeConfigs prints and returns the summary of each configuration
// with results.
func summarizeConfigs(cfgNames []string, results []ModelResult) []ConfigSummary {
	var sums []ConfigSummary
	for _, c := range cfgNames {
		var rs []ModelResult
		for _, r := range results {
			if r.Config == c {
				rs = append(rs, r)
			}
		}
		if len(rs) == 0 {
			continue
		}
		fmt.Printf("== summary: %s ==\n", c)
		sum := summarize(rs)
		printSummary(os.Stdout, rs, sum)
		fmt.Println()
		sums = append(sums, ConfigSummary{Config: c, Summary: sum})
	}
	return sums
}

// writeJSON writes the results as JSON to file.
func writeJSON(file string, env Environment, cfgNames []string, o *options, results []ModelResult, sums []ConfigSummary) error {
	doc := struct {
		Environment Environment     `json:"environment"`
		Configs     []string        `json:"configs"`
		Runs        int             `json:"runs"`
		TimeoutS    float64         `json:"timeout_s"`
		Models      []ModelResult   `json:"models"`
		Summaries   []ConfigSummary `json:"summaries"`
	}{env, cfgNames, o.runs, o.timeout.Seconds(), results, sums}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(file, append(data, '\n'), 0o644)
}

// (o *options) vlogf logs when -v is set.
func (o *options) vlogf(format string, args ...any) {
	if o.verbose {
		o.logf(format, args...)
	}
}

// buildGospin builds ./cmd/gospin of the module into a temporary directory.
func buildGospin(repo, tags string) (string, func(), error) {
	if repo == "" {
		var err error
		if repo, err = findModuleRoot(); err != nil {
			return "", nil, err
		}
	}
	dir, err := os.MkdirTemp("", "sidebyside-gospin-")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	bin := filepath.Join(dir, "gospin")
	args := []string{"build", "-o", bin}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	args = append(args, "./cmd/gospin")
	cmd := exec.Command("go", args...)
	cmd.Dir = repo
	out, err := cmd.CombinedOutput()
	if err != nil {
		cleanup()
		return "", nil, fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, firstLines(out, nil, nil))
	}
	return bin, cleanup, nil
}

// findModuleRoot walks up from the working directory to the go.mod of
// gospin's module.
func findModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.Contains(string(data), "module github.com/gospin/gospin") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("gospin's go.mod not found above the working directory (use -repo)")
		}
		dir = parent
	}
}

// Environment records the tools' versions and the machine.
type Environment struct {
	Spin       string `json:"spin"`
	CC         string `json:"cc"`
	Go         string `json:"go"`
	CPUs       int    `json:"cpus"`
	GOMAXPROCS string `json:"gospin_gomaxprocs"`
	Date       string `json:"date"`
	LoadStart  string `json:"loadavg_start"` // /proc/loadavg's 1, 5 and 15 minute figures
	LoadEnd    string `json:"loadavg_end"`
}

// loadAvg is the machine's load average (1, 5, 15 minutes), or "n/a".
func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(data)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return na
}

func environment(o *options) Environment {
	first := func(name string, args ...string) string {
		out, err := exec.Command(name, args...).CombinedOutput()
		if err != nil {
			return name + ": " + err.Error()
		}
		return firstLines(out, nil, nil)
	}
	gmp := "unset"
	if o.gomaxprocs > 0 {
		gmp = fmt.Sprint(o.gomaxprocs)
	}
	return Environment{
		Spin:       first(o.spinBin, "-V"),
		CC:         first(o.ccBin, "--version"),
		Go:         runtime.Version() + " (harness)",
		CPUs:       runtime.NumCPU(),
		GOMAXPROCS: gmp,
		Date:       time.Now().UTC().Format(time.RFC3339),
		LoadStart:  loadAvg(),
	}
}
