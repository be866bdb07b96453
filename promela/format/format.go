package format

import (
	"bytes"
	"strings"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/parser"
	"github.com/gospin/gospin/promela/scanner"
	"github.com/gospin/gospin/promela/token"
)

// Source formats the Promela source src (the unpreprocessed text of file filename).
// On a lexical or syntax error it returns the error as a *diag.List and no output.
//
// Syntax is checked by parsing the text when it has no preprocessor
// lines (the raw text is then the preprocessed text); with preprocessor
// lines only lexical errors are reported, since the text can only be
// parsed after expanding its macros and includes.
func Source(filename string, src []byte) ([]byte, error) {
	errs := &diag.List{}
	file := token.NewFile(filename, src)
	items, hasDirectives := tokenize(file, errs)
	if errs.HasErrors() {
		return nil, errs
	}
	if !hasDirectives {
		if balanced(file, items, errs); errs.HasErrors() {
			return nil, errs
		}
		parser.ParseFile(token.NewFile(filename, src), errs)
		if errs.HasErrors() {
			return nil, errs
		}
	}
	p := newPrinter(items)
	return p.print(), nil
}

// balanced checks that the brackets of items pair up, as they do in
// every Promela model once preprocessed. (It also keeps some broken
// inputs away from the parser, whose error recovery can loop on a stray
// closing parenthesis.)
func balanced(file *token.File, items []item, errs *diag.List) {
	var open []token.Token
	for i := range items {
		it := &items[i]
		if it.verbatim || !significant(it) {
			continue
		}
		switch it.tok {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			open = append(open, it.tok)
		case token.RPAREN, token.RBRACK, token.RBRACE:
			o := opener(it.tok)
			if n := len(open); n == 0 || open[n-1] != o {
				errs.Errorf(file.Position(file.Pos(it.off)), "syntax error: unexpected '%s'", it.tok)
				return
			}
			open = open[:len(open)-1]
		}
	}
	if n := len(open); n > 0 {
		errs.Errorf(file.Position(file.Pos(len(file.Src()))), "syntax error: unexpected end of file, expected closing bracket for '%s'", open[n-1])
	}
}

// item is one token of the raw text.
type item struct {
	tok      token.Token
	text     string // the token's source text
	lit      string // the scanner's literal (identifiers)
	off      int    // offset of the token in the source
	nl       int    // newlines in the white space before the token
	ltl      bool   // scanned in LTL mode
	verbatim bool   // a [guard] or { body } of embedded C code
}

// tokenize scans the whole of file, with comments and directives, into
// items. It reports whether the text has preprocessor lines.
func tokenize(file *token.File, errs *diag.List) (items []item, hasDirectives bool) {
	var sc scanner.Scanner
	sc.Init(file, errs, scanner.ScanComments|scanner.ScanDirectives)
	src := file.Src()
	prevEnd := 0
	ltlState := 0 // 1: after `ltl`, 2: after its name, 3: inside its { }
	inLTL := false
	add := func(tok token.Token, off, end int, lit string, verbatim bool) {
		items = append(items, item{
			tok:      tok,
			text:     string(src[off:end]),
			off:      off,
			lit:      lit,
			nl:       bytes.Count(src[prevEnd:off], []byte{'\n'}),
			ltl:      inLTL,
			verbatim: verbatim,
		})
		prevEnd = end
	}
	for {
		pos, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		off, end := file.Offset(pos), sc.Offset()
		add(tok, off, end, lit, false)
		switch tok {
		case token.COMMENT:
			continue
		case token.DIRECTIVE:
			hasDirectives = true
			continue
		}
		switch {
		case tok == token.LTL && ltlState != 3:
			ltlState = 1
		case ltlState == 1 && tok == token.IDENT:
			ltlState = 2
		case (ltlState == 1 || ltlState == 2) && tok == token.LBRACE:
			ltlState = 3
			inLTL = true
			sc.SetLTL(true)
		case ltlState == 3 && tok == token.RBRACE:
			ltlState = 0
			inLTL = false
			sc.SetLTL(false)
		case ltlState != 3:
			ltlState = 0
		}
		switch tok {
		case token.C_CODE, token.C_DECL, token.C_EXPR:
			if e := embeddedC(src, end, tok); e.ok {
				if e.guardEnd > e.guardStart {
					add(token.LBRACK, e.guardStart, e.guardEnd, "", true)
				}
				add(token.LBRACE, e.bodyStart, e.bodyEnd, "", true)
				sc.Seek(e.bodyEnd)
			}
		}
	}
	return items, hasDirectives
}

