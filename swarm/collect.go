package swarm

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/gospin/gospin/report"
)

// Result is a swarm's merged outcome (gospin swarm -collect).
type Result struct {
	Model string `json:"model"`
	Dir   string `json:"dir"`
	// Found: some job found an error. Complete: some job searched
	// exhaustively (exact storage), completed, and found none: only then
	// is the model shown free of the errors checked. A swarm of bitstate
	// or hash-compaction searches is never complete, however many states
	// it covered: each may have missed states its hash collisions hid.
	Found    bool `json:"found"`
	Complete bool `json:"complete"`
	// Errors are the distinct errors found (by property, kind, message
	// and location), each with the shortest trail any job found, in order
	// of depth.
	Errors []FoundError `json:"errors"`
	Jobs   []JobResult  `json:"jobs"`
	// Ran, Failed and NotRun count the jobs that ended with a report,
	// those that failed (gospin verify's exit status 2, or no report),
	// and those never started (the budget ran out, or an error stopped
	// the swarm).
	Ran    int `json:"ran"`
	Failed int `json:"failed"`
	NotRun int `json:"not_run"`
	// StatesSum adds the states every job stored (states stored by
	// several jobs count once per job); UnionEstimate is the estimate,
	// from the jobs' merged HyperLogLog sketches, of the distinct states
	// the swarm stored together (0 when no job wrote a sketch).
	StatesSum     int64  `json:"states_sum"`
	StatesMax     int64  `json:"states_max"`
	UnionEstimate uint64 `json:"union_estimate"`
	Sketches      int    `json:"sketches"`
}

// FoundError is one error the swarm found.
type FoundError struct {
	Job      int    `json:"job"` // -1: the probe
	Property string `json:"property"`
	Kind     string `json:"kind"`
	Message  string `json:"message"`
	Location string `json:"location"`
	Depth    int    `json:"depth"`
	Trail    string `json:"trail"`
	// Replay is the command line that replays the trail.
	Replay string `json:"replay"`
	// FoundBy is the number of jobs that found it.
	FoundBy int `json:"found_by"`
}

// JobResult is one job's outcome.
type JobResult struct {
	Job
	Ran            bool    `json:"ran"`
	Exit           int     `json:"exit"` // gospin verify's exit status (-1: no status)
	Complete       bool    `json:"complete"`
	Reason         string  `json:"reason"`
	Errors         int     `json:"errors"`
	StatesStored   int64   `json:"states_stored"`
	Transitions    int64   `json:"transitions"`
	Depth          int     `json:"depth"`
	ElapsedS       float64 `json:"elapsed_s"`
	MemoryBytes    int64   `json:"memory_bytes"`
	SketchEstimate uint64  `json:"sketch_estimate"`
	// OmissionProbability is the job's estimate of the probability that
	// its lossy store omitted some state (0 for an exact store).
	OmissionProbability float64 `json:"omission_probability"`
	// Problem says why a job that ran has no usable report.
	Problem string `json:"problem,omitempty"`
}

