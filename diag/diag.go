package diag

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

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

func (d *Diagnostic) tooMany() bool { return d.Msg == TooManyErrors || d.Msg == TooManyWarnings }

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
	// Max, when positive, caps the errors kept per file: the next one
	// is replaced by a single "too many errors" (as go vet does) and any
	// later one is dropped. Warnings likewise ("too many warnings").
	Max    int
	counts map[countKey]int
}

type countKey struct {
	file string
	sev  Severity
}

// TooManyErrors and TooManyWarnings end the errors and the warnings of a
// file past Max.
const (
	TooManyErrors   = "too many errors"
	TooManyWarnings = "too many warnings"
)

// Add appends a diagnostic.
func (l *List) Add(pos token.Position, sev Severity, format string, args ...any) {
	if l.Max > 0 {
		if l.counts == nil {
			l.counts = map[countKey]int{}
		}
		k := countKey{pos.Filename, sev}
		l.counts[k]++
		switch n := l.counts[k]; {
		case n == l.Max+1:
			msg := TooManyErrors
			if sev == Warning {
				msg = TooManyWarnings
			}
			l.Items = append(l.Items, &Diagnostic{Pos: pos, Severity: sev, Msg: msg})
			return
		case n > l.Max:
			return
		}
	}
	l.Items = append(l.Items, &Diagnostic{Pos: pos, Severity: sev, Msg: fmt.Sprintf(format, args...)})
}

// Full reports whether a file has reached the cap on errors (Max): the
// stages may stop early.
func (l *List) Full() bool {
	if l.Max <= 0 {
		return false
	}
	for k, n := range l.counts {
		if k.sev == Error && n > l.Max {
			return true
		}
	}
	return false
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
		// "too many errors" and "too many warnings" end their file's list
		if ta, tb := l.Items[i].tooMany(), l.Items[j].tooMany(); ta != tb {
			return tb
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
//
// Control characters and invalid UTF-8, in the message or the source
// line, are printed escaped (\x01, \u202e), so that a model cannot drive
// the terminal; a long source line is shown as a window around the
// column.
func Print(w io.Writer, l *List, src SourceFunc) {
	for _, d := range l.Items {
		fmt.Fprintln(w, Escape(d.String()))
		if src == nil || !d.Pos.IsValid() || d.tooMany() {
			continue
		}
		line, ok := sourceLine(src(d.Pos.Filename), d.Pos.Line)
		if !ok {
			continue
		}
		shown, pad := echo(line, d.Pos.Column)
		fmt.Fprintf(w, "    %s\n    %s^\n", shown, pad)
	}
}

// Escape returns s with its control characters, other non-printable
// runes and invalid UTF-8 bytes escaped as Go writes them.
func Escape(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' && c != '\t' || c >= 0x7f {
			goto escape
		}
	}
	return s
escape:
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		b.WriteString(escapeRune(r, n, s[i]))
		i += n
	}
	return b.String()
}

// escapeRune is how Print shows the rune r of n bytes, the first being c.
func escapeRune(r rune, n int, c byte) string {
	switch {
	case r == utf8.RuneError && n == 1:
		return fmt.Sprintf("\\x%02x", c)
	case r == '\t' || unicode.IsPrint(r):
		return string(r)
	}
	q := strconv.QuoteRuneToASCII(r)
	return q[1 : len(q)-1]
}

// maxEcho is the widest source line Print shows whole.
const maxEcho = 160

// echo returns the part of line Print shows (escaped; a window around
// col when the line is long) and the padding that puts a caret under
// col (tabs kept so that it lines up in a terminal).
func echo(line string, col int) (shown, pad string) {
	start, end := 0, len(line)
	if len(line) > maxEcho {
		start = max(0, min(col-1-maxEcho/2, len(line)-maxEcho))
		for start > 0 && !utf8.RuneStart(line[start]) {
			start--
		}
		end = min(len(line), start+maxEcho)
		for end < len(line) && !utf8.RuneStart(line[end]) {
			end++
		}
	}
	var sb, pb strings.Builder
	if start > 0 {
		sb.WriteString("...")
		pb.WriteString("   ")
	}
	for i := start; i < end; {
		r, n := utf8.DecodeRuneInString(line[i:])
		e := escapeRune(r, n, line[i])
		sb.WriteString(e)
		if i < col-1 {
			if e == "\t" {
				pb.WriteByte('\t')
			} else {
				pb.WriteString(strings.Repeat(" ", utf8.RuneCountInString(e)))
			}
		}
		i += n
	}
	if end < len(line) {
		sb.WriteString("...")
	}
	return sb.String(), pb.String()
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
