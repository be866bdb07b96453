package ast

import "github.com/gospin/gospin/promela/token"

// Ident is a name: a variable, constant, field, label, proctype, inline,
// mtype value, or a predefined name such as _pid, _nr_pr, _last, np_ or `_`.
type Ident struct {
	NamePos token.Pos
	Name    string
}

// IntLit is an integer constant, `true`/`false`/`skip` (Raw keeps the
// spelling; Value is 1, 0, 1), or a character constant 'c'.
type IntLit struct {
	ValuePos token.Pos
	Value    int64
	Raw      string
}

// StringLit is a string constant (printf formats and c_state/c_track).
// Value is the text between the quotes with escapes left as written.
type StringLit struct {
	ValuePos token.Pos
	Value    string
}

// ParenExpr is `(x)`.
type ParenExpr struct {
	Lparen token.Pos
	X      Expr
}

// UnaryExpr is `-x`, `!x` or `~x`.
type UnaryExpr struct {
	OpPos token.Pos
	Op    token.Token // SUB, NOT, TILDE
	X     Expr
}

// BinaryExpr is `x op y` for the arithmetic, bitwise, relational and
// logical operators.
type BinaryExpr struct {
	X     Expr
	OpPos token.Pos
	Op    token.Token
	Y     Expr
}

// CondExpr is the conditional `(cond -> then : else)`; Lparen is the
// position of its opening parenthesis.
type CondExpr struct {
	Lparen token.Pos
	Cond   Expr
	Then   Expr
	Else   Expr
}

// IndexExpr is `x[index]`.
type IndexExpr struct {
	X      Expr
	Lbrack token.Pos
	Index  Expr
}

// SelectorExpr is a typedef field access `x.field`.
type SelectorExpr struct {
	X   Expr
	Sel *Ident
}

// RemoteLabel is `Proc[pid]@label` or `Proc@label` (Index nil): true when
// that process is at that label.
type RemoteLabel struct {
	Proc  *Ident
	Index Expr
	Label *Ident
}

// RemoteVar is `Proc[pid]:var` or `Proc:var` (Index nil): the value of a
// local variable of another process. Var may be followed by further
// indexing or field selection, which wraps this node.
type RemoteVar struct {
	Proc  *Ident
	Index Expr
	Var   *Ident
}

// RunExpr is `run Proc(args) [priority N]`; its value is the new pid.
type RunExpr struct {
	Run      token.Pos
	Proc     *Ident
	Args     []Expr
	Priority Expr // or nil
}

// CallExpr is a call of a predefined function: len, empty, nempty, full,
// nfull, enabled, pc_value, get_priority (Fun names which one).
type CallExpr struct {
	FunPos token.Pos
	Fun    token.Token
	Args   []Expr
}

// EvalExpr is `eval(x)` in a receive pattern.
type EvalExpr struct {
	Eval token.Pos
	X    Expr
}

// PollExpr is a side-effect-free channel poll, `ch?[args]` or `ch??[args]`.
type PollExpr struct {
	Chan   Expr
	OpPos  token.Pos
	Random bool
	Args   []Expr
}

// TimeoutExpr is the predefined condition `timeout`.
type TimeoutExpr struct {
	Timeout token.Pos
}

// InlineCallExpr is `x = name(args)`, an inline used as an expression
// (SPIN 6.2's restricted form).
type InlineCallExpr struct {
	Name *Ident
	Args []Expr
}

// CCode (c_expr) is also an Expr.

