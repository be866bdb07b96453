package preproc

import (
	"strconv"
	"strings"

	"github.com/gospin/gospin/promela/token"
)

// evalIf evaluates the controlling expression of #if or #elif.
func (p *pp) evalIf(body string, pos token.Position, what string) bool {
	toks := lexLine(body, 0)
	pre := make([]tok, 0, len(toks))
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind != tIdent || t.text != "defined" {
			pre = append(pre, t)
			continue
		}
		j := i + 1
		paren := j < len(toks) && toks[j].is("(")
		if paren {
			j++
		}
		if j >= len(toks) || toks[j].kind != tIdent {
			p.errs.Errorf(pos, "%s: operator \"defined\" requires an identifier", what)
			return false
		}
		name := toks[j].text
		j++
		if paren {
			if j >= len(toks) || !toks[j].is(")") {
				p.errs.Errorf(pos, "%s: missing ')' after \"defined\"", what)
				return false
			}
			j++
		}
		v := "0"
		if _, ok := p.macros[name]; ok {
			v = "1"
		}
		pre = append(pre, tok{text: v, kind: tNumber, ws: t.ws})
		i = j - 1
	}
	x := p.expandList(pre, pos)
	if p.overflow {
		return false
	}
	if len(x) == 0 {
		p.errs.Errorf(pos, "%s with no expression", what)
		return false
	}
	ev := &evaluator{p: p, toks: x, pos: pos, what: what}
	v := ev.comma(true)
	if ev.failed {
		return false
	}
	if ev.i < len(ev.toks) {
		p.errs.Errorf(pos, "%s: unexpected %q in expression", what, ev.toks[ev.i].text)
		return false
	}
	return v != 0
}

// evaluator evaluates a C integer constant expression (int64 arithmetic).
// Operands that are not evaluated (the other side of && || ?:) do not
// report division by zero.
type evaluator struct {
	p      *pp
	toks   []tok
	i      int
	pos    token.Position
	what   string
	failed bool
}

func (ev *evaluator) errorf(format string, args ...any) {
	if !ev.failed {
		ev.failed = true
		ev.p.errs.Errorf(ev.pos, ev.what+": "+format, args...)
	}
}

func (ev *evaluator) peek() string {
	if ev.failed || ev.i >= len(ev.toks) || ev.toks[ev.i].kind != tPunct {
		return ""
	}
	return ev.toks[ev.i].text
}

func (ev *evaluator) comma(eval bool) int64 {
	v := ev.cond(eval)
	for ev.peek() == "," {
		ev.i++
		v = ev.cond(eval)
	}
	return v
}

func (ev *evaluator) cond(eval bool) int64 {
	c := ev.binary(0, eval)
	if ev.peek() != "?" {
		return c
	}
	ev.i++
	a := ev.comma(eval && c != 0)
	if ev.peek() != ":" {
		ev.errorf("expected ':' in conditional expression")
		return 0
	}
	ev.i++
	b := ev.cond(eval && c == 0)
	if c != 0 {
		return a
	}
	return b
}

var precedence = map[string]int{
	"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5,
	"==": 6, "!=": 6,
	"<": 7, ">": 7, "<=": 7, ">=": 7,
	"<<": 8, ">>": 8,
	"+": 9, "-": 9,
	"*": 10, "/": 10, "%": 10,
}

// binary parses operators of precedence above min (precedence climbing).
func (ev *evaluator) binary(min int, eval bool) int64 {
	x := ev.unary(eval)
	for {
		op := ev.peek()
		prec, ok := precedence[op]
		if !ok || prec <= min {
			return x
		}
		ev.i++
		switch op {
		case "||":
			y := ev.binary(prec, eval && x == 0)
			x = b2i(x != 0 || y != 0)
			continue
		case "&&":
			y := ev.binary(prec, eval && x != 0)
			x = b2i(x != 0 && y != 0)
			continue
		}
		y := ev.binary(prec, eval)
		switch op {
		case "|":
			x |= y
		case "^":
			x ^= y
		case "&":
			x &= y
		case "==":
			x = b2i(x == y)
		case "!=":
			x = b2i(x != y)
		case "<":
			x = b2i(x < y)
		case ">":
			x = b2i(x > y)
		case "<=":
			x = b2i(x <= y)
		case ">=":
			x = b2i(x >= y)
		case "<<":
			x = shift(x, y)
		case ">>":
			x = shift(x, -y)
		case "+":
			x += y
		case "-":
			x -= y
		case "*":
			x *= y
		case "/", "%":
			if y == 0 {
				if eval {
					ev.errorf("division by zero")
				}
				x = 0
			} else if op == "/" {
				x /= y
			} else {
				x %= y
			}
		}
	}
}

func shift(x, n int64) int64 {
	switch {
	case n >= 64:
		return 0
	case n >= 0:
		return x << uint(n)
	case n <= -64:
		if x < 0 {
			return -1
		}
		return 0
	default:
		return x >> uint(-n)
	}
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (ev *evaluator) unary(eval bool) int64 {
	if ev.failed {
		return 0
	}
	if ev.i >= len(ev.toks) {
		ev.errorf("unexpected end of expression")
		return 0
	}
	t := ev.toks[ev.i]
	ev.i++
	switch t.kind {
	case tNumber:
		return ev.number(t.text)
	case tChar:
		return ev.char(t.text)
	case tIdent:
		return 0 // undefined identifiers are 0
	case tPunct:
		switch t.text {
		case "+":
			return ev.unary(eval)
		case "-":
			return -ev.unary(eval)
		case "!":
			return b2i(ev.unary(eval) == 0)
		case "~":
			return ^ev.unary(eval)
		case "(":
			v := ev.comma(eval)
			if ev.peek() != ")" {
				ev.errorf("missing ')' in expression")
				return 0
			}
			ev.i++
			return v
		}
	}
	ev.errorf("unexpected %q in expression", t.text)
	return 0
}

func (ev *evaluator) number(s string) int64 {
	d := strings.TrimRight(s, "uUlL")
	var v uint64
	var err error
	switch {
	case len(d) > 2 && (d[:2] == "0x" || d[:2] == "0X"):
		v, err = strconv.ParseUint(d[2:], 16, 64)
	case len(d) > 2 && (d[:2] == "0b" || d[:2] == "0B"):
		v, err = strconv.ParseUint(d[2:], 2, 64)
	case len(d) > 1 && d[0] == '0':
		v, err = strconv.ParseUint(d[1:], 8, 64)
	default:
		v, err = strconv.ParseUint(d, 10, 64)
	}
	if err != nil || d == "" || strings.ContainsAny(d, "_") {
		ev.errorf("invalid integer constant %q", s)
		return 0
	}
	return int64(v)
}

func (ev *evaluator) char(s string) int64 {
	if len(s) < 3 || s[len(s)-1] != '\'' {
		ev.errorf("invalid character constant %s", s)
		return 0
	}
	r, _, _, err := strconv.UnquoteChar(s[1:len(s)-1], '\'')
	if err != nil {
		ev.errorf("invalid character constant %s", s)
		return 0
	}
	return int64(r)
}
