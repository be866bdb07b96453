package diag

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gospin/gospin/promela/token"
)

func TestSortPrint(t *testing.T) {
	var l List
	l.Errorf(token.Position{Filename: "b.pml", Line: 2, Column: 5}, "second %s", "file")
	l.Warnf(token.Position{Filename: "a.pml", Line: 3, Column: 1}, "late")
	l.Errorf(token.Position{Filename: "a.pml", Line: 1, Column: 3}, "early")
	l.Errorf(token.Position{Filename: "a.pml", Line: 1, Column: 3}, "early") // duplicate
	l.Sort()
	if l.Len() != 3 || l.ErrorCount() != 2 || !l.HasErrors() {
		t.Fatalf("len %d errors %d", l.Len(), l.ErrorCount())
	}
	if l.Items[0].Msg != "early" || l.Items[1].Msg != "late" || l.Items[2].Msg != "second file" {
		t.Errorf("order: %v", l.Error())
	}
	var b bytes.Buffer
	src := map[string][]byte{"a.pml": []byte("x = 1\n\ty = 2\nz")}
	Print(&b, &l, func(name string) []byte { return src[name] })
	want := "a.pml:1:3: error: early\n    x = 1\n      ^\n"
	if !strings.HasPrefix(b.String(), want) {
		t.Errorf("got:\n%s\nwant prefix:\n%s", b.String(), want)
	}
	if l.Err() == nil {
		t.Errorf("Err is nil with errors")
	}
	var empty List
	if empty.Err() != nil {
		t.Errorf("Err not nil without errors")
	}
}

func TestMacroNote(t *testing.T) {
	d := Diagnostic{Pos: token.Position{Filename: "m.pml", Line: 4, Column: 2, Macro: "INC"}, Severity: Error, Msg: "bad"}
	if got := d.String(); got != "m.pml:4:2: error: bad (in expansion of macro INC)" {
		t.Errorf("%s", got)
	}
}
