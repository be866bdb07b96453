package preproc

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/token"
)

// Config holds the options of the preprocessor.
type Config struct {
	IncludeDirs []string                          // -I dirs, searched after the including file's directory
	Defines     []string                          // -D NAME or NAME=VALUE (NAME alone defines it as 1)
	ReadFile    func(path string) ([]byte, error) // nil means os.ReadFile
}

// Result is the output of Process.
type Result struct {
	File    *token.File       // the preprocessed text; its Segments map every output byte back to the original file/line/column
	Sources map[string][]byte // original text of every file read (main file included, keyed by the name as used in positions)
	// TooLarge: the model went over MaxModelBytes (reported); the text
	// is cut short and not worth parsing.
	TooLarge bool
}

// MaxIncludeDepth is how deeply #include may nest.
const MaxIncludeDepth = 200

// maxExpansion bounds the number of tokens one macro invocation may
// produce, against exponential blow-ups.
const maxExpansion = 1 << 20

// maxTotalExpansion bounds the number of tokens all macro invocations of
// one Process call may produce; once exceeded, macros are no longer
// expanded.
const maxTotalExpansion = 1 << 23

// maxIncludes bounds the number of files included in all, against
// exponential blow-ups of files that include themselves twice.
const maxIncludes = 10000

type macro struct {
	name     string
	fn       bool
	params   []string
	variadic bool
	body     []tok
	pidx     []int // parameter index of each body token, -1 if none
	hasPaste bool  // body contains # or ## operators or parameters
	builtin  int   // bLine, bFile or 0
	disabled int   // > 0 while being expanded
}

const (
	bLine = 1 + iota
	bFile
)

type cond struct {
	pos        token.Position
	name       string // directive that opened the group
	parentSkip bool
	taken      bool
	sawElse    bool
}

type fileState struct {
	path  string // for resolving includes
	name  string // in positions (changed by #line)
	text  string
	lines []int // offsets of line starts
	delta int   // added to physical line numbers (#line)
	conds []cond
	skip  bool
}

// posAt is the position of offset off.
func (f *fileState) posAt(off int) token.Position {
	i := sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > off }) - 1
	return token.Position{Filename: f.name, Line: i + 1 + f.delta, Column: off - f.lines[i] + 1}
}

// lineAt is the physical (0-based) line index of off.
func (f *fileState) lineAt(off int) int {
	return sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > off }) - 1
}

type pp struct {
	cfg     *Config
	errs    *diag.List
	macros  map[string]*macro
	out     []byte
	segs    []token.Segment
	cur     token.Position // position of the next output byte under the current segment
	sources map[string][]byte
	depth   int
	nincl   int
	org     int32
	// budget is how many more tokens the current expansion may produce;
	// overflow is set once it ran out.
	budget    int
	overflow  bool
	total     int  // tokens produced by all expansions
	exhausted bool // total went over maxTotalExpansion
	reported  bool // the exhaustion was reported
	read      int  // bytes of source read, all files together
	tooLarge  bool // the output went over MaxModelBytes (reported)
}

// MaxModelBytes bounds the size of a model: of each file, of all its files
// together and of its text after preprocessing. Real models are a few
// hundred kilobytes at most; the bound keeps the memory of the later
// stages (some tens of bytes per byte of source) within a few gigabytes.
const MaxModelBytes = 16 << 20

// ReadSource reads a model file: only a regular file, and only up to
// MaxModelBytes (a device such as /dev/zero, a FIFO or a directory is
// refused, and so is a larger file, without reading it all).
func ReadSource(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		what := "not a regular file"
		switch {
		case st.IsDir():
			what = "a directory, not a file"
		case st.Mode()&fs.ModeDevice != 0:
			what = "a device, not a file"
		}
		return nil, fmt.Errorf("%s is %s", path, what)
	}
	if st.Size() > MaxModelBytes {
		return nil, tooLargeError(path, st.Size())
	}
	src, err := io.ReadAll(io.LimitReader(f, MaxModelBytes+1))
	if err != nil {
		return nil, err
	}
	if len(src) > MaxModelBytes {
		return nil, tooLargeError(path, int64(len(src)))
	}
	return src, nil
}

func tooLargeError(path string, n int64) error {
	return fmt.Errorf("%s is too large (%d bytes; a model may have at most %d MiB)", path, n, MaxModelBytes>>20)
}

