package main

import (
	"flag"
	"strings"
	"testing"
)

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
