package trail

import (
	"bytes"
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

func TestPath(t *testing.T) {
	if Path("m.pml", 0) != "m.pml.trail" || Path("m.pml", 2) != "m.pml2.trail" {
		t.Error("trail names differ from SPIN's")
	}
}