// Process preprocesses src, the text of the file named filename. It never
// returns nil; problems are reported to errs. cfg may be nil.
func Process(filename string, src []byte, cfg *Config, errs *diag.List) *Result {
	if cfg == nil {
		cfg = &Config{}
	}
	if errs == nil {
		errs = &diag.List{}
	}
	p := &pp{
		cfg:     cfg,
		errs:    errs,
		macros:  make(map[string]*macro),
		sources: map[string][]byte{filename: src},
	}
	p.out = make([]byte, 0, len(src)+len(src)/8)
	p.macros["__LINE__"] = &macro{name: "__LINE__", builtin: bLine}
	p.macros["__FILE__"] = &macro{name: "__FILE__", builtin: bFile}
	cmdPos := token.Position{Filename: "<command-line>", Line: 1, Column: 1}
	p.define("__GOSPIN__ 1", cmdPos)
	for _, d := range cfg.Defines {
		name, val, ok := strings.Cut(d, "=")
		if !ok {
			val = "1"
		}
		if name == "" {
			errs.Errorf(cmdPos, "-D: no macro name given")
			continue
		}
		p.define(name+" "+val, cmdPos)
	}
	p.read = len(src)
	p.processFile(filename, filename, string(src))
	f := token.NewFile(filename, p.out)
	for _, s := range p.segs {
		f.AddSegment(s)
	}
	return &Result{File: f, Sources: p.sources, TooLarge: p.tooLarge}
}

func (p *pp) readFile(path string) ([]byte, error) {
	if p.cfg.ReadFile == nil {
		return ReadSource(path)
	}
	src, err := p.cfg.ReadFile(path)
	if err == nil && len(src) > MaxModelBytes {
		return nil, tooLargeError(path, int64(len(src)))
	}
	return src, err
}

func newFileState(path, name, text string) *fileState {
	f := &fileState{path: path, name: name, text: text}
	f.lines = make([]int, 1, 64)
	for i := 0; ; {
		k := strings.IndexByte(text[i:], '\n')
		if k < 0 {
			break
		}
		i += k + 1
		f.lines = append(f.lines, i)
	}
	return f
}

// emit appends verbatim text whose first byte comes from pos.
func (p *pp) emit(text string, pos token.Position) {
	if text == "" || p.tooLarge {
		return
	}
	if len(p.out)+len(text) > MaxModelBytes {
		p.tooLarge = true
		p.errs.Errorf(pos, "the model is too large after preprocessing (more than %d MiB)", MaxModelBytes>>20)
		return
	}
	if pos != p.cur {
		p.segs = append(p.segs, token.Segment{Offset: len(p.out), Filename: pos.Filename, Line: pos.Line, Column: pos.Column})
	}
	p.out = append(p.out, text...)
	if n := strings.Count(text, "\n"); n > 0 {
		pos.Line += n
		pos.Column = len(text) - strings.LastIndexByte(text, '\n')
	} else {
		pos.Column += len(text)
	}
	p.cur = pos
}

// emitNewlines appends n empty lines standing for the lines of the file
// starting at physical line index line.
func (p *pp) emitNewlines(f *fileState, line, n int) {
	if n <= 0 {
		return
	}
	pos := token.Position{Filename: f.name, Line: line + 1 + f.delta, Column: 1}
	if pos != p.cur {
		p.segs = append(p.segs, token.Segment{Offset: len(p.out), Filename: pos.Filename, Line: pos.Line, Column: pos.Column})
	}
	for range n {
		p.out = append(p.out, '\n')
	}
	pos.Line += n
	p.cur = pos
}

// emitMacro appends the text of a macro expansion invoked at pos.
func (p *pp) emitMacro(text []byte, pos token.Position, name string) {
	p.segs = append(p.segs, token.Segment{Offset: len(p.out), Filename: pos.Filename, Line: pos.Line, Column: pos.Column, Macro: name})
	p.out = append(p.out, text...)
	p.cur = token.Position{Line: -1}
}

func (p *pp) processFile(path, name, text string) {
	f := newFileState(path, name, text)
	p.scan(f)
	for i := len(f.conds) - 1; i >= 0; i-- {
		p.errs.Errorf(f.conds[i].pos, "unterminated #%s", f.conds[i].name)
	}
}