type cspan struct {
	guardStart, guardEnd int
	bodyStart, bodyEnd   int
	ok                   bool
}

// embeddedC finds the optional [ guard ] and the { body } of embedded C
// code whose keyword ends at off, exactly as the parser does.
func embeddedC(src []byte, off int, kind token.Token) cspan {
	skip := func(off int, open, close byte) int {
		end, _ := scanner.SkipBalanced(src, off, open, close)
		return end
	}
	white := func(off int) int {
		for off < len(src) && (src[off] == ' ' || src[off] == '\t' || src[off] == '\n' || src[off] == '\r') {
			off++
		}
		return off
	}
	var s cspan
	off = white(off)
	if off < len(src) && src[off] == '[' && kind != token.C_DECL {
		s.guardStart = off
		s.guardEnd = skip(off, '[', ']')
		off = white(s.guardEnd)
	}
	if off >= len(src) || src[off] != '{' {
		return cspan{}
	}
	s.bodyStart = off
	s.bodyEnd = skip(off, '{', '}')
	s.ok = true
	return s
}

// frame is an open bracket or if/do block.
type frame struct {
	kind   token.Token // LBRACE, LPAREN, LBRACK, IF or DO
	indent int         // indentation of the line it was opened on
	opt    int         // if/do: indentation of the line of the last ::
}

// Colon kinds.
const (
	colonSpaced = iota // conditional (c -> a : b), for/select ranges
	colonLabel         // L: stmt
	colonTight         // remote reference P:x, P[i]:x, mtype:name
)

type printer struct {
	items []item
	out   []byte

	stack  []frame
	saved  [][]frame // stacks saved at #if, restored at #else/#elif
	indent int       // indentation of the current line

	prevSig []int  // index of the previous significant item (or -1)
	colon   []int  // colon kind, for COLON items
	angle   []bool // `<` or `>` of ch?<x>
	depth   []int  // number of open ( and [ before each item
}

func newPrinter(items []item) *printer {
	p := &printer{items: items}
	p.analyze()
	return p
}

// significant reports whether the item takes part in the syntax.
func significant(it *item) bool {
	return it.tok != token.COMMENT && it.tok != token.DIRECTIVE
}

// analyze precomputes, for every item, the previous significant item,
// the kind of colons and the angle brackets of ch?<x>.
func (p *printer) analyze() {
	n := len(p.items)
	p.prevSig = make([]int, n)
	p.colon = make([]int, n)
	p.angle = make([]bool, n)
	p.depth = make([]int, n)
	procs := map[string]bool{}
	var parens []int // indexes of open ( and [
	last := -1
	angleOpen, angleDepth := false, 0
	for i := range p.items {
		it := &p.items[i]
		p.prevSig[i] = last
		p.depth[i] = len(parens)
		if !significant(it) {
			continue
		}
		if it.tok == token.IDENT && last >= 0 {
			if t := p.items[last].tok; t == token.PROCTYPE || t == token.D_PROCTYPE {
				procs[it.lit] = true
			}
		}
		switch it.tok {
		case token.LPAREN, token.LBRACK:
			if !it.verbatim {
				parens = append(parens, i)
			}
		case token.RPAREN, token.RBRACK:
			if len(parens) > 0 {
				parens = parens[:len(parens)-1]
			}
		case token.LSS:
			if last >= 0 && (p.items[last].tok == token.QUEST || p.items[last].tok == token.RQUEST) && !it.ltl {
				p.angle[i] = true
				angleOpen, angleDepth = true, len(parens)
			}
		case token.GTR:
			if angleOpen && angleDepth == len(parens) {
				p.angle[i] = true
				angleOpen = false
			}
		case token.COLON:
			p.colon[i] = p.colonKind(i, last, parens, procs)
		}
		last = i
	}
}

