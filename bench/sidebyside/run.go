package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"syscall"
	"time"
)

// Measured is one process run: its output, exit status, wall time, CPU time
// and peak resident set size.
type Measured struct {
	Stdout   []byte
	Stderr   []byte
	ExitCode int // -1 when killed by a signal or not started
	Wall     time.Duration
	User     time.Duration
	Sys      time.Duration
	MaxRSSKB int64 // ru_maxrss of the process (Linux: kilobytes)
	TimedOut bool  // the time limit was reached and the process was stopped
	Err      error // the process could not be started, or ended abnormally
}

// runMeasured runs name with args in dir and measures it. When the time
// limit (0: none) is reached the process gets SIGINT, so that pan and gospin
// can print the statistics gathered so far, and SIGKILL 10 seconds later.
func runMeasured(dir string, env []string, limit time.Duration, name string, args ...string) Measured {
	ctx := context.Background()
	var cancel context.CancelFunc
	if limit > 0 {
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	m := Measured{ExitCode: -1}
	start := time.Now()
	err := cmd.Start()
	if err != nil {
		m.Err = err
		return m
	}
	err = cmd.Wait()
	m.Wall = time.Since(start)
	m.Stdout, m.Stderr = stdout.Bytes(), stderr.Bytes()
	m.TimedOut = ctx.Err() != nil
	if ps := cmd.ProcessState; ps != nil {
		m.ExitCode = ps.ExitCode()
		m.User, m.Sys = ps.UserTime(), ps.SystemTime()
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok && ru != nil {
			m.MaxRSSKB = int64(ru.Maxrss)
		}
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) && !m.TimedOut {
		// (a process stopped at the time limit is no failure: its
		// output, the statistics so far, is read as usual)
		m.Err = err
	}
	return m
}

// CPU is user plus system time.
func (m Measured) CPU() time.Duration { return m.User + m.Sys }
