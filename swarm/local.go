package swarm

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"
)

// RunOptions are how a backend runs a plan.
type RunOptions struct {
	// Exe is the gospin binary the jobs run (os.Executable).
	Exe string
	// StopOnError stops the other jobs (and starts no more) once one
	// found an error.
	StopOnError bool
	// Log, when not nil, gets a line per job started and ended.
	Log io.Writer
}

func (o *RunOptions) logf(format string, a ...any) {
	if o.Log != nil {
		fmt.Fprintf(o.Log, format, a...)
	}
}

// RunLocal runs the plan's jobs as child processes on this machine, at
// most Config.Slots at once, within Config.Time: at the budget's end the
// jobs still running are stopped (SIGTERM: each writes its report) and
// those not started are not run. With StopOnError the first job to find
// an error (exit status 1) stops the others.
func RunLocal(ctx context.Context, p *Plan, o RunOptions) error {
	ctx, cancel := context.WithTimeout(ctx, p.Config.Time)
	defer cancel()
	slots := make(chan struct{}, max(p.Config.Slots, 1))
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	start := time.Now()
	for i := range p.Jobs {
		j := &p.Jobs[i]
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		wg.Add(1)
		o.logf("gospin swarm: job %d started (%s)\n", j.Index, j.Summary())
		go func() {
			defer wg.Done()
			defer func() { <-slots }()
			code, err := RunJob(ctx, o.Exe, j)
			mu.Lock()
			defer mu.Unlock()
			if err != nil && firstErr == nil {
				firstErr = err
			}
			o.logf("gospin swarm: job %d ended: %s (%.1fs into the swarm)\n", j.Index, exitMeaning(code), time.Since(start).Seconds())
			if code == 1 && o.StopOnError {
				cancel()
			}
		}()
	}
	wg.Wait()
	return firstErr
}

// Summary describes the job's choices in a few words.
func (j *Job) Summary() string {
	s := fmt.Sprintf("%s %s", j.Search, j.Storage)
	if j.K > 0 {
		s += fmt.Sprintf(" -k%d", j.K)
	}
	if j.MaxDepth > 0 {
		s += fmt.Sprintf(" -m%d", j.MaxDepth)
	}
	s += " reduction " + j.Reduction
	if j.Order != "" {
		s += " order " + j.Order
	}
	return s
}

// exitMeaning says what gospin verify's exit status means.
func exitMeaning(code int) string {
	switch code {
	case 0:
		return "complete, no error"
	case 1:
		return "error found"
	case 2:
		return "failed (bad model or command line: see its stderr.txt)"
	case 3:
		return "no error, incomplete"
	}
	return fmt.Sprintf("exit status %d", code)
}
