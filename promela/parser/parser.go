package parser

import (
	"fmt"
	"strconv"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/ltl/grammar"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/scanner"
	"github.com/gospin/gospin/promela/token"
)

// maxErrors is the number of syntax errors after which parsing stops.
const maxErrors = 20

// maxNesting bounds the nesting of statements and expressions, so that
// hostile input cannot exhaust the stack.
const maxNesting = 1000

// maxOperators bounds the binary operators of one statement (or global
// declaration, or ltl formula). A chain a+b+c+... is parsed with a loop,
// but it is a tree as deep as it is long, which the later stages walk
// recursively: the bound keeps their stacks well within Go's limit.
// 250,000 is far beyond any model written by hand or generated in
// practice (x = 1+1+...+1 with 200,000 terms is accepted).
const maxOperators = 250_000

type tokInfo struct {
	pos token.Pos
	tok token.Token
	lit string
	nl  bool // newline before
	end int  // offset just after the token
}

type parser struct {
	file *token.File
	errs *diag.List
	sc   scanner.Scanner

	// current token
	pos token.Pos
	tok token.Token
	lit string
	nl  bool

	ahead []tokInfo // tokens scanned beyond the current one

	prev    token.Token // the previously consumed token
	prevLit string

	inSeq    bool // inside a proctype/init/never/inline/typedef body
	parDepth int  // open parentheses (no implicit semicolons inside)
	nesting  int
	ops      int // binary operators since the start of the statement (maxOperators)

	procs    map[string]bool // proctype names seen so far (for P[i]@L, P:x)
	allProcs map[string]bool // every proctype name of the file (for ltl blocks), once needed
	typedefs map[string]bool // typedef names seen so far

	nerrs    int
	lastLine int // line of the last error reported
	lastFile string
	// panicking is set by an error and cleared when the parser starts a
	// new statement or unit: only the first error of a statement is
	// reported, follow-on errors of the recovery are not.
	panicking bool
}

type bailout struct{}

func newParser(file *token.File, errs *diag.List, mode scanner.Mode) *parser {
	p := &parser{file: file, errs: errs, procs: map[string]bool{}, typedefs: map[string]bool{}}
	p.sc.Init(file, errs, mode)
	p.next()
	return p
}

// ParseFile parses a whole model. It always returns a Model, possibly
// partial when errs has errors.
func ParseFile(file *token.File, errs *diag.List) (m *ast.Model) {
	m = &ast.Model{File: file}
	p := newParser(file, errs, 0)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
		}
	}()
	for p.tok != token.EOF {
		if d := p.parseUnit(); d != nil {
			m.Decls = append(m.Decls, d)
		}
	}
	return m
}

// ParseExpr parses a stand-alone Promela expression.
func ParseExpr(file *token.File, errs *diag.List) (x ast.Expr) {
	p := newParser(file, errs, 0)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
		}
	}()
	x = p.parseExpr()
	if p.tok != token.EOF {
		p.errorExpected("end of expression")
	}
	return x
}

// ---------------------------------------------------------------------
// Tokens

func (p *parser) scan() tokInfo {
	for {
		n := p.errs.Len()
		pos, tok, lit := p.sc.Scan()
		for _, d := range p.errs.Items[n:] {
			if d.Severity == diag.Error {
				p.panicking = true
			}
		}
		if tok == token.COMMENT || tok == token.DIRECTIVE {
			continue
		}
		return tokInfo{pos: pos, tok: tok, lit: lit, nl: p.sc.NewlineBefore(), end: p.sc.Offset()}
	}
}

func (p *parser) next() {
	p.prev, p.prevLit = p.tok, p.lit
	var t tokInfo
	if len(p.ahead) > 0 {
		t = p.ahead[0]
		p.ahead = p.ahead[1:]
	} else {
		t = p.scan()
	}
	p.pos, p.tok, p.lit, p.nl = t.pos, t.tok, t.lit, t.nl
}

// peek returns the k-th token after the current one (k >= 1).
func (p *parser) peek(k int) tokInfo {
	for len(p.ahead) < k {
		p.ahead = append(p.ahead, p.scan())
	}
	return p.ahead[k-1]
}

func (p *parser) got(tok token.Token) bool {
	if p.tok == tok {
		p.next()
		return true
	}
	return false
}

func (p *parser) expect(tok token.Token) token.Pos {
	pos := p.pos
	if p.tok != tok {
		p.errorExpected("'" + tok.String() + "'")
	}
	p.next() // make progress in any case
	return pos
}

// expectClosing is expect for a closing token; it does not consume
// anything else when the token is missing.
func (p *parser) expectClosing(tok token.Token, what string) token.Pos {
	pos := p.pos
	if p.tok != tok {
		p.errorExpected("'" + tok.String() + "' to close " + what)
		return pos
	}
	p.next()
	return pos
}

// ---------------------------------------------------------------------
// Errors

func (p *parser) errorAt(pos token.Pos, format string, args ...any) {
	position := p.file.Position(pos)
	if p.nerrs > 0 && position.Line == p.lastLine && position.Filename == p.lastFile {
		return // one error per line
	}
	if p.panicking {
		return
	}
	// An earlier stage (preprocessor, scanner) already reported an error
	// on this line: a syntax error there is only its consequence.
	for _, d := range p.errs.Items {
		if d.Severity == diag.Error && d.Pos.Line == position.Line && d.Pos.Filename == position.Filename {
			p.panicking = true
			return
		}
	}
	p.panicking = true
	p.lastLine, p.lastFile = position.Line, position.Filename
	p.nerrs++
	p.errs.Errorf(position, format, args...)
	if p.nerrs >= maxErrors || p.errs.Full() {
		panic(bailout{})
	}
}

func (p *parser) describe() string {
	return describe(p.tok, p.lit)
}

func describe(tok token.Token, lit string) string {
	switch tok {
	case token.EOF:
		return "end of file"
	case token.IDENT, token.INT, token.CHAR:
		return "'" + lit + "'"
	case token.STRING:
		return "string " + lit
	case token.ILLEGAL:
		return "'" + lit + "'"
	}
	return "'" + tok.String() + "'"
}

func (p *parser) errorExpected(what string) {
	p.errorAt(p.pos, "syntax error: expected %s, found %s", what, p.describe())
}

// ---------------------------------------------------------------------
// Implicit semicolons (SPIN 6): inside a body, outside parentheses, a
// newline after one of these tokens ends the statement.

