package preproc

import (
	"strconv"

	"github.com/gospin/gospin/promela/token"
)

// context is a list of tokens being rescanned, typically the replacement of
// macro m (which stays disabled while its context is on the stack).
type context struct {
	toks []tok
	i    int
	m    *macro
	ws0  bool // white space before the first token
}

// expander expands macros in a token stream: a stack of contexts on top of,
// optionally, the rest of a source file (for arguments of an invocation
// that continue past the replacement text).
type expander struct {
	p      *pp
	stack  []*context
	f      *fileState // nil: no source behind the contexts
	cur    int        // source offset
	nl     int        // newlines consumed from the source
	atDir  bool       // the source reader stopped at a directive line
	pos    token.Position
	srcOrg int32
	srcIdx int32
	stop   bool
}

func (e *expander) push(toks []tok, m *macro, ws bool) {
	e.p.budget -= len(toks)
	e.p.total += len(toks)
	if e.p.total > maxTotalExpansion {
		e.p.exhausted = true
	}
	if e.p.budget < 0 || e.p.exhausted {
		if !e.p.overflow && !e.p.reported {
			e.p.errs.Errorf(e.pos, "macro expansion too large")
			e.p.reported = e.p.exhausted
		}
		e.p.overflow = true
		e.stop = true
		return
	}
	if m != nil {
		m.disabled++
	}
	e.stack = append(e.stack, &context{toks: toks, m: m, ws0: ws})
}

func (e *expander) pop() {
	c := e.stack[len(e.stack)-1]
	e.stack = e.stack[:len(e.stack)-1]
	if c.m != nil {
		c.m.disabled--
	}
}

// drain pops every context left (after an early stop).
func (e *expander) drain() {
	for len(e.stack) > 0 {
		e.pop()
	}
}

// next returns the next token; with src it continues into the source once
// the contexts are exhausted.
func (e *expander) next(src bool) (tok, bool) {
	for len(e.stack) > 0 {
		c := e.stack[len(e.stack)-1]
		if c.i < len(c.toks) {
			t := c.toks[c.i]
			if c.i == 0 && c.m != nil {
				t.ws = c.ws0
			}
			c.i++
			if t.kind == tIdent && !t.noexp {
				if m := e.p.macros[t.text]; m != nil && m.disabled > 0 {
					t.noexp = true
				}
			}
			return t, true
		}
		e.pop()
	}
	if src && e.f != nil && !e.atDir {
		return e.srcTok()
	}
	return tok{}, false
}

func (e *expander) srcTok() (tok, bool) {
	s := e.f.text
	j, nl, atDir := skipSpace(s, e.cur)
	e.nl += nl
	ws := j > e.cur
	e.cur = j
	if atDir {
		e.atDir = true
		return tok{}, false
	}
	if j >= len(s) {
		return tok{}, false
	}
	k, end := lexTok(s, j)
	e.cur = end
	e.srcIdx++
	return tok{text: s[j:end], kind: k, ws: ws, org: e.srcOrg, idx: e.srcIdx}, true
}

// peekParen reports whether the next token is "(", without consuming it.
func (e *expander) peekParen() bool {
	for k := len(e.stack) - 1; k >= 0; k-- {
		c := e.stack[k]
		if c.i < len(c.toks) {
			return c.toks[c.i].is("(")
		}
	}
	if e.f != nil && !e.atDir {
		return peekSourceParen(e.f.text, e.cur)
	}
	return false
}

// handle appends t to out, or, if it names a macro that can be expanded,
// pushes its replacement for rescanning.
func (e *expander) handle(t tok, out *[]tok) {
	if t.kind != tIdent || t.noexp {
		*out = append(*out, t)
		return
	}
	m := e.p.macros[t.text]
	if m == nil {
		*out = append(*out, t)
		return
	}
	if m.disabled > 0 {
		t.noexp = true
		*out = append(*out, t)
		return
	}
	switch m.builtin {
	case bLine:
		*out = append(*out, tok{text: strconv.Itoa(e.pos.Line), kind: tNumber, ws: t.ws, org: -1})
		return
	case bFile:
		*out = append(*out, tok{text: strconv.Quote(e.pos.Filename), kind: tString, ws: t.ws, org: -1})
		return
	}
	if !m.fn {
		body := m.body
		if m.hasPaste {
			body = e.subst(m, nil)
		}
		e.push(body, m, t.ws)
		return
	}
	if !e.peekParen() {
		*out = append(*out, t)
		return
	}
	lp, _ := e.next(true)
	args, raw, ok := e.collectArgs(m)
	if !ok {
		e.p.errs.Errorf(e.pos, "unterminated argument list invoking macro %q", m.name)
		t.noexp = true
		*out = append(*out, t, lp)
		*out = append(*out, raw...)
		return
	}
	n, np := len(args), len(m.params)
	if np == 0 && n == 1 && len(args[0]) == 0 {
		args, n = nil, 0
	}
	if m.variadic && n == np-1 {
		args = append(args, nil)
		n++
	}
	if n != np {
		if m.variadic {
			e.p.errs.Errorf(e.pos, "macro %q expects at least %s, got %d", m.name, plural(np-1, "argument"), n)
		} else {
			e.p.errs.Errorf(e.pos, "macro %q expects %s, got %d", m.name, plural(np, "argument"), n)
		}
		t.noexp = true
		*out = append(*out, t, lp)
		*out = append(*out, raw...)
		return
	}
	e.push(e.subst(m, args), m, t.ws)
}