func (p *printer) colonKind(i, last int, parens []int, procs map[string]bool) int {
	if last < 0 {
		return colonSpaced
	}
	prev := &p.items[last]
	switch prev.tok {
	case token.MTYPE:
		return colonTight
	case token.IDENT:
		if procs[prev.lit] {
			return colonTight
		}
		if len(parens) > 0 {
			return colonSpaced
		}
		pp := p.prevSig[last]
		if pp < 0 || prev.nl > 0 {
			return colonLabel
		}
		switch p.items[pp].tok {
		case token.SEMICOLON, token.ARROW, token.SEP, token.LBRACE, token.RBRACE, token.COLON, token.ELSE:
			return colonLabel
		}
	case token.RBRACK:
		// P[i]:x
		depth := 0
		for j := last; j >= 0; j-- {
			switch p.items[j].tok {
			case token.RBRACK:
				depth++
			case token.LBRACK:
				depth--
			}
			if depth == 0 {
				if k := p.prevSig[j]; k >= 0 && p.items[k].tok == token.IDENT && procs[p.items[k].lit] {
					return colonTight
				}
				break
			}
		}
	}
	return colonSpaced
}

// operandEnd reports whether an operand can end with it, so that a
// following ! is a send and a following - is binary.
func operandEnd(it *item) bool {
	if it.verbatim {
		return true
	}
	switch it.tok {
	case token.IDENT, token.INT, token.CHAR, token.STRING, token.RPAREN, token.RBRACK,
		token.TRUE, token.FALSE, token.TIMEOUT:
		return true
	}
	return false
}

// afterOperand reports whether the item before i ends an operand. A
// line break outside parentheses after an operand ends the statement
// (SPIN's implicit semicolon), so an item starting such a line does not
// continue the operand.
func (p *printer) afterOperand(i int) bool {
	k := p.prevSig[i]
	if k < 0 || !operandEnd(&p.items[k]) {
		return false
	}
	if p.depth[i] == 0 && p.items[k].tok != token.STRING {
		for j := k + 1; j <= i; j++ {
			if p.items[j].nl > 0 {
				return false
			}
		}
	}
	return true
}

// unary reports whether item i is a prefix operator.
func (p *printer) unary(i int) bool {
	it := &p.items[i]
	switch it.tok {
	case token.TILDE, token.ALWAYS, token.EVENTUALLY:
		return true
	case token.NOT:
		return it.ltl || !p.afterOperand(i)
	case token.SUB, token.ADD:
		return !p.afterOperand(i)
	}
	return false
}

// send reports whether item i is the ! or !! of a send.
func (p *printer) send(i int) bool {
	it := &p.items[i]
	switch it.tok {
	case token.SORTSEND:
		return true
	case token.NOT:
		return !it.ltl && p.afterOperand(i)
	}
	return false
}

// binary reports whether item i is a binary operator.
func (p *printer) binary(i int) bool {
	it := &p.items[i]
	if it.verbatim {
		return false
	}
	switch it.tok {
	case token.ASSIGN, token.EQL, token.NEQ, token.LEQ, token.GEQ,
		token.MUL, token.QUO, token.REM, token.AND, token.OR, token.XOR, token.SHL, token.SHR,
		token.LAND, token.LOR, token.ARROW, token.EQUIV, token.DOTDOT:
		return true
	case token.LSS, token.GTR:
		return !p.angle[i]
	case token.SUB, token.ADD:
		return p.afterOperand(i)
	case token.IDENT:
		if it.ltl {
			switch it.lit {
			case "implies", "equivalent", "U", "until", "stronguntil", "W", "weakuntil", "V", "release":
				return true
			}
		}
	}
	return false
}

// funcKeyword reports whether tok is a keyword written like a function
// call, with no space before its (.
func funcKeyword(tok token.Token) bool {
	switch tok {
	case token.PRINTF, token.PRINTM, token.LEN, token.EMPTY, token.NEMPTY, token.FULL, token.NFULL,
		token.ENABLED, token.PC_VALUE, token.GET_PRIORITY, token.SET_PRIORITY, token.EVAL, token.ASSERT:
		return true
	}
	return false
}

// ltlWord reports whether an identifier is an LTL operator word.
func ltlWord(lit string) bool {
	switch lit {
	case "implies", "equivalent", "U", "until", "stronguntil", "W", "weakuntil", "V", "release",
		"X", "next", "always", "eventually":
		return true
	}
	return false
}

