package swarm

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gospin/gospin/pins"
)

// Config is what a user asks of a swarm.
type Config struct {
	// Model is the model's path; Args are the options of gospin verify
	// that every job gets (the property: -N, -a, -l, -f, -noclaim, -D
	// macros, ...), before the job's own.
	Model string
	Args  []string
	// Jobs is the number of searches; Time the wall time of the whole
	// swarm; Mem each job's memory in bytes (its store's, as -mem gives
	// it to gospin verify).
	Jobs int
	Time time.Duration
	Mem  int64
	// Storage is the jobs' storage: "bitstate", "hc", "mixed" (bitstate,
	// and hash compaction for every fourth job) or "exact" (exhaustive:
	// for tests and for models that fit).
	Storage string
	// Seed is the swarm's seed: each job's hash seed and search order are
	// drawn from it and the job's number.
	Seed uint64
	// Dir is the results directory.
	Dir string
	// Slots is how many jobs run at once (the machine's cores for the
	// local backend; for Slurm, the jobs are assumed to run together).
	Slots int
	// MaxDepth, when not 0, is every job's depth limit (the user's -m):
	// no depth diversification.
	MaxDepth int
	// ProbeDepth is the depth the probe search reached (0: no probe).
	ProbeDepth int
	// BFS allows breadth-first jobs (safety properties only).
	BFS bool
	// NoReduce: every job without partial-order reduction (the user's
	// -noreduce); otherwise jobs alternate ample sets, stubborn sets and
	// no reduction.
	NoReduce bool
}

// Job is one search of the swarm: a gospin verify command line.
type Job struct {
	Index     int      `json:"index"`
	Dir       string   `json:"dir"`  // its results: report.json, sketch.hll, trails, stderr.txt, exit
	Args      []string `json:"args"` // gospin verify's arguments (after "verify"), the model last
	Storage   string   `json:"storage"`
	HashSeed  uint64   `json:"hash_seed"`
	K         int      `json:"k,omitempty"` // bitstate: hash functions per state
	Order     string   `json:"order"`       // pan's spelling: "", "-DP_REVERSE", "-DT_RAND -DP_RAND", ... (seeded by HashSeed)
	Reduction string   `json:"reduction"`   // "ample", "stubborn" or "none"
	Search    string   `json:"search"`      // "dfs" or "bfs"
	MaxDepth  int      `json:"max_depth"`
	TimeLimit float64  `json:"time_limit_s"`
}

// Plan is a planned swarm: its jobs and what they were planned from.
type Plan struct {
	Model   string        `json:"model"` // absolute
	Dir     string        `json:"dir"`   // absolute
	Config  Config        `json:"config"`
	Jobs    []Job         `json:"jobs"`
	JobTime time.Duration `json:"job_time_ns"`
}

// PlanFile is the plan's file in the results directory: the task runner
// of a Slurm array reads its job from it.
const PlanFile = "plan.json"

// orders are the search orders the jobs take in turn (pan's swarm
// options), the model's own first.
var orders = [][]string{
	nil,
	{"-DP_REVERSE"},
	{"-DT_RAND", "-DP_RAND"},
	{"-DT_REVERSE"},
	{"-DP_RAND"},
	{"-DT_RAND"},
	{"-DP_REVERSE", "-DT_REVERSE"},
	{"-DT_RAND", "-DP_REVERSE"},
}

// depthFactors scale the probe's depth into the jobs' depth limits: a
// search cut short sooner covers the shallow states more thoroughly, one
// cut later reaches deeper errors.
var depthFactors = []float64{4, 1, 2, 0.5, 8, 1.5, 3, 0.75}