// Collect merges the results in dir: the plan's jobs (or, without a
// plan, the job directories found) and the probe's.
func Collect(dir string) (*Result, error) {
	p, err := ReadPlan(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	r := &Result{Dir: dir}
	var jobs []Job
	if p != nil {
		r.Model = p.Model
		jobs = append(jobs, p.Jobs...)
	} else {
		ds, _ := filepath.Glob(filepath.Join(dir, "job-*"))
		if len(ds) == 0 {
			return nil, fmt.Errorf("%s: no plan (%s) and no job directories: not a swarm's results", dir, PlanFile)
		}
		sort.Strings(ds)
		for i, d := range ds {
			j := Job{Index: i, Dir: d}
			if b, err := os.ReadFile(filepath.Join(d, JobFile)); err == nil {
				json.Unmarshal(b, &j)
			}
			jobs = append(jobs, j)
		}
	}
	pd := filepath.Join(dir, ProbeDir)
	if _, err := os.Stat(filepath.Join(pd, ReportFile)); err == nil {
		pj := Job{Index: -1, Dir: pd}
		if b, err := os.ReadFile(filepath.Join(pd, JobFile)); err == nil {
			json.Unmarshal(b, &pj)
		}
		jobs = append([]Job{pj}, jobs...)
	}
	union := NewSketch()
	errs := map[string]*FoundError{}
	for _, j := range jobs {
		jr := readJob(j)
		if jr.Ran {
			if jr.Problem != "" || jr.Exit == 2 || jr.Exit < 0 {
				r.Failed++
			} else {
				r.Ran++
			}
		} else {
			r.NotRun++
		}
		r.StatesSum += jr.StatesStored
		r.StatesMax = max(r.StatesMax, jr.StatesStored)
		if sk, err := ReadSketch(filepath.Join(j.Dir, SketchFile)); err == nil {
			jr.SketchEstimate = sk.Estimate()
			if err := union.Merge(sk); err == nil {
				r.Sketches++
			}
		}
		if jr.Exit == 0 && jr.Complete && jr.Storage == "exact" {
			r.Complete = true
		}
		if doc := jr.doc; doc != nil {
			if r.Model == "" {
				r.Model = doc.Model
			}
			for _, prop := range doc.Properties {
				for _, v := range prop.Violations {
					r.Found = true
					key := prop.Name + "\x00" + v.Kind + "\x00" + v.Message + "\x00" + v.Location
					fe := errs[key]
					if fe == nil {
						fe = &FoundError{Property: prop.Name, Kind: v.Kind, Message: v.Message, Location: v.Location, Depth: -1}
						errs[key] = fe
					}
					fe.FoundBy++
					if v.Trail != "" && (fe.Trail == "" || v.Depth < fe.Depth) || fe.Depth < 0 {
						fe.Job, fe.Depth, fe.Trail = j.Index, v.Depth, v.Trail
					}
				}
			}
		}
		if jr.Exit == 1 {
			r.Found = true
		}
		r.Jobs = append(r.Jobs, jr.JobResult)
	}
	if r.Found {
		r.Complete = false
	}
	if r.Sketches > 0 {
		r.UnionEstimate = union.Estimate()
	}
	for _, fe := range errs {
		if fe.Trail != "" {
			fe.Replay = replayCommand(p, fe)
		}
		r.Errors = append(r.Errors, *fe)
	}
	sort.Slice(r.Errors, func(a, b int) bool {
		x, y := r.Errors[a], r.Errors[b]
		if x.Depth != y.Depth {
			return x.Depth < y.Depth
		}
		return x.Message < y.Message
	})
	return r, nil
}

type jobRead struct {
	JobResult
	doc *report.Document
}

// readJob reads a job's exit status and report.
func readJob(j Job) jobRead {
	jr := jobRead{JobResult: JobResult{Job: j, Exit: -1}}
	code, ended := jobExit(j.Dir)
	b, err := os.ReadFile(filepath.Join(j.Dir, ReportFile))
	if !ended && err != nil {
		return jr // never started, or still running
	}
	jr.Ran = true
	if ended {
		jr.Exit = code
	}
	if err != nil || len(b) == 0 {
		jr.Problem = "no report"
		if msg := firstLine(filepath.Join(j.Dir, StderrFile)); msg != "" {
			jr.Problem += ": " + msg
		}
		return jr
	}
	var doc report.Document
	if err := json.Unmarshal(b, &doc); err != nil {
		jr.Problem = fmt.Sprintf("unreadable report: %v", err)
		return jr
	}
	jr.doc = &doc
	jr.Complete, jr.Reason, jr.Errors = doc.Complete, doc.Reason, doc.Errors
	for _, p := range doc.Properties {
		jr.StatesStored += p.StatesStored
		jr.Transitions += p.Transitions
		jr.Depth = max(jr.Depth, p.Depth)
		jr.ElapsedS += p.ElapsedS
		jr.MemoryBytes = max(jr.MemoryBytes, p.MemoryBytes)
		// the chance that any property's search omitted a state
		jr.OmissionProbability = 1 - (1-jr.OmissionProbability)*(1-p.Omission.ProbabilityAny)
	}
	if !ended {
		// the report of a job killed before it wrote its status
		switch {
		case doc.Errors > 0:
			jr.Exit = 1
		case doc.Complete:
			jr.Exit = 0
		default:
			jr.Exit = 3
		}
	}
	return jr
}

func firstLine(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	for _, l := range splitLines(string(b)) {
		if l != "" {
			return l
		}
	}
	return ""
}

func splitLines(s string) []string {
	var out []string
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] != '\n' {
			i++
		}
		out = append(out, s[:i])
		if i < len(s) {
			i++
		}
		s = s[i:]
	}
	return out
}

