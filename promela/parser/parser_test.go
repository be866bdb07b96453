package parser

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/token"
)

func parse(t testing.TB, src string) (*ast.Model, *diag.List) {
	t.Helper()
	var errs diag.List
	m := ParseFile(token.NewFile("t.pml", []byte(src)), &errs)
	return m, &errs
}

func mustParse(t *testing.T, src string) *ast.Model {
	t.Helper()
	m, errs := parse(t, src)
	if errs.Len() > 0 {
		t.Fatalf("unexpected errors for %q:\n%s", src, errs.Error())
	}
	return m
}

// sexpr renders an expression fully parenthesised, to check precedence.
func sexpr(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.IntLit:
		return x.Raw
	case *ast.ParenExpr:
		return sexpr(x.X)
	case *ast.UnaryExpr:
		return "(" + x.Op.String() + sexpr(x.X) + ")"
	case *ast.BinaryExpr:
		return "(" + sexpr(x.X) + " " + x.Op.String() + " " + sexpr(x.Y) + ")"
	case *ast.CondExpr:
		return "(" + sexpr(x.Cond) + " -> " + sexpr(x.Then) + " : " + sexpr(x.Else) + ")"
	case *ast.IndexExpr:
		return sexpr(x.X) + "[" + sexpr(x.Index) + "]"
	case *ast.SelectorExpr:
		return sexpr(x.X) + "." + x.Sel.Name
	case *ast.RemoteLabel:
		s := x.Proc.Name
		if x.Index != nil {
			s += "[" + sexpr(x.Index) + "]"
		}
		return s + "@" + x.Label.Name
	case *ast.RemoteVar:
		s := x.Proc.Name
		if x.Index != nil {
			s += "[" + sexpr(x.Index) + "]"
		}
		return s + ":" + x.Var.Name
	case *ast.CallExpr:
		var args []string
		for _, a := range x.Args {
			args = append(args, sexpr(a))
		}
		return x.Fun.String() + "(" + strings.Join(args, ",") + ")"
	case *ast.RunExpr:
		var args []string
		for _, a := range x.Args {
			args = append(args, sexpr(a))
		}
		return "run " + x.Proc.Name + "(" + strings.Join(args, ",") + ")"
	case *ast.PollExpr:
		var args []string
		for _, a := range x.Args {
			args = append(args, sexpr(a))
		}
		op := "?"
		if x.Random {
			op = "??"
		}
		return sexpr(x.Chan) + op + "[" + strings.Join(args, ",") + "]"
	case *ast.TimeoutExpr:
		return "timeout"
	case *ast.EvalExpr:
		return "eval(" + sexpr(x.X) + ")"
	}
	return fmt.Sprintf("%T", e)
}

func firstStmt(t *testing.T, m *ast.Model) ast.Stmt {
	t.Helper()
	for _, d := range m.Decls {
		switch d := d.(type) {
		case *ast.InitDecl:
			return d.Body.Stmts[0]
		case *ast.ProcDecl:
			return d.Body.Stmts[0]
		}
	}
	t.Fatal("no process")
	return nil
}

func TestPrecedence(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a + b * c", "(a + (b * c))"},
		{"a - b - c", "((a - b) - c)"},
		{"a || b && c", "(a || (b && c))"},
		{"a | b ^ c & d", "(a | (b ^ (c & d)))"},
		{"a == b < c", "(a == (b < c))"},
		{"a << 1 + 2", "(a << (1 + 2))"},
		{"!a == b", "((!a) == b)"},
		{"-a * b", "((-a) * b)"},
		{"~a & b", "((~a) & b)"},
		{"(a -> b : c) + 1", "((a -> b : c) + 1)"},
		{"a[i+1].f[2]", "a[(i + 1)].f[2]"},
		{"len(q) > 0 && q?[x]", "(len(q) > 0) && q?[x]"},
		{"P[2]@cs || P:x == 3", "(P[2]@cs || (P:x == 3))"},
		{"run P(1, a) == 2", "(run P(1,a) == 2)"},
		{"x % 3 != 0", "((x % 3) != 0)"},
	}
	for _, tt := range tests {
		src := "proctype P() { byte x }\ninit { " + tt.in + " }"
		m := mustParse(t, src)
		st, ok := firstStmt(t, &ast.Model{Decls: m.Decls[1:]}).(*ast.ExprStmt)
		if !ok {
			t.Errorf("%s: not an expression statement", tt.in)
			continue
		}
		got := sexpr(st.X)
		want := strings.ReplaceAll(tt.want, "(len(q) > 0) && q?[x]", "((len(q) > 0) && q?[x])")
		if got != want {
			t.Errorf("%s:\n got %s\nwant %s", tt.in, got, want)
		}
	}
}

