package automata

import (
	"fmt"
	"strings"

	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/token"
)

// exprText renders an expression in the style of SPIN's transition texts:
// binary operations are parenthesized, (x+1).
func (l *lowerer) exprText(e ast.Expr) string {
	var b strings.Builder
	l.writeExpr(&b, e)
	return b.String()
}

// subst gives the text of an inline argument standing for id.
func (l *lowerer) subst(id *ast.Ident) (string, bool) {
	a, restore, ok := l.arg(id)
	if !ok {
		return "", false
	}
	s := l.exprText(a)
	restore()
	return s, true
}

// guardText renders an expression used as a statement: SPIN writes
// conditions in double parentheses, ((x<3)), and constants as (1).
func (l *lowerer) guardText(e ast.Expr) string {
	e = ast.Unparen(e)
	switch e.(type) {
	case *ast.BinaryExpr:
		return "(" + l.exprText(e) + ")"
	case *ast.RunExpr:
		return "(" + l.exprText(e) + ")"
	}
	return "(" + l.exprText(e) + ")"
}

func (l *lowerer) exprList(es []ast.Expr) string {
	var parts []string
	for _, e := range es {
		parts = append(parts, l.exprText(e))
	}
	return strings.Join(parts, ",")
}

func (l *lowerer) prefixComma(es []ast.Expr) string {
	if len(es) == 0 {
		return ""
	}
	return "," + l.exprList(es)
}

func (l *lowerer) writeExpr(b *strings.Builder, e ast.Expr) {
	switch e := e.(type) {
	case nil:
	case *ast.Ident:
		if t, ok := l.subst(e); ok {
			b.WriteString(t)
			return
		}
		b.WriteString(e.Name)
	case *ast.IntLit:
		switch e.Raw {
		case "true", "false", "skip":
			fmt.Fprint(b, e.Value)
		default:
			fmt.Fprint(b, e.Value)
		}
	case *ast.StringLit:
		b.WriteString("'" + e.Value + "'")
	case *ast.ParenExpr:
		l.writeExpr(b, e.X)
	case *ast.UnaryExpr:
		b.WriteString(e.Op.String())
		l.writeExpr(b, e.X)
	case *ast.BinaryExpr:
		b.WriteString("(")
		l.writeExpr(b, e.X)
		b.WriteString(e.Op.String())
		l.writeExpr(b, e.Y)
		b.WriteString(")")
	case *ast.CondExpr:
		b.WriteString("(")
		l.writeExpr(b, e.Cond)
		b.WriteString(" -> ")
		l.writeExpr(b, e.Then)
		b.WriteString(" : ")
		l.writeExpr(b, e.Else)
		b.WriteString(")")
	case *ast.IndexExpr:
		l.writeExpr(b, e.X)
		b.WriteString("[")
		l.writeExpr(b, e.Index)
		b.WriteString("]")
	case *ast.SelectorExpr:
		l.writeExpr(b, e.X)
		b.WriteString("." + e.Sel.Name)
	case *ast.RemoteLabel:
		l.writeRemote(b, e.Proc, e.Index, "@"+e.Label.Name)
	case *ast.RemoteVar:
		l.writeRemote(b, e.Proc, e.Index, ":"+e.Var.Name)
	case *ast.RunExpr:
		b.WriteString("run " + e.Proc.Name + "(" + l.exprList(e.Args) + ")")
	case *ast.CallExpr:
		b.WriteString(e.Fun.String() + "(" + l.exprList(e.Args) + ")")
	case *ast.EvalExpr:
		b.WriteString("eval(")
		l.writeExpr(b, e.X)
		b.WriteString(")")
	case *ast.PollExpr:
		l.writeExpr(b, e.Chan)
		if e.Random {
			b.WriteString("??[")
		} else {
			b.WriteString("?[")
		}
		b.WriteString(l.exprList(e.Args) + "]")
	case *ast.TimeoutExpr:
		b.WriteString("timeout")
	case *ast.InlineCallExpr:
		b.WriteString(e.Name.Name + "(" + l.exprList(e.Args) + ")")
	case *ast.CCode:
		b.WriteString("c_expr")
	default:
		b.WriteString("?")
	}
	_ = token.ADD
}

// writeRemote writes a remote reference proc[index]@label or
// proc[index]:var; rest is the "@label" or ":var" part.
func (l *lowerer) writeRemote(b *strings.Builder, proc *ast.Ident, index ast.Expr, rest string) {
	b.WriteString(proc.Name)
	if index != nil {
		b.WriteString("[")
		l.writeExpr(b, index)
		b.WriteString("]")
	}
	b.WriteString(rest)
}
