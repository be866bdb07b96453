package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzCommandLine runs gospin verify's and gospin run's command-line
// parsing and option checks (flags in SPIN's spellings, pan's -D names,
// model macros given to the preprocessor) on arbitrary arguments, up to
// the point where the search or simulation would start (validateOnly):
// no panic, and an exit status of 0 (accepted) or 2 (refused). The
// arguments are the lines of the input; the model, a tiny one that uses a
// macro N, is appended.
//
//	go test ./cmd/gospin -run '^$' -fuzz FuzzCommandLine -fuzztime 10m -parallel 1
func FuzzCommandLine(f *testing.F) {
	dir := f.TempDir()
	model := filepath.Join(dir, "m.pml")
	src := "#ifndef N\n#define N 1\n#endif\nbyte n = N;\nchan c = [2] of { byte };\nactive proctype P() { c!n; assert(n < 5) }\n"
	if err := os.WriteFile(model, []byte(src), 0o644); err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{
		"-DNOREDUCE\n-DBFS\n-m100000\n-w24\n-c0",
		"-DSAFETY\n-a",
		"-DNP\n-l\n-f",
		"-DMEMLIM=512\n-DVECTORSZ=4096",
		"-DBITSTATE",
		"-DHC4\n-DCOLLAPSE",
		"-D\nN=3\n-DN=4\n-macro\nBFS",
		"-DN=(1+2)\n-I.\n-I\n" + dir,
		"-q\n-n\n-i\n-I",
		"-m\n-1",
		"-memlim=-5\n-w-2\n-c\n-1",
		"-w99",
		"-N\np\n-noclaim\n-e\n-A\n-E",
		"-json\n-noprogress\n-notrail\n-scc\n-notgba",
		"-o1\n-o2\n-o3\n-o4",
		"-x\n-V\n-search",
		"--\n-a",
		"-n7\n-t\n-t1\n-k\nfile.trail",
		"-seed=18446744073709551615\n-u5\n-p\n-g\n-l\n-s\n-r\n-c\n-T",
		"-DN=\n-D=\n-D",
		"-h",
	} {
		f.Add(true, seed)
		f.Add(false, seed)
	}
	f.Fuzz(func(t *testing.T, verify bool, line string) {
		args := strings.Split(line, "\n")
		if len(args) > 32 {
			args = args[:32]
		}
		cmd := "run"
		if verify {
			cmd = "verify"
		}
		validateOnly = true
		defer func() { validateOnly = false }()
		oldIn := stdin
		stdin = strings.NewReader("")
		defer func() { stdin = oldIn }()
		code := run(append(append([]string{cmd}, args...), model), io.Discard, io.Discard)
		if code != exitOK && code != exitUsage {
			t.Errorf("gospin %s %q: exit %d", cmd, args, code)
		}
	})
}
