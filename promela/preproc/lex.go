package preproc

import "strings"

// tokKind classifies preprocessing tokens.
type tokKind uint8

const (
	tIdent tokKind = iota
	tNumber
	tString // "..." string literal
	tChar   // '...' character constant
	tPunct
	tOther
	tPlacemarker // empty macro argument next to ##
)

// tok is one preprocessing token. Tokens that were adjacent in their
// origin (same org, consecutive idx) are printed without a space between
// them; tokens juxtaposed by macro expansion get a space when they would
// otherwise paste together.
type tok struct {
	text  string
	kind  tokKind
	ws    bool // preceded by white space
	noexp bool // painted blue: never expanded again
	org   int32
	idx   int32
}

func (t tok) is(s string) bool { return t.kind == tPunct && t.text == s }

func isIdentStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isHSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' }

func identEnd(s string, i int) int {
	for i < len(s) && isIdentChar(s[i]) {
		i++
	}
	return i
}

// numberEnd scans a C pp-number starting at s[i].
func numberEnd(s string, i int) int {
	i++
	for i < len(s) {
		c := s[i]
		switch {
		case (c == '+' || c == '-') && (s[i-1] == 'e' || s[i-1] == 'E' || s[i-1] == 'p' || s[i-1] == 'P'):
			i++
		case isIdentChar(c) || c == '.':
			i++
		default:
			return i
		}
	}
	return i
}

// quoteEnd scans a string or character literal starting at s[i]. An
// unterminated literal ends at the end of the line.
func quoteEnd(s string, i int) int {
	q := s[i]
	i++
	for i < len(s) {
		switch s[i] {
		case q:
			return i + 1
		case '\\':
			i += 2
		case '\n':
			return i
		default:
			i++
		}
	}
	return len(s)
}

// blockCommentEnd returns the offset after the comment starting at s[i]
// ("/*"); an unterminated comment extends to the end of s.
func blockCommentEnd(s string, i int) int {
	k := strings.Index(s[i+2:], "*/")
	if k < 0 {
		return len(s)
	}
	return i + 2 + k + 2
}

// lineCommentEnd returns the offset of the newline ending the // comment
// at s[i] (or len(s)); backslash-newline continues the comment.
func lineCommentEnd(s string, i int) int {
	for {
		k := strings.IndexByte(s[i:], '\n')
		if k < 0 {
			return len(s)
		}
		j := i + k
		b := j - 1
		if b >= 0 && s[b] == '\r' {
			b--
		}
		if b >= i && s[b] == '\\' {
			i = j + 1
			continue
		}
		return j
	}
}

var punct3 = [...]string{"<<=", ">>=", "..."}

var punct2 = [...]string{"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", "::", "<>", "[]"}

func isPunctChar(c byte) bool {
	return strings.IndexByte("!%&()*+,-./:;<=>?[]^{|}~#", c) >= 0
}

// punctLen is the length of the punctuator at s[i], 0 if none.
func punctLen(s string, i int) int {
	if !isPunctChar(s[i]) {
		return 0
	}
	if i+3 <= len(s) {
		for _, p := range punct3 {
			if s[i:i+3] == p {
				return 3
			}
		}
	}
	if i+2 <= len(s) {
		t := s[i : i+2]
		for _, p := range punct2 {
			if t == p {
				return 2
			}
		}
	}
	return 1
}

// lexTok lexes the token at s[i], which is not white space.
func lexTok(s string, i int) (tokKind, int) {
	c := s[i]
	switch {
	case isIdentStart(c):
		return tIdent, identEnd(s, i)
	case isDigit(c) || c == '.' && i+1 < len(s) && isDigit(s[i+1]):
		return tNumber, numberEnd(s, i)
	case c == '"':
		return tString, quoteEnd(s, i)
	case c == '\'':
		return tChar, quoteEnd(s, i)
	}
	if n := punctLen(s, i); n > 0 {
		return tPunct, i + n
	}
	return tOther, i + 1
}

// lexLine splits s (a directive's text with comments and continuations
// removed) into tokens.
func lexLine(s string, org int32) []tok {
	var toks []tok
	ws := false
	for i := 0; i < len(s); {
		c := s[i]
		if isHSpace(c) || c == '\n' {
			ws = true
			i++
			continue
		}
		k, j := lexTok(s, i)
		toks = append(toks, tok{text: s[i:j], kind: k, ws: ws, org: org, idx: int32(len(toks))})
		ws = false
		i = j
	}
	return toks
}

// wouldPaste reports whether printing a token ending in x right before one
// starting with y could make them read back as different tokens.
func wouldPaste(x, y byte) bool {
	switch {
	case isIdentChar(x) && isIdentChar(y):
		return true
	case isDigit(x) && y == '.', x == '.' && isDigit(y):
		return true
	case x == '/' && (y == '/' || y == '*'):
		return true
	case isPunctChar(x) && isPunctChar(y):
		s := string([]byte{x, y})
		for _, p := range punct2 {
			if s == p {
				return true
			}
		}
	}
	return false
}

// spell prints tokens as text, keeping them apart where needed.
func spell(b []byte, toks []tok) []byte {
	for k, t := range toks {
		if k > 0 {
			p := toks[k-1]
			if t.ws {
				b = append(b, ' ')
			} else if !(t.org == p.org && t.idx == p.idx+1) && p.text != "" && t.text != "" &&
				wouldPaste(p.text[len(p.text)-1], t.text[0]) {
				b = append(b, ' ')
			}
		}
		b = append(b, t.text...)
	}
	return b
}
