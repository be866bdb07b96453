package ltl

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gospin/gospin/ltl/grammar"
)

// SyntaxError is a parse error at byte offset Pos (0-based) of the source.
type SyntaxError struct {
	Pos int
	Msg string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("col %d: %s", e.Pos+1, e.Msg) }

type tokKind int

const (
	tEOF tokKind = iota
	tIdent
	tTrue
	tFalse
	tLparen
	tRparen
	tNot
	tAlways
	tEventually
	tNext
	tAnd
	tOr
	tXor
	tImplies
	tEquiv
	tUntil
	tWeakUntil
	tRelease
	tStrongRelease
)

// words are the operators and constants spelled as lower-case words:
// SPIN's (always, eventually, ...), and xor (Spot, LBTT).
var words = map[string]tokKind{
	"true": tTrue, "false": tFalse,
	"always": tAlways, "eventually": tEventually, "until": tUntil, "stronguntil": tUntil,
	"weakuntil": tWeakUntil, "release": tRelease, "next": tNext, "implies": tImplies,
	"equivalent": tEquiv, "not": tNot, "xor": tXor,
}

// letters are the operators spelled as one capital letter (SPIN's U V W
// X, Spot's F G R M).
var letters = map[byte]tokKind{
	'F': tEventually, 'G': tAlways, 'X': tNext,
	'U': tUntil, 'V': tRelease, 'R': tRelease, 'W': tWeakUntil, 'M': tStrongRelease,
}

// symbols are the operators spelled with punctuation, longest first.
var symbols = []struct {
	s string
	k tokKind
}{
	{"<-->", tEquiv}, {"<->", tEquiv}, {"<=>", tEquiv}, {"-->", tImplies},
	{"->", tImplies}, {"=>", tImplies}, {"[]", tAlways}, {"<>", tEventually},
	{"&&", tAnd}, {"/\\", tAnd}, {"||", tOr}, {"\\/", tOr},
	{"&", tAnd}, {"|", tOr}, {"^", tXor}, {"!", tNot}, {"~", tNot},
	{"(", tLparen}, {")", tRparen}, {"1", tTrue}, {"0", tFalse},
}

type token struct {
	kind tokKind
	pos  int
	text string // source text; a quoted proposition's name, unquoted
}

// lex splits src into tokens. It reads SPIN's syntax and Spot's:
//   - a word starting with a lower-case letter or '_' (letters, digits,
//     '_', '.') is a proposition, unless it is one of the words above;
//     true and false are also accepted in any case (TRUE, False);
//   - F, G and X are unary operators even when glued to what follows
//     (GFp is G F p, Xp is X p, as in SPIN and Spot), except before a
//     digit (F1 is a proposition, as in Spot);
//   - U, V, R, W and M are binary operators; where an operand is expected,
//     a longer word starting with one of them (Up, Ready) is a
//     proposition, as in Spot, and so is any other word starting with a
//     capital (Abc); where an operator is expected they stand alone (aUb
//     is one proposition, a Ub is a U b);
//   - "..." is a proposition whose name is the text between the quotes,
//     \x standing for x (Spot's quoting of names that are not plain
//     words);
//   - 1 and 0 are true and false; /* ... */ is a comment.
func lex(src string) ([]token, error) {
	var toks []token
	operand := true // an operand is expected next
	add := func(k tokKind, pos int, text string) {
		toks = append(toks, token{k, pos, text})
		switch k {
		case tIdent, tTrue, tFalse, tRparen:
			operand = false
		default:
			operand = true
		}
	}
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case strings.HasPrefix(src[i:], "/*"):
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				return nil, &SyntaxError{i, "unclosed comment"}
			}
			i += j + 4
			continue
		case c == '"':
			var b strings.Builder
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' && j+1 < len(src) {
					j++
				}
				b.WriteByte(src[j])
				j++
			}
			if j >= len(src) {
				return nil, &SyntaxError{i, "unclosed string (a quoted proposition)"}
			}
			add(tIdent, i, b.String())
			i = j + 1
			continue
		case isIdentStart(c):
			j := i
			for j < len(src) && isIdentChar(src[j]) {
				j++
			}
			w := src[i:j]
			switch {
			case strings.EqualFold(w, "true"):
				add(tTrue, i, w)
			case strings.EqualFold(w, "false"):
				add(tFalse, i, w)
			case c >= 'A' && c <= 'Z':
				k, isOp := letters[c]
				unary := c == 'F' || c == 'G' || c == 'X'
				switch {
				case !isOp || (!unary && operand && len(w) > 1) || (unary && isDigit(src[i+1:j])):
					add(tIdent, i, w)
				default:
					add(k, i, w[:1])
					j = i + 1
				}
			default:
				if k, ok := words[w]; ok {
					add(k, i, w)
				} else {
					add(tIdent, i, w)
				}
			}
			i = j
			continue
		}
		found := false
		for _, sy := range symbols {
			if strings.HasPrefix(src[i:], sy.s) {
				add(sy.k, i, sy.s)
				i += len(sy.s)
				found = true
				break
			}
		}
		if !found {
			r, _ := utf8.DecodeRuneInString(src[i:])
			return nil, &SyntaxError{i, fmt.Sprintf("unexpected character %q", r)}
		}
	}
	toks = append(toks, token{tEOF, len(src), ""})
	return toks, nil
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || (c >= '0' && c <= '9') || c == '.'
}

