package ltl

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// Source is one formula given to be translated and where it comes from:
// a file's line, or (File "") a command-line argument.
type Source struct {
	Text string
	File string
	Line int
}

// ReadFormulas reads one formula per line of r (named name in errors);
// blank lines and lines starting with # are skipped.
func ReadFormulas(r io.Reader, name string) ([]Source, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	var out []Source
	line := 0
	for sc.Scan() {
		line++
		t := sc.Text()
		s := strings.TrimSpace(t)
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		out = append(out, Source{Text: t, File: name, Line: line})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, line+1, err)
	}
	return out, nil
}

// ReadFormulaFile reads the formulas of the file path (see ReadFormulas).
func ReadFormulaFile(path string) ([]Source, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return ReadFormulas(fh, path)
}

// IsTerminal reports whether r is a terminal (or another character device
// such as /dev/null), from which formulas are not read unless asked for.
func IsTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err != nil || st.Mode()&os.ModeCharDevice != 0
}

// TranslateText parses and translates one formula with at most maxWork
// steps; the automaton's Formula is the text, trimmed.
func TranslateText(text string, maxWork int) (*Formula, *Automaton, []string, error) {
	f, names, err := Parse(text)
	if err != nil {
		return nil, nil, nil, err
	}
	a, err := TryTranslate(f, Options{MaxWork: maxWork})
	if err != nil {
		return nil, nil, nil, err
	}
	a.Formula = strings.TrimSpace(text)
	return f, a, names, nil
}

// StutterProps gives the HOA stutter properties of f's language: both
// false when StutterInvariance cannot decide.
func StutterProps(f *Formula) (invariant, sensitive bool) {
	si, decided := StutterInvariance(f)
	return decided && si, decided && !si
}

// EscapeControls shows control characters of s as Go escapes (\x01), so
// that an echoed formula cannot move the terminal's cursor.
func EscapeControls(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x20 && r != '\t' || r == 0x7f {
			fmt.Fprintf(&b, "\\x%02x", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// CaretPad is the indentation that puts a caret under byte pos of s as
// EscapeControls shows it: tabs are kept, other characters become spaces
// (one per rune, four for an escaped control character).
func CaretPad(s string, pos int) string {
	if pos > len(s) {
		pos = len(s)
	}
	var b strings.Builder
	for _, r := range s[:pos] {
		switch {
		case r == '\t':
			b.WriteByte('\t')
		case r < 0x20 || r == 0x7f:
			b.WriteString("    ") // shown as \xNN
		default:
			b.WriteByte(' ')
		}
	}
	return b.String()
}