// NewPlan plans c.Jobs diversified searches. Job 0 is the plain search
// (the model's order, ample sets, depth-first, the deepest limit); the
// others vary the hash seed (all), the search order (8 orders, random
// ones seeded per job), the reduction (ample, stubborn, none: a cycle of
// 3), the depth limit (factors of the probe's depth: a cycle of 8), the
// storage (with "mixed", hash compaction every fourth job) and, where
// allowed, a breadth-first job every eighth. The cycles' lengths are
// coprime or nearly so, so the jobs combine the choices differently.
func NewPlan(c Config) (*Plan, error) {
	if c.Jobs < 1 {
		return nil, errors.New("-jobs must be at least 1")
	}
	if c.Time <= 0 {
		return nil, errors.New("-time must be positive")
	}
	switch c.Storage {
	case "", "bitstate", "hc", "mixed", "exact":
	default:
		return nil, fmt.Errorf("-store %q: want bitstate, hc, mixed or exact", c.Storage)
	}
	if c.Storage == "" {
		c.Storage = "mixed"
	}
	if c.Slots < 1 {
		c.Slots = 1
	}
	model, err := filepath.Abs(c.Model)
	if err != nil {
		return nil, err
	}
	dir, err := filepath.Abs(c.Dir)
	if err != nil {
		return nil, err
	}
	p := &Plan{Model: model, Dir: dir, Config: c}
	// the jobs run in waves of Slots: each wave gets its share of the
	// time, less a margin for starting and reporting
	waves := (c.Jobs + c.Slots - 1) / c.Slots
	p.JobTime = c.Time / time.Duration(waves)
	p.JobTime -= min(max(p.JobTime/20, time.Second), p.JobTime/4)
	p.JobTime = max(p.JobTime.Round(100*time.Millisecond), time.Second)
	base := c.ProbeDepth
	if base < 100 {
		base = 2500 // no probe (or a shallow one): around pan's -m10000 at 4x
	}
	rng := pins.SplitMix(c.Seed*0x9e3779b97f4a7c15 + 1)
	for i := 0; i < c.Jobs; i++ {
		j := Job{Index: i, Dir: filepath.Join(dir, fmt.Sprintf("job-%03d", i)), Search: "dfs"}
		j.HashSeed = rng.Next()
		j.Storage = c.Storage
		if c.Storage == "mixed" {
			j.Storage = "bitstate"
			if i%4 == 3 {
				j.Storage = "hc"
			}
		}
		if j.Storage == "bitstate" {
			j.K = 2 + i%3 // pan's -k: 2, 3 or 4 bits per state
		}
		// the random orders are seeded by the hash seed (pan's -RSn
		// seeds both)
		ord := orders[i%len(orders)]
		var args []string
		args = append(args, ord...)
		j.Order = joinArgs(args)
		switch {
		case c.NoReduce || i%3 == 2:
			j.Reduction = "none"
			if !c.NoReduce {
				args = append(args, "-noreduce")
			}
		case i%3 == 1:
			j.Reduction = "stubborn"
			args = append(args, "-stubborn")
		default:
			j.Reduction = "ample"
		}
		if c.BFS && i%8 == 7 {
			j.Search = "bfs"
			args = append(args, "-bfs")
		}
		switch {
		case c.MaxDepth > 0:
			j.MaxDepth = c.MaxDepth
		case j.Search == "bfs":
			j.MaxDepth = 0 // breadth-first: no limit but memory and time
		default:
			j.MaxDepth = int(math.Max(100, math.Round(float64(base)*depthFactors[i%len(depthFactors)])))
		}
		if j.MaxDepth > 0 {
			args = append(args, "-m", strconv.Itoa(j.MaxDepth))
		}
		j.TimeLimit = p.JobTime.Seconds()
		j.Args = p.verifyArgs(&j, args)
		p.Jobs = append(p.Jobs, j)
	}
	return p, nil
}