// isDigit reports whether s starts with a decimal digit.
func isDigit(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

// maxDepth bounds the nesting of parentheses and unary operators, so that
// the recursive parser and the translator's recursions stay shallow.
const maxDepth = 1000

type parser struct {
	toks  []token
	p     int
	depth int
	names []string
	index map[string]int
}

// Parse parses an LTL formula in SPIN's syntax (as accepted by spin -f)
// or in Spot's:
//
//	unary:  ! ~ not  [] G always  <> F eventually  X next
//	binary: U until stronguntil  W weakuntil  V R release  M (strong
//	        release: a M b = b U (a && b))  && & /\  || | \/  xor ^
//	        -> => --> implies  <-> <=> <--> equivalent
//	constants: true false 1 0 (true and false in any case)
//
// Other words are propositions, and so is any text in double quotes (see
// lex for the rules on capitals). Precedence, from tightest: unary
// operators; U W V R M; && &; xor; || |; -> <->. Binary operators
// associate to the left, as in SPIN (Spot makes -> and U W R M
// right-associative, but prints such chains parenthesized, so formulas
// written by Spot's tools read alike). Nesting is limited to 1000 levels.
// It returns the formula and the proposition names in index order.
// Errors are *SyntaxError.
func Parse(src string) (*Formula, []string, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, nil, err
	}
	ps := &parser{toks: toks, index: map[string]int{}}
	f, err := grammar.Parse[*Formula](ps)
	if err != nil {
		return nil, nil, err
	}
	if t := ps.peek(); t.kind != tEOF {
		return nil, nil, &SyntaxError{t.pos, fmt.Sprintf("expected binary operator or end of formula, found %s", describe(t))}
	}
	return f, ps.names, nil
}

func describe(t token) string {
	if t.kind == tIdent {
		return fmt.Sprintf("proposition %q", t.text)
	}
	if t.kind == tEOF {
		return "end of formula"
	}
	return fmt.Sprintf("%q", t.text)
}

func (ps *parser) peek() token { return ps.toks[ps.p] }

