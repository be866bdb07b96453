package grammar

import (
	"errors"
	"strings"
	"testing"
)

// toy is a syntax of one-letter tokens: p q r are propositions, ! G F X
// unary operators, & | ^ > = U W R M binary ones, ( ) parentheses, 1 0
// constants. It builds fully parenthesized text.
type toy struct {
	src   string
	i     int
	depth int
}

var toyKinds = map[byte]Kind{
	'1': KTrue, '0': KFalse, '(': KLparen, '!': KNot, 'G': KAlways, 'F': KEventually,
	'X': KNext, '&': KAnd, '|': KOr, '^': KXor, '>': KImplies, '=': KEquiv,
	'U': KUntil, 'W': KWeakUntil, 'R': KRelease, 'M': KStrongRelease,
}

func (t *toy) Peek(bool) Token {
	if t.i >= len(t.src) {
		return Token{KOther, t.i}
	}
	return Token{toyKinds[t.src[t.i]], t.i}
}
func (t *toy) Next() { t.i++ }
func (t *toy) Enter(Token) error {
	t.depth++
	if t.depth > 50 {
		return errors.New("too deep")
	}
	return nil
}
func (t *toy) Leave(Token) { t.depth-- }
func (t *toy) Const(k Token) string {
	return t.src[k.Pos : k.Pos+1]
}
func (t *toy) Atom() (string, error) {
	if t.i < len(t.src) && strings.IndexByte("pqr", t.src[t.i]) >= 0 {
		t.i++
		return t.src[t.i-1 : t.i], nil
	}
	return "", errors.New("expected proposition")
}
func (t *toy) Unary(op Token, x string) string { return "(" + t.src[op.Pos:op.Pos+1] + x + ")" }
func (t *toy) Binary(op Token, x, y string) string {
	return "(" + x + t.src[op.Pos:op.Pos+1] + y + ")"
}
func (t *toy) Close(lp Token, x string) (string, error) {
	if t.i >= len(t.src) || t.src[t.i] != ')' {
		return "", errors.New("expected )")
	}
	t.i++
	return x, nil
}

func TestPrecedenceAndAssociativity(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"p>q=r", "((p>q)=r)"},       // -> and <-> one level, left
		{"p|q&r", "(p|(q&r))"},       // && binds tighter than ||
		{"p^q|r", "((p^q)|r)"},       // xor between || and &&
		{"p&q^r", "((p&q)^r)"},       //
		{"pUqUr", "((pUq)Ur)"},       // left-associative, as in SPIN
		{"p&qUr", "(p&(qUr))"},       // temporal binary operators tightest
		{"!pUq", "((!p)Uq)"},         // unary operators tighter still
		{"GFp>Xq", "((G(Fp))>(Xq))"}, //
		{"(p|q)&r", "((p|q)&r)"},     //
		{"1U0", "(1U0)"},             //
		{"pMqWrRp", "(((pMq)Wr)Rp)"},
	} {
		s := &toy{src: c.in}
		got, err := Parse[string](s)
		if err != nil || got != c.want || s.i != len(c.in) {
			t.Errorf("%s: got %s, %v (read %d of %d), want %s", c.in, got, err, s.i, len(c.in), c.want)
		}
	}
	for _, in := range []string{"p&", "(p", "G", strings.Repeat("!", 60) + "p"} {
		if _, err := Parse[string](&toy{src: in}); err == nil {
			t.Errorf("%s: no error", in)
		}
	}
}
