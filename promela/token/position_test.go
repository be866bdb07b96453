package token

import "testing"

func TestIdentityPositions(t *testing.T) {
	f := NewFile("m.pml", []byte("ab\ncd\n\nef"))
	for off, want := range map[int]string{0: "m.pml:1:1", 1: "m.pml:1:2", 3: "m.pml:2:1", 7: "m.pml:4:1", 8: "m.pml:4:2"} {
		if got := f.Position(f.Pos(off)).String(); got != want {
			t.Errorf("offset %d: %s, want %s", off, got, want)
		}
	}
	if f.Position(NoPos).IsValid() {
		t.Errorf("NoPos has a position")
	}
}

func TestSegments(t *testing.T) {
	// "x = N\n" where N expanded from macro at inc.h, then verbatim text
	src := []byte("abc\nXYZ\ndef")
	f := NewFile("main.pml", src)
	f.AddSegment(Segment{Offset: 0, Filename: "main.pml", Line: 10, Column: 1})
	f.AddSegment(Segment{Offset: 4, Filename: "inc.h", Line: 3, Column: 7, Macro: "N"})
	f.AddSegment(Segment{Offset: 8, Filename: "main.pml", Line: 12, Column: 1})
	tests := map[int]Position{
		1: {Filename: "main.pml", Line: 10, Column: 2},
		5: {Filename: "inc.h", Line: 3, Column: 7, Macro: "N"},
		9: {Filename: "main.pml", Line: 12, Column: 2},
	}
	for off, want := range tests {
		if got := f.Position(f.Pos(off)); got != want {
			t.Errorf("offset %d: %+v, want %+v", off, got, want)
		}
	}
}

func TestKeywords(t *testing.T) {
	if Lookup("proctype") != PROCTYPE || Lookup("foo") != IDENT || Lookup("return") != RETURN {
		t.Errorf("Lookup")
	}
	if !PROCTYPE.IsKeyword() || ADD.IsKeyword() || !IDENT.IsLiteral() || !ARROW.IsOperator() {
		t.Errorf("classes")
	}
	if LAND.Precedence() <= LOR.Precedence() || MUL.Precedence() <= ADD.Precedence() || ARROW.Precedence() != LowestPrec {
		t.Errorf("precedence")
	}
}

// TestSegmentPositionsScan: within a segment, Position counts the lines
// and columns from the segment's start as a scan of the text does.
func TestSegmentPositionsScan(t *testing.T) {
	src := []byte("ab\ncd\n\nefg\nh\nijk")
	f := NewFile("m.pml", src)
	f.AddSegment(Segment{Offset: 0, Filename: "m.pml", Line: 1, Column: 1})
	f.AddSegment(Segment{Offset: 4, Filename: "inc.h", Line: 10, Column: 5})
	f.AddSegment(Segment{Offset: 11, Filename: "m.pml", Line: 3, Column: 1})
	for off := 0; off <= len(src); off++ {
		s := f.segs[0]
		for _, x := range f.segs {
			if x.Offset <= off {
				s = x
			}
		}
		line, col := s.Line, s.Column
		for _, c := range src[s.Offset:off] {
			if c == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		got := f.Position(f.Pos(off))
		if got.Filename != s.Filename || got.Line != line || got.Column != col {
			t.Errorf("offset %d: %s:%d:%d, want %s:%d:%d", off, got.Filename, got.Line, got.Column, s.Filename, line, col)
		}
	}
}
