package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeModel writes src to a fresh directory and returns its path.
func writeModel(t *testing.T, name, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestNonProgressIgnoresClaims: -l on a model with an ltl block or a never
// claim checks non-progress cycles with its own claim, as pan -DNP does,
// and says that the model's properties were not checked.
func TestNonProgressIgnoresClaims(t *testing.T) {
	for _, c := range []struct {
		src  string
		code int
	}{
		{"byte x; active proctype A() { do :: x = (x + 1) % 3 od }\nltl p1 { []<>(x == 1) }", exitFound},
		{"byte x; active proctype A() { do :: x = (x + 1) % 3 :: x == 2 -> progress: x = 0 od }\nnever { do :: x == 1 od }", exitFound},
		{"byte x; active proctype A() { do :: progress: x = (x + 1) % 3 od }\nltl p1 { [](x < 3) }\nltl p2 { <>(x == 2) }", exitOK},
	} {
		path := writeModel(t, "np.pml", c.src)
		code, out, errs := gospin("verify", "-l", path)
		if code != c.code || !strings.Contains(errs, "properties were not checked") || !strings.Contains(out, "non-progress cycles") {
			t.Errorf("%s: exit %d (want %d)\n%s\n%s", c.src, code, c.code, out, errs)
		}
		if c.code == exitFound && !strings.Contains(out, "non-progress cycle (at depth") {
			t.Errorf("%s: no non-progress cycle reported\n%s", c.src, out)
		}
	}
}

// TestInitializerErrorCLI: a run-time error in a global's initializer is
// an error of the verification, with its place and a trail that replays.
func TestInitializerErrorCLI(t *testing.T) {
	path := writeModel(t, "init.pml", "byte z;\nint y = 10 / z;\nactive proctype A() { y++ }\n")
	code, out, errs := gospin("verify", path)
	if code != exitFound || !strings.Contains(out, "division by zero in the initializer of y at "+path+":2:5") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, errs = gospin("run", "-t", path)
	if code != exitFound || !strings.Contains(out, "division by zero in the initializer of y") {
		t.Errorf("run -t: exit %d\n%s\n%s", code, out, errs)
	}
}