// kinds maps the lexer's tokens to the grammar's.
var kinds = map[tokKind]grammar.Kind{
	tTrue: grammar.KTrue, tFalse: grammar.KFalse, tLparen: grammar.KLparen, tNot: grammar.KNot,
	tAlways: grammar.KAlways, tEventually: grammar.KEventually, tNext: grammar.KNext, tAnd: grammar.KAnd,
	tOr: grammar.KOr, tXor: grammar.KXor, tImplies: grammar.KImplies, tEquiv: grammar.KEquiv,
	tUntil: grammar.KUntil, tWeakUntil: grammar.KWeakUntil, tRelease: grammar.KRelease,
	tStrongRelease: grammar.KStrongRelease,
}

// The parser is the Syntax of stand-alone formulas (the lexer has told
// operators from propositions already).

func (ps *parser) Peek(operand bool) grammar.Token {
	t := ps.peek()
	return grammar.Token{Kind: kinds[t.kind], Pos: t.pos}
}

func (ps *parser) Next() { ps.p++ }

func (ps *parser) Enter(t grammar.Token) error {
	switch t.Kind {
	case grammar.KNot, grammar.KAlways, grammar.KEventually, grammar.KNext, grammar.KLparen:
		ps.depth++
		if ps.depth > maxDepth {
			return &SyntaxError{t.Pos, fmt.Sprintf("formula nested more than %d levels deep", maxDepth)}
		}
	}
	return nil
}

func (ps *parser) Leave(t grammar.Token) {
	switch t.Kind {
	case grammar.KNot, grammar.KAlways, grammar.KEventually, grammar.KNext, grammar.KLparen:
		ps.depth--
	}
}

func (ps *parser) Const(t grammar.Token) *Formula {
	if t.Kind == grammar.KTrue {
		return True()
	}
	return False()
}

func (ps *parser) Atom() (*Formula, error) {
	t := ps.peek()
	if t.kind != tIdent {
		return nil, &SyntaxError{t.pos, fmt.Sprintf("expected proposition, true, false, '(' or unary operator, found %s", describe(t))}
	}
	ps.p++
	i, ok := ps.index[t.text]
	if !ok {
		i = len(ps.names)
		ps.index[t.text] = i
		ps.names = append(ps.names, t.text)
	}
	return Prop(i), nil
}

func (ps *parser) Unary(op grammar.Token, x *Formula) *Formula {
	switch op.Kind {
	case grammar.KNot:
		return Not(x)
	case grammar.KAlways:
		return Always(x)
	case grammar.KEventually:
		return Eventually(x)
	}
	return Next(x)
}

func (ps *parser) Binary(op grammar.Token, x, y *Formula) *Formula {
	switch op.Kind {
	case grammar.KXor: // a xor b = !(a <-> b)
		return Not(Equiv(x, y))
	case grammar.KStrongRelease: // a M b = !(!a W !b) = b U (a && b)
		return Not(WeakUntil(Not(x), Not(y)))
	}
	return &Formula{Op: binaryOps[op.Kind], Args: []*Formula{x, y}}
}

// binaryOps maps the grammar's binary operators to the formula's (xor and
// strong release are written with the others).
var binaryOps = map[grammar.Kind]Op{
	grammar.KImplies: OpImplies, grammar.KEquiv: OpEquiv, grammar.KOr: OpOr, grammar.KAnd: OpAnd,
	grammar.KUntil: OpUntil, grammar.KWeakUntil: OpWeakUntil, grammar.KRelease: OpRelease,
}

func (ps *parser) Close(lp grammar.Token, x *Formula) (*Formula, error) {
	if r := ps.peek(); r.kind != tRparen {
		return nil, &SyntaxError{r.pos, fmt.Sprintf("expected ')' or binary operator, found %s", describe(r))}
	}
	ps.p++
	return x, nil
}

// quoteNames is used by printers: a name that is not a plain identifier is
// parenthesized.
func quoteName(s string) string {
	for i := 0; i < len(s); i++ {
		if !(isIdentStart(s[i]) || (s[i] >= '0' && s[i] <= '9')) {
			return "(" + strings.TrimSpace(s) + ")"
		}
	}
	return s
}
