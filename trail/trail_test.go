package trail

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	tr := New()
	tr.Set("model", "m.pml")
	tr.Set("error", "assertion violated (x < 3)")
	tr.Steps = []Step{{0, 1, 0}, {1, 4, 0}, {0, 2, 1}}
	tr.CycleStart = 1
	var b bytes.Buffer
	if err := tr.Write(&b); err != nil {
		t.Fatal(err)
	}
	want := "# gospin trail 1\n# model: m.pml\n# error: assertion violated (x < 3)\n0:0:1:0\n-1:-1:-1:-1\n1:1:4:0\n2:0:2:1\n"
	if b.String() != want {
		t.Fatalf("wrote\n%s\nwant\n%s", b.String(), want)
	}
	got, err := Read(&b, "t")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, tr) {
		t.Fatalf("read back %+v, want %+v", got, tr)
	}
}

func TestReadErrors(t *testing.T) {
	for _, c := range []struct{ in, msg string }{
		{"0:1:2\n", "t:1: expected STEP:PID:GROUP:K"},
		{"0:1:x:0\n", `t:1: expected a number, found "x"`},
		{"1:1:2:0\n", "t:1: expected step 0, found 1"},
		{"# c\n0:-3:2:0\n", "t:2: bad pid"},
	} {
		_, err := Read(strings.NewReader(c.in), "t")
		if err == nil || !strings.HasPrefix(err.Error(), c.msg) {
			t.Errorf("Read(%q) = %v, want prefix %q", c.in, err, c.msg)
		}
	}
}

func TestNames(t *testing.T) {
	for _, c := range []struct {
		prop      string
		n         int
		name, old string
	}{
		{"", 0, "m.pml.gtrail", "m.pml.trail"},
		{"", 2, "m.pml2.gtrail", "m.pml2.trail"},
		{"p1", 0, "m.pml.p1.gtrail", "m.pml.p1.trail"},
		{"p1", 1, "m.pml1.p1.gtrail", "m.pml.p11.trail"},
	} {
		if got := Name("m.pml", c.prop, c.n); got != c.name {
			t.Errorf("Name(%q, %d) = %q, want %q", c.prop, c.n, got, c.name)
		}
		if got := OldName("m.pml", c.prop, c.n); got != c.old {
			t.Errorf("OldName(%q, %d) = %q, want %q", c.prop, c.n, got, c.old)
		}
	}
	// the first trail of p1 and the second of p1's neighbour p do not
	// share a name (they did: m.pml.p11.trail)
	if Name("m.pml", "p11", 0) == Name("m.pml", "p1", 1) {
		t.Error("names collide")
	}
	if Path("m.pml", 1) != "m.pml1.gtrail" {
		t.Error("Path is not Name without a property")
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.pml.gtrail")
	tr := New()
	tr.Set("error", "assertion violated")
	tr.Steps = []Step{{Pid: 0, Group: 1}, {Pid: 1, Group: 2, K: 1}}
	if err := tr.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(path)
	if err != nil || len(got.Steps) != 2 || got.Headers["error"] != "assertion violated" {
		t.Fatalf("read back %+v, %v", got, err)
	}
	if !IsGospin(path) {
		t.Error("IsGospin: false for a gospin trail")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("temporary files left: %v", ents)
	}
	spin := filepath.Join(dir, "s.trail")
	os.WriteFile(spin, []byte("-2:1:-2\n-4:-4:-4\n1:0:6\n"), 0o644)
	if IsGospin(spin) {
		t.Error("IsGospin: true for a SPIN trail")
	}
	// a directory that cannot be written: an error, and nothing left
	ro := filepath.Join(dir, "ro")
	os.Mkdir(ro, 0o555)
	if err := tr.WriteFile(filepath.Join(ro, "m.pml.gtrail")); err == nil && os.Geteuid() != 0 {
		t.Error("WriteFile into a read-only directory: no error")
	}
}
