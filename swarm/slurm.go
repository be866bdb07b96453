package swarm

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// ScriptFile is the batch script's file in the results directory.
const ScriptFile = "swarm.sbatch"

// BatchScript is the Slurm batch script of the plan: a job array with a
// task per job (sbatch --array=0-(N-1)), each with the plan's time and
// memory, one CPU, and its output in the results directory. A task runs
// "gospin swarm -task I -dir DIR", which runs the plan's job I (its
// gospin verify command line, from the plan file) and leaves its report
// in the job's directory. exe and the results directory must be where
// every node sees them (a shared file system).
func BatchScript(p *Plan, exe string) string {
	mins := int((p.JobTime + time.Minute + time.Minute - 1) / time.Minute) // the job's limit and a minute's grace, rounded up
	memMB := taskMemMB(p)
	var b strings.Builder
	fmt.Fprintf(&b, "#!/bin/sh\n")
	fmt.Fprintf(&b, "# gospin swarm: %d searches of %s\n", len(p.Jobs), p.Model)
	fmt.Fprintf(&b, "#SBATCH --job-name=gospin-swarm\n")
	fmt.Fprintf(&b, "#SBATCH --array=0-%d\n", len(p.Jobs)-1)
	fmt.Fprintf(&b, "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n")
	fmt.Fprintf(&b, "#SBATCH --time=%d\n", mins)
	fmt.Fprintf(&b, "#SBATCH --mem=%dM\n", memMB)
	fmt.Fprintf(&b, "#SBATCH --output=%s\n", filepath.Join(p.Dir, "slurm-%A_%a.out"))
	fmt.Fprintf(&b, "#SBATCH --chdir=%s\n", p.Dir)
	fmt.Fprintf(&b, "exec %s swarm -task \"$SLURM_ARRAY_TASK_ID\" -dir %s\n", shellQuote(exe), shellQuote(p.Dir))
	return b.String()
}

// taskMemMB is the memory a task asks Slurm for: the job's store, a
// quarter more for the runtime's slack, and 256 MB for the rest of the
// process (the model, the search's stack).
func taskMemMB(p *Plan) int64 {
	mem := p.Config.Mem
	if mem <= 0 {
		mem = 1 << 30
	}
	return (mem+mem/4)>>20 + 256
}

// Slurm is the scheduler's commands (the tests point them elsewhere).
type Slurm struct {
	Sbatch, Squeue, Sacct, Scancel string
	// Poll is how often the array's state is asked (2s when 0).
	Poll time.Duration
}

// DefaultSlurm is Slurm's commands on the PATH.
var DefaultSlurm = Slurm{Sbatch: "sbatch", Squeue: "squeue", Sacct: "sacct", Scancel: "scancel"}

// RunSlurm writes the batch script, submits it, follows the array until
// every task has left the queue (or the swarm's time and a grace of a
// minute and a half per wave are spent: then it cancels the array), and
// returns the Slurm job id. With StopOnError the array is cancelled
// (scancel) as soon as one task's job found an error: the running tasks
// get SIGTERM, and their searches stop with their reports written.
func RunSlurm(ctx context.Context, p *Plan, o RunOptions, sl Slurm) (string, error) {
	script := filepath.Join(p.Dir, ScriptFile)
	if err := os.WriteFile(script, []byte(BatchScript(p, o.Exe)), 0o755); err != nil {
		return "", err
	}
	out, err := runCmd(ctx, sl.Sbatch, "--parsable", script)
	if err != nil {
		return "", fmt.Errorf("sbatch: %v", err)
	}
	id := strings.TrimSpace(strings.SplitN(strings.TrimSpace(out), ";", 2)[0])
	if id == "" {
		return "", fmt.Errorf("sbatch printed no job id")
	}
	o.logf("gospin swarm: submitted Slurm job array %s (%d tasks): %s\n", id, len(p.Jobs), script)
	poll := sl.Poll
	if poll == 0 {
		poll = 2 * time.Second
	}
	deadline := time.Now().Add(p.Config.Time + 90*time.Second)
	cancelled := false
	cancel := func(why string) {
		if cancelled {
			return
		}
		cancelled = true
		o.logf("gospin swarm: %s: scancel %s\n", why, id)
		if _, err := runCmd(context.Background(), sl.Scancel, id); err != nil {
			o.logf("gospin swarm: scancel: %v\n", err)
		}
	}
	reported := map[int]bool{}
	for {
		for _, j := range p.Jobs {
			if code, ok := jobExit(j.Dir); ok && !reported[j.Index] {
				reported[j.Index] = true
				o.logf("gospin swarm: job %d ended: %s\n", j.Index, exitMeaning(code))
				if code == 1 && o.StopOnError {
					cancel(fmt.Sprintf("job %d found an error", j.Index))
				}
			}
		}
		q, err := runCmd(ctx, sl.Squeue, "-h", "-j", id, "-o", "%i %T")
		if err != nil && ctx.Err() == nil {
			// squeue refuses the id of a job that left the queue on
			// some versions: then it is done
			if !strings.Contains(err.Error(), "Invalid job id") {
				return id, fmt.Errorf("squeue: %v", err)
			}
			q = ""
		}
		if ctx.Err() != nil {
			cancel("interrupted")
			return id, ctx.Err()
		}
		if strings.TrimSpace(q) == "" {
			break
		}
		if time.Now().After(deadline) {
			cancel("the swarm's time is spent")
			deadline = time.Now().Add(time.Minute) // let the cancelled tasks go
		}
		select {
		case <-ctx.Done():
		case <-time.After(poll):
		}
	}
	if st, err := runCmd(ctx, sl.Sacct, "-n", "-P", "-X", "-j", id, "-o", "JobID,State,ExitCode,Elapsed"); err == nil && strings.TrimSpace(st) != "" {
		o.logf("gospin swarm: sacct:\n%s", st)
	}
	return id, nil
}

// runCmd runs a command and returns its standard output; its error
// carries the standard error.
func runCmd(ctx context.Context, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("%v: %s", err, strings.TrimSpace(errb.String()))
	}
	return out.String(), nil
}

// RunTask runs job i of the plan in dir (a Slurm array task) and returns
// its exit status.
func RunTask(ctx context.Context, dir string, i int, exe string) (int, error) {
	p, err := ReadPlan(dir)
	if err != nil {
		return 2, err
	}
	if i < 0 || i >= len(p.Jobs) {
		return 2, fmt.Errorf("task %d: the plan has jobs 0 to %d", i, len(p.Jobs)-1)
	}
	return RunJob(ctx, exe, &p.Jobs[i])
}
