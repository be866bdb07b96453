// Command sidebyside benchmarks gospin against SPIN on the same Promela
// models in one run.
//
// For each model it compiles and runs SPIN's verifier (spin -a, gcc, ./pan)
// and runs `gospin verify`, each in a fresh temporary directory, measuring
// wall time, CPU time and peak RSS of every step, and prints per model the
// states, times, states per second, memory per stored state and the
// gospin/SPIN ratios, then a summary with the project's speed and memory
// targets. See bench/README.md.
//
// Usage:
//
//	go run ./bench/sidebyside [flags] model.pml...
//	go run ./bench/sidebyside -corpus ../shared/corpus/models -top 10
package main

import (
	"encoding/json"
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
	var corpus, jsonOut, gospinBin, tags, gargs, repo string
	var top int
	flag.StringVar(&o.config, "config", "safety_plain", "configuration: safety_plain or safety_noreduce (see the corpus README)")
	flag.StringVar(&corpus, "corpus", "", "corpus models `dir`; its ../expected.tsv picks the models (with -top)")
	flag.IntVar(&top, "top", 10, "with -corpus: the `N` models with the most states stored by SPIN (safety_plain rows)")
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
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: sidebyside [flags] model.pml...\n       sidebyside [flags] -corpus DIR [-top N]\n\nflags:\n")
		flag.PrintDefaults()
	}
	flag.Parse()

	cfg, ok := configs[o.config]
	if !ok {
		fmt.Fprintf(os.Stderr, "sidebyside: unknown -config %q (safety_plain or safety_noreduce)\n", o.config)
		return 2
	}
	o.cfg = cfg
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

	// The models, with their expected.tsv rows where there are any.
	models := flag.Args()
	expected := map[string]map[string]Expected{}
	if corpus != "" {
		exp, err := readExpected(filepath.Join(corpus, "..", "expected.tsv"))
		if err != nil {
			fmt.Fprintln(os.Stderr, "sidebyside:", err)
			return 2
		}
		expected = exp
		for _, name := range topModels(exp, top) {
			models = append(models, filepath.Join(corpus, name+".pml"))
		}
	}
	if len(models) == 0 {
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
	fmt.Printf("side-by-side: %s, %d model(s), %d run(s) each, time limit %v per run\n", o.config, len(models), o.runs, o.timeout)
	fmt.Printf("%s; %s; %s; %d CPUs; gospin GOMAXPROCS=%s\n\n", env.Spin, env.CC, env.Go, env.CPUs, env.GOMAXPROCS)

	var results []ModelResult
	for i, path := range models {
		name := strings.TrimSuffix(filepath.Base(path), ".pml")
		o.logf("[%d/%d] %s", i+1, len(models), name)
		var exp *Expected
		if e, ok := expected[name][o.config]; ok {
			exp = &e
		}
		r := benchModel(path, exp, &o)
		results = append(results, r)
		printModel(os.Stdout, &r)
	}
	sum := summarize(results)
	printSummary(os.Stdout, results, sum)

	if jsonOut != "" {
		doc := struct {
			Environment Environment   `json:"environment"`
			Config      string        `json:"config"`
			Runs        int           `json:"runs"`
			TimeoutS    float64       `json:"timeout_s"`
			Models      []ModelResult `json:"models"`
			Summary     Summary       `json:"summary"`
		}{env, o.config, o.runs, o.timeout.Seconds(), results, sum}
		data, err := json.MarshalIndent(doc, "", "  ")
		if err == nil {
			err = os.WriteFile(jsonOut, append(data, '\n'), 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "sidebyside:", err)
			return 1
		}
	}
	return 0
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
	}
}