func endsStatement(tok token.Token) bool {
	switch tok {
	case token.RBRACE, token.RPAREN, token.RBRACK, token.OD, token.FI, token.ELSE, token.BREAK,
		token.C_CODE, token.C_EXPR, token.C_DECL, token.IDENT, token.INT, token.CHAR,
		token.TRUE, token.FALSE, token.SKIP, token.TIMEOUT, token.INC, token.DEC:
		return true
	}
	return false
}

// implicitSemi reports whether SPIN would insert a semicolon before the
// current token.
func (p *parser) implicitSemi() bool {
	return p.inSeq && p.parDepth == 0 && p.nl && endsStatement(p.prev)
}

// ---------------------------------------------------------------------
// Nesting guard

func (p *parser) enter() {
	p.nesting++
	if p.nesting > maxNesting {
		p.errorAt(p.pos, "nesting too deep (more than %d levels)", maxNesting)
		panic(bailout{})
	}
}

func (p *parser) leave() { p.nesting-- }

// operator counts a binary operator against maxOperators.
func (p *parser) operator() {
	p.ops++
	if p.ops > maxOperators {
		p.panicking = false
		p.errorAt(p.pos, "expression too large (more than %d operators in one statement)", maxOperators)
		panic(bailout{})
	}
}

// ---------------------------------------------------------------------
// Top level

// syncUnit skips to the start of the next top-level unit.
func (p *parser) syncUnit() {
	for {
		switch p.tok {
		case token.EOF, token.ACTIVE, token.PROCTYPE, token.D_PROCTYPE, token.INIT, token.NEVER,
			token.TRACE, token.NOTRACE, token.LTL, token.TYPEDEF, token.INLINE:
			return
		case token.MTYPE, token.BIT, token.BOOL, token.BYTE, token.SHORT, token.INT_TYPE, token.CHAN,
			token.UNSIGNED, token.PID_TYPE:
			if p.nl {
				return
			}
		}
		p.next()
	}
}

func (p *parser) parseUnit() ast.Decl {
	p.panicking = false
	p.ops = 0
	switch p.tok {
	case token.SEMICOLON, token.ARROW:
		p.next()
		return nil
	case token.ACTIVE, token.PROCTYPE, token.D_PROCTYPE:
		return p.parseProc()
	case token.INIT:
		return p.parseInit()
	case token.NEVER:
		pos := p.pos
		p.next()
		d := &ast.NeverDecl{NeverPos: pos}
		if p.tok == token.IDENT {
			d.Name = p.parseIdent()
		}
		d.Body = p.parseBody()
		return d
	case token.TRACE, token.NOTRACE:
		d := &ast.TraceDecl{TracePos: p.pos, NoTrace: p.tok == token.NOTRACE}
		p.next()
		d.Body = p.parseBody()
		return d
	case token.LTL:
		return p.parseLTLDecl()
	case token.TYPEDEF:
		return p.parseTypedef()
	case token.INLINE:
		return p.parseInline()
	case token.C_CODE, token.C_DECL, token.C_STATE, token.C_TRACK:
		return p.parseCCode()
	case token.MTYPE:
		if p.isMtypeDecl() {
			return p.parseMtypeDecl()
		}
		return p.parseVarDecl()
	}
	if p.startsDecl() {
		return p.parseVarDecl()
	}
	p.errorExpected("declaration, proctype, init, never, ltl, typedef or inline")
	p.next()
	p.syncUnit()
	return nil
}

func (p *parser) parseIdent() *ast.Ident {
	id := &ast.Ident{NamePos: p.pos, Name: p.lit}
	if p.tok != token.IDENT {
		p.errorExpected("name")
		id.Name = "_"
		if p.tok != token.EOF && p.tok != token.RBRACE && p.tok != token.LBRACE {
			p.next()
		}
		return id
	}
	p.next()
	return id
}

func (p *parser) parseProc() ast.Decl {
	d := &ast.ProcDecl{ProcPos: p.pos}
	if p.tok == token.ACTIVE {
		d.Active = true
		p.next()
		if p.tok == token.LBRACK {
			p.next()
			d.Count = p.parseExpr()
			p.expectClosing(token.RBRACK, "active [")
		}
	}
	switch p.tok {
	case token.PROCTYPE:
	case token.D_PROCTYPE:
		d.Det = true
	default:
		p.errorExpected("'proctype'")
		p.syncUnit()
		return nil
	}
	p.next()
	d.Name = p.parseIdent()
	p.procs[d.Name.Name] = true
	p.expect(token.LPAREN)
	p.parDepth++
	for p.tok != token.RPAREN && p.tok != token.EOF && p.tok != token.LBRACE {
		if !p.startsDecl() && p.tok != token.MTYPE {
			p.errorExpected("parameter declaration")
			break
		}
		d.Params = append(d.Params, p.parseVarDecl())
		if !p.got(token.SEMICOLON) {
			break
		}
	}
	p.parDepth--
	p.expectClosing(token.RPAREN, "parameter list")
	if p.tok == token.PRIORITY {
		p.next()
		d.Priority = p.parseExpr()
	}
	if p.tok == token.PROVIDED {
		p.next()
		lp := p.pos
		p.expect(token.LPAREN)
		p.parDepth++
		x := p.parseExpr()
		p.parDepth--
		p.expectClosing(token.RPAREN, "provided (")
		d.Provided = &ast.ParenExpr{Lparen: lp, X: x}
	}
	d.Body = p.parseBody()
	return d
}

func (p *parser) parseInit() ast.Decl {
	d := &ast.InitDecl{InitPos: p.pos}
	p.next()
	if p.tok == token.PRIORITY {
		p.next()
		d.Priority = p.parseExpr()
	}
	d.Body = p.parseBody()
	return d
}

func (p *parser) parseInline() ast.Decl {
	d := &ast.InlineDecl{InlinePos: p.pos}
	p.next()
	d.Name = p.parseIdent()
	p.expect(token.LPAREN)
	for p.tok == token.IDENT {
		d.Params = append(d.Params, p.parseIdent())
		if !p.got(token.COMMA) {
			break
		}
	}
	p.expectClosing(token.RPAREN, "inline parameter list")
	d.Body = p.parseBody()
	return d
}