func TestStatements(t *testing.T) {
	tests := []struct {
		src  string
		want string // type of the first statement
	}{
		{"x = 1", "*ast.AssignStmt"},
		{"x++", "*ast.IncDecStmt"},
		{"q!1,2", "*ast.SendStmt"},
		{"q!!1", "*ast.SendStmt"},
		{"q?x,_", "*ast.RecvStmt"},
		{"q??eval(x)", "*ast.RecvStmt"},
		{"q?<x>", "*ast.RecvStmt"},
		{"q?[x]", "*ast.ExprStmt"},
		{"if :: x -> skip :: else fi", "*ast.IfStmt"},
		{"do :: break od", "*ast.DoStmt"},
		{"atomic { x = 1; x = 2 }", "*ast.AtomicStmt"},
		{"d_step { x = 1 }", "*ast.DStepStmt"},
		{"{ x = 1 } unless { timeout }", "*ast.UnlessStmt"},
		{"select (x : 1 .. 3)", "*ast.SelectStmt"},
		{"for (x : 1 .. 3) { skip }", "*ast.ForStmt"},
		{"for (x in a) { skip }", "*ast.ForStmt"},
		{"L: x = 1", "*ast.LabeledStmt"},
		{"goto L", "*ast.GotoStmt"},
		{"assert(x > 0)", "*ast.AssertStmt"},
		{`printf("x=%d\n", x)`, "*ast.PrintfStmt"},
		{"printm(x)", "*ast.PrintmStmt"},
		{"f(x, 1)", "*ast.InlineCall"},
		{"xr q", "*ast.ChanAssert"},
		{"set_priority(1, 2)", "*ast.SetPriority"},
		{"byte y = 3", "*ast.VarDecl"},
		{"chan c = [2] of { byte, mtype }", "*ast.VarDecl"},
		{"c_code { x++; }", "*ast.CCode"},
		{"run P()", "*ast.ExprStmt"},
	}
	for _, tt := range tests {
		m := mustParse(t, "proctype P() {}\ninit { "+tt.src+" }")
		got := fmt.Sprintf("%T", m.Decls[1].(*ast.InitDecl).Body.Stmts[0])
		if got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.src, got, tt.want)
		}
	}
}

func TestMessageForms(t *testing.T) {
	m := mustParse(t, "init { q!msg(a, b); q?msg(x); q!1 }")
	stmts := m.Decls[0].(*ast.InitDecl).Body.Stmts
	s := stmts[0].(*ast.SendStmt)
	if len(s.Args) != 3 || s.ParenAt != 1 {
		t.Errorf("q!msg(a,b): %d args, ParenAt %d", len(s.Args), s.ParenAt)
	}
	r := stmts[1].(*ast.RecvStmt)
	if len(r.Args) != 2 || r.ParenAt != 1 {
		t.Errorf("q?msg(x): %d args, ParenAt %d", len(r.Args), r.ParenAt)
	}
}

// TestImplicitSemicolons checks SPIN 6's rule: a newline ends a statement
// after a name, a constant, ) ] } and a few keywords, outside parentheses.
func TestImplicitSemicolons(t *testing.T) {
	ok := []string{
		"init {\n x = 1\n y = 2\n}",
		"init {\n q!1\n q?x\n}",
		"init {\n if\n :: x -> skip\n :: else\n fi\n x++\n}",
		"init {\n atomic { x = 1 }\n y = 2\n}",
		"init {\n x = (a +\n b)\n}",
		"init {\n x = a +\n b\n}",
		"init {\n printf(\"a\")\n printf(\"b\")\n}",
		"init {\n do\n :: break\n od\n skip\n}",
	}
	for _, src := range ok {
		mustParse(t, src)
	}
	m := mustParse(t, "init {\n x = a\n (b)\n}")
	if n := len(m.Decls[0].(*ast.InitDecl).Body.Stmts); n != 2 {
		t.Errorf("newline after a name should end the statement: got %d statements", n)
	}
	// no newline: a semicolon is required
	_, errs := parse(t, "init { x = 1 y = 2 }")
	if errs.Len() == 0 {
		t.Errorf("missing ; on one line not reported")
	}
}

func TestErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"init { x = }", "t.pml:1:12: error: syntax error: expected expression, found '}'"},
		{"init { if fi }", "t.pml:1:11: error: syntax error: expected '::', found 'fi'"},
		{"init { x = 1 y = 2 }", "t.pml:1:14: error: syntax error: expected ';', found 'y'"},
		{"proctype { }", "t.pml:1:10: error: syntax error: expected name, found '{'"},
		{"init { do :: skip }", "t.pml:1:19: error: syntax error: expected 'od' to close do, found '}'"},
		{"init { x = 99999999999 }", "t.pml:1:12: error: integer constant 99999999999 out of range (Promela integers are 32 bits)"},
		{"}", "t.pml:1:1: error: syntax error: expected declaration, proctype, init, never, ltl, typedef or inline, found '}'"},
		{"ltl p { [] -> }", "t.pml:1:12: error: syntax error: expected expression, found '->'"},
	}
	for _, tt := range tests {
		_, errs := parse(t, tt.src)
		if errs.Len() == 0 {
			t.Errorf("%s: no error, want %s", tt.src, tt.want)
			continue
		}
		if got := errs.Items[0].String(); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func ltlString(f ast.LTL) string {
	switch f := f.(type) {
	case *ast.LTLProp:
		return sexpr(f.X)
	case *ast.LTLConst:
		return fmt.Sprint(f.Value)
	case *ast.LTLParen:
		return ltlString(f.X)
	case *ast.LTLUnary:
		return "(" + f.Op.String() + " " + ltlString(f.X) + ")"
	case *ast.LTLBinary:
		return "(" + ltlString(f.X) + " " + f.Op.String() + " " + ltlString(f.Y) + ")"
	}
	return "?"
}

func TestLTL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"[] p", "([] p)"},
		{"[]<> p", "([] (<> p))"},
		{"p U q U r", "((p U q) U r)"},
		{"[] (p -> <> q)", "([] (p -> (<> q)))"},
		{"!p U q", "((! p) U q)"},
		{"p && q || r", "((p && q) || r)"},
		{"p -> q <-> r", "((p -> q) <-> r)"},
		{"always eventually (x > 5)", "([] (<> (x > 5)))"},
		{"p until q", "(p U q)"},
		{"p W q", "(p W q)"},
		{"p V q", "(p V q)"},
		{"X p", "(X p)"},
		{"a == b U c", "((a == b) U c)"},
		{"(a + b) > c", "((a + b) > c)"},
		{"P@cs -> <> q?[m]", "(P@cs -> (<> q?[m]))"},
		{"p /\\ q \\/ r", "((p && q) || r)"},
		{"true U false", "(true U false)"},
		{"p implies q", "(p -> q)"},
	}
	for _, tt := range tests {
		src := "proctype P() { cs: skip }\nltl f { " + tt.in + " }"
		m := mustParse(t, src)
		got := ltlString(m.Decls[1].(*ast.LTLDecl).Formula)
		if got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

func TestRemoteRefsNeedProctype(t *testing.T) {
	// x is not a proctype: `x : skip` is a label; P: is a remote reference.
	m := mustParse(t, "proctype P() { byte v }\ninit { x: skip; P:v == 1 }")
	stmts := m.Decls[1].(*ast.InitDecl).Body.Stmts
	if _, ok := stmts[0].(*ast.LabeledStmt); !ok {
		t.Errorf("x: skip is %T", stmts[0])
	}
	if _, ok := stmts[1].(*ast.ExprStmt).X.(*ast.BinaryExpr).X.(*ast.RemoteVar); !ok {
		t.Errorf("P:v is not a remote variable")
	}
}

func TestInIsIdentifierOutsideFor(t *testing.T) {
	mustParse(t, "byte in; init { in = 1; for (in : 1 .. 2) { skip } }")
}

func TestEmbeddedC(t *testing.T) {
	m := mustParse(t, "c_decl { int x; }\nc_state \"int y\" \"Global\"\ninit { c_code [x > 0] { x = { 1 }; } ; c_expr { x } }")
	if len(m.Decls) != 3 {
		t.Fatalf("%d decls", len(m.Decls))
	}
	if cc := m.Decls[0].(*ast.CCode); strings.TrimSpace(cc.Text) != "int x;" {
		t.Errorf("c_decl text %q", cc.Text)
	}
}

func TestNestingLimit(t *testing.T) {
	src := "init { x = " + strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000) + " }"
	_, errs := parse(t, src)
	if !strings.Contains(errs.Error(), "nesting too deep") {
		t.Errorf("deep nesting: %v", errs.Error())
	}
}