// scan copies the file to the output, running directives and expanding
// macros.
func (p *pp) scan(f *fileState) {
	s := f.text
	i, run := 0, 0
	lineStart := true
	flush := func(to int) {
		if to > run {
			p.emit(s[run:to], f.posAt(run))
		}
	}
	for i < len(s) && !p.tooLarge {
		if lineStart {
			lineStart = false
			j := i
			for j < len(s) && isHSpace(s[j]) {
				j++
			}
			if j < len(s) && s[j] == '#' {
				flush(i)
				i = p.directive(f, i, j)
				run = i
				lineStart = true
				continue
			}
			if f.skip {
				flush(i)
				end, nl := skipLine(s, i)
				p.emitNewlines(f, f.lineAt(i), nl)
				i, run = end, end
				lineStart = true
				continue
			}
		}
		c := s[i]
		switch {
		case c == '\n':
			i++
			lineStart = true
		case c == '\\' && i+1 < len(s) && s[i+1] == '\n':
			i += 2
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			i = blockCommentEnd(s, i)
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			i = lineCommentEnd(s, i)
		case c == '"' || c == '\'':
			i = quoteEnd(s, i)
		case isIdentStart(c):
			j := identEnd(s, i)
			m := p.macros[s[i:j]]
			if m == nil || p.exhausted || m.fn && !peekSourceParen(s, j) {
				i = j
				continue
			}
			flush(i)
			i, lineStart = p.expandFromSource(f, i, j, m)
			run = i
		case isDigit(c) || c == '.' && i+1 < len(s) && isDigit(s[i+1]):
			i = numberEnd(s, i)
		default:
			i++
		}
	}
	flush(len(s))
}

// skipLine skips one line of a skipped group (through its newline, and
// through any comment that starts on it). It returns the offset after it
// and the number of newlines skipped.
func skipLine(s string, i int) (int, int) {
	nl := 0
	for i < len(s) {
		c := s[i]
		if c == '\n' {
			return i + 1, nl + 1
		}
		j, ok := ignorableEnd(s, i)
		if !ok && (c == '"' || c == '\'') {
			j, ok = quoteEnd(s, i), true
		}
		if !ok {
			i++
			continue
		}
		nl += strings.Count(s[i:j], "\n")
		i = j
	}
	return i, nl
}

// ignorableEnd returns the end of the line splice (backslash-newline) or
// comment that starts at s[i], and whether one does.
func ignorableEnd(s string, i int) (int, bool) {
	if i+1 >= len(s) {
		return i, false
	}
	switch {
	case s[i] == '\\' && s[i+1] == '\n':
		return i + 2, true
	case s[i] == '/' && s[i+1] == '*':
		return blockCommentEnd(s, i), true
	case s[i] == '/' && s[i+1] == '/':
		return lineCommentEnd(s, i), true
	}
	return i, false
}

// skipSpace skips white space, newlines and comments from s[i]. It stops
// before a directive line (a line whose first non-blank is #), returning
// atDir; it returns the number of newlines skipped.
func skipSpace(s string, i int) (j, nl int, atDir bool) {
	lineStart := false
	for i < len(s) {
		c := s[i]
		switch {
		case isHSpace(c):
			i++
		case c == '\n':
			i++
			nl++
			lineStart = true
		case c == '#' && lineStart:
			// back up to the start of the directive's line
			for i > 0 && s[i-1] != '\n' {
				i--
			}
			return i, nl, true
		default:
			k, ok := ignorableEnd(s, i)
			if !ok {
				return i, nl, false
			}
			if s[i+1] == '*' {
				lineStart = false
			}
			nl += strings.Count(s[i:k], "\n")
			i = k
		}
	}
	return i, nl, false
}

// peekSourceParen reports whether the next token after s[i] is "(".
func peekSourceParen(s string, i int) bool {
	j, _, atDir := skipSpace(s, i)
	return !atDir && j < len(s) && s[j] == '('
}

// expandFromSource expands the macro m whose name is s[start:end] in the
// text of f, reading its arguments (and whatever the rescan needs) from the
// source. It returns the offset where scanning resumes and whether that
// offset is at the start of a line.
func (p *pp) expandFromSource(f *fileState, start, end int, m *macro) (int, bool) {
	pos := f.posAt(start)
	p.budget, p.overflow = maxExpansion, false
	p.org++
	e := &expander{p: p, f: f, cur: end, pos: pos, srcOrg: p.org}
	var out []tok
	e.handle(tok{text: m.name, kind: tIdent, org: e.srcOrg}, &out)
	text := spell(nil, e.expandAll(out))
	s := f.text
	if len(text) > 0 {
		if n := len(p.out); n > 0 && wouldPaste(p.out[n-1], text[0]) {
			text = append([]byte{' '}, text...)
		}
		if e.cur < len(s) && !e.atDir && wouldPaste(text[len(text)-1], s[e.cur]) {
			text = append(text, ' ')
		}
	} else if n := len(p.out); n > 0 && e.cur < len(s) && !e.atDir && e.nl == 0 && wouldPaste(p.out[n-1], s[e.cur]) {
		text = append(text, ' ')
	}
	for range e.nl {
		text = append(text, '\n')
	}
	p.emitMacro(text, pos, m.name)
	return e.cur, e.atDir
}