func (p *parser) parseTypedef() ast.Decl {
	d := &ast.TypedefDecl{TypedefPos: p.pos}
	p.next()
	d.Name = p.parseIdent()
	p.typedefs[d.Name.Name] = true
	p.expect(token.LBRACE)
	saved := p.inSeq
	p.inSeq = true
	for p.tok != token.RBRACE && p.tok != token.EOF {
		if !p.startsDecl() && p.tok != token.MTYPE {
			p.errorExpected("field declaration")
			p.skipTo(token.SEMICOLON, token.RBRACE)
			p.got(token.SEMICOLON)
			continue
		}
		d.Fields = append(d.Fields, p.parseVarDecl())
		if p.tok == token.SEMICOLON || p.tok == token.ARROW {
			for p.tok == token.SEMICOLON || p.tok == token.ARROW {
				p.next()
			}
		} else if p.tok != token.RBRACE && !p.implicitSemi() {
			p.errorExpected("';' or '}'")
			p.skipTo(token.SEMICOLON, token.RBRACE)
		}
	}
	p.inSeq = saved
	p.expectClosing(token.RBRACE, "typedef")
	return d
}

func (p *parser) skipTo(toks ...token.Token) {
	for p.tok != token.EOF {
		for _, t := range toks {
			if p.tok == t {
				return
			}
		}
		p.next()
	}
}

// isMtypeDecl reports whether the current `mtype` starts an mtype
// declaration (mtype [:name] [=] {...}) rather than a variable.
func (p *parser) isMtypeDecl() bool {
	t := p.peek(1)
	switch t.tok {
	case token.ASSIGN, token.LBRACE:
		return true
	case token.COLON:
		t3 := p.peek(3)
		return p.peek(2).tok == token.IDENT && (t3.tok == token.ASSIGN || t3.tok == token.LBRACE)
	}
	return false
}

func (p *parser) parseMtypeDecl() *ast.MtypeDecl {
	d := &ast.MtypeDecl{MtypePos: p.pos}
	p.next()
	if p.got(token.COLON) {
		d.Name = p.parseIdent()
	}
	p.got(token.ASSIGN)
	p.expect(token.LBRACE)
	// SPIN's grammar (nlst) separates the names by commas or by white
	// space alone: { a, b c }
	for p.tok == token.IDENT {
		d.Values = append(d.Values, p.parseIdent())
		p.got(token.COMMA)
	}
	if len(d.Values) == 0 {
		p.errorExpected("mtype value name")
	}
	p.expectClosing(token.RBRACE, "mtype declaration")
	return d
}

func (p *parser) parseCCode() *ast.CCode {
	c := &ast.CCode{CPos: p.pos, Kind: p.tok}
	switch p.tok {
	case token.C_STATE, token.C_TRACK:
		p.next()
		n := 0
		for p.tok == token.STRING {
			if n > 0 {
				c.Text += " "
			}
			c.Text += p.lit
			n++
			p.next()
		}
		if n < 2 || n > 3 {
			p.errorAt(c.CPos, "syntax error: %s takes two or three strings", c.Kind)
		}
		return c
	}
	// c_code [ guard ] { text }, c_decl { text }, c_expr [ guard ] { text }
	// The raw text is taken directly from the source.
	if len(p.ahead) != 0 {
		p.errorAt(p.pos, "internal error: lookahead before embedded C code")
	}
	off := p.sc.Offset()
	src := p.file.Src()
	skip := func(open, close byte) (int, bool) {
		return scanner.SkipBalanced(src, off, open, close)
	}
	// skip white space
	for off < len(src) && (src[off] == ' ' || src[off] == '\t' || src[off] == '\n' || src[off] == '\r') {
		off++
	}
	if off < len(src) && src[off] == '[' && c.Kind != token.C_DECL {
		end, ok := skip('[', ']')
		if !ok {
			p.errorAt(c.CPos, "%s: unterminated [ guard ]", c.Kind)
		}
		off = end
		for off < len(src) && (src[off] == ' ' || src[off] == '\t' || src[off] == '\n' || src[off] == '\r') {
			off++
		}
	}
	if off >= len(src) || src[off] != '{' {
		p.errorAt(c.CPos, "syntax error: expected '{' after %s", c.Kind)
		p.next()
		return c
	}
	start := off
	end, ok := skip('{', '}')
	if !ok {
		p.errorAt(c.CPos, "%s: unterminated { ... }", c.Kind)
	}
	c.Text = string(src[start+1 : max(start+1, end-1)])
	// Restart the scanner after the closing brace.
	p.sc.Seek(end)
	p.prev = token.RBRACE
	p.prevLit = ""
	p.ahead = p.ahead[:0]
	t := p.scan()
	p.pos, p.tok, p.lit, p.nl = t.pos, t.tok, t.lit, t.nl
	return c
}

// ---------------------------------------------------------------------
// Declarations

func isBasicType(tok token.Token) bool {
	_, ok := basicTypes[tok]
	return ok
}

// basicTypes are the type keywords and their kinds.
var basicTypes = map[token.Token]ast.TypeKind{
	token.BIT: ast.Bit, token.BOOL: ast.Bool, token.BYTE: ast.Byte, token.SHORT: ast.Short,
	token.INT_TYPE: ast.Int, token.PID_TYPE: ast.Pid, token.CHAN: ast.Chan,
	token.UNSIGNED: ast.Unsigned, token.MTYPE: ast.Mtype,
}

// startsDecl reports whether the current token starts a variable
// declaration: a visibility prefix, a type keyword, or a typedef name
// followed by a name.
func (p *parser) startsDecl() bool {
	switch p.tok {
	case token.HIDDEN, token.SHOW, token.LOCAL:
		return true
	case token.IDENT:
		// a typedef name followed by a variable name (an unknown type
		// name too, when both are on one line: the checker reports it)
		next := p.peek(1)
		return next.tok == token.IDENT && (p.typedefs[p.lit] || !next.nl && !p.procs[p.lit])
	}
	return isBasicType(p.tok)
}

func (p *parser) parseType() *ast.Type {
	t := &ast.Type{TypePos: p.pos}
	kind, basic := basicTypes[p.tok]
	switch {
	case p.tok == token.MTYPE:
		t.Kind = ast.Mtype
		p.next()
		if p.tok == token.COLON && p.peek(1).tok == token.IDENT {
			p.next()
			t.Name = p.parseIdent()
		}
		return t
	case basic:
		t.Kind = kind
	case p.tok == token.IDENT:
		t.Kind = ast.Named
		t.Name = &ast.Ident{NamePos: p.pos, Name: p.lit}
	default:
		p.errorExpected("type")
		t.Kind = ast.BadType
		return t
	}
	p.next()
	return t
}