// collectArgs reads the arguments of an invocation of m after its "(".
// raw holds every token read, the closing parenthesis included.
func (e *expander) collectArgs(m *macro) (args [][]tok, raw []tok, ok bool) {
	depth := 0
	args = [][]tok{nil}
	for {
		t, ok := e.next(true)
		if !ok {
			return args, raw, false
		}
		raw = append(raw, t)
		switch {
		case t.is("("):
			depth++
		case t.is(")"):
			if depth == 0 {
				return args, raw, true
			}
			depth--
		case t.is(",") && depth == 0 && !(m.variadic && len(args) == len(m.params)):
			args = append(args, nil)
			continue
		}
		args[len(args)-1] = append(args[len(args)-1], t)
	}
}

// subst returns the replacement of m for the given arguments: parameters
// replaced by their fully expanded arguments, except operands of # and ##,
// which get the arguments as written.
func (e *expander) subst(m *macro, args [][]tok) []tok {
	var exp [][]tok
	var done []bool
	if len(args) > 0 {
		exp = make([][]tok, len(args))
		done = make([]bool, len(args))
	}
	body := m.body
	res := make([]tok, 0, len(body))
	hasPlace := false
	for i := 0; i < len(body); i++ {
		t := body[i]
		if m.fn && t.is("#") && i+1 < len(body) && m.pidx[i+1] >= 0 {
			s := stringize(args[m.pidx[i+1]])
			s.ws, s.org = t.ws, -1
			res = append(res, s)
			i++
			continue
		}
		if t.is("##") && i+1 < len(body) {
			i++
			var rhs []tok
			switch {
			case m.pidx[i] >= 0:
				rhs = args[m.pidx[i]]
			case m.fn && body[i].is("#") && i+1 < len(body) && m.pidx[i+1] >= 0:
				rhs = []tok{stringize(args[m.pidx[i+1]])}
				i++
			default:
				rhs = []tok{body[i]}
			}
			res = e.paste(res, rhs)
			continue
		}
		if k := m.pidx[i]; k >= 0 {
			var a []tok
			if i+1 < len(body) && body[i+1].is("##") {
				a = args[k]
				if len(a) == 0 {
					res = append(res, tok{kind: tPlacemarker, ws: t.ws})
					hasPlace = true
					continue
				}
			} else {
				if !done[k] {
					exp[k] = e.p.expandList(args[k], e.pos)
					done[k] = true
				}
				a = exp[k]
			}
			if len(a) > 0 {
				n := len(res)
				res = append(res, a...)
				res[n].ws = t.ws
			}
			continue
		}
		res = append(res, t)
	}
	if hasPlace {
		out := res[:0]
		for _, t := range res {
			if t.kind != tPlacemarker {
				out = append(out, t)
			}
		}
		res = out
	}
	return res
}

// paste implements lhs ## rhs where lhs is the last token of res.
func (e *expander) paste(res, rhs []tok) []tok {
	if len(rhs) == 0 {
		return res
	}
	n := len(res)
	if n == 0 {
		return append(res, rhs...)
	}
	l := res[n-1]
	if l.kind == tPlacemarker {
		res = res[:n-1]
		k := len(res)
		res = append(res, rhs...)
		res[k].ws = l.ws
		return res
	}
	r := rhs[0]
	text := l.text + r.text
	kind, end := lexTok(text, 0)
	if end != len(text) {
		e.p.errs.Errorf(e.pos, "pasting %q and %q does not give a valid preprocessing token", l.text, r.text)
		return append(res, rhs...)
	}
	e.p.org++
	res[n-1] = tok{text: text, kind: kind, ws: l.ws, org: e.p.org}
	return append(res, rhs[1:]...)
}

func stringize(arg []tok) tok {
	b := []byte{'"'}
	for k, a := range arg {
		if k > 0 && a.ws {
			b = append(b, ' ')
		}
		if a.kind == tString || a.kind == tChar {
			for i := 0; i < len(a.text); i++ {
				c := a.text[i]
				if c == '"' || c == '\\' {
					b = append(b, '\\')
				}
				b = append(b, c)
			}
		} else {
			b = append(b, a.text...)
		}
	}
	b = append(b, '"')
	return tok{text: string(b), kind: tString}
}

// expandList fully macro-expands a list of tokens (an argument, or the
// operand of #if, #include or #line).
func (p *pp) expandList(toks []tok, pos token.Position) []tok {
	e := &expander{p: p, pos: pos}
	e.stack = []*context{{toks: toks}}
	return e.expandAll(make([]tok, 0, len(toks)))
}

// expandAll expands what the expander reads until it ends (or stops, or
// the expansion budget is spent), appending to out.
func (e *expander) expandAll(out []tok) []tok {
	for !e.stop && !e.p.overflow {
		t, ok := e.next(false)
		if !ok {
			break
		}
		e.handle(t, &out)
	}
	e.drain()
	return out
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
