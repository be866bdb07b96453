package ast

import "github.com/gospin/gospin/promela/token"

// Block is a sequence of statements between braces (a body) or the
// statements of one option of if/do. Separators (`;` and `->`) are not
// kept, except that Arrows records which separators were written as `->`,
// for the formatter.
type Block struct {
	Lbrace token.Pos // `{`, or the first statement's position for an option
	Stmts  []Stmt
	Rbrace token.Pos // `}`, or NoPos for an option
	// Arrows[i] is true when the separator after Stmts[i] was `->`.
	// It has len(Stmts) entries (the last one is for a trailing separator).
	Arrows []bool
}

func (b *Block) Pos() token.Pos { return b.Lbrace }

// ExprStmt is an expression used as a statement (a guard, or `run P()`),
// including `skip`, `true`, `timeout`, `else`-free conditions.
type ExprStmt struct {
	X Expr
}

// AssignStmt is `lhs = rhs`.
type AssignStmt struct {
	LHS Expr
	Eq  token.Pos
	RHS Expr
}

// IncDecStmt is `x++` or `x--`.
type IncDecStmt struct {
	X   Expr
	Tok token.Token // INC or DEC
}

// SendStmt is `ch ! args` or the sorted send `ch !! args`.
// `ch ! e1(e2, e3)` is stored with Args e1, e2, e3 and ParenAt = 1.
type SendStmt struct {
	Chan    Expr
	OpPos   token.Pos
	Sorted  bool
	Args    []Expr
	ParenAt int // 0 if the message was written without the e(...) form
}

// RecvStmt is a receive: `ch ? args`, `ch ?? args` (random), and with
// Keep, `ch ? <args>` / `ch ?? <args>` (receive without removing). Args may
// be variables, constants, `eval(e)` (an *EvalExpr) and `_`.
type RecvStmt struct {
	Chan    Expr
	OpPos   token.Pos
	Random  bool
	Keep    bool
	Args    []Expr
	ParenAt int // as for SendStmt
}

// IfStmt is `if :: opt :: opt fi`.
type IfStmt struct {
	If      token.Pos
	Options []*Block
	Fi      token.Pos
}

// DoStmt is `do :: opt :: opt od`.
type DoStmt struct {
	Do      token.Pos
	Options []*Block
	Od      token.Pos
}

// ElseStmt is `else` as the guard of an option.
type ElseStmt struct {
	Else token.Pos
}

// BreakStmt is `break`.
type BreakStmt struct {
	Break token.Pos
}

// GotoStmt is `goto label`.
type GotoStmt struct {
	Goto  token.Pos
	Label *Ident
}

// LabeledStmt is `label: stmt`. A label at the end of a body has Stmt nil.
type LabeledStmt struct {
	Label *Ident
	Stmt  Stmt
}

// AtomicStmt is `atomic { ... }`.
type AtomicStmt struct {
	Atomic token.Pos
	Body   *Block
}

// DStepStmt is `d_step { ... }`.
type DStepStmt struct {
	DStep token.Pos
	Body  *Block
}

// BlockStmt is a bare `{ ... }` sequence.
type BlockStmt struct {
	Body *Block
}

// UnlessStmt is `main unless escape`.
type UnlessStmt struct {
	Main   Stmt
	Unless token.Pos
	Escape Stmt
}

// SelectStmt is `select (v : lo .. hi)`.
type SelectStmt struct {
	Select token.Pos
	Var    Expr
	Lo, Hi Expr
}

// ForStmt is `for (v : lo .. hi) { body }` or, with In set,
// `for (v in array_or_chan) { body }`.
type ForStmt struct {
	For    token.Pos
	Var    Expr
	Lo, Hi Expr // range form
	In     Expr // `in` form
	Body   *Block
}

// AssertStmt is `assert(expr)`.
type AssertStmt struct {
	Assert token.Pos
	X      Expr
}

// PrintfStmt is `printf("format", args...)`.
type PrintfStmt struct {
	Printf token.Pos
	Format *StringLit
	Args   []Expr
}