func (p *parser) parseVarDecl() *ast.VarDecl {
	d := &ast.VarDecl{DeclPos: p.pos}
	switch p.tok {
	case token.HIDDEN:
		d.Vis = ast.VisHidden
		p.next()
	case token.SHOW:
		d.Vis = ast.VisShow
		p.next()
	case token.LOCAL:
		d.Vis = ast.VisLocal
		p.next()
	}
	d.Type = p.parseType()
	if d.Type.Kind == ast.BadType {
		return d
	}
	for {
		d.Vars = append(d.Vars, p.parseVarSpec())
		if !p.got(token.COMMA) {
			break
		}
	}
	return d
}

func (p *parser) parseVarSpec() *ast.VarSpec {
	s := &ast.VarSpec{Name: p.parseIdent()}
	if p.tok == token.LBRACK {
		p.next()
		s.Len = p.parseExpr()
		p.expectClosing(token.RBRACK, "array length")
	}
	if p.tok == token.COLON {
		p.next()
		s.Bits = p.parseExpr()
	}
	if p.tok == token.ASSIGN {
		p.next()
		switch p.tok {
		case token.LBRACK:
			s.Init = p.parseChanType()
		case token.LBRACE:
			p.next()
			for {
				s.InitList = append(s.InitList, p.parseExpr())
				if !p.got(token.COMMA) {
					break
				}
			}
			p.expectClosing(token.RBRACE, "initializer list")
		default:
			s.Init = p.parseExpr()
		}
	}
	return s
}

func (p *parser) parseChanType() *ast.ChanType {
	c := &ast.ChanType{Lbrack: p.pos}
	p.next()
	c.Cap = p.parseExpr()
	p.expectClosing(token.RBRACK, "channel capacity")
	p.expect(token.OF)
	p.expect(token.LBRACE)
	for {
		if !isBasicType(p.tok) && p.tok != token.IDENT {
			p.errorExpected("message field type")
			break
		}
		c.Fields = append(c.Fields, p.parseType())
		if !p.got(token.COMMA) {
			break
		}
	}
	p.expectClosing(token.RBRACE, "channel field list")
	return c
}

// ---------------------------------------------------------------------
// Statements

// parseBody parses `{ sequence }` of a proctype, init, never, trace or
// inline.
func (p *parser) parseBody() *ast.Block {
	saved := p.inSeq
	p.inSeq = true
	b := &ast.Block{Lbrace: p.pos}
	if p.tok != token.LBRACE {
		p.errorExpected("'{'")
		p.inSeq = saved
		p.syncUnit()
		b.Rbrace = p.pos
		return b
	}
	p.next()
	b.Stmts, b.Arrows = p.parseSequence()
	b.Rbrace = p.pos
	p.expectClosing(token.RBRACE, "body")
	p.inSeq = saved
	return b
}

func (p *parser) endsSequence() bool {
	switch p.tok {
	case token.RBRACE, token.SEP, token.FI, token.OD, token.EOF:
		return true
	}
	return false
}

// parseSequence parses statements separated by ; or -> (or implicit
// semicolons) up to a closing }, ::, fi or od (not consumed).
func (p *parser) parseSequence() (stmts []ast.Stmt, arrows []bool) {
	for !p.endsSequence() {
		if p.tok == token.SEMICOLON || p.tok == token.ARROW {
			// separators before any statement (SPIN tolerates them after `{`)
			if len(stmts) == 0 {
				p.errorAt(p.pos, "syntax error: unexpected '%s' before the first statement", p.tok)
			}
			p.next()
			continue
		}
		p.panicking = false
		before := p.pos
		s := p.parseStep()
		if p.pos == before {
			// no progress: the token cannot start a statement
			p.errorExpected("statement")
			p.next()
			continue
		}
		if s == nil {
			continue
		}
		stmts = append(stmts, s)
		arrows = append(arrows, false)
		switch {
		case p.tok == token.SEMICOLON || p.tok == token.ARROW:
			arrows[len(arrows)-1] = p.tok == token.ARROW
			for p.tok == token.SEMICOLON || p.tok == token.ARROW {
				p.next()
			}
		case p.endsSequence():
		case p.prev == token.RBRACE || p.prev == token.ELSE || p.implicitSemi():
		default:
			p.errorExpected("';'")
			p.syncStmt()
		}
	}
	return stmts, arrows
}

// syncStmt skips to a likely statement boundary after an error.
func (p *parser) syncStmt() {
	start := p.pos
	for !p.endsSequence() {
		if p.tok == token.SEMICOLON || p.tok == token.ARROW {
			p.next()
			return
		}
		if p.pos != start && p.nl {
			return
		}
		p.next()
	}
}

func (p *parser) parseStep() ast.Stmt {
	if p.tok == token.MTYPE && p.isMtypeDecl() {
		return p.parseMtypeDecl()
	}
	if p.startsDecl() {
		return p.parseVarDecl()
	}
	if p.tok == token.XR || p.tok == token.XS {
		s := &ast.ChanAssert{XPos: p.pos, Send: p.tok == token.XS}
		p.next()
		for {
			s.Chans = append(s.Chans, p.parseVarRef())
			if !p.got(token.COMMA) {
				break
			}
		}
		return s
	}
	s := p.parseStmt()
	if p.tok == token.UNLESS {
		pos := p.pos
		p.next()
		esc := p.parseStmt()
		s = &ast.UnlessStmt{Main: s, Unless: pos, Escape: esc}
	}
	return s
}

// parseStmt parses one statement (not a declaration).
func (p *parser) parseStmt() ast.Stmt {
	p.enter()
	defer p.leave()
	p.ops = 0
	pos := p.pos
	switch p.tok {
	case token.IF, token.DO:
		return p.parseIfDoStmt()
	case token.ATOMIC, token.D_STEP:
		tok := p.tok
		p.next()
		b := p.parseBlock()
		if tok == token.ATOMIC {
			return &ast.AtomicStmt{Atomic: pos, Body: b}
		}
		return &ast.DStepStmt{DStep: pos, Body: b}
	case token.LBRACE:
		return &ast.BlockStmt{Body: p.parseBlock()}
	case token.SELECT:
		return p.parseSelectStmt()
	case token.FOR:
		return p.parseForStmt()
	case token.BREAK:
		p.next()
		return &ast.BreakStmt{Break: pos}
	case token.GOTO:
		p.next()
		return &ast.GotoStmt{Goto: pos, Label: p.parseIdent()}
	case token.ELSE:
		p.next()
		return &ast.ElseStmt{Else: pos}
	case token.ASSERT:
		p.next()
		return &ast.AssertStmt{Assert: pos, X: p.parseExpr()}
	case token.PRINTF:
		return p.parsePrintfStmt()
	case token.PRINTM:
		return p.parsePrintmStmt()
	case token.SET_PRIORITY:
		return p.parseSetPriorityStmt()
	case token.C_CODE, token.C_DECL, token.C_STATE, token.C_TRACK:
		return p.parseCCode()
	case token.RETURN:
		p.errorAt(pos, "return statements (inlines used as functions) are not supported")
		p.next()
		x := p.parseExpr()
		return &ast.ExprStmt{X: x}
	case token.IDENT:
		next := p.peek(1)
		if next.tok == token.COLON && !p.procs[p.lit] {
			return p.parseLabeledStmt()
		}
		if next.tok == token.LPAREN && !p.procs[p.lit] {
			name := p.parseIdent()
			args, rp := p.parseArgs()
			return &ast.InlineCall{Name: name, Args: args, Rparen: rp}
		}
	case token.SEMICOLON, token.ARROW, token.RBRACE, token.SEP, token.FI, token.OD, token.EOF:
		p.errorExpected("statement")
		return nil
	}
	return p.parseSimpleStmt()
}

