package ltl

import (
	"fmt"
	"strings"
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
	tImplies
	tEquiv
	tUntil
	tWeakUntil
	tRelease
)

var tokNames = map[tokKind]string{tEOF: "end of formula", tIdent: "proposition", tTrue: "true", tFalse: "false",
	tLparen: "'('", tRparen: "')'", tNot: "'!'", tAlways: "'[]'", tEventually: "'<>'", tNext: "'X'",
	tAnd: "'&&'", tOr: "'||'", tImplies: "'->'", tEquiv: "'<->'", tUntil: "'U'", tWeakUntil: "'W'", tRelease: "'V'"}

var keywords = map[string]tokKind{
	"true": tTrue, "false": tFalse, "U": tUntil, "V": tRelease, "W": tWeakUntil, "X": tNext,
	"always": tAlways, "eventually": tEventually, "until": tUntil, "stronguntil": tUntil,
	"weakuntil": tWeakUntil, "release": tRelease, "next": tNext, "implies": tImplies, "equivalent": tEquiv,
}

type token struct {
	kind tokKind
	pos  int
	text string
}

func lex(src string) ([]token, error) {
	var toks []token
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case isIdentStart(c):
			j := i
			for j < len(src) && (isIdentStart(src[j]) || (src[j] >= '0' && src[j] <= '9') || src[j] == '.') {
				j++
			}
			w := src[i:j]
			k, ok := keywords[w]
			if !ok {
				k = tIdent
			}
			toks = append(toks, token{k, i, w})
			i = j
			continue
		}
		two := ""
		if i+1 < len(src) {
			two = src[i : i+2]
		}
		three := ""
		if i+2 < len(src) {
			three = src[i : i+3]
		}
		switch {
		case three == "<->":
			toks = append(toks, token{tEquiv, i, three})
			i += 3
		case two == "[]":
			toks = append(toks, token{tAlways, i, two})
			i += 2
		case two == "<>":
			toks = append(toks, token{tEventually, i, two})
			i += 2
		case two == "&&" || two == "/\\":
			toks = append(toks, token{tAnd, i, two})
			i += 2
		case two == "||" || two == "\\/":
			toks = append(toks, token{tOr, i, two})
			i += 2
		case two == "->":
			toks = append(toks, token{tImplies, i, two})
			i += 2
		case c == '!':
			toks = append(toks, token{tNot, i, "!"})
			i++
		case c == '(':
			toks = append(toks, token{tLparen, i, "("})
			i++
		case c == ')':
			toks = append(toks, token{tRparen, i, ")"})
			i++
		default:
			return nil, &SyntaxError{i, fmt.Sprintf("unexpected character %q", c)}
		}
	}
	toks = append(toks, token{tEOF, len(src), ""})
	return toks, nil
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

type parser struct {
	toks  []token
	p     int
	names []string
	index map[string]int
}

// Parse parses an LTL formula in SPIN's syntax (as accepted by spin -f):
// operators [] <> X ! && || -> <-> U W V (and /\ \/), the words always
// eventually next until stronguntil weakuntil release implies equivalent,
// true and false; any other identifier is a proposition. Precedence, from
// tightest: unary operators; U W V; &&; ||; -> and <->; binary operators
// associate to the left. It returns the formula and the proposition names
// in index order. Errors are *SyntaxError.
func Parse(src string) (*Formula, []string, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, nil, err
	}
	ps := &parser{toks: toks, index: map[string]int{}}
	f, err := ps.parseLevel(0)
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

// binary levels, lowest first.
var levels = [][]tokKind{
	{tImplies, tEquiv},
	{tOr},
	{tAnd},
	{tUntil, tWeakUntil, tRelease},
}

func (ps *parser) parseLevel(l int) (*Formula, error) {
	if l == len(levels) {
		return ps.parseUnary()
	}
	left, err := ps.parseLevel(l + 1)
	if err != nil {
		return nil, err
	}
	for {
		t := ps.peek()
		found := false
		for _, k := range levels[l] {
			if t.kind == k {
				found = true
			}
		}
		if !found {
			return left, nil
		}
		ps.p++
		right, err := ps.parseLevel(l + 1)
		if err != nil {
			return nil, err
		}
		switch t.kind {
		case tImplies:
			left = Implies(left, right)
		case tEquiv:
			left = Equiv(left, right)
		case tOr:
			left = Or(left, right)
		case tAnd:
			left = And(left, right)
		case tUntil:
			left = Until(left, right)
		case tWeakUntil:
			left = WeakUntil(left, right)
		case tRelease:
			left = Release(left, right)
		}
	}
}

func (ps *parser) parseUnary() (*Formula, error) {
	t := ps.peek()
	switch t.kind {
	case tNot, tAlways, tEventually, tNext:
		ps.p++
		x, err := ps.parseUnary()
		if err != nil {
			return nil, err
		}
		switch t.kind {
		case tNot:
			return Not(x), nil
		case tAlways:
			return Always(x), nil
		case tEventually:
			return Eventually(x), nil
		default:
			return Next(x), nil
		}
	case tTrue:
		ps.p++
		return True(), nil
	case tFalse:
		ps.p++
		return False(), nil
	case tIdent:
		ps.p++
		i, ok := ps.index[t.text]
		if !ok {
			i = len(ps.names)
			ps.index[t.text] = i
			ps.names = append(ps.names, t.text)
		}
		return Prop(i), nil
	case tLparen:
		ps.p++
		x, err := ps.parseLevel(0)
		if err != nil {
			return nil, err
		}
		if r := ps.peek(); r.kind != tRparen {
			return nil, &SyntaxError{r.pos, fmt.Sprintf("expected ')' or binary operator, found %s", describe(r))}
		}
		ps.p++
		return x, nil
	}
	return nil, &SyntaxError{t.pos, fmt.Sprintf("expected proposition, true, false, '(' or unary operator, found %s", describe(t))}
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
