package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gospin/gospin/swarm"
)

// runSwarm runs gospin swarm in a process of its own (this test binary as
// gospin: its jobs, child processes of the same binary, are gospin too).
func runSwarm(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	cmd := gospinCmd(append([]string{"swarm"}, args...)...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, out.String(), errb.String()
	case errors.As(err, &ee):
		return ee.ExitCode(), out.String(), errb.String()
	}
	t.Fatal(err)
	return 0, "", ""
}

func swarmResult(t *testing.T, out string) *swarm.Result {
	t.Helper()
	var r swarm.Result
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("not a swarm result: %v\n%s", err, out)
	}
	return &r
}

// replayTrail replays a swarm's trail with its replay command's options
// (gospin run) and checks that it ends at the error.
func replayTrail(t *testing.T, e swarm.FoundError) {
	t.Helper()
	args := strings.Fields(e.Replay)
	if len(args) < 4 || args[0] != "gospin" || args[1] != "run" {
		t.Fatalf("replay command %q", e.Replay)
	}
	code, out, errs := gospin(args[1:]...)
	// spin's words: "Error: assertion violated", then the assertion
	if code != exitFound || !strings.Contains(out, "Error: assertion violated") || !strings.Contains(out, "trail ends after") {
		t.Errorf("%s: exit %d, want %d, the trail replayed to its end at the failed assertion\n%s%s", e.Replay, code, exitFound, out, errs)
	}
}

// TestSwarmLocal: a swarm of bitstate jobs on this machine finds the
// error (exit 1) with a trail that replays; without an error a swarm of
// bitstate jobs is incomplete (exit 3) and one of exhaustive jobs complete
// (exit 0), its union estimate the exact count.
func TestSwarmLocal(t *testing.T) {
	path := copyModel(t, "testdata/trust/assert.pml")
	dir := filepath.Join(t.TempDir(), "res")
	code, out, errs := runSwarm(t, "-jobs", "4", "-slots", "2", "-time", "30s", "-mem", "1MB", "-probe", "0", "-json", "-dir", dir, path)
	if code != exitFound {
		t.Fatalf("exit %d, want %d\n%s%s", code, exitFound, out, errs)
	}
	r := swarmResult(t, out)
	if !r.Found || len(r.Errors) != 1 || r.Errors[0].Trail == "" || r.Ran != 4 || len(r.Jobs) != 4 {
		t.Fatalf("result %+v", r)
	}
	if !strings.HasPrefix(r.Errors[0].Trail, dir) {
		t.Errorf("trail %s outside the results directory %s", r.Errors[0].Trail, dir)
	}
	for _, f := range []string{path + ".gtrail", path + "1.gtrail"} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("a job wrote %s next to the model", f)
		}
	}
	replayTrail(t, r.Errors[0])
	// the results stay: -collect merges them again, as text
	code, text, _ := gospin("swarm", "-collect", dir)
	if code != exitFound || !strings.Contains(text, "assertion violated (n==5)") || !strings.Contains(text, "replay: gospin run") {
		t.Errorf("-collect: exit %d\n%s", code, text)
	}
	// a second swarm into the same directory is refused
	if code, _, errs := runSwarm(t, "-jobs", "1", "-probe", "0", "-dir", dir, path); code != exitUsage || !strings.Contains(errs, "holds a swarm's results") {
		t.Errorf("reusing the directory: exit %d\n%s", code, errs)
	}

	ok := copyModel(t, "testdata/trust/ok.pml")
	code, out, errs = runSwarm(t, "-jobs", "3", "-time", "30s", "-mem", "1MB", "-json", "-dir", filepath.Join(t.TempDir(), "b"), ok)
	if r := swarmResult(t, out); code != exitIncomplete || r.Found || r.Complete {
		t.Errorf("bitstate, no error: exit %d, want %d\n%s%s", code, exitIncomplete, out, errs)
	}
	code, out, errs = runSwarm(t, "-jobs", "3", "-time", "30s", "-store", "exact", "-noreduce", "-o1", "-o2", "-o3", "-json", "-dir", filepath.Join(t.TempDir(), "e"), ok)
	r = swarmResult(t, out)
	if code != exitOK || !r.Complete || r.Found {
		t.Errorf("exact, no error: exit %d, want %d\n%s%s", code, exitOK, out, errs)
	}
	// pan: 91 states stored (ok.pml's header); the sketches of small sets
	// are exact
	if r.UnionEstimate != 91 || r.StatesMax != 91 {
		t.Errorf("union estimate %d, largest job %d states: want pan's 91", r.UnionEstimate, r.StatesMax)
	}
}