// define handles the text of a #define directive (after "define").
func (p *pp) define(s string, pos token.Position) {
	s = strings.TrimLeft(s, " \t\r\f\v")
	if s == "" {
		p.errs.Errorf(pos, "no macro name given in #define directive")
		return
	}
	if !isIdentStart(s[0]) {
		p.errs.Errorf(pos, "macro names must be identifiers")
		return
	}
	j := identEnd(s, 0)
	m := &macro{name: s[:j]}
	if m.name == "defined" {
		p.errs.Errorf(pos, "\"defined\" cannot be used as a macro name")
		return
	}
	rest := s[j:]
	if rest != "" && rest[0] == '(' {
		m.fn = true
		params := lexLine(rest[1:], 0)
		k := 0
		closed := false
		for k < len(params) {
			t := params[k]
			if t.is(")") && len(m.params) == 0 {
				closed = true
				k++
				break
			}
			if t.kind == tIdent {
				for _, q := range m.params {
					if q == t.text {
						p.errs.Errorf(pos, "duplicate macro parameter %q", t.text)
						return
					}
				}
				m.params = append(m.params, t.text)
				k++
				if k < len(params) && params[k].is("...") {
					m.variadic = true
					k++
				}
			} else if t.is("...") {
				m.params = append(m.params, "__VA_ARGS__")
				m.variadic = true
				k++
			} else {
				p.errs.Errorf(pos, "expected parameter name, found %q", t.text)
				return
			}
			if k < len(params) && params[k].is(")") {
				closed = true
				k++
				break
			}
			if m.variadic || k >= len(params) || !params[k].is(",") {
				break
			}
			k++
		}
		if !closed {
			p.errs.Errorf(pos, "missing ')' in macro parameter list")
			return
		}
		m.body = params[k:]
	} else {
		m.body = lexLine(rest, 0)
	}
	p.org++
	for i := range m.body {
		m.body[i].org = p.org
		m.body[i].idx = int32(i)
	}
	if len(m.body) > 0 {
		m.body[0].ws = false
	}
	m.pidx = make([]int, len(m.body))
	for i, t := range m.body {
		m.pidx[i] = -1
		if t.kind == tIdent {
			for k, q := range m.params {
				if q == t.text {
					m.pidx[i] = k
					m.hasPaste = true
				}
			}
		}
		if t.is("##") {
			m.hasPaste = true
			if i == 0 || i == len(m.body)-1 {
				p.errs.Errorf(pos, "'##' cannot appear at either end of a macro expansion")
				return
			}
		}
	}
	if m.fn {
		for i, t := range m.body {
			if t.is("#") && (i+1 >= len(m.body) || m.pidx[i+1] < 0) {
				p.errs.Errorf(pos, "'#' is not followed by a macro parameter")
				return
			}
		}
	}
	if old := p.macros[m.name]; old != nil {
		if old.builtin != 0 {
			p.errs.Warnf(pos, "redefining builtin macro %q", m.name)
		} else if !sameMacro(old, m) {
			p.errs.Warnf(pos, "macro %q redefined", m.name)
		}
	}
	p.macros[m.name] = m
}

func sameMacro(a, b *macro) bool {
	if a.fn != b.fn || a.variadic != b.variadic || len(a.params) != len(b.params) || len(a.body) != len(b.body) {
		return false
	}
	for i := range a.params {
		if a.params[i] != b.params[i] {
			return false
		}
	}
	for i := range a.body {
		if a.body[i].text != b.body[i].text || i > 0 && a.body[i].ws != b.body[i].ws {
			return false
		}
	}
	return true
}

