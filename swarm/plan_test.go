package swarm

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gospin/gospin/pins"
)

func testConfig(t *testing.T) Config {
	return Config{Model: "m.pml", Args: []string{"-N", "p"}, Jobs: 16, Time: time.Minute, Mem: 64 << 20, Dir: t.TempDir(), Slots: 4, ProbeDepth: 1000, BFS: true}
}

// TestPlanDiversity: the jobs differ in hash seed (all), order, reduction,
// search, depth and storage; job 0 is the plain search; every job's
// command line has the user's options first, the job's storage and time
// limit, its outputs in its own directory, and the model last.
func TestPlanDiversity(t *testing.T) {
	c := testConfig(t)
	p, err := NewPlan(c)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Jobs) != 16 {
		t.Fatalf("%d jobs", len(p.Jobs))
	}
	seeds := map[uint64]bool{}
	orders, reductions, depths, storages, searches := map[string]bool{}, map[string]bool{}, map[int]bool{}, map[string]bool{}, map[string]bool{}
	for _, j := range p.Jobs {
		seeds[j.HashSeed] = true
		orders[j.Order] = true
		reductions[j.Reduction] = true
		depths[j.MaxDepth] = true
		storages[j.Storage] = true
		searches[j.Search] = true
		a := j.Args
		if a[0] != "-N" || a[1] != "p" || a[len(a)-1] != p.Model || !filepath.IsAbs(p.Model) {
			t.Errorf("job %d: args %v", j.Index, a)
		}
		line := strings.Join(a, " ")
		for _, want := range []string{"-store " + j.Storage, "-hashseed ", "-mem 67108864", "-json", "-timelimit ", "-trailbase " + filepath.Join(j.Dir, "m.pml"), "-sketch " + filepath.Join(j.Dir, SketchFile)} {
			if !strings.Contains(line, want) {
				t.Errorf("job %d: %q lacks %q", j.Index, line, want)
			}
		}
		if (j.Search == "bfs") != slices.Contains(a, "-bfs") || (j.Reduction == "none") != slices.Contains(a, "-noreduce") || (j.Reduction == "stubborn") != slices.Contains(a, "-stubborn") {
			t.Errorf("job %d: %+v, args %v", j.Index, j, a)
		}
		if j.Search == "dfs" && (j.MaxDepth < 250 || j.MaxDepth > 8000) {
			t.Errorf("job %d: depth limit %d, want between a quarter and 8 times the probe's 1000", j.Index, j.MaxDepth)
		}
		if j.TimeLimit <= 0 || j.TimeLimit > p.Config.Time.Seconds()/4 {
			t.Errorf("job %d: time limit %vs: 16 jobs in waves of 4 share a minute", j.Index, j.TimeLimit)
		}
	}
	if len(seeds) != 16 || len(orders) < 8 || len(reductions) != 3 || len(depths) < 8 || len(storages) != 2 || len(searches) != 2 {
		t.Errorf("too little diversity: %d seeds, orders %v, reductions %v, depths %v, storages %v, searches %v", len(seeds), orders, reductions, depths, storages, searches)
	}
	j0 := p.Jobs[0]
	if j0.Order != "" || j0.Reduction != "ample" || j0.Search != "dfs" || j0.Storage != "bitstate" || j0.MaxDepth != 4000 {
		t.Errorf("job 0 is not the plain search: %+v", j0)
	}
	// the same config, the same plan; another seed, other hash seeds
	q, _ := NewPlan(c)
	if q.Jobs[5].HashSeed != p.Jobs[5].HashSeed || !slices.Equal(q.Jobs[5].Args, p.Jobs[5].Args) {
		t.Errorf("two plans of one config differ")
	}
	c.Seed = 2
	q, _ = NewPlan(c)
	if q.Jobs[5].HashSeed == p.Jobs[5].HashSeed {
		t.Errorf("another swarm seed, the same hash seeds")
	}
}

