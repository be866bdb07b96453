package grammar

// Kind is what a token is to the grammar.
type Kind int

const (
	KOther Kind = iota // in operand position: the start of a proposition
	KTrue
	KFalse
	KLparen
	KNot
	KAlways
	KEventually
	KNext
	KAnd
	KOr
	KXor
	KImplies
	KEquiv
	KUntil
	KWeakUntil
	KRelease
	KStrongRelease
)

// Token is a token of a formula, at offset Pos of its syntax's source.
type Token struct {
	Kind Kind
	Pos  int
}

// Syntax is a concrete syntax of LTL formulas building trees of type T.
type Syntax[T any] interface {
	// Peek returns the next token. operand says whether the grammar
	// expects an operand (a unary operator, a constant, '(' or a
	// proposition) or an operator (a binary operator, else the operand
	// ends).
	Peek(operand bool) Token
	// Next consumes the token Peek returned.
	Next()
	// Enter is called before an operand is parsed, Leave after (a
	// syntax bounds the nesting there); t is the operand's first token.
	Enter(t Token) error
	Leave(t Token)
	// Const builds true or false (t.Kind is KTrue or KFalse), consumed.
	Const(t Token) T
	// Atom parses a proposition at the next token, or reports what was
	// expected there.
	Atom() (T, error)
	Unary(op Token, x T) T
	Binary(op Token, x, y T) T
	// Close ends the parenthesized formula x opened at lp: it consumes
	// the ')' (or reports its absence) and builds the operand.
	Close(lp Token, x T) (T, error)
}

// levels are the binary operators by precedence, loosest first; all
// associate to the left (as in SPIN).
var levels = [][]Kind{
	{KImplies, KEquiv},
	{KOr},
	{KXor},
	{KAnd},
	{KUntil, KWeakUntil, KRelease, KStrongRelease},
}

// Parse parses one formula in syntax s; what follows it is the caller's
// to check.
func Parse[T any](s Syntax[T]) (T, error) { return parseLevel(s, 0) }

func parseLevel[T any](s Syntax[T], l int) (T, error) {
	if l == len(levels) {
		return parseOperand(s)
	}
	left, err := parseLevel(s, l+1)
	if err != nil {
		return left, err
	}
	for {
		t := s.Peek(false)
		found := false
		for _, k := range levels[l] {
			found = found || t.Kind == k
		}
		if !found {
			return left, nil
		}
		s.Next()
		right, err := parseLevel(s, l+1)
		if err != nil {
			return right, err
		}
		left = s.Binary(t, left, right)
	}
}

func parseOperand[T any](s Syntax[T]) (x T, err error) {
	t := s.Peek(true)
	if err := s.Enter(t); err != nil {
		return x, err
	}
	defer s.Leave(t)
	switch t.Kind {
	case KNot, KAlways, KEventually, KNext:
		s.Next()
		y, err := parseOperand(s)
		if err != nil {
			return y, err
		}
		return s.Unary(t, y), nil
	case KTrue, KFalse:
		s.Next()
		return s.Const(t), nil
	case KLparen:
		s.Next()
		y, err := parseLevel(s, 0)
		if err != nil {
			return y, err
		}
		return s.Close(t, y)
	}
	return s.Atom()
}
