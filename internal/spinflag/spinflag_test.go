package spinflag

import (
	"flag"
	"strconv"
	"strings"
	"testing"
	"time"
)

// list is a repeatable flag that may be glued (-DN=3).
type list []string

func (l *list) String() string     { return strings.Join(*l, ",") }
func (l *list) Set(s string) error { *l = append(*l, s); return nil }
func (l *list) Glued()             {}

// optNumber is a boolean flag with an optional number (-t, -t2).
type optNumber struct{ n int }

func (o *optNumber) String() string   { return strconv.Itoa(o.n) }
func (o *optNumber) IsBoolFlag() bool { return true }
func (o *optNumber) Optional()        {}
func (o *optNumber) Set(s string) error {
	if s == "true" {
		o.n = 0
		return nil
	}
	n, err := strconv.Atoi(s)
	o.n = n
	return err
}

// TestArgs: pan's glued numbers are split for numeric flags only,
// -D and -I glued to their value are split, -tN is -t=N, flags whose whole
// name exists (-o1) stay, and the first argument that is not a flag ends
// the run of flags.
func TestArgs(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.Int("m", 10000, "")
	fs.Uint64("n", 1, "")
	fs.Bool("o1", false, "")
	fs.Bool("a", false, "")
	fs.String("N", "", "")
	var defs, incs list
	fs.Var(&defs, "D", "")
	fs.Var(&incs, "I", "")
	fs.Var(&optNumber{n: -1}, "t", "")
	for _, c := range []struct{ in, flags, rest string }{
		{"-m100000 -n7 -o1 -N p1 -a model.pml -m5", "-m 100000 -n 7 -o1 -N p1 -a", "model.pml -m5"},
		{"-DN=3 -I. -D X -I dir m.pml", "-D=N=3 -I=. -D X -I dir", "m.pml"},
		{"-t -t2 -N=q", "-t -t=2 -N=q", ""},
		{"-x7 -m-1 -DNOREDUCE", "-x7 -m-1 -D=NOREDUCE", ""},
		{"-- -a", "", "-- -a"},
		{"-m", "-m", ""},
	} {
		flags, rest := Args(fs, strings.Fields(c.in))
		if got := strings.Join(flags, " "); got != c.flags {
			t.Errorf("%q: flags %q, want %q", c.in, got, c.flags)
		}
		if got := strings.Join(rest, " "); got != c.rest {
			t.Errorf("%q: rest %q, want %q", c.in, got, c.rest)
		}
	}
}

// TestParseInterleaved: flags after the arguments are flags; "--" ends
// them; a negative value of a Nat flag is refused.
func TestParseInterleaved(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	var m int
	NatVar(fs, &m, "m", 0, "")
	a := fs.Bool("a", false, "")
	pos, err := Parse(fs, []string{"x.pml", "-a", "-m50", "y.pml", "--", "-z"})
	if err != nil || m != 50 || !*a || strings.Join(pos, " ") != "x.pml y.pml -z" {
		t.Errorf("pos %q, m %d, a %v, err %v", pos, m, *a, err)
	}
	if _, err := Parse(fs, []string{"-m", "-1"}); err == nil || !strings.Contains(err.Error(), "must not be negative") {
		t.Errorf("-m-1: %v", err)
	}
}

// TestMinutes: durations, and bare numbers of minutes; nothing negative,
// nothing absurd.
func TestMinutes(t *testing.T) {
	for in, want := range map[string]time.Duration{"90s": 90 * time.Second, "2": 2 * time.Minute, "1.5": 90 * time.Second, "1h30m": 90 * time.Minute, "0": 0} {
		var tl Minutes
		if err := tl.Set(in); err != nil || time.Duration(tl) != want {
			t.Errorf("%q: %v %v, want %v", in, time.Duration(tl), err, want)
		}
	}
	for _, in := range []string{"-1", "-5s", "soon", "NaN", "1e30"} {
		var tl Minutes
		if err := tl.Set(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}
