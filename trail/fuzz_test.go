package trail

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// FuzzRead reads arbitrary bytes as a trail: an error must name the file
// and line; a trail read must write back to text that reads back equal.
// Run it with
//
//	go test ./trail -run '^$' -fuzz FuzzRead -fuzztime 10m -parallel 1
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"# gospin trail 1\n# model: m.pml\n# error: assertion violated (x < 3)\n0:0:1:0\n-1:-1:-1:-1\n1:1:4:0\n2:0:2:1\n",
		"0:-1:-1:0\n1:2:3:4\n",
		"# a: b: c\n#x\n\n  0:1:2:3  \r\n",
		"0:1:2\n", "0:1:x:0\n", "1:1:2:0\n", "0:-3:2:0\n", "-1:-1:-1:-1\n",
		"0:+1:2:0\n", "0:99999999999999999999:0:0\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := Read(bytes.NewReader(data), "t")
		if err != nil {
			if tr != nil || !strings.HasPrefix(err.Error(), "t:") {
				t.Fatalf("Read: trail %v, error %q (must name t:LINE)", tr, err)
			}
			return
		}
		var b bytes.Buffer
		if err := tr.Write(&b); err != nil {
			t.Fatal(err)
		}
		back, err := Read(bytes.NewReader(b.Bytes()), "t")
		if err != nil {
			t.Fatalf("reading back %q: %v", b.String(), err)
		}
		if !reflect.DeepEqual(tr, back) {
			t.Fatalf("read %+v\nwrote %q\nread back %+v", tr, b.String(), back)
		}
	})
}
