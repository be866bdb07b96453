package ast

import "github.com/gospin/gospin/promela/token"

// Node is any node of the tree.
type Node interface {
	Pos() token.Pos // position of the node's first token
}

// Expr is a Promela expression.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a Promela statement.
type Stmt interface {
	Node
	stmtNode()
}

// Decl is a top-level declaration (or unit) of a model.
type Decl interface {
	Node
	declNode()
}

// LTL is a node of a linear temporal logic formula.
type LTL interface {
	Node
	ltlNode()
}

// Model is a whole parsed model.
type Model struct {
	File  *token.File
	Decls []Decl
}

// ---------------------------------------------------------------------
// Types

// TypeKind is the basic kind of a declared type.
type TypeKind int

const (
	BadType TypeKind = iota
	Bit
	Bool
	Byte
	Short
	Int
	Pid
	Chan
	Mtype
	Unsigned // unsigned with a bit width (VarSpec.Bits)
	Named    // a typedef name (Type.Name)
)

var typeKindNames = [...]string{"bad", "bit", "bool", "byte", "short", "int", "pid", "chan", "mtype", "unsigned", "typedef"}

func (k TypeKind) String() string {
	if k >= 0 && int(k) < len(typeKindNames) {
		return typeKindNames[k]
	}
	return "?"
}

// Type is a type as written in a declaration: a basic type, `mtype` or
// `mtype:name`, or a typedef name.
type Type struct {
	TypePos token.Pos
	Kind    TypeKind
	Name    *Ident // typedef name when Kind == Named; mtype subtype name for mtype:name (else nil)
}

func (t *Type) Pos() token.Pos { return t.TypePos }

// Visibility is the optional prefix of a variable declaration.
type Visibility int

const (
	VisDefault Visibility = iota
	VisHidden
	VisShow
	VisLocal
)

// VarDecl declares one or more variables of one type:
//
//	[hidden|show|local] type name [ '[' len ']' ] [ : bits ] [ = init ], ...
type VarDecl struct {
	DeclPos token.Pos
	Vis     Visibility
	Type    *Type
	Vars    []*VarSpec
}

// VarSpec is one declared name within a VarDecl.
type VarSpec struct {
	Name *Ident
	Len  Expr // array length, or nil
	Bits Expr // `unsigned x : N` width, or nil
	// Init is the initial value: an expression, a *ChanType for channels
	// (`= [N] of {...}`), or nil.
	Init Expr
	// InitList is the `= { e1, e2, ... }` array initializer, or nil.
	InitList []Expr
}

func (s *VarSpec) Pos() token.Pos { return s.Name.NamePos }

// ChanType is a channel initializer `[Cap] of { T1, T2, ... }`.
type ChanType struct {
	Lbrack token.Pos
	Cap    Expr
	Fields []*Type
}

// ---------------------------------------------------------------------
// Declarations

// MtypeDecl is `mtype [: name] [=] { a, b, c }`.
type MtypeDecl struct {
	MtypePos token.Pos
	Name     *Ident // named mtype (mtype:fruit = {...}), or nil
	Values   []*Ident
}

// TypedefDecl is `typedef Name { fields }`.
type TypedefDecl struct {
	TypedefPos token.Pos
	Name       *Ident
	Fields     []*VarDecl
}

// ProcDecl is a proctype (or D_proctype):
//
//	[active ['[' N ']']] proctype Name(params) [priority N] [provided (e)] { body }
type ProcDecl struct {
	ProcPos  token.Pos // position of `active` if present, else of `proctype`
	Active   bool
	Count    Expr // the N of active [N], or nil (one instance when Active)
	Det      bool // D_proctype
	Name     *Ident
	Params   []*VarDecl
	Priority Expr // or nil
	Provided Expr // or nil
	Body     *Block
}

// InitDecl is `init [priority N] { body }`.
type InitDecl struct {
	InitPos  token.Pos
	Priority Expr
	Body     *Block
}

// NeverDecl is a never claim, `never [name] { body }`.
type NeverDecl struct {
	NeverPos token.Pos
	Name     *Ident // or nil
	Body     *Block
}

// TraceDecl is `trace { body }` or `notrace { body }`.
type TraceDecl struct {
	TracePos token.Pos
	NoTrace  bool
	Body     *Block
}

// LTLDecl is `ltl [name] { formula }`.
type LTLDecl struct {
	LTLPos  token.Pos
	Name    *Ident // or nil
	Formula LTL
}

// InlineDecl is `inline name(p1, p2) { body }`.
type InlineDecl struct {
	InlinePos token.Pos
	Name      *Ident
	Params    []*Ident
	Body      *Block
}

// CCode is embedded C: `c_code [...] { ... }`, `c_decl {...}`,
// `c_state "..." "..." ["..."]`, `c_track "..." "..." ["..."]`, and as an
// expression `c_expr { ... }`. gospin parses it and the checker rejects it.
type CCode struct {
	CPos token.Pos
	Kind token.Token // C_CODE, C_DECL, C_STATE, C_TRACK, C_EXPR
	Text string      // the raw text between the braces, or the strings
}

// VarDecl is also a Decl (global variables), and a Stmt (local ones).

func (d *VarDecl) Pos() token.Pos     { return d.DeclPos }
func (d *MtypeDecl) Pos() token.Pos   { return d.MtypePos }
func (d *TypedefDecl) Pos() token.Pos { return d.TypedefPos }
func (d *ProcDecl) Pos() token.Pos    { return d.ProcPos }
func (d *InitDecl) Pos() token.Pos    { return d.InitPos }
func (d *NeverDecl) Pos() token.Pos   { return d.NeverPos }
func (d *TraceDecl) Pos() token.Pos   { return d.TracePos }
func (d *LTLDecl) Pos() token.Pos     { return d.LTLPos }
func (d *InlineDecl) Pos() token.Pos  { return d.InlinePos }
func (d *CCode) Pos() token.Pos       { return d.CPos }
func (t *ChanType) Pos() token.Pos    { return t.Lbrack }

func (*VarDecl) declNode()     {}
func (*MtypeDecl) declNode()   {}
func (*TypedefDecl) declNode() {}
func (*ProcDecl) declNode()    {}
func (*InitDecl) declNode()    {}
func (*NeverDecl) declNode()   {}
func (*TraceDecl) declNode()   {}
func (*LTLDecl) declNode()     {}
func (*InlineDecl) declNode()  {}
func (*CCode) declNode()       {}

// Pos is the position of the first declaration (NoPos for an empty model).
func (m *Model) Pos() token.Pos {
	if len(m.Decls) == 0 {
		return token.NoPos
	}
	return m.Decls[0].Pos()
}