// TestPlanRestrictions: the user's -m, -noreduce and the lack of BFS are
// kept by every job; -storage exact gives exhaustive jobs; bad configs
// are refused.
func TestPlanRestrictions(t *testing.T) {
	c := testConfig(t)
	c.MaxDepth, c.NoReduce, c.BFS, c.Storage = 777, true, false, "exact"
	p, err := NewPlan(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range p.Jobs {
		if j.MaxDepth != 777 || j.Reduction != "none" || j.Search != "dfs" || j.Storage != "exact" || j.K != 0 {
			t.Errorf("job %d: %+v", j.Index, j)
		}
		if slices.Contains(j.Args, "-bfs") || slices.Contains(j.Args, "-stubborn") {
			t.Errorf("job %d: args %v", j.Index, j.Args)
		}
	}
	for _, bad := range []Config{{Jobs: 0, Time: time.Second}, {Jobs: 1}, {Jobs: 1, Time: time.Second, Storage: "disk"}} {
		if _, err := NewPlan(bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// TestBatchScript: a job array of the plan's size, with time and memory
// per task, each task running its job from the plan.
func TestBatchScript(t *testing.T) {
	c := testConfig(t)
	c.Jobs, c.Slots, c.Time = 8, 8, 10*time.Minute
	p, err := NewPlan(c)
	if err != nil {
		t.Fatal(err)
	}
	s := BatchScript(p, "/opt/gospin bin/gospin")
	for _, want := range []string{
		"#!/bin/sh\n", "#SBATCH --array=0-7\n", "#SBATCH --time=11\n", "#SBATCH --mem=336M\n", "#SBATCH --cpus-per-task=1\n",
		"#SBATCH --output=" + filepath.Join(p.Dir, "slurm-%A_%a.out") + "\n",
		"exec '/opt/gospin bin/gospin' swarm -task \"$SLURM_ARRAY_TASK_ID\" -dir " + p.Dir + "\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the script lacks %q:\n%s", want, s)
		}
	}
}

// TestModelArgs: the options a replay needs.
func TestModelArgs(t *testing.T) {
	got := ModelArgs([]string{"-N", "p", "-D=N=3", "-a", "-o3", "-macro=X", "-I=inc", "-q", "-DBITS"})
	want := []string{"-D=N=3", "-o3", "-macro=X", "-I=inc", "-DBITS"}
	if !slices.Equal(got, want) {
		t.Errorf("ModelArgs: %v, want %v", got, want)
	}
}

// TestSketchUnion: merged sketches estimate the size of the union of
// overlapping sets within a few percent (the standard error is 0.8%).
func TestSketchUnion(t *testing.T) {
	var sks []*Sketch
	rng := pins.SplitMix(42)
	hashes := make([]uint64, 300000)
	for i := range hashes {
		hashes[i] = rng.Next()
	}
	// three overlapping thirds and a half: the union is every hash
	for k, r := range [][2]int{{0, 120000}, {100000, 220000}, {200000, 300000}, {0, 150000}} {
		s := NewSketch()
		for _, h := range hashes[r[0]:r[1]] {
			s.Add(h)
		}
		path := filepath.Join(t.TempDir(), "s.hll")
		if err := s.WriteFile(path); err != nil {
			t.Fatal(err)
		}
		back, err := ReadSketch(path)
		if err != nil {
			t.Fatal(err)
		}
		if back.Estimate() != s.Estimate() {
			t.Errorf("sketch %d: %d after a round trip, %d before", k, back.Estimate(), s.Estimate())
		}
		sks = append(sks, back)
	}
	u := NewSketch()
	for _, s := range sks {
		if err := u.Merge(s); err != nil {
			t.Fatal(err)
		}
	}
	if e := float64(u.Estimate()); math.Abs(e-300000)/300000 > 0.03 {
		t.Errorf("union estimate %v of 300000", e)
	}
	if _, err := ReadSketch(filepath.Join(t.TempDir(), "none")); err == nil {
		t.Errorf("reading a missing sketch: no error")
	}
}

// writeJob makes a job's directory as a finished job leaves it.
func writeJob(t *testing.T, j Job, code int, doc string, hashes []uint64) {
	t.Helper()
	if err := os.MkdirAll(j.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if doc != "" {
		os.WriteFile(filepath.Join(j.Dir, ReportFile), []byte(doc), 0o644)
	}
	if code >= 0 {
		os.WriteFile(filepath.Join(j.Dir, ExitFile), []byte(itoa(code)+"\n"), 0o644)
	}
	if hashes != nil {
		s := NewSketch()
		for _, h := range hashes {
			s.Add(h)
		}
		if err := s.WriteFile(filepath.Join(j.Dir, SketchFile)); err != nil {
			t.Fatal(err)
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestCollect: the errors are merged by message (the shortest trail
// kept), the jobs' figures summed, the sketches merged, jobs that failed
// or never ran counted, and the exit status is gospin verify's: 1 with an
// error, 3 without one (bitstate jobs are never complete), 0 only when an
// exact job completed.
func TestCollect(t *testing.T) {
	c := testConfig(t)
	c.Jobs = 5
	p, err := NewPlan(c)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Write(); err != nil {
		t.Fatal(err)
	}
	report := func(states int, complete bool, viol string) string {
		v := "[]"
		if viol != "" {
			v = viol
		}
		errs := 0
		if viol != "" {
			errs = 1
		}
		return `{"model":"m.pml","complete":` + itoa2(complete) + `,"errors":` + itoa(errs) + `,"properties":[{"name":"p","states_stored":` + itoa(states) + `,"transitions":10,"depth":7,"elapsed_s":1.5,"violations":` + v + `}]}`
	}
	viol := func(depth int, trail string) string {
		return `[{"kind":"assertion","message":"assertion violated (x<3)","location":"m.pml:4:2","depth":` + itoa(depth) + `,"trail":"` + trail + `"}]`
	}
	writeJob(t, p.Jobs[0], 3, report(100, false, ""), seq(0, 100))
	writeJob(t, p.Jobs[1], 1, report(50, false, viol(30, "/r/job-001/m.pml.gtrail")), seq(50, 100))
	writeJob(t, p.Jobs[2], 1, report(60, false, viol(12, "/r/job-002/m.pml.gtrail")), seq(80, 140))
	writeJob(t, p.Jobs[3], 2, "", nil)
	os.WriteFile(filepath.Join(p.Jobs[3].Dir, StderrFile), []byte("gospin: m.pml:1:1: syntax error\n"), 0o644)
	// job 4 never ran
	r, err := Collect(p.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Found || r.Complete || r.ExitCode() != 1 || r.Ran != 3 || r.Failed != 1 || r.NotRun != 1 || r.StatesSum != 210 || r.StatesMax != 100 || r.Sketches != 3 || r.UnionEstimate != 140 {
		t.Errorf("result %+v", r)
	}
	if len(r.Errors) != 1 || r.Errors[0].Job != 2 || r.Errors[0].Depth != 12 || r.Errors[0].FoundBy != 2 || r.Errors[0].Property != "p" ||
		!strings.Contains(r.Errors[0].Replay, "-N p -k /r/job-002/m.pml.gtrail "+p.Model) {
		t.Errorf("errors %+v", r.Errors)
	}
	if !strings.Contains(r.Jobs[3].Problem, "syntax error") {
		t.Errorf("job 3: %+v", r.Jobs[3])
	}
	var b strings.Builder
	r.WriteText(&b)
	for _, want := range []string{"error [p]: assertion violated (x<3) (at depth 12; found by 2 job(s), shortest by job 2)", "replay: gospin run -p -N p -k /r/job-002/m.pml.gtrail", "jobs: 3 ran, 1 failed, 1 not run", "about 140 distinct"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the text lacks %q:\n%s", want, b.String())
		}
	}
	// no error: bitstate jobs leave the swarm incomplete (3); an exact
	// job that completed makes it complete (0)
	for i := 1; i <= 2; i++ {
		writeJob(t, p.Jobs[i], 3, report(50, false, ""), nil)
	}
	if r, _ = Collect(p.Dir); r.Found || r.Complete || r.ExitCode() != 3 {
		t.Errorf("without errors: found %v complete %v exit %d", r.Found, r.Complete, r.ExitCode())
	}
	p.Jobs[4].Storage = "exact"
	p.Write()
	writeJob(t, p.Jobs[4], 0, report(140, true, ""), nil)
	if r, _ = Collect(p.Dir); !r.Complete || r.ExitCode() != 0 {
		t.Errorf("with a complete exact job: complete %v exit %d", r.Complete, r.ExitCode())
	}
	if _, err := Collect(t.TempDir()); err == nil {
		t.Errorf("collecting an empty directory: no error")
	}
}

func itoa2(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func seq(lo, hi int) []uint64 {
	var out []uint64
	for i := lo; i < hi; i++ {
		h := pins.SplitMix(i)
		out = append(out, h.Next())
	}
	return out
}