// TestSwarmStopOnError: on ahead.pml (an error that SPIN's order meets
// almost never and the reversed process order at once), job 1
// (-DP_REVERSE) finds the error; -stop-on-error then stops job 0, which
// would search for the whole budget, and starts no other job.
func TestSwarmStopOnError(t *testing.T) {
	path := copyModel(t, "testdata/swarm/ahead.pml")
	start := time.Now()
	code, out, errs := runSwarm(t, "-jobs", "4", "-slots", "2", "-time", "60s", "-mem", "16MB", "-probe", "0", "-stop-on-error", "-json", "-dir", filepath.Join(t.TempDir(), "r"), path)
	took := time.Since(start)
	if code != exitFound {
		t.Fatalf("exit %d, want %d\n%s%s", code, exitFound, out, errs)
	}
	r := swarmResult(t, out)
	// job 0 stopped: by SIGTERM, with its report ("terminated"), or, if
	// the signal came before gospin verify had set up its handler, killed
	stopped := r.Jobs[0].Exit == exitIncomplete && r.Jobs[0].Reason == "terminated" || r.Jobs[0].Exit == -1
	if len(r.Jobs) != 4 || r.Jobs[1].Exit != exitFound || !stopped || r.Jobs[2].Ran || r.Jobs[3].Ran {
		t.Errorf("jobs %+v", r.Jobs)
	}
	if took > 30*time.Second {
		t.Errorf("the swarm took %v: job 0 was not stopped", took)
	}
	replayTrail(t, r.Errors[0])
}

// TestSwarmDryRun: -dry-run prints the plan and the batch script, runs
// nothing and writes nothing.
func TestSwarmDryRun(t *testing.T) {
	path := copyModel(t, "testdata/trust/assert.pml")
	dir := filepath.Join(t.TempDir(), "res")
	code, out, errs := gospin("swarm", "-dry-run", "-backend", "slurm", "-jobs", "3", "-time", "5m", "-mem", "128MB", "-dir", dir, "-DX=1", path)
	if code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{"# job 0: dfs bitstate", "# job 2:", " verify -D=X=1 -store ", "#SBATCH --array=0-2", "#SBATCH --mem=416M", "swarm -task \"$SLURM_ARRAY_TASK_ID\" -dir " + dir} {
		if !strings.Contains(out, want) {
			t.Errorf("the dry run lacks %q:\n%s", want, out)
		}
	}
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("a dry run made %s", dir)
	}
	if code, _, errs := gospin("swarm", "-backend", "pbs", path); code != exitUsage || !strings.Contains(errs, "want local or slurm") {
		t.Errorf("-backend pbs: exit %d %s", code, errs)
	}
}

// TestSwarmSlurm submits a swarm of 8 array tasks to the Slurm that
// scripts/slurm-local.sh starts, waits for it, collects, and replays the
// trail. It is skipped, saying why, where sbatch or squeue is absent or
// the controller does not answer, and with -short.
func TestSwarmSlurm(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the Slurm integration test takes about half a minute")
	}
	for _, c := range []string{"sbatch", "squeue", "scontrol"} {
		if _, err := exec.LookPath(c); err != nil {
			t.Skipf("Slurm is not installed (%s: %v): scripts/slurm-local.sh installs and starts a single-node Slurm", c, err)
		}
	}
	if out, err := exec.Command("scontrol", "ping").CombinedOutput(); err != nil || !strings.Contains(string(out), "is UP") {
		t.Skipf("the Slurm controller does not answer (scontrol ping: %v %s): scripts/slurm-local.sh starts it", err, strings.TrimSpace(string(out)))
	}
	path := copyModel(t, "testdata/swarm/ahead.pml")
	dir := filepath.Join(t.TempDir(), "res")
	start := time.Now()
	code, out, errs := runSwarm(t, "-backend", "slurm", "-jobs", "8", "-time", "2m", "-mem", "16MB", "-probe", "0", "-json", "-dir", dir, "-DN=3", "-DR=12", path)
	t.Logf("gospin swarm -backend slurm: exit %d in %.1fs\n%s", code, time.Since(start).Seconds(), errs)
	if code != exitFound {
		t.Fatalf("exit %d, want %d\n%s%s", code, exitFound, out, errs)
	}
	r := swarmResult(t, out)
	if !strings.Contains(errs, "submitted Slurm job array") || r.Ran != 8 || r.NotRun != 0 || r.Failed != 0 {
		t.Fatalf("8 array tasks should have run: %d ran, %d failed, %d not run\n%s", r.Ran, r.Failed, r.NotRun, errs)
	}
	outs, _ := filepath.Glob(filepath.Join(dir, "slurm-*_*.out"))
	if len(outs) != 8 {
		t.Errorf("%d Slurm output files, want one per task: %v", len(outs), outs)
	}
	if len(r.Errors) != 1 || r.Errors[0].Trail == "" {
		t.Fatalf("errors %+v", r.Errors)
	}
	for _, j := range r.Jobs {
		t.Logf("job %d: %s: exit %d, %d states, depth %d, %.2fs", j.Index, j.Summary(), j.Exit, j.StatesStored, j.Depth, j.ElapsedS)
	}
	t.Logf("error %q at depth %d, found by %d jobs; replay: %s", r.Errors[0].Message, r.Errors[0].Depth, r.Errors[0].FoundBy, r.Errors[0].Replay)
	replayTrail(t, r.Errors[0])
}