// directive runs the directive whose line starts at lineOff and whose # is
// at hash. It returns the offset after the directive's last line.
func (p *pp) directive(f *fileState, lineOff, hash int) int {
	s := f.text
	body, end, nl := directiveText(s, hash+1)
	line := f.lineAt(lineOff)
	pos := f.posAt(hash)
	p.budget, p.overflow = maxExpansion, false
	body = strings.TrimLeft(body, " \t\r\f\v")
	name := ""
	if body != "" && isIdentStart(body[0]) {
		k := identEnd(body, 0)
		name, body = body[:k], body[k:]
	} else if body != "" && isDigit(body[0]) {
		name = "#line" // linemarker: # N "file"
	}
	switch name {
	case "if", "ifdef", "ifndef", "elif", "else", "endif":
		p.emitNewlines(f, line, nl)
		p.conditional(f, name, body, pos)
		return end
	}
	if f.skip {
		p.emitNewlines(f, line, nl)
		return end
	}
	if name == "include" {
		p.include(f, body, pos)
		p.emitNewlines(f, line, nl)
		return end
	}
	p.emitNewlines(f, line, nl)
	switch name {
	case "":
		if strings.TrimSpace(body) != "" {
			p.errs.Errorf(pos, "invalid preprocessing directive")
		}
	case "define":
		p.define(body, pos)
	case "undef":
		t := lexLine(body, 0)
		if len(t) == 0 || t[0].kind != tIdent {
			p.errs.Errorf(pos, "macro names must be identifiers")
			return end
		}
		if len(t) > 1 {
			p.errs.Warnf(pos, "extra tokens at end of #undef directive")
		}
		delete(p.macros, t[0].text)
	case "line", "#line":
		p.line(f, body, pos, line+nl)
	case "pragma":
	case "error":
		p.errs.Errorf(pos, "#error %s", strings.TrimSpace(body))
	case "warning":
		p.errs.Warnf(pos, "#warning %s", strings.TrimSpace(body))
	default:
		p.errs.Errorf(pos, "unknown preprocessor directive #%s", name)
	}
	return end
}

// directiveText collects the logical line of a directive starting at s[i]:
// line continuations are removed and comments replaced by a space. It
// returns the text, the offset after the line and the number of newlines
// consumed.
func directiveText(s string, i int) (string, int, int) {
	var b []byte
	nl := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == '\n':
			return string(b), i + 1, nl + 1
		case c == '\\' && i+1 < len(s) && s[i+1] == '\n':
			i += 2
			nl++
		case c == '\\' && i+2 < len(s) && s[i+1] == '\r' && s[i+2] == '\n':
			i += 3
			nl++
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			j := blockCommentEnd(s, i)
			nl += strings.Count(s[i:j], "\n")
			b = append(b, ' ')
			i = j
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			j := lineCommentEnd(s, i)
			nl += strings.Count(s[i:j], "\n")
			i = j
		case c == '"' || c == '\'':
			j := quoteEnd(s, i)
			for _, c := range []byte(s[i:j]) {
				if c == '\n' {
					nl++
					if len(b) > 0 && b[len(b)-1] == '\\' {
						b = b[:len(b)-1]
					}
					continue
				}
				b = append(b, c)
			}
			i = j
		default:
			b = append(b, c)
			i++
		}
	}
	return string(b), i, nl
}

func (p *pp) conditional(f *fileState, name, body string, pos token.Position) {
	switch name {
	case "if", "ifdef", "ifndef":
		c := cond{pos: pos, name: name, parentSkip: f.skip}
		if !f.skip {
			var v bool
			if name == "if" {
				v = p.evalIf(body, pos, "#if")
			} else {
				v = p.ifdef(body, pos, name)
			}
			c.taken = v
			f.skip = !v
		}
		f.conds = append(f.conds, c)
	case "elif":
		c := p.openCond(f, pos, name)
		if c == nil {
			return
		}
		if c.sawElse {
			f.skip = true
			return
		}
		switch {
		case c.parentSkip:
		case c.taken:
			f.skip = true
		default:
			v := p.evalIf(body, pos, "#elif")
			c.taken = v
			f.skip = !v
		}
	case "else":
		c := p.openCond(f, pos, name)
		if c == nil {
			return
		}
		c.sawElse = true
		if !c.parentSkip {
			f.skip = c.taken
			c.taken = true
		}
		if !f.skip && strings.TrimSpace(body) != "" {
			p.errs.Warnf(pos, "extra tokens at end of #else directive")
		}
	case "endif":
		if p.openCond(f, pos, name) == nil {
			return
		}
		c := f.conds[len(f.conds)-1]
		f.conds = f.conds[:len(f.conds)-1]
		f.skip = c.parentSkip
		if !f.skip && strings.TrimSpace(body) != "" {
			p.errs.Warnf(pos, "extra tokens at end of #endif directive")
		}
	}
}

