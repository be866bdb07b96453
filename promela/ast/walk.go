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
		for _, c := range n.Fields {
			Inspect(c, f)
		}
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
		for _, c := range n.Args {
			Inspect(c, f)
		}
		Inspect(n.Priority, f)
	case *CallExpr:
		for _, c := range n.Args {
			Inspect(c, f)
		}
	case *EvalExpr:
		Inspect(n.X, f)
	case *PollExpr:
		Inspect(n.Chan, f)
		for _, c := range n.Args {
			Inspect(c, f)
		}
	case *InlineCallExpr:
		Inspect(n.Name, f)
		for _, c := range n.Args {
			Inspect(c, f)
		}
	}
	// no children: CCode, Ident, IntLit, StringLit, TimeoutExpr
}

// inspectStmt visits the children of a statement.
func inspectStmt(n Stmt, f func(Node) bool) {
	switch n := n.(type) {
	case *VarDecl:
		Inspect(n.Type, f)
		for _, c := range n.Vars {
			Inspect(c, f)
		}
	case *MtypeDecl:
		Inspect(n.Name, f)
		for _, c := range n.Values {
			Inspect(c, f)
		}
	case *ExprStmt:
		Inspect(n.X, f)
	case *AssignStmt:
		Inspect(n.LHS, f)
		Inspect(n.RHS, f)
	case *IncDecStmt:
		Inspect(n.X, f)
	case *SendStmt:
		Inspect(n.Chan, f)
		for _, c := range n.Args {
			Inspect(c, f)
		}
	case *RecvStmt:
		Inspect(n.Chan, f)
		for _, c := range n.Args {
			Inspect(c, f)
		}
	case *IfStmt:
		for _, c := range n.Options {
			Inspect(c, f)
		}
	case *DoStmt:
		for _, c := range n.Options {
			Inspect(c, f)
		}
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
		for _, c := range n.Args {
			Inspect(c, f)
		}
	case *PrintmStmt:
		Inspect(n.X, f)
	case *InlineCall:
		Inspect(n.Name, f)
		for _, c := range n.Args {
			Inspect(c, f)
		}
	case *ChanAssert:
		for _, c := range n.Chans {
			Inspect(c, f)
		}
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
		for _, c := range n.Fields {
			Inspect(c, f)
		}
	case *ProcDecl:
		Inspect(n.Count, f)
		Inspect(n.Name, f)
		for _, c := range n.Params {
			Inspect(c, f)
		}
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
		for _, c := range n.Params {
			Inspect(c, f)
		}
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
		for _, c := range n.Decls {
			Inspect(c, f)
		}
	case *Type:
		Inspect(n.Name, f)
	case *VarSpec:
		Inspect(n.Name, f)
		Inspect(n.Len, f)
		Inspect(n.Bits, f)
		Inspect(n.Init, f)
		for _, c := range n.InitList {
			Inspect(c, f)
		}
	case *Block:
		for _, c := range n.Stmts {
			Inspect(c, f)
		}
	}
	// no children: LTLConst
}

// isNil reports whether n is nil or a nil pointer to a node.
func isNil(n Node) bool {
	switch n := n.(type) {
	case nil:
		return true
	case *Model:
		return n == nil
	case *Type:
		return n == nil
	case *VarDecl:
		return n == nil
	case *VarSpec:
		return n == nil
	case *ChanType:
		return n == nil
	case *MtypeDecl:
		return n == nil
	case *TypedefDecl:
		return n == nil
	case *ProcDecl:
		return n == nil
	case *InitDecl:
		return n == nil
	case *NeverDecl:
		return n == nil
	case *TraceDecl:
		return n == nil
	case *LTLDecl:
		return n == nil
	case *InlineDecl:
		return n == nil
	case *CCode:
		return n == nil
	case *Ident:
		return n == nil
	case *IntLit:
		return n == nil
	case *StringLit:
		return n == nil
	case *ParenExpr:
		return n == nil
	case *UnaryExpr:
		return n == nil
	case *BinaryExpr:
		return n == nil
	case *CondExpr:
		return n == nil
	case *IndexExpr:
		return n == nil
	case *SelectorExpr:
		return n == nil
	case *RemoteLabel:
		return n == nil
	case *RemoteVar:
		return n == nil
	case *RunExpr:
		return n == nil
	case *CallExpr:
		return n == nil
	case *EvalExpr:
		return n == nil
	case *PollExpr:
		return n == nil
	case *TimeoutExpr:
		return n == nil
	case *InlineCallExpr:
		return n == nil
	case *LTLProp:
		return n == nil
	case *LTLConst:
		return n == nil
	case *LTLUnary:
		return n == nil
	case *LTLBinary:
		return n == nil
	case *LTLParen:
		return n == nil
	case *Block:
		return n == nil
	case *ExprStmt:
		return n == nil
	case *AssignStmt:
		return n == nil
	case *IncDecStmt:
		return n == nil
	case *SendStmt:
		return n == nil
	case *RecvStmt:
		return n == nil
	case *IfStmt:
		return n == nil
	case *DoStmt:
		return n == nil
	case *ElseStmt:
		return n == nil
	case *BreakStmt:
		return n == nil
	case *GotoStmt:
		return n == nil
	case *LabeledStmt:
		return n == nil
	case *AtomicStmt:
		return n == nil
	case *DStepStmt:
		return n == nil
	case *BlockStmt:
		return n == nil
	case *UnlessStmt:
		return n == nil
	case *SelectStmt:
		return n == nil
	case *ForStmt:
		return n == nil
	case *AssertStmt:
		return n == nil
	case *PrintfStmt:
		return n == nil
	case *PrintmStmt:
		return n == nil
	case *InlineCall:
		return n == nil
	case *ChanAssert:
		return n == nil
	case *SetPriority:
		return n == nil
	}
	return false
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
