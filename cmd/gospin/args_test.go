package main

import (
	"flag"
	"strings"
	"testing"
)

// TestSpinStyleArgs: pan's glued numbers are split for numeric flags only,
// -D and -I glued to their value are split, -tN is -t=N, flags whose whole
// name exists (-o1) stay, and the first argument that is not a flag ends
// the run of flags.
func TestSpinStyleArgs(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.Int("m", 10000, "")
	fs.Uint64("n", 1, "")
	fs.Bool("o1", false, "")
	fs.Bool("a", false, "")
	fs.String("N", "", "")
	var defs, incs listFlag
	fs.Var(&defs, "D", "")
	fs.Var(&incs, "I", "")
	fs.Var(&trailNumber{n: -1}, "t", "")
	for _, c := range []struct{ in, flags, rest string }{
		{"-m100000 -n7 -o1 -N p1 -a model.pml -m5", "-m 100000 -n 7 -o1 -N p1 -a", "model.pml -m5"},
		{"-DN=3 -I. -D X -I dir m.pml", "-D=N=3 -I=. -D X -I dir", "m.pml"},
		{"-t -t2 -N=q", "-t -t=2 -N=q", ""},
		{"-x7 -m-1 -DNOREDUCE", "-x7 -m-1 -D=NOREDUCE", ""},
		{"-- -a", "", "-- -a"},
		{"-m", "-m", ""},
	} {
		flags, rest := spinStyleArgs(fs, strings.Fields(c.in))
		if got := strings.Join(flags, " "); got != c.flags {
			t.Errorf("%q: flags %q, want %q", c.in, got, c.flags)
		}
		if got := strings.Join(rest, " "); got != c.rest {
			t.Errorf("%q: rest %q, want %q", c.in, got, c.rest)
		}
	}
}

// TestParseArgsInterleaved: flags after the arguments are flags.
func TestParseArgsInterleaved(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	m := fs.Int("m", 0, "")
	a := fs.Bool("a", false, "")
	pos, err := parseArgs(fs, "verify", []string{"x.pml", "-a", "-m50", "y.pml", "--", "-z"})
	if err != nil || *m != 50 || !*a || strings.Join(pos, " ") != "x.pml y.pml -z" {
		t.Errorf("pos %q, m %d, a %v, err %v", pos, *m, *a, err)
	}
	if _, err := parseArgs(fs, "verify", []string{"x.pml", "-V"}); err == nil || !strings.Contains(err.Error(), "gospin version") {
		t.Errorf("no hint: %v", err)
	}
}