// openCond returns the innermost open conditional for the directive name
// (elif, else or endif), reporting a directive without #if (nil) and an
// #elif or #else after #else.
func (p *pp) openCond(f *fileState, pos token.Position, name string) *cond {
	if len(f.conds) == 0 {
		p.errs.Errorf(pos, "#%s without #if", name)
		return nil
	}
	c := &f.conds[len(f.conds)-1]
	if c.sawElse && name != "endif" {
		p.errs.Errorf(pos, "#%s after #else", name)
	}
	return c
}

func (p *pp) ifdef(body string, pos token.Position, name string) bool {
	t := lexLine(body, 0)
	if len(t) == 0 {
		p.errs.Errorf(pos, "no macro name given in #%s directive", name)
		return false
	}
	if t[0].kind != tIdent {
		p.errs.Errorf(pos, "macro names must be identifiers")
		return false
	}
	if len(t) > 1 {
		p.errs.Warnf(pos, "extra tokens at end of #%s directive", name)
	}
	_, def := p.macros[t[0].text]
	return def == (name == "ifdef")
}

func (p *pp) line(f *fileState, body string, pos token.Position, nextLine int) {
	t := p.expandList(lexLine(body, 0), pos)
	if len(t) == 0 || t[0].kind != tNumber {
		p.errs.Errorf(pos, "#line: expected a line number")
		return
	}
	n, err := strconv.ParseUint(t[0].text, 10, 31)
	if err != nil || n == 0 {
		p.errs.Errorf(pos, "#line: invalid line number %q", t[0].text)
		return
	}
	if len(t) > 1 {
		if t[1].kind != tString || len(t[1].text) < 2 || t[1].text[len(t[1].text)-1] != '"' {
			p.errs.Errorf(pos, "#line: invalid file name %s", t[1].text)
			return
		}
		name, err := strconv.Unquote(t[1].text)
		if err != nil {
			name = t[1].text[1 : len(t[1].text)-1]
		}
		f.name = name
	}
	f.delta = int(n) - (nextLine + 1)
}

func (p *pp) include(f *fileState, body string, pos token.Position) {
	arg := strings.TrimSpace(body)
	name, angled, ok := includeName(arg)
	if !ok {
		// computed include: expand macros and try again
		var b []byte
		b = spell(b, p.expandList(lexLine(arg, 0), pos))
		name, angled, ok = includeName(strings.TrimSpace(string(b)))
		if !ok {
			p.errs.Errorf(pos, "#include expects \"FILENAME\" or <FILENAME>")
			return
		}
	}
	if name == "" {
		p.errs.Errorf(pos, "empty filename in #include")
		return
	}
	if p.nincl >= maxIncludes {
		p.errs.Errorf(pos, "#include: too many files included (more than %d)", maxIncludes)
		return
	}
	if p.depth >= MaxIncludeDepth {
		p.errs.Errorf(pos, "#include nested too deeply (more than %d levels)", MaxIncludeDepth)
		return
	}
	var cands []string
	if filepath.IsAbs(name) {
		cands = []string{name}
	} else {
		if !angled {
			cands = append(cands, filepath.Join(filepath.Dir(f.path), name))
		}
		for _, d := range p.cfg.IncludeDirs {
			cands = append(cands, filepath.Join(d, name))
		}
	}
	var firstErr error
	for _, c := range cands {
		src, err := p.readFile(c)
		if err != nil {
			if firstErr == nil && !errors.Is(err, fs.ErrNotExist) {
				firstErr = err
			}
			continue
		}
		if p.read += len(src); p.read > MaxModelBytes {
			p.errs.Errorf(pos, "#include %q: the model is too large (more than %d MiB of source in all)", name, MaxModelBytes>>20)
			p.tooLarge = true
			return
		}
		if _, seen := p.sources[c]; !seen {
			p.sources[c] = src
		}
		p.depth++
		p.nincl++
		p.processFile(c, c, string(src))
		p.depth--
		return
	}
	if firstErr != nil {
		p.errs.Errorf(pos, "#include: cannot open %q: %v", name, firstErr)
		return
	}
	p.errs.Errorf(pos, "#include: cannot open %q: no such file", name)
}

func includeName(s string) (name string, angled, ok bool) {
	if len(s) < 2 {
		return "", false, false
	}
	var q byte
	switch s[0] {
	case '"':
		q = '"'
	case '<':
		q, angled = '>', true
	default:
		return "", false, false
	}
	k := strings.IndexByte(s[1:], q)
	if k < 0 {
		return "", false, false
	}
	return s[1 : 1+k], angled, true
}
