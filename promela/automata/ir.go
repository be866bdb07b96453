package automata

import (
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/token"
)

// Program is a whole lowered model.
type Program struct {
	Globals []*Var
	Procs   []*Proc // proctypes and init, in declaration order; then the never claim if any
	Never   *Proc   // the never claim, or nil (also in Procs)
	// Trace is the trace or notrace sequence (an event trace assertion
	// over sends and receives), or nil. It is not in Procs, and its
	// transitions are not in Trans (their ID is -1): no process runs it,
	// the engine moves it along with the matching channel operations.
	Trace *Proc
	// NoTrace: Trace is a notrace sequence (an error when it is matched
	// to its end).
	NoTrace bool
	Mtypes  map[string]int
	// MtypeNames maps values back to names, per mtype type ("" for plain).
	MtypeNames map[string][]string
	// UsesLast, UsesPriority report whether _last / priorities appear.
	UsesLast     bool
	UsesPriority bool
	// Trans lists all transitions of all processes; Trans[i].ID == i.
	Trans []*Trans
	File  *token.File
}

// Type is the type of a variable or a message field.
type Type struct {
	Kind   ast.TypeKind // Bit Bool Byte Short Int Pid Chan Mtype Unsigned, or Named for a struct
	Bits   int          // width for Unsigned
	Struct *Struct      // for Named
	Mtype  string       // mtype subtype name, "" for plain
}

// Struct is a typedef.
type Struct struct {
	Name   string
	Fields []*Var
}

// ChanSpec is a channel initializer [Cap] of {fields}.
type ChanSpec struct {
	Cap    int
	Fields []Type
	ID     int // index into the engine's channel type table (set by the engine)
}

// Var is a declared variable: global, local (parameter or declared in a
// body) or a typedef field.
type Var struct {
	Name    string
	Type    Type
	Len     int // array length, 0 for a scalar
	Init    Expr
	InitArr []Expr    // array initializer list
	Chan    *ChanSpec // channel initializer, or nil
	Pos     token.Position
	Hidden  bool
	Global  bool
	Param   bool
	Index   int // position among the globals, the locals of its proctype, or the fields of its struct
	Proc    *Proc
	// Offset is the byte offset of the variable within its area (globals,
	// the process's locals, or the struct), set by the engine's layout.
	Offset int
	// Size is the byte size of the whole variable (all elements).
	Size int
	// Used is set when the variable is read or written anywhere.
	Used bool
	// MidBody: a local declared after the first statement of its body.
	// SPIN does not initialize it when the process is created (it is 0)
	// but where it is declared, with a transition "v = init" (for an
	// array, of its first element only).
	MidBody bool
	// XR, XS: the channel variable is asserted exclusive to one receiver
	// (xr) or sender (xs). SPIN then treats operations on it as local
	// ones (statement merging).
	XR, XS bool
}

// ProcKind tells proctypes, init and never claims apart.
type ProcKind int

const (
	ProcType ProcKind = iota
	InitProc
	NeverClaim
	TraceSeq // a trace or notrace sequence
)

// Proc is the automaton of one proctype, init or never claim.
type Proc struct {
	Name     string
	Kind     ProcKind
	Index    int // index in Program.Procs
	Active   int // number of active instances (init: 1)
	Params   []*Var
	Locals   []*Var // parameters first, then the other locals in declaration order
	Priority int
	Provided Expr
	Locs     []*Loc
	Start    int // initial location
	End      int // the final location (-end- leaves from it)
	Labels   map[string]int
	// DeadLabels are labels on jumps that SPIN removes: no process is
	// ever at them (Proc@label is false).
	DeadLabels map[string]bool
	Pos        token.Position
	// SpinStates is SPIN's number of states of the proctype (pan's
	// _nstates: its last element's number + 1), 0 when its locations do
	// not carry SPIN's numbers (Loc.SpinState).
	SpinStates int
}

// LocFlags mark locations.
type LocFlags uint8

const (
	EndLoc LocFlags = 1 << iota
	ProgressLoc
	AcceptLoc
	AtomicLoc // inside an atomic region
	DStepLoc  // internal location of a d_step body (never a process's pc)
	FinalLoc  // the end of the proctype
	// CompoundLoc: a compound statement (if, do, atomic, d_step, { },
	// inline body, unless) starts here. In SPIN such a statement is an
	// element of its own, so a chain of merged statements (statement
	// merging) stops at this location.
	CompoundLoc
)

// Loc is a control location.
type Loc struct {
	ID     int
	Flags  LocFlags
	Region int      // atomic/d_step region id (0: none)
	Out    []*Trans // outgoing transitions in SPIN's order (escapes first)
	Pos    token.Position
	Labels []string
	// SpinState is SPIN's number for this state (the element pan's -d and
	// spin -p print), 0 when unknown (see spinnum.go).
	SpinState int
}

// TransKind is what a transition does.
type TransKind int

