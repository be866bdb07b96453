package token

import (
	"sort"

	"github.com/gospin/gospin/srcpos"
)

// Pos is a compact source position: 1 + a byte offset into a File's text.
// The zero value NoPos means "no position".
type Pos int

// NoPos is the zero Pos.
const NoPos Pos = 0

// IsValid reports whether p is a real position.
func (p Pos) IsValid() bool { return p != NoPos }

// Position is a human-readable source position (srcpos.Position, shared
// with the stages that do not depend on Promela: pins, the reports).
type Position = srcpos.Position

// A Segment maps the bytes of a File's text from Offset up to the next
// segment's Offset back to their origin. When Macro is empty the bytes are a
// verbatim copy of Filename starting at Line:Column, so positions advance
// with the text (newlines included). When Macro is set, all the bytes come
// from expanding that macro at Line:Column and map to that one position.
type Segment struct {
	Offset   int
	Filename string
	Line     int
	Column   int
	Macro    string
}

// File is the text the scanner reads (normally the preprocessor's output)
// together with the map from its offsets back to original sources.
type File struct {
	name  string
	src   []byte
	segs  []Segment
	lines []int // offsets of line starts in src, for the identity map
}

// NewFile returns a File for src whose positions map to name itself,
// line for line (no preprocessing), until segments are added.
func NewFile(name string, src []byte) *File {
	f := &File{name: name, src: src}
	f.lines = append(f.lines, 0)
	for i, c := range src {
		if c == '\n' {
			f.lines = append(f.lines, i+1)
		}
	}
	return f
}

// Name is the name the File was created with (the main model file).
func (f *File) Name() string { return f.name }

// Src is the text of the file.
func (f *File) Src() []byte { return f.src }

// Size is the length of the text in bytes.
func (f *File) Size() int { return len(f.src) }

// Pos converts a byte offset into a Pos.
func (f *File) Pos(offset int) Pos { return Pos(offset + 1) }

// Offset converts a Pos back into a byte offset.
func (f *File) Offset(p Pos) int { return int(p) - 1 }

// AddSegment appends a mapping segment. Segments must be added in
// increasing Offset order; a segment at the same offset as the previous
// one replaces it.
func (f *File) AddSegment(s Segment) {
	if n := len(f.segs); n > 0 && f.segs[n-1].Offset == s.Offset {
		f.segs[n-1] = s
		return
	}
	f.segs = append(f.segs, s)
}

// Segments returns the mapping segments (nil for an identity map).
func (f *File) Segments() []Segment { return f.segs }

// lineIndex is the index in f.lines of the line of src holding offset off.
func (f *File) lineIndex(off int) int {
	return sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > off }) - 1
}

// Position converts p into a human-readable position in the original
// source. An invalid or out-of-range p gives the zero Position.
func (f *File) Position(p Pos) Position {
	if f == nil || !p.IsValid() {
		return Position{}
	}
	off := f.Offset(p)
	if off < 0 || off > len(f.src) {
		return Position{}
	}
	if len(f.segs) == 0 {
		i := f.lineIndex(off)
		return Position{Filename: f.name, Line: i + 1, Column: off - f.lines[i] + 1}
	}
	i := sort.Search(len(f.segs), func(i int) bool { return f.segs[i].Offset > off }) - 1
	if i < 0 {
		return Position{Filename: f.name, Line: 1, Column: off + 1}
	}
	s := f.segs[i]
	if s.Macro != "" {
		return Position{Filename: s.Filename, Line: s.Line, Column: s.Column, Macro: s.Macro}
	}
	// the lines of src between the segment's start and off (f.lines
	// holds src's line starts): a binary search, not a scan of the text
	from, at := f.lineIndex(s.Offset), f.lineIndex(off)
	if from == at {
		return Position{Filename: s.Filename, Line: s.Line, Column: s.Column + off - s.Offset}
	}
	return Position{Filename: s.Filename, Line: s.Line + at - from, Column: off - f.lines[at] + 1}
}
