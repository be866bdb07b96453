package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/document.shape")

func shapeOf(t *testing.T, d *Document) string {
	t.Helper()
	var b bytes.Buffer
	if err := d.Write(&b); err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	return Shape(v)
}

// TestDocumentShape: the JSON document has the shape of the golden file
// testdata/document.shape (go test ./report -run DocumentShape -update
// rewrites it; a change that is not an addition needs a new Schema), and
// the same shape with one property or several, with or without errors,
// complete or not: no field comes and goes.
func TestDocumentShape(t *testing.T) {
	full := sample()
	full.Unreached = []Unreached{{Kind: "proctype", Name: "P", Lines: []string{`m.pml:5, state 3, "x = 2"`}, Count: 1, States: 4}}
	full.Complete, full.Incomplete = false, "stopped at error"
	empty := &Summary{Model: "m.pml", Complete: true}
	docs := map[string]*Document{
		"one property, an error":  NewDocument("v1.0.0", "abc", "m.pml", Options{Defines: []string{"N=3"}}, []*Summary{full}),
		"several properties":      NewDocument("v1.0.0", "abc", "m.pml", Options{}, []*Summary{full, full}),
		"complete, nothing found": NewDocument("(devel)", "", "m.pml", Options{}, []*Summary{empty}),
	}
	want := shapeOf(t, docs["one property, an error"])
	if *update {
		if err := os.WriteFile("testdata/document.shape", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	golden, err := os.ReadFile("testdata/document.shape")
	if err != nil {
		t.Fatal(err)
	}
	if want != string(golden) {
		t.Errorf("the document's shape changed (update testdata/document.shape, and Schema unless fields were only added):\n%s", diffLines(string(golden), want))
	}
	for name, d := range docs {
		// a document whose lists are empty has fewer paths (no element
		// shapes): compare the paths it has
		got := shapeOf(t, d)
		for _, l := range strings.Split(strings.TrimSpace(got), "\n") {
			if !strings.Contains(string(golden), l+"\n") {
				t.Errorf("%s: path %q is not in the golden shape", name, l)
			}
		}
		for _, l := range strings.Split(strings.TrimSpace(string(golden)), "\n") {
			if !strings.Contains(l, "[]") && !strings.Contains(got, l+"\n") {
				t.Errorf("%s: lacks %q", name, l)
			}
		}
	}
	if d := docs["several properties"]; d.Errors != 2 || d.Complete || d.Reason != "stopped at error" || len(d.Properties) != 2 {
		t.Errorf("several properties: errors %d complete %v reason %q", d.Errors, d.Complete, d.Reason)
	}
	if d := docs["complete, nothing found"]; !d.Complete || d.Reason != "" || d.Schema != Schema {
		t.Errorf("complete: %+v", d)
	}
}

// diffLines lists the lines only in a (-) and only in b (+).
func diffLines(a, b string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	ma, mb := in(a), in(b)
	var out []string
	for l := range ma {
		if !mb[l] {
			out = append(out, "- "+l)
		}
	}
	for l := range mb {
		if !ma[l] {
			out = append(out, "+ "+l)
		}
	}
	sort.Strings(out)
	return fmt.Sprint(strings.Join(out, "\n"))
}
