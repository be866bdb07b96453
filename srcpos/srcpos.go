package srcpos

import "fmt"

// Position is a human-readable source position.
type Position struct {
	Filename string
	Line     int // 1-based
	Column   int // 1-based, in bytes
	// Macro, when not empty, names the macro whose expansion produced the
	// text at this position; Line and Column then point at its invocation.
	Macro string
}

// IsValid reports whether the position has a line number.
func (p Position) IsValid() bool { return p.Line > 0 }

// String formats the position as file:line:col (or as much of it as is known).
func (p Position) String() string {
	s := p.Filename
	if p.IsValid() {
		if s != "" {
			s += ":"
		}
		s += fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	if s == "" {
		s = "-"
	}
	return s
}