// parseIfDoStmt parses if :: ... fi and do :: ... od.
func (p *parser) parseIfDoStmt() ast.Stmt {
	pos := p.pos
	isIf := p.tok == token.IF
	p.next()
	var opts []*ast.Block
	for p.tok == token.SEP {
		p.next()
		b := &ast.Block{Lbrace: p.pos}
		b.Stmts, b.Arrows = p.parseSequence()
		if len(b.Stmts) == 0 {
			p.errorAt(b.Lbrace, "syntax error: empty option")
		}
		opts = append(opts, b)
	}
	if len(opts) == 0 {
		p.errorExpected("'::'")
	}
	end := p.pos
	if isIf {
		p.expectClosing(token.FI, "if")
		return &ast.IfStmt{If: pos, Options: opts, Fi: end}
	}
	p.expectClosing(token.OD, "do")
	return &ast.DoStmt{Do: pos, Options: opts, Od: end}
}

// keywordParens parses the parenthesised arguments of the statement whose
// keyword is the current token, `kw ( ... )`: body parses what is
// inside; what names the construct when the ')' is missing.
func (p *parser) keywordParens(what string, body func()) {
	p.next()
	p.expect(token.LPAREN)
	p.parDepth++
	body()
	p.parDepth--
	p.expectClosing(token.RPAREN, what)
}

// parseSelectStmt parses select (v : lo .. hi).
func (p *parser) parseSelectStmt() ast.Stmt {
	s := &ast.SelectStmt{Select: p.pos}
	p.keywordParens("select (", func() {
		s.Var = p.parseVarRef()
		s.Lo, s.Hi = p.parseRange()
	})
	return s
}

// parseForStmt parses for (v : lo .. hi) { ... } and for (v in a) { ... }.
func (p *parser) parseForStmt() ast.Stmt {
	s := &ast.ForStmt{For: p.pos}
	p.keywordParens("for (", func() {
		s.Var = p.parseVarRef()
		if p.tok == token.IDENT && p.lit == "in" {
			p.next()
			s.In = p.parseVarRef()
		} else {
			s.Lo, s.Hi = p.parseRange()
		}
	})
	p.got(token.SEMICOLON)
	s.Body = p.parseBlock()
	return s
}

// parseRange parses `: lo .. hi`.
func (p *parser) parseRange() (lo, hi ast.Expr) {
	p.expect(token.COLON)
	lo = p.parseExpr()
	p.expect(token.DOTDOT)
	return lo, p.parseExpr()
}

// parsePrintfStmt parses printf("format", args...).
func (p *parser) parsePrintfStmt() ast.Stmt {
	s := &ast.PrintfStmt{Printf: p.pos}
	p.keywordParens("printf (", func() {
		if p.tok == token.STRING {
			s.Format = &ast.StringLit{ValuePos: p.pos, Value: unquote(p.lit)}
			p.next()
		} else {
			p.errorExpected("format string")
			s.Format = &ast.StringLit{ValuePos: p.pos}
		}
		for p.got(token.COMMA) {
			s.Args = append(s.Args, p.parseExpr())
		}
	})
	return s
}

// parsePrintmStmt parses printm(x).
func (p *parser) parsePrintmStmt() ast.Stmt {
	s := &ast.PrintmStmt{Printm: p.pos}
	p.keywordParens("printm (", func() {
		s.X = p.parseExpr()
	})
	return s
}

// parseSetPriorityStmt parses set_priority(pid, prio).
func (p *parser) parseSetPriorityStmt() ast.Stmt {
	s := &ast.SetPriority{SetPos: p.pos}
	p.keywordParens("set_priority (", func() {
		s.Pid = p.parseExpr()
		p.expect(token.COMMA)
		s.Prio = p.parseExpr()
	})
	return s
}

// parseLabeledStmt parses label: statement (or a label that ends a
// sequence).
func (p *parser) parseLabeledStmt() ast.Stmt {
	label := p.parseIdent()
	p.next() // :
	if p.endsSequence() || p.tok == token.SEMICOLON || p.tok == token.ARROW {
		// a labelled skip in SPIN (the lowering makes it one)
		return &ast.LabeledStmt{Label: label}
	}
	if p.startsDecl() || p.tok == token.XR || p.tok == token.XS {
		p.errorAt(p.pos, "a label cannot precede a declaration")
	}
	return &ast.LabeledStmt{Label: label, Stmt: p.parseStmt()}
}

// parseSimpleStmt parses a statement that starts with an expression: a
// condition, an assignment, ++ or --, a send or a receive.
func (p *parser) parseSimpleStmt() ast.Stmt {
	x := p.parseExpr()
	if p.implicitSemi() {
		return &ast.ExprStmt{X: x}
	}
	switch p.tok {
	case token.ASSIGN:
		eq := p.pos
		p.next()
		return &ast.AssignStmt{LHS: x, Eq: eq, RHS: p.parseExpr()}
	case token.INC, token.DEC:
		tok := p.tok
		p.next()
		return &ast.IncDecStmt{X: x, Tok: tok}
	case token.NOT, token.SORTSEND:
		s := &ast.SendStmt{Chan: x, OpPos: p.pos, Sorted: p.tok == token.SORTSEND}
		p.next()
		s.Args, s.ParenAt = p.parseMsgArgs(false)
		return s
	case token.QUEST, token.RQUEST:
		return p.parseRecvStmt(x)
	}
	return &ast.ExprStmt{X: x}
}

