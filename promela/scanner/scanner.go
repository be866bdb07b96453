package scanner

import (
	"fmt"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/token"
)

// Mode controls what the scanner returns besides ordinary tokens.
type Mode uint

const (
	// ScanComments returns comments as COMMENT tokens instead of skipping them.
	ScanComments Mode = 1 << iota
	// ScanDirectives returns preprocessor lines (# at the start of a
	// line, with backslash continuations) as DIRECTIVE tokens instead of
	// skipping them.
	ScanDirectives
	// ScanLTL starts the scanner in LTL mode (see SetLTL).
	ScanLTL
)

// Scanner holds the state of a scan over one token.File.
type Scanner struct {
	file *token.File
	src  []byte
	errs *diag.List
	mode Mode
	ltl  bool

	off       int  // offset of the next unread byte
	lineStart bool // only white space since the last newline (or start)
	newline   bool // a newline preceded the token just returned
	lastErr   int  // offset of the last error, to avoid repeats
}

// Init prepares s to scan file from its start. Errors go to errs.
func (s *Scanner) Init(file *token.File, errs *diag.List, mode Mode) {
	*s = Scanner{file: file, src: file.Src(), errs: errs, mode: mode, lineStart: true, lastErr: -1}
	s.ltl = mode&ScanLTL != 0
}

// SetLTL switches LTL mode on or off for the tokens scanned from now on.
// In LTL mode `[]`, `<>` and `<->` are single tokens (ALWAYS, EVENTUALLY,
// EQUIV) and `/\` and `\/` mean && and ||, as in SPIN's ltl blocks;
// outside it they are ordinary brackets and comparisons.
func (s *Scanner) SetLTL(on bool) { s.ltl = on }

// NewlineBefore reports whether a newline (or the start of the file)
// separated the most recently scanned token from the one before it.
func (s *Scanner) NewlineBefore() bool { return s.newline }

// Offset is the offset just after the most recently scanned token.
func (s *Scanner) Offset() int { return s.off }

func (s *Scanner) error(off int, format string, args ...any) {
	if off == s.lastErr {
		return
	}
	s.lastErr = off
	if s.errs != nil {
		s.errs.Errorf(s.file.Position(s.file.Pos(off)), format, args...)
	}
}

func (s *Scanner) warn(off int, format string, args ...any) {
	if s.errs != nil {
		s.errs.Warnf(s.file.Position(s.file.Pos(off)), format, args...)
	}
}