const (
	TExpr    TransKind = iota // a condition (guard), including skip, timeout, run, nempty...
	TElse                     // else
	TAssign                   // LHS = RHS
	TIncDec                   // LHS++ / LHS--
	TSend                     // Chan ! Args  (Sorted: !!)
	TRecv                     // Chan ? Args  (Random ??, Keep <...>)
	TAssert                   // assert(X)
	TPrintf                   // printf (no effect on the state)
	TPrintm                   // printm
	TGoto                     // goto / break as a statement of its own
	TDStep                    // d_step: runs Body from DStart until it leaves the region
	TEnd                      // -end-: the process dies
	TSetPrio                  // set_priority(Pid, X)
)

// Trans is a transition.
type Trans struct {
	ID       int // global id, index into Program.Trans
	Proc     *Proc
	From, To int
	Kind     TransKind
	Text     string // SPIN-style text of the statement
	Pos      token.Position
	// Priority level among a location's transitions: lower values are
	// escapes of outer unless statements; main statements have MainLevel.
	Level int
	// Atomic: the target stays in the atomic region of the transition
	// (SPIN's A flag): the successor is an intermediate state.
	Atomic bool
	Region int // the atomic region the transition belongs to (0: none)
	// Labelled: the statement carries a label (or is the labelled exit
	// of a do inside an atomic sequence). SPIN's statement merging
	// neither starts a chain at such a statement nor continues one
	// through it.
	Labelled bool
	// DeadLink: the first statement of an if or do option that is the
	// constant false (0). SPIN's data-flow graph has no edge to such an
	// option (unless it has an escape), so its dead-variable analysis
	// does not look past it.
	DeadLink bool

	X      Expr // condition, assert expression, RHS, printm value, set_priority value
	LHS    *Ref
	Inc    int // +1 / -1 for TIncDec
	Chan   Expr
	Args   []Expr    // send arguments
	RArgs  []RecvArg // receive arguments
	Sorted bool
	Random bool
	Keep   bool
	Format string
	PArgs  []Expr // printf args
	DStart int    // for TDStep: the entry location of the body
	Pid    Expr   // set_priority

	// HasChanOp etc. summarize the statement for the engine.
	Rendezvous bool // a send or receive on a channel that may be a rendezvous
	// ChanText is the text of a send's or receive's channel expression
	// (SPIN's simulator names the channel so in its -s/-r/-c lines).
	ChanText string
}

// MainLevel is the priority level of ordinary (non-escape) transitions.
const MainLevel = 1 << 20

// RecvArg is one field of a receive: store into Var, or match Match (a
// constant or eval(e)), or ignore (Wild).
type RecvArg struct {
	Var   *Ref
	Match Expr
	Wild  bool
}

// Expr is a resolved expression.
type Expr interface{ exprNode() }

// Const is a constant.
type Const struct{ V int64 }

// Ref is a variable reference: Var, indexed by Index when an array, then
// the field selections in Path. Remote, when set, reads the local of
// another process.
type Ref struct {
	Var    *Var
	Index  Expr // or nil
	Path   []Sel
	Remote *Remote
	Pos    token.Position
}

// Sel selects a field of a struct, indexed when the field is an array.
type Sel struct {
	Field *Var
	Index Expr
}

// Remote is the Proc[pid] part of a remote reference.
type Remote struct {
	Proc *Proc
	Pid  Expr // nil: the (single) instance of Proc
}

// Unary is -X, !X, ~X.
type Unary struct {
	Op token.Token
	X  Expr
}

// Binary is X op Y.
type Binary struct {
	Op   token.Token
	X, Y Expr
	Pos  token.Position
}

// Cond is (C -> T : E).
type Cond struct{ C, T, E Expr }

// Builtin identifies predefined values and functions.
type Builtin int

const (
	BPid     Builtin = iota // _pid
	BNrPr                   // _nr_pr
	BLast                   // _last
	BNp                     // np_
	BTimeout                // timeout
	BLen                    // len(ch)
	BEmpty                  // empty(ch)
	BNempty                 // nempty(ch)
	BFull                   // full(ch)
	BNfull                  // nfull(ch)
	BEnabled                // enabled(pid)
	BPcValue                // pc_value(pid)
	BGetPrio                // get_priority(pid)
)

// Call is a predefined value or function.
type Call struct {
	Fn   Builtin
	Args []Expr
}

// RemoteLabel is Proc[pid]@label. Loc is -1 for a label no process can
// be at.
type RemoteLabel struct {
	Remote Remote
	Loc    int
}

// Run is run Proc(args).
type Run struct {
	Proc *Proc
	Args []Expr
	Prio Expr
}

// Poll is ch?[args] / ch??[args].
type Poll struct {
	Chan   Expr
	Random bool
	Args   []RecvArg
}

func (*Const) exprNode()       {}
func (*Ref) exprNode()         {}
func (*Unary) exprNode()       {}
func (*Binary) exprNode()      {}
func (*Cond) exprNode()        {}
func (*Call) exprNode()        {}
func (*RemoteLabel) exprNode() {}
func (*Run) exprNode()         {}
func (*Poll) exprNode()        {}

// Size of a basic type in the state vector, in bytes.
func (t Type) BasicSize() int {
	switch t.Kind {
	case ast.Short:
		return 2
	case ast.Int:
		return 4
	case ast.Unsigned:
		switch {
		case t.Bits <= 8:
			return 1
		case t.Bits <= 16:
			return 2
		}
		return 4
	}
	return 1
}