// parseRecvStmt parses the rest of a receive on channel x: ? or ??, and
// the arguments, in < > for a poll that keeps the message.
func (p *parser) parseRecvStmt(x ast.Expr) ast.Stmt {
	s := &ast.RecvStmt{Chan: x, OpPos: p.pos, Random: p.tok == token.RQUEST}
	p.next()
	if p.tok == token.LSS {
		s.Keep = true
		p.next()
		s.Args, s.ParenAt = p.parseMsgArgs(true)
		p.expectClosing(token.GTR, "receive poll <")
	} else {
		s.Args, s.ParenAt = p.parseMsgArgs(true)
	}
	return s
}

// parseBlock parses `{ sequence }` nested in a statement.
func (p *parser) parseBlock() *ast.Block {
	b := &ast.Block{Lbrace: p.pos}
	if !p.got(token.LBRACE) {
		p.errorExpected("'{'")
		return b
	}
	saved := p.parDepth
	p.parDepth = 0
	b.Stmts, b.Arrows = p.parseSequence()
	p.parDepth = saved
	b.Rbrace = p.pos
	p.expectClosing(token.RBRACE, "block")
	return b
}

// parseArgs parses `( e, e, ... )`.
func (p *parser) parseArgs() ([]ast.Expr, token.Pos) {
	p.expect(token.LPAREN)
	p.parDepth++
	var args []ast.Expr
	if p.tok != token.RPAREN {
		for {
			args = append(args, p.parseExpr())
			if !p.got(token.COMMA) {
				break
			}
		}
	}
	p.parDepth--
	rp := p.pos
	p.expectClosing(token.RPAREN, "argument list")
	return args, rp
}

// parseMsgArgs parses the arguments of a send (recv false) or receive:
// `a, b, c` or `a(b, c)`. ParenAt is 1 for the second form. A receive's
// arguments may also be put in parentheses, as a whole or in part
// (`ch?(a, b)`, SPIN's rargs: '(' rargs ')'), which is `ch?a,b`.
func (p *parser) parseMsgArgs(recv bool) (args []ast.Expr, parenAt int) {
	arg := func() ast.Expr {
		if recv {
			return p.parseRecvArg()
		}
		return p.parseExpr()
	}
	more := func() {
		if recv && p.tok == token.LPAREN {
			args = append(args, p.parseRecvGroup()...)
		} else {
			args = append(args, arg())
		}
	}
	if recv && p.tok == token.LPAREN {
		args = p.parseRecvGroup()
	} else {
		first := arg()
		if c, ok := first.(*ast.InlineCallExpr); ok {
			// m(a, b): the primary parser took it for a call.
			args = append(args, c.Name)
			args = append(args, c.Args...)
			parenAt = 1
		} else if p.tok == token.LPAREN && !p.implicitSemi() {
			args = append(args, first)
			p.next()
			p.parDepth++
			for {
				more()
				if !p.got(token.COMMA) {
					break
				}
			}
			p.parDepth--
			p.expectClosing(token.RPAREN, "message")
			parenAt = 1
		} else {
			args = append(args, first)
		}
	}
	for p.tok == token.COMMA {
		p.next()
		more()
	}
	return args, parenAt
}

// parseRecvGroup parses receive arguments in parentheses, `(a, b)`: the
// arguments a, b. A single one, `(a)`, is kept as a parenthesized
// expression (the checker says what is wrong with `(x + 1)`).
func (p *parser) parseRecvGroup() []ast.Expr {
	p.enter()
	defer p.leave()
	lp := p.pos
	p.next() // (
	p.parDepth++
	var args []ast.Expr
	for {
		switch x := p.parseRecvItem().(type) {
		case nil:
			args = append(args, p.parseRecvGroup()...)
		case *ast.InlineCallExpr: // m(a, b)
			args = append(args, x.Name)
			args = append(args, x.Args...)
		default:
			args = append(args, x)
		}
		if !p.got(token.COMMA) {
			break
		}
	}
	p.parDepth--
	p.expectClosing(token.RPAREN, "receive arguments")
	if len(args) == 1 {
		if _, paren := args[0].(*ast.ParenExpr); !paren {
			return []ast.Expr{&ast.ParenExpr{Lparen: lp, X: args[0]}}
		}
	}
	return args
}

// parseRecvItem parses one item of a parenthesized group of receive
// arguments: nil when the item is itself a group.
func (p *parser) parseRecvItem() ast.Expr {
	if p.tok == token.LPAREN {
		return nil
	}
	return p.parseExpr()
}

// parseRecvArg parses one receive argument: a variable, a constant
// (possibly negative), `eval(e)` or `_`.
func (p *parser) parseRecvArg() ast.Expr {
	return p.parseUnary()
}

// parseVarRef parses a variable reference: name, name[e], name.f, ...
func (p *parser) parseVarRef() ast.Expr {
	if p.tok != token.IDENT {
		p.errorExpected("variable")
		x := &ast.Ident{NamePos: p.pos, Name: "_"}
		if !p.endsSequence() {
			p.next()
		}
		return x
	}
	return p.parsePostfix(p.parseIdent(), false)
}

// ---------------------------------------------------------------------
// Expressions

func (p *parser) parseExpr() ast.Expr {
	return p.parseBinary(nil, 1)
}

// parseBinary parses a binary expression whose operators bind at least
// as tightly as prec1; x, if not nil, is its already parsed left operand.
func (p *parser) parseBinary(x ast.Expr, prec1 int) ast.Expr {
	if x == nil {
		x = p.parseUnary()
	}
	for {
		prec := p.tok.Precedence()
		if prec < prec1 || prec == token.LowestPrec || p.implicitSemi() {
			return x
		}
		op, pos := p.tok, p.pos
		p.operator()
		p.next()
		y := p.parseBinary(nil, prec+1)
		x = &ast.BinaryExpr{X: x, OpPos: pos, Op: op, Y: y}
	}
}

func (p *parser) parseUnary() ast.Expr {
	p.enter()
	defer p.leave()
	switch p.tok {
	case token.SUB, token.NOT, token.TILDE:
		pos, op := p.pos, p.tok
		p.next()
		return &ast.UnaryExpr{OpPos: pos, Op: op, X: p.parseUnary()}
	}
	return p.parsePrimary()
}

