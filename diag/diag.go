// Package diag collects diagnostics (errors and warnings) with their source
// positions and prints them as gospin shows them to users:
//
//	model.pml:12:7: error: undefined: x
//	    x = y + 1
//	    ^
//
// Every stage (preprocessor, scanner, parser, checker) reports into a List
// instead of stopping at the first problem, as go/scanner does.
package diag

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/gospin/gospin/promela/token"
)

// Severity says whether a diagnostic is an error or a warning.
type Severity int

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Diagnostic is one message at one source position.
type Diagnostic struct {
	Pos      token.Position
	Severity Severity
	Msg      string
}

// String formats d as file:line:col: severity: message.
func (d *Diagnostic) String() string {
	s := fmt.Sprintf("%s: %s: %s", d.Pos, d.Severity, d.Msg)
	if d.Pos.Macro != "" {
		s += fmt.Sprintf(" (in expansion of macro %s)", d.Pos.Macro)
	}
	return s
}

// List is an ordered collection of diagnostics. The zero value is ready.
type List struct {
	Items []*Diagnostic
}

// Add appends a diagnostic.
func (l *List) Add(pos token.Position, sev Severity, format string, args ...any) {
	l.Items = append(l.Items, &Diagnostic{Pos: pos, Severity: sev, Msg: fmt.Sprintf(format, args...)})
}

// Errorf appends an error.
func (l *List) Errorf(pos token.Position, format string, args ...any) {
	l.Add(pos, Error, format, args...)
}

// Warnf appends a warning.
func (l *List) Warnf(pos token.Position, format string, args ...any) {
	l.Add(pos, Warning, format, args...)
}

// Len is the number of diagnostics.
func (l *List) Len() int { return len(l.Items) }

// ErrorCount is the number of diagnostics that are errors.
func (l *List) ErrorCount() int {
	n := 0
	for _, d := range l.Items {
		if d.Severity == Error {
			n++
		}
	}
	return n
}

// HasErrors reports whether any diagnostic is an error.
func (l *List) HasErrors() bool { return l.ErrorCount() > 0 }

// Sort orders the diagnostics by file, line and column (stable, so that
// diagnostics at one position keep the order they were reported in), and
// drops exact duplicates.
func (l *List) Sort() {
	sort.SliceStable(l.Items, func(i, j int) bool {
		a, b := l.Items[i].Pos, l.Items[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	out := l.Items[:0]
	for i, d := range l.Items {
		if i > 0 && *d == *l.Items[i-1] {
			continue
		}
		out = append(out, d)
	}
	l.Items = out
}

// Err returns the list as an error if it holds any error, else nil.
func (l *List) Err() error {
	if !l.HasErrors() {
		return nil
	}
	return l
}

// Error implements error: all diagnostics, one per line.
func (l *List) Error() string {
	var b strings.Builder
	for i, d := range l.Items {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.String())
	}
	return b.String()
}

// SourceFunc returns the original text of a file by name (nil if unknown),
// so Print can show the offending line.
type SourceFunc func(filename string) []byte

// Print writes every diagnostic to w, each followed by its source line and
// a caret under the column when src knows the file.
func Print(w io.Writer, l *List, src SourceFunc) {
	for _, d := range l.Items {
		fmt.Fprintln(w, d.String())
		if src == nil || !d.Pos.IsValid() {
			continue
		}
		line, ok := sourceLine(src(d.Pos.Filename), d.Pos.Line)
		if !ok {
			continue
		}
		fmt.Fprintf(w, "    %s\n    %s^\n", line, caretPad(line, d.Pos.Column))
	}
}

func sourceLine(text []byte, n int) (string, bool) {
	if text == nil || n < 1 {
		return "", false
	}
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(text, '\n')
		if j < 0 {
			return "", false
		}
		text = text[j+1:]
	}
	if j := bytes.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	return strings.TrimRight(string(text), "\r"), true
}

// caretPad keeps the tabs of the line so the caret lines up in a terminal.
func caretPad(line string, col int) string {
	var b strings.Builder
	for i := 0; i < col-1 && i < len(line); i++ {
		if line[i] == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}