// PrintmStmt is `printm(expr)`.
type PrintmStmt struct {
	Printm token.Pos
	X      Expr
}

// InlineCall is a call of an inline, `name(args)`, as a statement.
type InlineCall struct {
	Name   *Ident
	Args   []Expr
	Rparen token.Pos
}

// ChanAssert is `xr ch1, ch2` or `xs ch1, ch2` (exclusive receive/send).
type ChanAssert struct {
	XPos  token.Pos
	Send  bool // xs
	Chans []Expr
}

// SetPriority is `set_priority(pid, prio)` as a statement.
type SetPriority struct {
	SetPos token.Pos
	Pid    Expr
	Prio   Expr
}

// MtypeDecl, VarDecl and CCode may appear as statements too (local
// declarations, embedded C).

func (s *ExprStmt) Pos() token.Pos    { return s.X.Pos() }
func (s *AssignStmt) Pos() token.Pos  { return s.LHS.Pos() }
func (s *IncDecStmt) Pos() token.Pos  { return s.X.Pos() }
func (s *SendStmt) Pos() token.Pos    { return s.Chan.Pos() }
func (s *RecvStmt) Pos() token.Pos    { return s.Chan.Pos() }
func (s *IfStmt) Pos() token.Pos      { return s.If }
func (s *DoStmt) Pos() token.Pos      { return s.Do }
func (s *ElseStmt) Pos() token.Pos    { return s.Else }
func (s *BreakStmt) Pos() token.Pos   { return s.Break }
func (s *GotoStmt) Pos() token.Pos    { return s.Goto }
func (s *LabeledStmt) Pos() token.Pos { return s.Label.NamePos }
func (s *AtomicStmt) Pos() token.Pos  { return s.Atomic }
func (s *DStepStmt) Pos() token.Pos   { return s.DStep }
func (s *BlockStmt) Pos() token.Pos   { return s.Body.Lbrace }
func (s *UnlessStmt) Pos() token.Pos  { return s.Main.Pos() }
func (s *SelectStmt) Pos() token.Pos  { return s.Select }
func (s *ForStmt) Pos() token.Pos     { return s.For }
func (s *AssertStmt) Pos() token.Pos  { return s.Assert }
func (s *PrintfStmt) Pos() token.Pos  { return s.Printf }
func (s *PrintmStmt) Pos() token.Pos  { return s.Printm }
func (s *InlineCall) Pos() token.Pos  { return s.Name.NamePos }
func (s *ChanAssert) Pos() token.Pos  { return s.XPos }
func (s *SetPriority) Pos() token.Pos { return s.SetPos }

func (*ExprStmt) stmtNode()    {}
func (*AssignStmt) stmtNode()  {}
func (*IncDecStmt) stmtNode()  {}
func (*SendStmt) stmtNode()    {}
func (*RecvStmt) stmtNode()    {}
func (*IfStmt) stmtNode()      {}
func (*DoStmt) stmtNode()      {}
func (*ElseStmt) stmtNode()    {}
func (*BreakStmt) stmtNode()   {}
func (*GotoStmt) stmtNode()    {}
func (*LabeledStmt) stmtNode() {}
func (*AtomicStmt) stmtNode()  {}
func (*DStepStmt) stmtNode()   {}
func (*BlockStmt) stmtNode()   {}
func (*UnlessStmt) stmtNode()  {}
func (*SelectStmt) stmtNode()  {}
func (*ForStmt) stmtNode()     {}
func (*AssertStmt) stmtNode()  {}
func (*PrintfStmt) stmtNode()  {}
func (*PrintmStmt) stmtNode()  {}
func (*InlineCall) stmtNode()  {}
func (*ChanAssert) stmtNode()  {}
func (*SetPriority) stmtNode() {}
func (*VarDecl) stmtNode()     {}
func (*MtypeDecl) stmtNode()   {}
func (*CCode) stmtNode()       {}