func (x *Ident) Pos() token.Pos          { return x.NamePos }
func (x *IntLit) Pos() token.Pos         { return x.ValuePos }
func (x *StringLit) Pos() token.Pos      { return x.ValuePos }
func (x *ParenExpr) Pos() token.Pos      { return x.Lparen }
func (x *UnaryExpr) Pos() token.Pos      { return x.OpPos }
func (x *BinaryExpr) Pos() token.Pos     { return x.X.Pos() }
func (x *CondExpr) Pos() token.Pos       { return x.Lparen }
func (x *IndexExpr) Pos() token.Pos      { return x.X.Pos() }
func (x *SelectorExpr) Pos() token.Pos   { return x.X.Pos() }
func (x *RemoteLabel) Pos() token.Pos    { return x.Proc.NamePos }
func (x *RemoteVar) Pos() token.Pos      { return x.Proc.NamePos }
func (x *RunExpr) Pos() token.Pos        { return x.Run }
func (x *CallExpr) Pos() token.Pos       { return x.FunPos }
func (x *EvalExpr) Pos() token.Pos       { return x.Eval }
func (x *PollExpr) Pos() token.Pos       { return x.Chan.Pos() }
func (x *TimeoutExpr) Pos() token.Pos    { return x.Timeout }
func (x *InlineCallExpr) Pos() token.Pos { return x.Name.NamePos }

func (*Ident) exprNode()          {}
func (*IntLit) exprNode()         {}
func (*StringLit) exprNode()      {}
func (*ParenExpr) exprNode()      {}
func (*UnaryExpr) exprNode()      {}
func (*BinaryExpr) exprNode()     {}
func (*CondExpr) exprNode()       {}
func (*IndexExpr) exprNode()      {}
func (*SelectorExpr) exprNode()   {}
func (*RemoteLabel) exprNode()    {}
func (*RemoteVar) exprNode()      {}
func (*RunExpr) exprNode()        {}
func (*CallExpr) exprNode()       {}
func (*EvalExpr) exprNode()       {}
func (*PollExpr) exprNode()       {}
func (*TimeoutExpr) exprNode()    {}
func (*InlineCallExpr) exprNode() {}
func (*ChanType) exprNode()       {}
func (*CCode) exprNode()          {}

// ---------------------------------------------------------------------
// LTL formulas

// LTLProp is an atomic proposition: a Promela expression without
// top-level boolean connectives (those become LTL nodes), or a name
// (#defined or, with `gospin ltl -f`, a free proposition).
type LTLProp struct {
	X Expr
}

// LTLConst is `true` or `false` in a formula.
type LTLConst struct {
	ValuePos token.Pos
	Value    bool
}

// LTLUnary is `! f`, `[] f`, `<> f` or `X f` (Op NOT, ALWAYS, EVENTUALLY,
// or NEXT; the word forms always/eventually/next map to the same ops).
type LTLUnary struct {
	OpPos token.Pos
	Op    LTLOp
	X     LTL
}

// LTLBinary is `f op g` for && || -> <-> U W V (and their word forms).
type LTLBinary struct {
	X     LTL
	OpPos token.Pos
	Op    LTLOp
	Y     LTL
}

// LTLParen is `( f )`, kept for the formatter.
type LTLParen struct {
	Lparen token.Pos
	X      LTL
}

// LTLOp is an LTL operator.
type LTLOp int

const (
	LTLNot LTLOp = iota
	LTLAlways
	LTLEventually
	LTLNext
	LTLAnd
	LTLOr
	LTLImplies
	LTLEquiv
	LTLUntil     // U, until, stronguntil
	LTLWeakUntil // W, weakuntil
	LTLRelease   // V, release (SPIN's V is release, dual of U)
)

var ltlOpNames = [...]string{"!", "[]", "<>", "X", "&&", "||", "->", "<->", "U", "W", "V"}

func (o LTLOp) String() string {
	if o >= 0 && int(o) < len(ltlOpNames) {
		return ltlOpNames[o]
	}
	return "?"
}

func (x *LTLProp) Pos() token.Pos   { return x.X.Pos() }
func (x *LTLConst) Pos() token.Pos  { return x.ValuePos }
func (x *LTLUnary) Pos() token.Pos  { return x.OpPos }
func (x *LTLBinary) Pos() token.Pos { return x.X.Pos() }
func (x *LTLParen) Pos() token.Pos  { return x.Lparen }

func (*LTLProp) ltlNode()   {}
func (*LTLConst) ltlNode()  {}
func (*LTLUnary) ltlNode()  {}
func (*LTLBinary) ltlNode() {}
func (*LTLParen) ltlNode()  {}