// space reports whether a space separates items i-1 and i on one line.
func (p *printer) space(i int) bool {
	want := p.wantSpace(i)
	if !want && !p.joinable(i) {
		return true
	}
	return want
}

func (p *printer) wantSpace(i int) bool {
	a, b := &p.items[i-1], &p.items[i]
	if !significant(a) || !significant(b) {
		return true
	}
	if !b.verbatim {
		switch b.tok {
		case token.SEMICOLON, token.COMMA, token.RPAREN, token.RBRACK, token.PERIOD, token.INC, token.DEC, token.AT:
			return false
		}
	}
	if a.verbatim || b.verbatim {
		return true
	}
	switch a.tok {
	case token.LPAREN, token.LBRACK, token.PERIOD, token.AT:
		return false
	}
	if b.tok == token.RBRACE {
		return a.tok != token.LBRACE
	}
	if a.tok == token.LBRACE || b.tok == token.LBRACE {
		return true
	}
	if a.tok == token.COLON {
		return p.colon[i-1] != colonTight
	}
	if b.tok == token.COLON {
		return p.colon[i] == colonSpaced
	}
	switch {
	case a.tok == token.QUEST || a.tok == token.RQUEST || b.tok == token.QUEST || b.tok == token.RQUEST:
		return false
	case p.send(i - 1):
		return false
	case p.send(i):
		return false
	case p.unary(i - 1):
		return false
	case p.angle[i-1] && a.tok == token.LSS, p.angle[i] && b.tok == token.GTR:
		return false
	case p.binary(i - 1), p.binary(i):
		return true
	}
	switch b.tok {
	case token.LPAREN:
		if a.tok == token.IDENT {
			return a.ltl && ltlWord(a.lit)
		}
		return !funcKeyword(a.tok)
	case token.LBRACK:
		switch a.tok {
		case token.IDENT, token.RBRACK, token.RPAREN:
			return false
		}
	}
	return true
}

// joinable reports whether items i-1 and i, printed with nothing between
// them, scan back as the same two tokens.
func (p *printer) joinable(i int) bool {
	a, b := &p.items[i-1], &p.items[i]
	if a.verbatim || b.verbatim {
		return true
	}
	text := a.text + b.text
	var errs diag.List
	var sc scanner.Scanner
	mode := scanner.ScanComments | scanner.ScanDirectives
	if b.ltl {
		mode |= scanner.ScanLTL
	}
	f := token.NewFile("", []byte(text))
	sc.Init(f, &errs, mode)
	_, t1, _ := sc.Scan()
	if t1 != a.tok || sc.Offset() != len(a.text) {
		return false
	}
	pos, t2, _ := sc.Scan()
	if t2 != b.tok || f.Offset(pos) != len(a.text) || sc.Offset() != len(text) {
		return false
	}
	return !errs.HasErrors()
}

func opens(it *item) bool {
	if it.verbatim {
		return false
	}
	switch it.tok {
	case token.LBRACE, token.LPAREN, token.LBRACK, token.IF, token.DO:
		return true
	}
	return false
}

// openers are the closing tokens and the tokens they close.
var openers = map[token.Token]token.Token{
	token.RBRACE: token.LBRACE, token.RPAREN: token.LPAREN, token.RBRACK: token.LBRACK,
	token.FI: token.IF, token.OD: token.DO,
}

// opener is the token that tok closes, or token.ILLEGAL.
func opener(tok token.Token) token.Token {
	if o, ok := openers[tok]; ok {
		return o
	}
	return token.ILLEGAL
}

// match returns the index in the stack of the frame that it closes, or -1.
func (p *printer) match(it *item) int {
	if it.verbatim {
		return -1
	}
	o := opener(it.tok)
	if o == token.ILLEGAL {
		return -1
	}
	for k := len(p.stack) - 1; k >= 0; k-- {
		if p.stack[k].kind == o {
			return k
		}
	}
	return -1
}

// indentFor is the indentation of a line that starts with it.
func (p *printer) indentFor(it *item) int {
	if k := p.match(it); k >= 0 {
		return p.stack[k].indent
	}
	if len(p.stack) == 0 {
		return 0
	}
	top := p.stack[len(p.stack)-1]
	switch top.kind {
	case token.IF, token.DO:
		if it.tok == token.SEP {
			return top.indent + 1
		}
		return top.opt + 1
	}
	return top.indent + 1
}