func isLetter(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func (s *Scanner) peekByte(k int) byte {
	if s.off+k < len(s.src) {
		return s.src[s.off+k]
	}
	return 0
}

// Scan returns the next token: its position, kind and literal text. The
// literal is the identifier, number, character constant (with quotes),
// string (with quotes), comment or directive text; for operators and
// keywords it is empty. At the end of the input Scan returns EOF.
func (s *Scanner) Scan() (pos token.Pos, tok token.Token, lit string) {
	s.newline = s.off == 0
again:
	// skip white space
	for s.off < len(s.src) {
		c := s.src[s.off]
		if c == '\n' {
			s.newline = true
			s.lineStart = true
		} else if c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v' {
			break
		}
		s.off++
	}
	start := s.off
	pos = s.file.Pos(start)
	if s.off >= len(s.src) {
		return pos, token.EOF, ""
	}
	c := s.src[s.off]
	atLineStart := s.lineStart
	s.lineStart = false

	switch {
	case isLetter(c):
		tok, lit = s.scanIdent(start)
		return pos, tok, lit
	case isDigit(c):
		return pos, token.INT, s.scanNumber(start)
	}

	s.off++
	switch c {
	case '"':
		return pos, token.STRING, s.scanString(start)
	case '\'':
		return pos, token.CHAR, s.scanChar(start)
	case '#':
		if atLineStart {
			for s.off < len(s.src) && s.src[s.off] != '\n' {
				if s.src[s.off] == '\\' && s.peekByte(1) == '\n' {
					s.off++
				}
				s.off++
			}
			if s.mode&ScanDirectives != 0 {
				return pos, token.DIRECTIVE, string(s.src[start:s.off])
			}
			goto again
		}
		s.error(start, "unexpected character '#' (a preprocessor directive must start a line)")
		return pos, token.ILLEGAL, "#"
	case '/':
		if s.peekByte(0) == '*' {
			s.off++
			for {
				if s.off+1 >= len(s.src) {
					s.off = len(s.src)
					s.error(start, "comment not terminated")
					break
				}
				if s.src[s.off] == '*' && s.src[s.off+1] == '/' {
					s.off += 2
					break
				}
				if s.src[s.off] == '\n' {
					s.newline = true
				}
				s.off++
			}
			if s.mode&ScanComments != 0 {
				return pos, token.COMMENT, string(s.src[start:s.off])
			}
			s.lineStart = false
			goto again
		}
		if s.peekByte(0) == '/' {
			for s.off < len(s.src) && s.src[s.off] != '\n' {
				s.off++
			}
			if s.mode&ScanComments != 0 {
				return pos, token.COMMENT, string(s.src[start:s.off])
			}
			goto again
		}
		if s.ltl && s.peekByte(0) == '\\' {
			s.off++
			return pos, token.LAND, ""
		}
		return pos, token.QUO, ""
	case '\\':
		if s.ltl && s.peekByte(0) == '/' {
			s.off++
			return pos, token.LOR, ""
		}
	case '*':
		if s.peekByte(0) == '/' {
			// a close-comment outside a comment, as a "nested" comment
			// /* a /* b */ */ leaves: SPIN's lexer drops it
			s.off++
			s.warn(start, "*/ outside a comment ignored (comments do not nest)")
			goto again
		}
		return pos, token.MUL, ""
	default:
		if tok, ok := s.operator(c); ok {
			return pos, tok, ""
		}
	}
	s.error(start, "unexpected character %s", quoteChar(c))
	return pos, token.ILLEGAL, string(c)
}

// operator scans the rest of an operator or punctuation token starting
// with c (already consumed).
func (s *Scanner) operator(c byte) (token.Token, bool) {
	switch c {
	case '+':
		return s.follow('+', token.INC, token.ADD), true
	case '-':
		if s.peekByte(0) == '>' {
			s.off++
			return token.ARROW, true
		}
		return s.follow('-', token.DEC, token.SUB), true
	case '%':
		return token.REM, true
	case '&':
		return s.follow('&', token.LAND, token.AND), true
	case '|':
		return s.follow('|', token.LOR, token.OR), true
	case '^':
		return token.XOR, true
	case '~':
		return token.TILDE, true
	case '!':
		if s.peekByte(0) == '=' {
			s.off++
			return token.NEQ, true
		}
		return s.follow('!', token.SORTSEND, token.NOT), true
	case '=':
		return s.follow('=', token.EQL, token.ASSIGN), true
	case '<':
		switch s.peekByte(0) {
		case '<':
			s.off++
			return token.SHL, true
		case '=':
			s.off++
			return token.LEQ, true
		}
		if s.ltl {
			if s.peekByte(0) == '>' {
				s.off++
				return token.EVENTUALLY, true
			}
			if s.peekByte(0) == '-' && s.peekByte(1) == '>' {
				s.off += 2
				return token.EQUIV, true
			}
		}
		return token.LSS, true
	case '>':
		switch s.peekByte(0) {
		case '>':
			s.off++
			return token.SHR, true
		case '=':
			s.off++
			return token.GEQ, true
		}
		return token.GTR, true
	case '?':
		return s.follow('?', token.RQUEST, token.QUEST), true
	case '@':
		return token.AT, true
	case '(':
		return token.LPAREN, true
	case ')':
		return token.RPAREN, true
	case '[':
		if s.ltl && s.peekByte(0) == ']' {
			s.off++
			return token.ALWAYS, true
		}
		return token.LBRACK, true
	case ']':
		return token.RBRACK, true
	case '{':
		return token.LBRACE, true
	case '}':
		return token.RBRACE, true
	case ',':
		return token.COMMA, true
	case '.':
		return s.follow('.', token.DOTDOT, token.PERIOD), true
	case ';':
		return token.SEMICOLON, true
	case ':':
		return s.follow(':', token.SEP, token.COLON), true
	}
	return token.ILLEGAL, false
}

