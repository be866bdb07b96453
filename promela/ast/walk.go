package ast

import (
	"reflect"

	"github.com/gospin/gospin/promela/token"
)

// Inspect traverses the tree rooted at n in depth-first order, calling f
// for each node before its children (in the order of the node's fields);
// if f returns false the children are skipped. Nil children are not
// visited.
func Inspect(n Node, f func(Node) bool) {
	if isNil(n) || !f(n) {
		return
	}
	switch n := n.(type) {
	case Expr:
		inspectExpr(n, f)
	case Stmt:
		inspectStmt(n, f)
	default:
		inspectOther(n, f)
	}
}

// inspectExpr visits the children of an expression.
func inspectExpr(n Expr, f func(Node) bool) {
	switch n := n.(type) {
	case *ChanType:
		Inspect(n.Cap, f)
		inspectAll(n.Fields, f)
	case *ParenExpr:
		Inspect(n.X, f)
	case *UnaryExpr:
		Inspect(n.X, f)
	case *BinaryExpr:
		Inspect(n.X, f)
		Inspect(n.Y, f)
	case *CondExpr:
		Inspect(n.Cond, f)
		Inspect(n.Then, f)
		Inspect(n.Else, f)
	case *IndexExpr:
		Inspect(n.X, f)
		Inspect(n.Index, f)
	case *SelectorExpr:
		Inspect(n.X, f)
		Inspect(n.Sel, f)
	case *RemoteLabel:
		Inspect(n.Proc, f)
		Inspect(n.Index, f)
		Inspect(n.Label, f)
	case *RemoteVar:
		Inspect(n.Proc, f)
		Inspect(n.Index, f)
		Inspect(n.Var, f)
	case *RunExpr:
		Inspect(n.Proc, f)
		inspectAll(n.Args, f)
		Inspect(n.Priority, f)
	case *CallExpr:
		inspectAll(n.Args, f)
	case *EvalExpr:
		Inspect(n.X, f)
	case *PollExpr:
		Inspect(n.Chan, f)
		inspectAll(n.Args, f)
	case *InlineCallExpr:
		Inspect(n.Name, f)
		inspectAll(n.Args, f)
	}
	// no children: CCode, Ident, IntLit, StringLit, TimeoutExpr
}

// inspectStmt visits the children of a statement.
func inspectStmt(n Stmt, f func(Node) bool) {
	switch n := n.(type) {
	case *VarDecl:
		Inspect(n.Type, f)
		inspectAll(n.Vars, f)
	case *MtypeDecl:
		Inspect(n.Name, f)
		inspectAll(n.Values, f)
	case *ExprStmt:
		Inspect(n.X, f)
	case *AssignStmt:
		Inspect(n.LHS, f)
		Inspect(n.RHS, f)
	case *IncDecStmt:
		Inspect(n.X, f)
	case *SendStmt:
		Inspect(n.Chan, f)
		inspectAll(n.Args, f)
	case *RecvStmt:
		Inspect(n.Chan, f)
		inspectAll(n.Args, f)
	case *IfStmt:
		inspectAll(n.Options, f)
	case *DoStmt:
		inspectAll(n.Options, f)
	case *GotoStmt:
		Inspect(n.Label, f)
	case *LabeledStmt:
		Inspect(n.Label, f)
		Inspect(n.Stmt, f)
	case *AtomicStmt:
		Inspect(n.Body, f)
	case *DStepStmt:
		Inspect(n.Body, f)
	case *BlockStmt:
		Inspect(n.Body, f)
	case *UnlessStmt:
		Inspect(n.Main, f)
		Inspect(n.Escape, f)
	case *SelectStmt:
		Inspect(n.Var, f)
		Inspect(n.Lo, f)
		Inspect(n.Hi, f)
	case *ForStmt:
		Inspect(n.Var, f)
		Inspect(n.Lo, f)
		Inspect(n.Hi, f)
		Inspect(n.In, f)
		Inspect(n.Body, f)
	case *AssertStmt:
		Inspect(n.X, f)
	case *PrintfStmt:
		Inspect(n.Format, f)
		inspectAll(n.Args, f)
	case *PrintmStmt:
		Inspect(n.X, f)
	case *InlineCall:
		Inspect(n.Name, f)
		inspectAll(n.Args, f)
	case *ChanAssert:
		inspectAll(n.Chans, f)
	case *SetPriority:
		Inspect(n.Pid, f)
		Inspect(n.Prio, f)
	}
	// no children: ElseStmt, BreakStmt
}

// inspectOther visits the children of declarations, formulas and the
// other nodes.
func inspectOther(n Node, f func(Node) bool) {
	switch n := n.(type) {
	case *TypedefDecl:
		Inspect(n.Name, f)
		inspectAll(n.Fields, f)
	case *ProcDecl:
		Inspect(n.Count, f)
		Inspect(n.Name, f)
		inspectAll(n.Params, f)
		Inspect(n.Priority, f)
		Inspect(n.Provided, f)
		Inspect(n.Body, f)
	case *InitDecl:
		Inspect(n.Priority, f)
		Inspect(n.Body, f)
	case *NeverDecl:
		Inspect(n.Name, f)
		Inspect(n.Body, f)
	case *TraceDecl:
		Inspect(n.Body, f)
	case *LTLDecl:
		Inspect(n.Name, f)
		Inspect(n.Formula, f)
	case *InlineDecl:
		Inspect(n.Name, f)
		inspectAll(n.Params, f)
		Inspect(n.Body, f)
	case *LTLProp:
		Inspect(n.X, f)
	case *LTLUnary:
		Inspect(n.X, f)
	case *LTLBinary:
		Inspect(n.X, f)
		Inspect(n.Y, f)
	case *LTLParen:
		Inspect(n.X, f)
	case *Model:
		inspectAll(n.Decls, f)
	case *Type:
		Inspect(n.Name, f)
	case *VarSpec:
		Inspect(n.Name, f)
		Inspect(n.Len, f)
		Inspect(n.Bits, f)
		Inspect(n.Init, f)
		inspectAll(n.InitList, f)
	case *Block:
		inspectAll(n.Stmts, f)
	}
	// no children: LTLConst
}

// Unparen returns e without the parentheses around it.
func Unparen(e Expr) Expr {
	for {
		p, ok := e.(*ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// isNil reports whether n is nil or a nil pointer to a node (every node
// type is a pointer).
func isNil(n Node) bool {
	if n == nil {
		return true
	}
	v := reflect.ValueOf(n)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// inspectAll inspects each node of list in order.
func inspectAll[N Node](list []N, f func(Node) bool) {
	for _, c := range list {
		Inspect(c, f)
	}
}

var (
	posType  = reflect.TypeOf(token.NoPos)
	fileType = reflect.TypeOf((*token.File)(nil))
)

// Equal reports whether two trees have the same structure and content,
// ignoring source positions (and the Model's File). The formatter's
// round-trip test uses it.
func Equal(a, b Node) bool {
	return equalValue(reflect.ValueOf(a), reflect.ValueOf(b))
}

func equalValue(a, b reflect.Value) bool {
	if a.IsValid() != b.IsValid() {
		return false
	}
	if !a.IsValid() {
		return true
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		if a.Type() == fileType {
			return true
		}
		return equalValue(a.Elem(), b.Elem())
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if a.Field(i).Type() == posType {
				continue
			}
			if !equalValue(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !equalValue(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Int, reflect.Int64, reflect.Int32:
		return a.Int() == b.Int()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.String:
		return a.String() == b.String()
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}