// commentIndent is the indentation of a line starting with the comment i:
// that of the code it precedes on its line, else that of the next line
// if it is an option (::), else that of a statement at this point.
func (p *printer) commentIndent(i int) int {
	for j := i + 1; j < len(p.items); j++ {
		it := &p.items[j]
		if !significant(it) {
			continue
		}
		sameLine := true
		for k := i + 1; k <= j; k++ {
			if p.items[k].nl > 0 || strings.Contains(p.items[k-1].text, "\n") {
				sameLine = false
				break
			}
		}
		if sameLine || it.tok == token.SEP {
			return p.indentFor(it)
		}
		break
	}
	return p.indentFor(&item{tok: token.IDENT})
}

// noBlankAfter reports whether no blank line may follow it.
func noBlankAfter(it *item) bool {
	return opens(it)
}

// noBlankBefore reports whether no blank line may precede it.
func noBlankBefore(it *item) bool {
	return !it.verbatim && opener(it.tok) != token.ILLEGAL
}

func (p *printer) print() []byte {
	for i := range p.items {
		it := &p.items[i]
		if i > 0 && it.nl > 0 {
			n := 1
			if it.nl > 1 && !noBlankAfter(&p.items[i-1]) && !noBlankBefore(it) {
				n = 2
			}
			for range n {
				p.out = append(p.out, '\n')
			}
		}
		if i == 0 || it.nl > 0 {
			var ind int
			switch it.tok {
			case token.DIRECTIVE:
				ind = 0
			case token.COMMENT:
				ind = p.commentIndent(i)
			default:
				ind = p.indentFor(it)
			}
			p.indent = ind
			for range ind {
				p.out = append(p.out, '\t')
			}
		} else if p.space(i) {
			p.out = append(p.out, ' ')
		}
		p.out = append(p.out, tokenText(it)...)
		p.update(it)
	}
	if len(p.out) > 0 {
		p.out = append(p.out, '\n')
	}
	return p.out
}

// update maintains the stack of open frames after printing it.
func (p *printer) update(it *item) {
	if it.tok == token.DIRECTIVE {
		p.directive(it.text)
		return
	}
	if opens(it) {
		p.stack = append(p.stack, frame{kind: it.tok, indent: p.indent, opt: p.indent + 1})
		return
	}
	if it.tok == token.SEP && len(p.stack) > 0 {
		if top := &p.stack[len(p.stack)-1]; top.kind == token.IF || top.kind == token.DO {
			top.opt = p.indent
		}
	}
	if k := p.match(it); k >= 0 {
		p.stack = p.stack[:k]
	}
}

// directive keeps the indentation of the branches of #if ... #else
// ... #endif alike: each branch starts from the stack of frames open at
// the #if.
func (p *printer) directive(text string) {
	s := strings.TrimLeft(text[1:], " \t")
	end := 0
	for end < len(s) && (s[end] >= 'a' && s[end] <= 'z') {
		end++
	}
	switch s[:end] {
	case "if", "ifdef", "ifndef":
		p.saved = append(p.saved, append([]frame(nil), p.stack...))
	case "elif", "else":
		if n := len(p.saved); n > 0 {
			p.stack = append(p.stack[:0:0], p.saved[n-1]...)
		}
	case "endif":
		if n := len(p.saved); n > 0 {
			p.saved = p.saved[:n-1]
		}
	}
}

// tokenText is the text printed for it: its source text, with trailing
// white space removed from comments and directives.
func tokenText(it *item) string {
	switch it.tok {
	case token.COMMENT:
		if strings.HasPrefix(it.text, "/*") {
			lines := strings.Split(it.text, "\n")
			for k := range lines {
				lines[k] = trimRight(lines[k])
			}
			return strings.Join(lines, "\n")
		}
		return trimRight(it.text)
	case token.DIRECTIVE:
		return trimRight(it.text)
	}
	return it.text
}

// trimRight removes trailing white space, unless that would leave a
// backslash at the end of the line (a line continuation for cpp).
func trimRight(s string) string {
	t := strings.TrimRight(s, " \t\r\f\v")
	if strings.HasSuffix(t, "\\") && len(t) != len(s) {
		return s
	}
	return t
}