func (p *parser) parsePrimary() ast.Expr {
	pos := p.pos
	switch p.tok {
	case token.INT:
		v, err := strconv.ParseInt(p.lit, 10, 64)
		if err != nil || v > 1<<31-1 {
			p.errorAt(pos, "integer constant %s out of range (Promela integers are 32 bits)", p.lit)
		}
		x := &ast.IntLit{ValuePos: pos, Value: v, Raw: p.lit}
		p.next()
		return x
	case token.CHAR:
		x := &ast.IntLit{ValuePos: pos, Value: scanner.CharValue(p.lit), Raw: p.lit}
		p.next()
		return x
	case token.TRUE, token.SKIP:
		x := &ast.IntLit{ValuePos: pos, Value: 1, Raw: p.tok.String()}
		p.next()
		return x
	case token.FALSE:
		x := &ast.IntLit{ValuePos: pos, Value: 0, Raw: "false"}
		p.next()
		return x
	case token.LPAREN:
		p.next()
		p.parDepth++
		x := p.parseExpr()
		if p.tok == token.ARROW {
			p.next()
			then := p.parseExpr()
			p.expect(token.COLON)
			els := p.parseExpr()
			p.parDepth--
			p.expectClosing(token.RPAREN, "conditional expression")
			return &ast.CondExpr{Lparen: pos, Cond: x, Then: then, Else: els}
		}
		p.parDepth--
		p.expectClosing(token.RPAREN, "parenthesized expression")
		return &ast.ParenExpr{Lparen: pos, X: x}
	case token.RUN:
		p.next()
		r := &ast.RunExpr{Run: pos, Proc: p.parseIdent()}
		r.Args, _ = p.parseArgs()
		if p.tok == token.PRIORITY {
			p.next()
			r.Priority = p.parseUnary()
		}
		return r
	case token.LEN, token.EMPTY, token.NEMPTY, token.FULL, token.NFULL, token.ENABLED,
		token.PC_VALUE, token.GET_PRIORITY:
		c := &ast.CallExpr{FunPos: pos, Fun: p.tok}
		p.next()
		c.Args, _ = p.parseArgs()
		if len(c.Args) != 1 {
			p.errorAt(pos, "%s takes one argument, not %d", c.Fun, len(c.Args))
		}
		return c
	case token.EVAL:
		p.next()
		e := &ast.EvalExpr{Eval: pos}
		p.expect(token.LPAREN)
		p.parDepth++
		e.X = p.parseExpr()
		p.parDepth--
		p.expectClosing(token.RPAREN, "eval (")
		return e
	case token.TIMEOUT:
		p.next()
		return &ast.TimeoutExpr{Timeout: pos}
	case token.C_EXPR:
		return p.parseCCode()
	case token.IDENT:
		name := p.lit
		if p.procs[name] {
			switch p.peek(1).tok {
			case token.LBRACK, token.AT, token.COLON:
				return p.parseRemote()
			}
		}
		id := p.parseIdent()
		if p.tok == token.LPAREN && !p.implicitSemi() {
			args, _ := p.parseArgs()
			return &ast.InlineCallExpr{Name: id, Args: args}
		}
		return p.parsePostfix(id, true)
	}
	p.errorExpected("expression")
	x := &ast.Ident{NamePos: pos, Name: "_"}
	if !p.endsSequence() && p.tok != token.SEMICOLON && p.tok != token.RPAREN {
		p.next()
	}
	return x
}

// parseRemote parses P[e]@label, P@label, P[e]:var, P:var.
func (p *parser) parseRemote() ast.Expr {
	proc := p.parseIdent()
	var index ast.Expr
	if p.tok == token.LBRACK {
		p.next()
		index = p.parseExpr()
		p.expectClosing(token.RBRACK, "process index")
	}
	switch p.tok {
	case token.AT:
		p.next()
		return &ast.RemoteLabel{Proc: proc, Index: index, Label: p.parseIdent()}
	case token.COLON:
		p.next()
		return p.parsePostfix(&ast.RemoteVar{Proc: proc, Index: index, Var: p.parseIdent()}, true)
	}
	p.errorExpected("'@' or ':' after a process reference")
	return proc
}

// parsePostfix parses indexing, field selection and (when polls is set)
// channel polls `?[...]` after a variable.
func (p *parser) parsePostfix(x ast.Expr, polls bool) ast.Expr {
	for !p.implicitSemi() {
		switch p.tok {
		case token.LBRACK:
			lb := p.pos
			p.next()
			idx := p.parseExpr()
			p.expectClosing(token.RBRACK, "index")
			x = &ast.IndexExpr{X: x, Lbrack: lb, Index: idx}
			continue
		case token.PERIOD:
			p.next()
			x = &ast.SelectorExpr{X: x, Sel: p.parseIdent()}
			continue
		case token.QUEST, token.RQUEST:
			if polls && p.peek(1).tok == token.LBRACK {
				e := &ast.PollExpr{Chan: x, OpPos: p.pos, Random: p.tok == token.RQUEST}
				p.next()
				p.next()
				e.Args, _ = p.parseMsgArgs(true)
				p.expectClosing(token.RBRACK, "poll")
				return e
			}
		}
		return x
	}
	return x
}

func unquote(lit string) string {
	if len(lit) >= 2 && lit[0] == '"' && lit[len(lit)-1] == '"' {
		return lit[1 : len(lit)-1]
	}
	return lit
}

// ---------------------------------------------------------------------
// LTL

func (p *parser) parseLTLDecl() ast.Decl {
	d := &ast.LTLDecl{LTLPos: p.pos}
	p.next()
	if p.tok == token.IDENT {
		d.Name = p.parseIdent()
	}
	if p.tok != token.LBRACE {
		p.errorExpected("'{'")
		p.syncUnit()
		return d
	}
	if len(p.ahead) == 0 {
		p.sc.SetLTL(true)
	}
	saved := p.inSeq
	p.inSeq = false
	// SPIN reads ltl blocks once the whole model is read: a formula may
	// refer (P@label, P[i]:var) to proctypes declared after it
	if p.allProcs == nil {
		p.allProcs = p.procNames()
	}
	procs := p.procs
	p.procs = p.allProcs
	p.next()
	d.Formula = p.parseLTL()
	p.procs = procs
	p.got(token.SEMICOLON)
	p.inSeq = saved
	p.sc.SetLTL(false)
	if p.tok != token.RBRACE {
		p.errorExpected("'}' to close ltl formula")
		p.skipTo(token.RBRACE)
	}
	p.next()
	return d
}

// procNames returns the names of all the proctypes of the file, those
// seen so far and those declared further on (a scan of the whole file,
// done once, for the first ltl block).
func (p *parser) procNames() map[string]bool {
	names := map[string]bool{}
	for n := range p.procs {
		names[n] = true
	}
	var sc scanner.Scanner
	sc.Init(p.file, nil, 0)
	prev := token.ILLEGAL
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			return names
		}
		if tok == token.IDENT && (prev == token.PROCTYPE || prev == token.D_PROCTYPE) {
			names[lit] = true
		}
		prev = tok
	}
}