// TestCorpus parses every model of the shared corpus after running it
// through gcc's preprocessor-free path: models without # directives only
// (the front-end test covers the rest through our preprocessor).
func TestCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "corpus", "models")
	files, _ := filepath.Glob(filepath.Join(dir, "*.pml"))
	if len(files) == 0 {
		t.Skip("shared corpus not present")
	}
	n := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "#") {
			continue
		}
		n++
		var errs diag.List
		ParseFile(token.NewFile(f, src), &errs)
		if errs.Len() > 0 {
			t.Errorf("%s: %s", f, errs.Error())
		}
	}
	t.Logf("%d models without directives parsed", n)
}

func FuzzParse(f *testing.F) {
	f.Add("init { x = 1; if :: x > 0 -> skip :: else fi }")
	f.Add("proctype P(chan c; byte b) { c!b; c?b; P[0]@L }")
	f.Add("ltl p { [] (a -> <> b) U c }")
	f.Add("typedef T { byte a[3]; chan c }; T t; init { t.a[1] = 2 }")
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "engine", "*.pml"))
	for _, p := range files {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(string(src))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		var errs diag.List
		ParseFile(token.NewFile("f.pml", []byte(src)), &errs)
		// the formula grammar of ltl blocks (stand-alone formulas are
		// ltl.Parse's, package ltl)
		ParseFile(token.NewFile("f.pml", []byte("ltl f { "+src+" }")), &errs)
	})
}

func BenchmarkParseLarge(b *testing.B) {
	var sb strings.Builder
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&sb, "byte g%d = %d;\n", i, i%256)
	}
	sb.WriteString("active proctype P() {\n\tdo\n")
	for i := 0; i < 10000; i++ {
		fmt.Fprintf(&sb, "\t:: g%d > 0 -> g%d = g%d - 1\n", i%1000, (i+1)%1000, i%1000)
	}
	sb.WriteString("\tod\n}\n")
	src := []byte(sb.String())
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var errs diag.List
		ParseFile(token.NewFile("big.pml", src), &errs)
		if errs.Len() > 0 {
			b.Fatal(errs.Error())
		}
	}
}

// TestAlwaysProgresses feeds inputs that once made the parser loop.
func TestAlwaysProgresses(t *testing.T) {
	for _, src := range []string{
		"init { x = 1\n ) }",
		"init { if :: (n>1&&n<)|( == 0 fi }",
		"init { ) ) ) }",
		"proctype P() { ]\n]\n }",
		"init { x = 1\n ;; ) ] }",
	} {
		done := make(chan bool)
		go func() {
			var errs diag.List
			ParseFile(token.NewFile("t.pml", []byte(src)), &errs)
			done <- errs.HasErrors()
		}()
		select {
		case hasErr := <-done:
			if !hasErr {
				t.Errorf("%q: no error", src)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%q: parser does not terminate", src)
		}
	}
}

// TestSpinForms: forms SPIN's grammar takes that are easy to miss: receive
// arguments in parentheses (rargs: '(' rargs ')'), mtype names separated
// by white space (nlst), and ltl formulas naming proctypes declared after
// them (SPIN defers ltl blocks to the end of the model).
func TestSpinForms(t *testing.T) {
	m := mustParse(t, "mtype = { a b, c d }\ninit { q?(x, y); q??(x, (y, z)); q?m(x),(y); q?(x + 1) }")
	if n := len(m.Decls[0].(*ast.MtypeDecl).Values); n != 4 {
		t.Errorf("mtype with white space: %d names", n)
	}
	stmts := m.Decls[1].(*ast.InitDecl).Body.Stmts
	for i, want := range []int{2, 3, 3, 1} {
		if n := len(stmts[i].(*ast.RecvStmt).Args); n != want {
			t.Errorf("receive %d: %d arguments, want %d", i, n, want)
		}
	}
	if _, ok := stmts[3].(*ast.RecvStmt).Args[0].(*ast.ParenExpr); !ok {
		t.Errorf("q?(x + 1): the argument is %T, want the parenthesized expression", stmts[3].(*ast.RecvStmt).Args[0])
	}
	m = mustParse(t, "ltl p { [](Q@done -> Q[1]:y == 1) }\nactive proctype Q() { byte y; done: skip }")
	f := m.Decls[0].(*ast.LTLDecl).Formula
	found := 0
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.RemoteLabel, *ast.RemoteVar:
			found++
		}
		return true
	})
	if found != 2 {
		t.Errorf("%d remote references in the ltl formula, want 2", found)
	}
}
