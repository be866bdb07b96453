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

func TestMaxErrors(t *testing.T) {
	l := List{Max: 3}
	for i := 1; i <= 6; i++ {
		l.Errorf(token.Position{Filename: "a.pml", Line: i, Column: 1}, "e%d", i)
		l.Warnf(token.Position{Filename: "a.pml", Line: i, Column: 2}, "w%d", i)
	}
	l.Errorf(token.Position{Filename: "b.pml", Line: 1, Column: 1}, "other file")
	if !l.Full() {
		t.Errorf("not full")
	}
	l.Sort()
	var got []string
	for _, d := range l.Items {
		got = append(got, d.Pos.Filename+":"+d.Msg)
	}
	want := "a.pml:e1 a.pml:w1 a.pml:e2 a.pml:w2 a.pml:e3 a.pml:w3 a.pml:too many errors a.pml:too many warnings b.pml:other file"
	if strings.Join(got, " ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
}

func TestPrintEscapesAndWindows(t *testing.T) {
	var l List
	l.Errorf(token.Position{Filename: "a.pml", Line: 1, Column: 7}, "bad \x1b[31m")
	long := strings.Repeat("a", 1000) + "X" + strings.Repeat("b", 1000)
	l.Errorf(token.Position{Filename: "a.pml", Line: 2, Column: 1001}, "long")
	src := []byte("\tx\x01\u202ey = 1\n" + long + "\n")
	var b bytes.Buffer
	Print(&b, &l, func(string) []byte { return src })
	lines := strings.Split(b.String(), "\n")
	if lines[0] != `a.pml:1:7: error: bad \x1b[31m` {
		t.Errorf("message: %q", lines[0])
	}
	if lines[1] != "    \tx\\x01\\u202ey = 1" || lines[2] != "    \t           ^" { // under y

		t.Errorf("control characters:\n%q\n%q", lines[1], lines[2])
	}
	shown, caret := lines[4], lines[5]
	if len(shown) > maxEcho+20 || !strings.HasPrefix(shown, "    ...") || !strings.HasSuffix(shown, "...") {
		t.Errorf("long line not windowed: %d bytes", len(shown))
	}
	if i := strings.Index(shown, "X"); i < 0 || len(caret) != i+1 || caret[i] != '^' {
		t.Errorf("caret not under the column:\n%s\n%s", shown, caret)
	}
}