// parseLTL parses the formula of an ltl block with the LTL grammar of
// package ltl/grammar (the one stand-alone formulas are read with too),
// in ltlSyntax.
func (p *parser) parseLTL() ast.LTL {
	f, _ := grammar.Parse[ast.LTL](&ltlSyntax{p: p})
	return f
}

// ltlSyntax is the syntax of ltl blocks: Promela's tokens (SPIN's
// operators, with the words of SPIN's ltl syntax), propositions that are
// Promela expressions, and the parser's diagnostics (it reports into the
// parser's list and never returns an error).
type ltlSyntax struct {
	p    *parser
	last grammar.Kind // the kind of the token Peek returned
}

func (s *ltlSyntax) Peek(operand bool) grammar.Token {
	p := s.p
	k := grammar.KOther
	if operand {
		switch p.tok {
		case token.NOT:
			k = grammar.KNot
		case token.ALWAYS:
			k = grammar.KAlways
		case token.EVENTUALLY:
			k = grammar.KEventually
		case token.IDENT:
			switch p.lit {
			case "X", "next":
				k = grammar.KNext
			case "always":
				k = grammar.KAlways
			case "eventually":
				k = grammar.KEventually
			}
		case token.TRUE, token.FALSE:
			// true == x is a proposition
			if p.peek(1).tok.Precedence() < 3 {
				k = grammar.KFalse
				if p.tok == token.TRUE {
					k = grammar.KTrue
				}
			}
		case token.LPAREN:
			k = grammar.KLparen
		}
	} else {
		switch p.tok {
		case token.ARROW:
			k = grammar.KImplies
		case token.EQUIV:
			k = grammar.KEquiv
		case token.LOR:
			k = grammar.KOr
		case token.LAND:
			k = grammar.KAnd
		case token.IDENT:
			switch p.lit {
			case "implies":
				k = grammar.KImplies
			case "equivalent":
				k = grammar.KEquiv
			case "U", "until", "stronguntil":
				k = grammar.KUntil
			case "W", "weakuntil":
				k = grammar.KWeakUntil
			case "V", "release":
				k = grammar.KRelease
			}
		}
	}
	s.last = k
	return grammar.Token{Kind: k, Pos: int(p.pos)}
}

func (s *ltlSyntax) Next() {
	switch s.last {
	case grammar.KImplies, grammar.KEquiv, grammar.KOr, grammar.KAnd, grammar.KUntil, grammar.KWeakUntil, grammar.KRelease:
		s.p.operator()
		s.p.next()
	case grammar.KLparen:
		s.p.next()
		s.p.parDepth++
	default:
		s.p.next()
	}
}

func (s *ltlSyntax) Enter(grammar.Token) error { s.p.enter(); return nil }

func (s *ltlSyntax) Leave(grammar.Token) { s.p.leave() }

func (s *ltlSyntax) Const(t grammar.Token) ast.LTL {
	return &ast.LTLConst{ValuePos: token.Pos(t.Pos), Value: t.Kind == grammar.KTrue}
}

func (s *ltlSyntax) Atom() (ast.LTL, error) {
	return &ast.LTLProp{X: s.p.parseBinary(nil, 3)}, nil
}

var ltlOps = map[grammar.Kind]ast.LTLOp{
	grammar.KNot: ast.LTLNot, grammar.KAlways: ast.LTLAlways,
	grammar.KEventually: ast.LTLEventually, grammar.KNext: ast.LTLNext,
	grammar.KImplies: ast.LTLImplies, grammar.KEquiv: ast.LTLEquiv,
	grammar.KOr: ast.LTLOr, grammar.KAnd: ast.LTLAnd,
	grammar.KUntil: ast.LTLUntil, grammar.KWeakUntil: ast.LTLWeakUntil,
	grammar.KRelease: ast.LTLRelease,
}

func (s *ltlSyntax) Unary(op grammar.Token, x ast.LTL) ast.LTL {
	return &ast.LTLUnary{OpPos: token.Pos(op.Pos), Op: ltlOps[op.Kind], X: x}
}

func (s *ltlSyntax) Binary(op grammar.Token, x, y ast.LTL) ast.LTL {
	return &ast.LTLBinary{X: x, OpPos: token.Pos(op.Pos), Op: ltlOps[op.Kind], Y: y}
}

func (s *ltlSyntax) Close(lp grammar.Token, f ast.LTL) (ast.LTL, error) {
	p := s.p
	p.parDepth--
	p.expectClosing(token.RPAREN, "parenthesized formula")
	if p.tok.Precedence() >= 3 {
		// (a + b) > c: the parenthesis was part of a proposition.
		if x, ok := ltlToExpr(f); ok {
			return &ast.LTLProp{X: p.parseBinary(&ast.ParenExpr{Lparen: token.Pos(lp.Pos), X: x}, 3)}, nil
		}
	}
	return &ast.LTLParen{Lparen: token.Pos(lp.Pos), X: f}, nil
}

// ltlToExpr converts a formula without temporal operators back into a
// Promela expression.
func ltlToExpr(f ast.LTL) (ast.Expr, bool) {
	switch f := f.(type) {
	case *ast.LTLProp:
		return f.X, true
	case *ast.LTLConst:
		v, raw := int64(0), "false"
		if f.Value {
			v, raw = 1, "true"
		}
		return &ast.IntLit{ValuePos: f.ValuePos, Value: v, Raw: raw}, true
	case *ast.LTLParen:
		x, ok := ltlToExpr(f.X)
		return &ast.ParenExpr{Lparen: f.Lparen, X: x}, ok
	case *ast.LTLUnary:
		if f.Op == ast.LTLNot {
			x, ok := ltlToExpr(f.X)
			return &ast.UnaryExpr{OpPos: f.OpPos, Op: token.NOT, X: x}, ok
		}
	case *ast.LTLBinary:
		var op token.Token
		switch f.Op {
		case ast.LTLAnd:
			op = token.LAND
		case ast.LTLOr:
			op = token.LOR
		default:
			return nil, false
		}
		x, ok1 := ltlToExpr(f.X)
		y, ok2 := ltlToExpr(f.Y)
		return &ast.BinaryExpr{X: x, OpPos: f.OpPos, Op: op, Y: y}, ok1 && ok2
	}
	return nil, false
}

var _ = fmt.Sprintf
