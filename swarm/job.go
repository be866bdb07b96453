package swarm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// The files of a job's directory.
const (
	ReportFile = "report.json" // gospin verify -json's report
	SketchFile = "sketch.hll"  // the states' sketch (Sketch)
	StderrFile = "stderr.txt"  // its notes and errors
	ExitFile   = "exit"        // its exit status, once it ended
	JobFile    = "job.json"    // the job itself (Job)
)

// RunJob runs job j as a child process of exe (the gospin binary), its
// report into the job's directory, and returns its exit status (gospin
// verify's). Cancelling ctx sends the child SIGTERM, on which gospin
// verify stops with the statistics so far (and its trails written); a
// child still running 10 seconds later is killed.
func RunJob(ctx context.Context, exe string, j *Job) (int, error) {
	if err := os.MkdirAll(j.Dir, 0o755); err != nil {
		return -1, err
	}
	jb, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		return -1, err
	}
	if err := writeAtomic(filepath.Join(j.Dir, JobFile), append(jb, '\n')); err != nil {
		return -1, err
	}
	out, err := os.Create(filepath.Join(j.Dir, ReportFile+".tmp"))
	if err != nil {
		return -1, err
	}
	defer out.Close()
	errf, err := os.Create(filepath.Join(j.Dir, StderrFile))
	if err != nil {
		return -1, err
	}
	defer errf.Close()
	cmd := exec.CommandContext(ctx, exe, append([]string{"verify"}, j.Args...)...)
	cmd.Stdout, cmd.Stderr = out, errf
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 10 * time.Second
	err = cmd.Run()
	code := 0
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee) && ee.Exited():
		code = ee.ExitCode()
	default:
		fmt.Fprintf(errf, "gospin swarm: job %d: %v\n", j.Index, err)
		code = -1
	}
	if err := out.Close(); err != nil {
		return -1, err
	}
	if err := os.Rename(filepath.Join(j.Dir, ReportFile+".tmp"), filepath.Join(j.Dir, ReportFile)); err != nil {
		return -1, err
	}
	return code, writeAtomic(filepath.Join(j.Dir, ExitFile), []byte(strconv.Itoa(code)+"\n"))
}

// jobExit reads a job's exit status; ok is false while it has not ended
// (or never ran).
func jobExit(dir string) (code int, ok bool) {
	b, err := os.ReadFile(filepath.Join(dir, ExitFile))
	if err != nil {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	return n, err == nil
}

// CommandLine is job j's command line as a shell would take it.
func CommandLine(exe string, j *Job) string {
	return joinArgs(append([]string{exe, "verify"}, j.Args...))
}

// joinArgs joins arguments, quoting those a POSIX shell would split.
func joinArgs(args []string) string {
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(shellQuote(a))
	}
	return b.String()
}

func shellQuote(s string) string {
	if s == "" {
		return "''"
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r)) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}