// replayCommand is the gospin run command line that replays fe's trail:
// the user's options that shape the model (macros, includes, -o1 to -o3,
// -q) and the property's name.
func replayCommand(p *Plan, fe *FoundError) string {
	args := []string{"gospin", "run", "-p"}
	model := ""
	if p != nil {
		model = p.Model
		args = append(args, ModelArgs(p.Config.Args)...)
	}
	if fe.Property != "" {
		args = append(args, "-N", fe.Property)
	}
	args = append(args, "-k", fe.Trail)
	if model != "" {
		args = append(args, model)
	}
	return joinArgs(args)
}

// ModelArgs are the options among verify's args that shape the model as
// gospin run must see it to replay a trail: -D and -macro macros, -I
// directories, -o1, -o2, -o3 and -q. (-D of pan's names are verify's
// options: run takes them as macros, harmlessly.)
func ModelArgs(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-o1" || a == "-o2" || a == "-o3":
			out = append(out, a)
		case a == "-D" || a == "-macro" || a == "-I":
			if i+1 < len(args) {
				out = append(out, a, args[i+1])
				i++
			}
		case len(a) > 2 && (a[:2] == "-D" || a[:2] == "-I") || len(a) > 7 && a[:7] == "-macro=":
			out = append(out, a)
		}
	}
	return out
}

// WriteText prints the merged result for people.
func (r *Result) WriteText(w io.Writer) {
	fmt.Fprintf(w, "swarm of %d jobs on %s (results in %s)\n", len(r.Jobs), r.Model, r.Dir)
	fmt.Fprintf(w, "%5s  %-4s %-8s %-9s %8s %12s %12s %8s %8s %8s  %s\n", "job", "srch", "storage", "reduction", "depth-m", "states", "transitions", "depth", "time-s", "p-omit", "outcome")
	for _, j := range r.Jobs {
		name := fmt.Sprint(j.Index)
		if j.Index < 0 {
			name = "probe"
		}
		out := "not run"
		switch {
		case j.Problem != "":
			out = j.Problem
		case j.Ran:
			out = exitMeaning(j.Exit)
			if j.Exit == 3 && j.Reason != "" {
				out = "no error, incomplete (" + j.Reason + ")"
			}
		}
		fmt.Fprintf(w, "%5s  %-4s %-8s %-9s %8d %12d %12d %8d %8.1f %8.2g  %s\n", name, j.Search, j.Storage, j.Reduction, j.MaxDepth, j.StatesStored, j.Transitions, j.Depth, j.ElapsedS, j.OmissionProbability, out)
	}
	fmt.Fprintf(w, "jobs: %d ran, %d failed, %d not run\n", r.Ran, r.Failed, r.NotRun)
	fmt.Fprintf(w, "states: %d stored in all (%d by the largest job)", r.StatesSum, r.StatesMax)
	if r.Sketches > 0 {
		fmt.Fprintf(w, "; about %d distinct (HyperLogLog estimate over %d sketches, ±2%%)", r.UnionEstimate, r.Sketches)
	}
	fmt.Fprintln(w)
	for _, e := range r.Errors {
		who := fmt.Sprintf("job %d", e.Job)
		if e.Job < 0 {
			who = "the probe"
		}
		prop := ""
		if e.Property != "" {
			prop = " [" + e.Property + "]"
		}
		fmt.Fprintf(w, "error%s: %s (at depth %d; found by %d job(s), shortest by %s)\n", prop, e.Message, e.Depth, e.FoundBy, who)
		if e.Trail != "" {
			fmt.Fprintf(w, "  trail: %s\n  replay: %s\n", e.Trail, e.Replay)
		}
	}
	switch {
	case r.Found:
		fmt.Fprintln(w, "result: errors found")
	case r.Complete:
		fmt.Fprintln(w, "result: no error; an exhaustive job completed: the search is complete")
	default:
		fmt.Fprintln(w, "result: no error found; the swarm is not a complete search (bitstate and hash-compaction searches may miss states)")
	}
}

// ExitCode is gospin verify's exit status for the swarm: 1 when an error
// was found, 0 when an exhaustive job completed without error, 2 when no
// job ran to a report, 3 otherwise (no error found, not complete).
func (r *Result) ExitCode() int {
	switch {
	case r.Found:
		return 1
	case r.Complete:
		return 0
	case r.Ran == 0:
		return 2
	}
	return 3
}