// verifyArgs is the gospin verify command line of job j (after "verify"):
// the user's options, the job's storage, diversification (extra), one
// worker unless the user's options choose, time limit and outputs, then
// the model.
func (p *Plan) verifyArgs(j *Job, extra []string) []string {
	a := append([]string{}, p.Config.Args...)
	a = append(a, storageArgs(j, p.Config.Mem)...)
	a = append(a, extra...)
	if !hasWorkers(p.Config.Args) {
		// one worker a job: the swarm runs its jobs side by side
		a = append(a, "-j", "1")
	}
	a = append(a,
		"-timelimit", formatSeconds(j.TimeLimit),
		"-json", "-noprogress", "-n",
		"-trailbase", filepath.Join(j.Dir, filepath.Base(p.Model)),
		"-sketch", filepath.Join(j.Dir, SketchFile),
		p.Model)
	return a
}

// storageArgs are gospin verify's storage options for job j with mem
// bytes (gospin verify's -store, -mem, -k, -hashseed): the hash seed
// chooses the hash functions of bitstate and hash compaction, and seeds
// the random search orders of every mode.
func storageArgs(j *Job, mem int64) []string {
	a := []string{"-store", j.Storage}
	if mem > 0 {
		a = append(a, "-mem", strconv.FormatInt(mem, 10))
	}
	if j.K > 0 {
		a = append(a, "-k", strconv.Itoa(j.K))
	}
	return append(a, "-hashseed", strconv.FormatUint(j.HashSeed, 10))
}

func formatSeconds(s float64) string { return strconv.FormatFloat(s, 'f', -1, 64) + "s" }

// Write saves the plan in its results directory (PlanFile) and makes the
// jobs' directories.
func (p *Plan) Write() error {
	for _, j := range p.Jobs {
		if err := os.MkdirAll(j.Dir, 0o755); err != nil {
			return err
		}
	}
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(filepath.Join(p.Dir, PlanFile), append(b, '\n'))
}

// ReadPlan reads the plan saved in results directory dir.
func ReadPlan(dir string) (*Plan, error) {
	b, err := os.ReadFile(filepath.Join(dir, PlanFile))
	if err != nil {
		return nil, err
	}
	var p Plan
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, PlanFile), err)
	}
	return &p, nil
}

// ProbeDir is the probe's directory in the results directory.
const ProbeDir = "probe"

// ProbeJob is the short search that estimates the depth of the state
// space before the swarm is planned: a depth-first search with the
// storage the jobs use, a generous depth limit (pan's -m, 1,000,000) and
// time limit d. The depth it reaches is the plan's ProbeDepth; what else
// it finds (an error) is collected with the jobs' results.
func ProbeJob(c Config, d time.Duration) (*Job, error) {
	c.Jobs, c.Time = 1, d
	if c.Storage == "" || c.Storage == "mixed" {
		c.Storage = "bitstate"
	}
	p, err := NewPlan(c)
	if err != nil {
		return nil, err
	}
	j := Job{Index: -1, Dir: filepath.Join(p.Dir, ProbeDir), Storage: p.Config.Storage, Search: "dfs", Reduction: "ample", TimeLimit: d.Seconds()}
	if j.Storage == "bitstate" {
		j.K = 3
	}
	if c.NoReduce {
		j.Reduction = "none"
	}
	j.HashSeed = c.Seed*0x9e3779b97f4a7c15 ^ 0x70be
	j.MaxDepth = 1000000
	if c.MaxDepth > 0 {
		j.MaxDepth = c.MaxDepth
	}
	j.Args = p.verifyArgs(&j, []string{"-m", strconv.Itoa(j.MaxDepth)})
	return &j, nil
}

// hasWorkers says whether gospin verify's arguments args choose the
// number of workers (-j N, -jN, -DNCORE=N, -DBFS_PAR).
func hasWorkers(args []string) bool {
	for _, a := range args {
		a = strings.TrimLeft(a, "-")
		if n, ok := strings.CutPrefix(a, "j"); ok && (n == "" || n == "all" || n == "auto" || strings.Trim(n, "0123456789") == "") {
			return true
		}
		d, ok := strings.CutPrefix(a, "D")
		d = strings.TrimPrefix(d, "=")
		if ok && (strings.HasPrefix(d, "NCORE") || d == "BFS_PAR") {
			return true
		}
	}
	return false
}
