package membudget

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestReadLimit(t *testing.T) {
	dir := t.TempDir()
	for in, want := range map[string]int64{"max\n": 0, "1073741824\n": 1 << 30, "9223372036854771712\n": 0, "junk": 0, "-1": 0} {
		p := filepath.Join(dir, "limit")
		os.WriteFile(p, []byte(in), 0o644)
		if got := readLimit(p); got != want {
			t.Errorf("readLimit(%q) = %d, want %d", in, got, want)
		}
	}
	if readLimit(filepath.Join(dir, "none")) != 0 {
		t.Error("a missing file gives a limit")
	}
}

func TestLimits(t *testing.T) {
	if vmSize() <= 0 {
		t.Error("no VmSize")
	}
	ls := Limits()
	if len(ls) == 0 || ls[0].Source != "physical memory" || ls[0].Budget <= 0 || ls[0].Budget >= ls[0].Bytes {
		t.Fatalf("Limits() = %+v", ls)
	}
	b := Budget()
	for _, l := range ls {
		if l.Budget < b.Budget {
			t.Errorf("Budget %+v is not the lowest of %+v", b, ls)
		}
	}
}

// TestUlimit runs this test binary under ulimit -v: the budget comes from
// it, less what the process already has, and Guard refuses what would go
// past it.
func TestUlimit(t *testing.T) {
	if os.Getenv("MEMBUDGET_CHILD") == "1" {
		b := Budget()
		g := Guard()
		ok := g != nil && g(1<<20) && !g(4<<30)
		os.Stdout.WriteString(b.Source + " " + strconv.FormatInt(b.Bytes, 10) + " " + strconv.FormatInt(b.Budget, 10) + " " + strconv.FormatBool(ok) + "\n")
		return
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	cmd := exec.Command("bash", "-c", `ulimit -v 2000000; exec "$0" -test.run '^TestUlimit$'`, os.Args[0])
	cmd.Env = append(os.Environ(), "MEMBUDGET_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	f := strings.Fields(strings.Split(string(out), "\n")[0])
	if len(f) < 5 {
		t.Fatalf("child said %q", out)
	}
	lim, _ := strconv.ParseInt(f[2], 10, 64)
	budget, _ := strconv.ParseInt(f[3], 10, 64)
	if f[0]+" "+f[1] != "ulimit -v" || lim != 2000000<<10 || budget <= 0 || budget >= lim || f[4] != "true" {
		t.Errorf("under ulimit -v 2000000: %q", out)
	}
}