// scanIdent scans an identifier or keyword starting at start.
func (s *Scanner) scanIdent(start int) (token.Token, string) {
	for s.off < len(s.src) && (isLetter(s.src[s.off]) || isDigit(s.src[s.off])) {
		s.off++
	}
	lit := string(s.src[start:s.off])
	tok := token.Lookup(lit)
	if tok == token.IN { // `in` is a keyword only inside for (...)
		tok = token.IDENT
	}
	return tok, lit
}

// scanNumber scans a decimal integer constant starting at start.
func (s *Scanner) scanNumber(start int) string {
	for s.off < len(s.src) && isDigit(s.src[s.off]) {
		s.off++
	}
	if s.off < len(s.src) && (isLetter(s.src[s.off])) {
		for s.off < len(s.src) && (isLetter(s.src[s.off]) || isDigit(s.src[s.off])) {
			s.off++
		}
		s.error(start, "malformed number %s (Promela has only decimal integer constants)", s.src[start:s.off])
		return "0"
	}
	return string(s.src[start:s.off])
}

// scanString scans the rest of a string literal starting at start.
func (s *Scanner) scanString(start int) string {
	for {
		if s.off >= len(s.src) || s.src[s.off] == '\n' {
			s.error(start, "string literal not terminated")
			return string(s.src[start:s.off]) + `"`
		}
		b := s.src[s.off]
		s.off++
		if b == '\\' && s.off < len(s.src) && s.src[s.off] != '\n' {
			s.off++
		} else if b == '"' {
			return string(s.src[start:s.off])
		}
	}
}

// scanChar scans the rest of a character constant starting at start: a
// character, or one of the escapes \n \t \r \f \\ and \' (quoted).
func (s *Scanner) scanChar(start int) string {
	if s.off < len(s.src) && s.src[s.off] == '\\' {
		s.off++
	}
	if s.off < len(s.src) && s.src[s.off] != '\n' {
		s.off++
	}
	if s.off >= len(s.src) || s.src[s.off] != '\'' {
		s.error(start, "character constant not terminated (expected ')")
		return "' '"
	}
	s.off++
	return string(s.src[start:s.off])
}

// follow returns yes and consumes the next byte if it is c, else no.
func (s *Scanner) follow(c byte, yes, no token.Token) token.Token {
	if s.peekByte(0) == c {
		s.off++
		return yes
	}
	return no
}

func quoteChar(c byte) string {
	if c >= ' ' && c < 0x7f {
		return fmt.Sprintf("'%c'", c)
	}
	return fmt.Sprintf("0x%02x", c)
}

// CharValue returns the value of a character constant as the scanner
// returned it ('a', '\n'), as SPIN computes it.
func CharValue(lit string) int64 {
	if len(lit) < 3 {
		return 0
	}
	if lit[1] == '\\' && len(lit) >= 4 {
		switch lit[2] {
		case 'n':
			return '\n'
		case 'r':
			return '\r'
		case 't':
			return '\t'
		case 'f':
			return '\f'
		}
		return int64(lit[2])
	}
	return int64(lit[1])
}

// Seek restarts the scan at offset off (used by the parser after it has
// taken the raw text of embedded C code).
func (s *Scanner) Seek(off int) {
	if off > len(s.src) {
		off = len(s.src)
	}
	s.off = off
	s.lineStart = false
}

// SkipBalanced returns the offset just past the close bracket that
// balances the open bracket at src[off] (embedded C code's [ guard ] and
// { body }), skipping quoted strings and characters; it returns len(src)
// and false when the bracket is not closed.
func SkipBalanced(src []byte, off int, open, close byte) (int, bool) {
	depth := 0
	for i := off; i < len(src); i++ {
		switch src[i] {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return i + 1, true
			}
		case '"', '\'':
			q := src[i]
			for i++; i < len(src) && src[i] != q && src[i] != '\n'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		}
	}
	return len(src), false
}
