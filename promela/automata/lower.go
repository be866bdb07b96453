package automata

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/check"
	"github.com/gospin/gospin/promela/token"
)

// Lower builds the process automata of a checked model: the checker's
// result p, from a check without errors. Every name, constant and mtype
// value comes from p's side tables (check.Info): the lowerer resolves
// nothing itself. An inline call is expanded by lowering the inline's
// body with the side tables of that expansion, where each use of a
// parameter stands for the call's argument. Problems (limits of the
// engine) are reported into errs; the result is nil only when the model
// cannot be lowered at all. Lower never panics.
func Lower(p *check.Program, errs *diag.List) (prog *Program) {
	defer func() {
		if r := recover(); r != nil {
			errs.Errorf(token.Position{}, "internal error while building automata: %v", r)
			prog = nil
		}
	}()
	m := p.Model
	l := &lowerer{
		prog:    &Program{Mtypes: map[string]int{}, MtypeNames: map[string][]string{}, File: m.File},
		errs:    errs,
		file:    m.File,
		chk:     p,
		info:    &p.Info,
		vars:    map[*check.Symbol]*Var{},
		structs: map[*check.Typedef]*Struct{},
		procOf:  map[*check.Proc]*Proc{},
	}
	l.run(m)
	return l.prog
}

// LowerModel checks m and lowers the checked program: the checker's
// errors go to errs (its warnings are dropped), and then the result is
// nil. It is for models built from a checked one (a property's claim
// added, see package property) and for tests.
func LowerModel(m *ast.Model, errs *diag.List) *Program {
	var cl diag.List
	p := check.Check(m, &cl)
	bad := false
	for _, d := range cl.Items {
		if d.Severity == diag.Error {
			errs.Add(d.Pos, d.Severity, "%s", d.Msg)
			bad = true
		}
	}
	if bad {
		return nil
	}
	return Lower(p, errs)
}

type lowerer struct {
	prog *Program
	errs *diag.List
	file *token.File

	// the checker's result, and the side tables of the context being
	// lowered (the program's, or an inline expansion's)
	chk     *check.Program
	info    *check.Info
	vars    map[*check.Symbol]*Var
	structs map[*check.Typedef]*Struct
	procOf  map[*check.Proc]*Proc
	// callDecls: the inline each call expands (every call the checker
	// expanded, at any depth)
	callDecls map[*ast.InlineCall]*ast.InlineDecl

	// labelNext: the next emitted transition is a labelled statement
	labelNext bool

	// per process
	p      *Proc
	prio   *Var              // the process's _priority, or nil
	locals map[string]*Var   // temporaries of the innermost scope
	scopes []map[string]*Var // block scopes, outermost (the proctype's) first
	parent []int             // union-find over locations
	labels map[string]int
	breaks []int
	// breakLast[i]: the break target of loop i is the last element of an
	// atomic sequence (SPIN's L_ATOM): a break there is a transition.
	breakLast []bool
	// tail: the sequence being lowered ends an atomic body.
	tail    bool
	lAtom   map[int]bool // locations of L_ATOM statements
	breakN  int
	region  int
	regions int
	dstep   bool
	escDep  int
	collect []*collector
	env     []*inlineEnv
	pending []pendingLabel
	// bodyStart, bodyEnd: the start and end of the proctype body being
	// lowered (-1 outside it)
	bodyStart, bodyEnd int
	// expansions numbers the inline expansions (labelKey); inlineLabel
	// holds the plain names that refer to the latest expansion's label
	expansions  int
	inlineLabel map[string]bool

	// SPIN's state numbers (spinnum.go): the statements' numbers, the
	// current inline expansion path, and the numbers given to locations
	spin    *spinNumberer
	numPath string
	locNum  map[int]int

	lateLabels   []lateLabel
	atomicLabels map[string]bool // labels inside atomic sequences of the current proctype
	remoteLabels map[string]bool
	deadLabels   map[string]bool
	lateRefs     []lateRef
}

// lateRef is a remote reference P:v to a proctype not lowered yet.
type lateRef struct {
	r   *Ref
	sym *check.Symbol
}

type pendingLabel struct {
	name string
	pos  token.Position
}

type collector struct {
	seen map[int]bool
	locs []int
}

type inlineEnv struct {
	exp   *check.Expansion
	outer int         // index of the enclosing env (len when none)
	info  *check.Info // the side tables of the call's context
	// labels declared in the inline's body: each expansion has its own
	// (SPIN: a new block scope per expansion), keyed name#id
	labels map[string]bool
	id     int
}

func (l *lowerer) pos(p token.Pos) token.Position { return l.file.Position(p) }

func (l *lowerer) errorf(p token.Pos, format string, args ...any) {
	l.errs.Errorf(l.pos(p), format, args...)
}

func (l *lowerer) run(m *ast.Model) {
	// Labels named in remote references (P@L) are kept as states of
	// their own even on a jump (SPIN then makes the jump a step).
	l.remoteLabels = map[string]bool{}
	ast.Inspect(m, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.RemoteLabel:
			l.remoteLabels[n.Proc.Name+"@"+n.Label.Name] = true
		case *ast.SetPriority:
			l.prog.UsesPriority = true
		case *ast.CallExpr:
			if n.Fun == token.GET_PRIORITY {
				l.prog.UsesPriority = true
			}
		case *ast.Ident:
			if n.Name == "_priority" {
				l.prog.UsesPriority = true
			}
		case *ast.ProcDecl:
			if n.Priority != nil {
				l.prog.UsesPriority = true
			}
		case *ast.InitDecl:
			if n.Priority != nil {
				l.prog.UsesPriority = true
			}
		case *ast.RunExpr:
			if n.Priority != nil {
				l.prog.UsesPriority = true
			}
		}
		return true
	})
	l.mtypes()
	l.callDecls = map[*ast.InlineCall]*ast.InlineDecl{}
	l.noteExpansions(&l.chk.Info)
	// Globals in order.
	for _, g := range l.chk.Globals {
		v := l.newVar(g)
		v.Global = true
		v.Index = len(l.prog.Globals)
		l.prog.Globals = append(l.prog.Globals, v)
	}
	// Processes in declaration order.
	for _, cp := range l.chk.Procs {
		p := &Proc{Name: cp.Name, Kind: ProcType, Pos: l.pos(cp.Decl.Pos())}
		if cp.Kind == check.Init {
			p.Kind, p.Active = InitProc, 1
		}
		p.Index = len(l.prog.Procs)
		l.prog.Procs = append(l.prog.Procs, p)
		l.procOf[cp] = p
	}
	for _, cp := range l.chk.Procs {
		p := l.procOf[cp]
		switch d := cp.Decl.(type) {
		case *ast.ProcDecl:
			p.Active = int(cp.Active)
			if d.Priority != nil {
				p.Priority = int(l.info.Consts[d.Priority])
				l.prog.UsesPriority = true
			}
			l.proc(p, d.Params, d.Provided, d.Body)
		case *ast.InitDecl:
			if d.Priority != nil {
				p.Priority = int(l.info.Consts[d.Priority])
				l.prog.UsesPriority = true
			}
			l.proc(p, nil, nil, d.Body)
		}
	}
	for i, c := range l.chk.Claims {
		never := c.Decl.(*ast.NeverDecl)
		if i > 0 {
			l.errorf(never.Pos(), "more than one never claim")
			continue
		}
		p := &Proc{Name: ":never:", Kind: NeverClaim, Active: 1, Pos: l.pos(never.Pos())}
		if never.Name != nil {
			p.Name = never.Name.Name
		}
		p.Index = len(l.prog.Procs)
		l.prog.Procs = append(l.prog.Procs, p)
		l.prog.Never = p
		l.proc(p, nil, nil, never.Body)
	}
	if len(l.chk.Traces) > 0 {
		l.traceSeq(l.chk.Traces[0].Decl.(*ast.TraceDecl))
	}
	for _, lr := range l.lateRefs {
		lr.r.Var = l.vars[lr.sym]
		if lr.r.Var == nil {
			l.errs.Errorf(lr.r.Pos, "no local variable %s in proctype %s", lr.sym.Name, lr.r.Remote.Proc.Name)
			lr.r.Var = &Var{Name: lr.sym.Name, Type: Type{Kind: ast.Int}}
		}
	}
	for _, ll := range l.lateLabels {
		id, ok := ll.rl.Remote.Proc.Labels[ll.name]
		if !ok {
			l.errs.Errorf(ll.pos, "no label %s in proctype %s", ll.name, ll.rl.Remote.Proc.Name)
		}
		ll.rl.Loc = id
		if ll.rl.Remote.Proc.DeadLabels[ll.name] {
			ll.rl.Loc = -1
		}
	}
	l.prog.Globals = l.prog.Globals[:len(l.prog.Globals):len(l.prog.Globals)]
}

// traceSeq lowers a trace or notrace sequence. Its automaton is built as a
// proctype's (SPIN builds it so, with its -end- state: the sequence is
// complete there), but it is no process: its transitions are kept out of
// Program.Trans and Procs.
func (l *lowerer) traceSeq(d *ast.TraceDecl) {
	name := ":trace:"
	if d.NoTrace {
		name = ":notrace:"
	}
	p := &Proc{Name: name, Kind: TraceSeq, Index: -1, Pos: l.pos(d.Pos())}
	n := len(l.prog.Trans)
	l.proc(p, nil, nil, d.Body)
	for _, t := range l.prog.Trans[n:] {
		t.ID = -1
	}
	l.prog.Trans = l.prog.Trans[:n]
	l.prog.Trace, l.prog.NoTrace = p, d.NoTrace
}

// noteExpansions records the inline of every call expanded in info, and
// in the expansions inside.
func (l *lowerer) noteExpansions(info *check.Info) {
	for call, exp := range info.Expansions {
		l.callDecls[call] = exp.Decl
		l.noteExpansions(&exp.Info)
	}
}

// mtypes copies the checker's mtype values: by name, and by value per
// mtype type.
func (l *lowerer) mtypes() {
	for _, d := range l.chk.Model.Decls {
		if d, ok := d.(*ast.MtypeDecl); ok {
			sub := ""
			if d.Name != nil {
				sub = d.Name.Name
			}
			if l.prog.MtypeNames[sub] == nil {
				l.prog.MtypeNames[sub] = []string{""}
			}
		}
	}
	for name, s := range l.chk.Mtypes {
		l.prog.Mtypes[name] = int(s.Value)
		names := l.prog.MtypeNames[s.Mtype]
		for len(names) <= int(s.Value) {
			names = append(names, "")
		}
		names[s.Value] = name
		l.prog.MtypeNames[s.Mtype] = names
	}
}

// structOf is the structure of a checked typedef.
func (l *lowerer) structOf(td *check.Typedef) *Struct {
	if st, ok := l.structs[td]; ok {
		return st
	}
	st := &Struct{Name: td.Name}
	l.structs[td] = st
	for _, f := range td.Fields {
		v := l.newVar(f)
		v.Index = len(st.Fields)
		st.Fields = append(st.Fields, v)
	}
	return st
}

// symType is the type of a checked variable or field.
func (l *lowerer) symType(s *check.Symbol) Type {
	ty := Type{Kind: s.Type}
	switch s.Type {
	case ast.Named:
		if s.Typedef == nil {
			ty.Kind = ast.Int
			break
		}
		ty.Struct = l.structOf(s.Typedef)
	case ast.Mtype:
		ty.Mtype = s.Mtype
	case ast.Unsigned:
		ty.Bits = s.Bits
		if ty.Bits == 0 {
			ty.Bits = 32
		}
	case ast.BadType:
		ty.Kind = ast.Int
	}
	return ty
}

// fieldType is the type of a message field of a channel declaration.
func (l *lowerer) fieldType(t *ast.Type) Type {
	ty := Type{Kind: t.Kind}
	switch t.Kind {
	case ast.Named:
		td := l.chk.TypeRefs[t.Name]
		if td == nil {
			ty.Kind = ast.Int
			break
		}
		ty.Struct = l.structOf(td)
	case ast.Mtype:
		if t.Name != nil {
			ty.Mtype = t.Name.Name
		}
	case ast.Unsigned:
		ty.Bits = 32
	case ast.BadType:
		ty.Kind = ast.Int
	}
	return ty
}

// varDecl makes the variables of a declaration (initializers lowered in
// the current context).
func (l *lowerer) varDecl(d *ast.VarDecl) []*Var {
	var out []*Var
	for _, spec := range d.Vars {
		s := l.info.Uses[spec.Name]
		if s == nil {
			l.errorf(spec.Pos(), "internal error: %s was not declared by the checker", spec.Name.Name)
			s = &check.Symbol{Kind: check.VarSym, Name: spec.Name.Name, Type: ast.Int, Spec: spec}
		}
		out = append(out, l.newVar(s))
	}
	return out
}

// newVar makes the variable (or field) of the checked symbol s.
func (l *lowerer) newVar(s *check.Symbol) *Var {
	spec := s.Spec
	v := &Var{Name: s.Name, Pos: l.pos(spec.Pos()), Hidden: s.Hidden, Len: s.Len}
	v.Type = l.symType(s)
	l.vars[s] = v
	switch init := spec.Init.(type) {
	case nil:
	case *ast.ChanType:
		cs := &ChanSpec{Cap: int(l.info.Consts[init.Cap])}
		for _, f := range init.Fields {
			cs.Fields = appendFlat(cs.Fields, l.fieldType(f))
		}
		v.Chan = cs
	default:
		if v.Type.Struct == nil { // a typedef variable's initializer is ignored, as in SPIN
			v.Init = l.expr(init)
		}
	}
	for _, e := range spec.InitList {
		if v.Type.Struct == nil {
			v.InitArr = append(v.InitArr, l.expr(e))
		}
	}
	return v
}

// ConstValue folds a constant expression.
func ConstValue(x Expr) (int64, bool) {
	switch x := x.(type) {
	case *Const:
		return x.V, true
	case *Unary:
		v, ok := ConstValue(x.X)
		if !ok {
			return 0, false
		}
		return check.UnOp(x.Op, v)
	case *Binary:
		a, ok1 := ConstValue(x.X)
		b, ok2 := ConstValue(x.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		v, err := BinOp(x.Op, int32(a), int32(b))
		return int64(v), err == ""
	case *Cond:
		c, ok := ConstValue(x.C)
		if !ok {
			return 0, false
		}
		if c != 0 {
			return ConstValue(x.T)
		}
		return ConstValue(x.E)
	}
	return 0, false
}

// BinOp applies a binary operator with C's int semantics (32-bit,
// wrapping): check.BinOp, which folds constants with it.
func BinOp(op token.Token, a, b int32) (int32, string) { return check.BinOp(op, a, b) }

// ---------------------------------------------------------------------
// Processes

func (l *lowerer) newLoc() int {
	p := l.p
	loc := &Loc{ID: len(p.Locs), Region: l.region}
	if l.dstep {
		loc.Flags |= DStepLoc
	}
	if l.region != 0 && !l.dstep {
		loc.Flags |= AtomicLoc
	}
	p.Locs = append(p.Locs, loc)
	l.parent = append(l.parent, loc.ID)
	return loc.ID
}

func (l *lowerer) find(x int) int {
	for l.parent[x] != x {
		l.parent[x] = l.parent[l.parent[x]]
		x = l.parent[x]
	}
	return x
}

// alias makes location a the same as b.
func (l *lowerer) alias(a, b int) {
	a, b = l.find(a), l.find(b)
	if a == b {
		return
	}
	la, lb := l.p.Locs[a], l.p.Locs[b]
	lb.Labels = append(lb.Labels, la.Labels...)
	lb.Flags |= la.Flags & (EndLoc | ProgressLoc | AcceptLoc | CompoundLoc)
	lb.Out = append(lb.Out, la.Out...)
	l.parent[a] = b
}

// labelKey is the key in l.labels of a label named in the current
// context: a label declared in the body of an inline being expanded is
// the one of this expansion (name#N), so that a goto inside the body
// jumps within its own expansion, as in SPIN; any other is its name.
func (l *lowerer) labelKey(name string) string {
	for i := len(l.env) - 1; i >= 0; i-- {
		if e := l.env[i]; e.labels[name] {
			return name + "#" + strconv.Itoa(e.id)
		}
	}
	return name
}

// labelName is the name of the label whose key is key.
func labelName(key string) string {
	if i := strings.IndexByte(key, '#'); i >= 0 {
		return key[:i]
	}
	return key
}

func (l *lowerer) labelLoc(name string) int {
	name = l.labelKey(name)
	if id, ok := l.labels[name]; ok {
		return id
	}
	save, saveD := l.region, l.dstep
	l.region, l.dstep = 0, false
	id := l.newLoc()
	l.region, l.dstep = save, saveD
	l.labels[name] = id
	return id
}

func (l *lowerer) defineLabel(name string, pos token.Position, at int) {
	if l.inlineLabel[name] && l.labelKey(name) == name {
		// a label of the proctype itself with the name of a label of an
		// inline expanded before: named from outside, it is this one
		delete(l.inlineLabel, name)
		delete(l.labels, name)
	}
	lid := l.labelLoc(name)
	loc := l.p.Locs[lid]
	if loc.Pos.IsValid() {
		l.errs.Errorf(pos, "label %s redeclared", name)
	}
	if l.labelKey(name) != name {
		// a label of an inline expansion: named from outside the
		// expansion (a goto, P@label), it is the latest expansion's, as
		// SPIN's label lookup falls back to the most recent declaration
		old, ok := l.labels[name]
		switch {
		case !ok || l.inlineLabel[name]:
			l.labels[name] = lid
			l.inlineLabel[name] = true
		case !l.p.Locs[old].Pos.IsValid() && len(l.p.Locs[old].Labels) == 0:
			// a goto from outside came first
			l.alias(old, lid)
			l.labels[name] = lid
			l.inlineLabel[name] = true
		}
	}
	loc.Pos = pos
	loc.Labels = append(loc.Labels, name)
	switch {
	case strings.HasPrefix(name, "end"):
		loc.Flags |= EndLoc
	case strings.HasPrefix(name, "progress"):
		loc.Flags |= ProgressLoc
	case strings.HasPrefix(name, "accept"):
		loc.Flags |= AcceptLoc
	}
	l.alias(lid, at)
}

// defineAlias defines a label at location at as a name only: it makes
// no end, progress or accept state.
func (l *lowerer) defineAlias(name string, pos token.Position, at int) {
	lid := l.labelLoc(name)
	loc := l.p.Locs[lid]
	if loc.Pos.IsValid() {
		l.errs.Errorf(pos, "label %s redeclared", name)
	}
	loc.Pos = pos
	loc.Labels = append(loc.Labels, name)
	l.alias(lid, at)
}

func (l *lowerer) proc(p *Proc, params []*ast.VarDecl, provided ast.Expr, body *ast.Block) {
	l.p = p
	l.locals = map[string]*Var{}
	l.scopes = []map[string]*Var{l.locals}
	l.parent = nil
	l.labels = map[string]int{}
	l.inlineLabel = map[string]bool{}
	l.region, l.dstep, l.escDep = 0, false, 0
	l.breaks, l.breakLast, l.collect, l.env, l.pending = nil, nil, nil, nil, nil
	l.info = &l.chk.Info
	l.prio = nil
	if l.prog.UsesPriority && p.Kind != NeverClaim && p.Kind != TraceSeq {
		// pan's _priority field: the first local of every process
		prio := p.Priority
		if prio == 0 {
			prio = 1
		}
		l.prio = &Var{Name: "_priority", Type: Type{Kind: ast.Byte}, Init: &Const{int64(prio)}, Pos: p.Pos}
		l.addLocal(l.prio)
	}
	l.tail, l.lAtom, l.breakN = false, map[int]bool{}, 0
	l.deadLabels = map[string]bool{}
	for _, d := range params {
		for _, v := range l.varDecl(d) {
			v.Param = true
			l.addLocal(v)
			p.Params = append(p.Params, v)
		}
	}
	if provided != nil {
		p.Provided = l.expr(provided)
	}
	l.atomicLabels = map[string]bool{}
	if body != nil {
		ast.Inspect(body, func(n ast.Node) bool {
			if a, ok := n.(*ast.AtomicStmt); ok {
				ast.Inspect(a.Body, func(n ast.Node) bool {
					if ls, ok := n.(*ast.LabeledStmt); ok {
						l.atomicLabels[ls.Label.Name] = true
					}
					_, isD := n.(*ast.DStepStmt)
					return !isD
				})
				return false
			}
			return true
		})
	}
	start := l.newLoc()
	end := l.newLoc()
	if body != nil {
		// declarations before the first statement are initialized when
		// the process is created; later ones where they stand
		stmts := body.Stmts
		for len(stmts) > 0 {
			d, ok := stmts[0].(*ast.VarDecl)
			if !ok {
				break
			}
			for _, v := range l.varDecl(d) {
				l.addLocal(v)
			}
			stmts = stmts[1:]
		}
		l.spin, l.numPath, l.locNum = spinNumbering(stmts, l.callDecls), "", map[int]int{}
		l.bodyStart, l.bodyEnd = start, end
		l.seq(stmts, start, end, false)
		l.bodyStart, l.bodyEnd = -1, -1
		l.noteLoc(end, l.spin.c)
	}
	p.Locs[end].Flags |= FinalLoc | EndLoc
	if p.Kind != NeverClaim {
		l.emit(&Trans{From: end, To: end, Kind: TEnd, Text: "-end-", Pos: l.pos(body.Rbrace)})
	}
	for name, id := range l.labels {
		if !p.Locs[id].Pos.IsValid() && len(p.Locs[id].Labels) == 0 {
			l.errs.Errorf(p.Pos, "label %s used but not defined in %s", labelName(name), p.Name)
		}
	}
	l.finish(start, end)
}

// addLocal makes v a local of the current process. (A local declared in
// an inline body is a new variable at each expansion: the checker gives
// it a symbol per expansion, as SPIN names them _1_2_temp and so on.)
func (l *lowerer) addLocal(v *Var) {
	v.Proc = l.p
	v.Index = len(l.p.Locals)
	l.p.Locals = append(l.p.Locals, v)
}

// finish resolves aliases, renumbers the locations, orders transitions
// and computes atomic flags.
func (l *lowerer) finish(start, end int) {
	p := l.p
	newID := make([]int, len(p.Locs))
	var locs []*Loc
	for i, loc := range p.Locs {
		if l.find(i) == i {
			newID[i] = len(locs)
			locs = append(locs, loc)
		}
	}
	for i := range p.Locs {
		newID[i] = newID[l.find(i)]
	}
	for _, loc := range locs {
		loc.ID = newID[loc.ID]
	}
	for name, id := range l.labels {
		l.labels[name] = newID[id]
	}
	p.Labels = l.labels
	p.DeadLabels = l.deadLabels
	p.Locs = locs
	p.Start, p.End = newID[start], newID[end]
	l.spinStates(newID)
	l.spin = nil
	for _, loc := range locs {
		for _, t := range loc.Out {
			t.From, t.To = newID[t.From], newID[t.To]
			if t.Kind == TDStep {
				t.DStart = newID[t.DStart]
			}
		}
		// stable sort by level
		out := loc.Out
		for i := 1; i < len(out); i++ {
			for j := i; j > 0 && out[j].Level < out[j-1].Level; j-- {
				out[j], out[j-1] = out[j-1], out[j]
			}
		}
	}
	for _, loc := range locs {
		for _, t := range loc.Out {
			if t.Region != 0 && t.Kind != TEnd {
				to := locs[t.To]
				// the target continues an atomic sequence (this one,
				// or another one entered by a goto: SPIN bridges them)
				t.Atomic = to.Region != 0
			}
			t.ID = len(l.prog.Trans)
			l.prog.Trans = append(l.prog.Trans, t)
		}
	}
}

func (l *lowerer) emit(t *Trans) {
	t.Proc = l.p
	if t.Level == 0 {
		t.Level = MainLevel
	}
	if t.Region == 0 {
		t.Region = l.region
	}
	if l.labelNext {
		t.Labelled = true
		l.labelNext = false
	}
	if l.dstep {
		t.Region = 0
	}
	from := l.find(t.From)
	l.p.Locs[from].Out = append(l.p.Locs[from].Out, t)
	if l.p.Locs[from].Flags&DStepLoc == 0 {
		for _, c := range l.collect {
			if !c.seen[from] {
				c.seen[from] = true
				c.locs = append(c.locs, from)
			}
		}
	}
	if !l.p.Locs[from].Pos.IsValid() {
		l.p.Locs[from].Pos = t.Pos
	}
}

// stripLabels returns the statement under any labels, and the labels.
func stripLabels(s ast.Stmt) (ast.Stmt, []*ast.Ident) {
	var labels []*ast.Ident
	for {
		ls, ok := s.(*ast.LabeledStmt)
		if !ok {
			return s, labels
		}
		labels = append(labels, ls.Label)
		if ls.Stmt == nil {
			return nil, labels
		}
		s = ls.Stmt
	}
}

// jumpTarget returns the target location of a goto or break, or -1.
func (l *lowerer) jumpTarget(s ast.Stmt) int {
	switch s := s.(type) {
	case *ast.GotoStmt:
		return l.labelLoc(s.Label.Name)
	case *ast.BreakStmt:
		if len(l.breaks) == 0 {
			return -1
		}
		return l.breaks[len(l.breaks)-1]
	}
	return -1
}

// seq lowers a statement sequence from location from to location to.
// branch says that from is a branch location (the first statement is an
// option's guard).
func (l *lowerer) seq(stmts []ast.Stmt, from, to int, branch bool) {
	real := l.seqStmts(stmts)
	cur := from
	first := true
	for i := 0; i < len(real); i++ {
		inner, labels := stripLabels(real[i])
		if inner == nil { // labels with no statement: they label what follows
			for _, lb := range labels {
				l.pending = append(l.pending, pendingLabel{lb.Name, l.pos(lb.NamePos)})
			}
			continue
		}
		for _, lb := range labels {
			l.pending = append(l.pending, pendingLabel{lb.Name, l.pos(lb.NamePos)})
		}
		labelled := len(l.pending) > 0
		l.flushLabels(cur)
		// A jump that starts a plain sequence (a proctype body) is no
		// step: the sequence starts at its target (SPIN hunts the start
		// state through jumps).
		if first && !branch && !l.inRegion() {
			if t := l.jumpTarget(inner); t >= 0 && !l.keepLabels(labels) {
				for _, lb := range labels {
					l.deadLabels[lb.Name] = true
				}
				l.alias(cur, t)
				first = false
				if l.nextReal(real, i+1) >= 0 {
					cur = l.newLoc()
				} else {
					cur = to
				}
				continue
			}
		}
		// the tail of an atomic body: its last statement is SPIN's L_ATOM
		saveTail := l.tail
		if l.nextReal(real, i+1) >= 0 {
			l.tail = false
		}
		next, skip := l.stepTarget(real, i, to, saveTail)
		l.labelNext = labelled
		l.stmt(inner, cur, next, branch && first)
		l.labelNext = false
		l.tail = saveTail
		first = false
		if skip > 0 {
			i += skip
			if l.nextReal(real, i+1) >= 0 {
				next = l.newLoc() // unreachable unless labeled
			} else {
				next = to
			}
		}
		cur = next
	}
	l.flushLabels(to)
	if first && len(real) == 0 && from != to {
		if from == l.bodyStart && to == l.bodyEnd && l.region == 0 && !l.dstep {
			// a proctype body with declarations only: SPIN's process
			// has only its -end- state
			l.alias(from, to)
			return
		}
		// an empty sequence: a skip
		l.emit(&Trans{From: from, To: to, Kind: TExpr, X: &Const{1}, Text: "(1)"})
	}
}

// seqStmts returns a sequence's statements as they are lowered:
// declarations registered and dropped (those with an initial value
// become assignments), channel assertions applied, labelled jumps split
// and labels that label nothing on a skip.
func (l *lowerer) seqStmts(stmts []ast.Stmt) []ast.Stmt {
	var real []ast.Stmt
	for _, s := range stmts {
		inner, labels := stripLabels(s)
		switch d := inner.(type) {
		case *ast.VarDecl:
			real = append(real, l.declInits(d, labels)...)
			continue
		case *ast.ChanAssert:
			l.chanAssert(d)
			continue
		}
		real = append(real, s)
	}
	real = splitLabelledJumps(real)
	for i, s := range real {
		if inner, labels := stripLabels(s); inner == nil && len(labels) > 0 {
			real[i] = l.labelledSkip(s, labels)
		}
	}
	return real
}

// declInits registers a declaration's variables and returns the
// assignments of their initial values (a declaration after the first
// statement is an assignment), the first carrying the labels.
func (l *lowerer) declInits(d *ast.VarDecl, labels []*ast.Ident) []ast.Stmt {
	vars := l.varDecl(d)
	for _, v := range vars {
		l.addLocal(v)
	}
	var inits []ast.Stmt
	for i, v := range vars {
		if v.Chan != nil || v.Type.Struct != nil || v.Param {
			continue
		}
		v.MidBody = true
		spec := d.Vars[i]
		var lhs ast.Expr = spec.Name
		if v.Len > 0 {
			lhs = &ast.IndexExpr{X: spec.Name, Lbrack: spec.Name.NamePos, Index: &ast.IntLit{ValuePos: spec.Name.NamePos, Value: 0, Raw: "0"}}
		}
		rhs := spec.Init
		if rhs == nil && len(spec.InitList) > 0 {
			rhs = spec.InitList[0]
		}
		if rhs == nil {
			rhs = &ast.IntLit{ValuePos: spec.Name.NamePos, Value: 0, Raw: "0"}
		}
		inits = append(inits, &ast.AssignStmt{LHS: lhs, Eq: spec.Name.NamePos, RHS: rhs})
		l.noteSpec(spec, inits[len(inits)-1])
	}
	var out []ast.Stmt
	for j, st := range inits {
		if j == 0 {
			for k := len(labels) - 1; k >= 0; k-- {
				st = &ast.LabeledStmt{Label: labels[k], Stmt: st}
			}
		}
		out = append(out, st)
	}
	if len(inits) == 0 && len(labels) > 0 {
		out = append(out, &ast.LabeledStmt{Label: labels[0]})
	}
	return out
}

// chanAssert marks the channels of xs or xr as sent or received by one
// process only.
func (l *lowerer) chanAssert(d *ast.ChanAssert) {
	for _, x := range d.Chans {
		if r, ok := l.expr(x).(*Ref); ok && r.Var != nil {
			if d.Send {
				r.Var.XS = true
			} else {
				r.Var.XR = true
			}
		}
	}
}

// stepTarget returns where statement real[i] of a sequence ending at to
// leads: to when it is the last, the target of the jump that follows it
// (skip: how many statements that jump and its labels take), else a new
// location.
func (l *lowerer) stepTarget(real []ast.Stmt, i, to int, saveTail bool) (next, skip int) {
	next = to
	j := l.nextReal(real, i+1)
	if j < 0 {
		return next, 0
	}
	nin, nlabels := stripLabels(real[j])
	keep := l.keepLabels(nlabels)
	t := l.jumpTarget(nin)
	if t < 0 || keep {
		next = l.newLoc()
		if saveTail && l.inRegion() && l.nextReal(real, j+1) < 0 && isSimple(nin) {
			l.lAtom[next] = true
		}
		return next, 0
	}
	target := t
	t = l.materialize(nin, t)
	for k := i + 1; k < j; k++ {
		_, lbs := stripLabels(real[k])
		nlabels = append(nlabels, lbs...)
	}
	for _, lb := range nlabels {
		if t == target {
			// the jump is no state: an end, progress or
			// accept label left on it (splitLabelledJumps
			// moved its first label) marks nothing in SPIN
			l.defineAlias(lb.Name, l.pos(lb.NamePos), t)
		} else {
			l.defineLabel(lb.Name, l.pos(lb.NamePos), t)
		}
		// the labelled jump is not a state of its own: no
		// process is ever "at" this label (Proc@label)
		l.deadLabels[lb.Name] = true
	}
	return t, j - i
}

// labelledSkip is s, labels with no statement after them (`L: }`, `L: ;`),
// as SPIN's grammar reads them: the labels on a skip (spin.y, NAME ':'
// makes the statement (1)). The skip keeps the number SPIN gives it.
func (l *lowerer) labelledSkip(s ast.Stmt, labels []*ast.Ident) ast.Stmt {
	var st ast.Stmt = &ast.ExprStmt{X: &ast.IntLit{ValuePos: labels[len(labels)-1].NamePos, Value: 1, Raw: "1"}}
	if l.spin != nil {
		if n, ok := l.spin.num[numKey{s, l.numPath}]; ok {
			l.spin.num[numKey{st, l.numPath}] = n
		}
	}
	for k := len(labels) - 1; k >= 0; k-- {
		st = &ast.LabeledStmt{Label: labels[k], Stmt: st}
	}
	return st
}

// nextReal is the index of the next statement at or after i that is not
// only labels, or -1.
func (l *lowerer) nextReal(real []ast.Stmt, i int) int {
	for ; i < len(real); i++ {
		if inner, _ := stripLabels(real[i]); inner != nil {
			return i
		}
	}
	return -1
}

func (l *lowerer) flushLabels(at int) {
	for _, pl := range l.pending {
		l.defineLabel(pl.name, pl.pos, at)
	}
	l.pending = l.pending[:0]
}

func (l *lowerer) stmt(s ast.Stmt, from, to int, branch bool) {
	pos := l.pos(s.Pos())
	l.noteStmt(s, from)
	switch s := s.(type) {
	case *ast.IfStmt, *ast.DoStmt, *ast.BlockStmt, *ast.AtomicStmt, *ast.UnlessStmt, *ast.InlineCall, *ast.DStepStmt:
		// an element of its own in SPIN: statement merging stops here
		l.labelNext = false
		l.p.Locs[l.find(from)].Flags |= CompoundLoc
	case *ast.SelectStmt:
		l.labelNext = false
		if _, ok := s.Lo.(*ast.IntLit); ok {
			// the lexical expansion into one option per value is an if
			l.p.Locs[l.find(from)].Flags |= CompoundLoc
		}
	case *ast.ForStmt:
		l.labelNext = false
	}
	switch s := s.(type) {
	case *ast.ExprStmt:
		x := l.expr(s.X)
		l.emit(&Trans{From: from, To: to, Kind: TExpr, X: x, Text: l.guardText(s.X), Pos: pos})
	case *ast.ElseStmt:
		l.emit(&Trans{From: from, To: to, Kind: TElse, Text: "else", Pos: pos})
	case *ast.AssignStmt:
		l.assignStmt(s, from, to, pos)
	case *ast.IncDecStmt:
		lhs := l.lvalue(s.X)
		inc, op := 1, "+"
		if s.Tok == token.DEC {
			inc, op = -1, "-"
		}
		l.emit(&Trans{From: from, To: to, Kind: TIncDec, LHS: lhs, Inc: inc, Text: l.exprText(s.X) + " = (" + l.exprText(s.X) + op + "1)", Pos: pos})
	case *ast.SendStmt:
		l.sendStmt(s, from, to, pos)
	case *ast.RecvStmt:
		l.recvStmt(s, from, to, pos)
	case *ast.IfStmt:
		l.ifStmt(s, from, to)
	case *ast.DoStmt:
		l.doStmt(s, from, to, branch)
	case *ast.BreakStmt:
		if len(l.breaks) == 0 {
			l.errorf(s.Pos(), "break outside a do loop")
			return
		}
		l.emit(&Trans{From: from, To: l.breaks[len(l.breaks)-1], Kind: TGoto, Text: "break", Pos: pos})
	case *ast.GotoStmt:
		l.emit(&Trans{From: from, To: l.labelLoc(s.Label.Name), Kind: TGoto, Text: "goto " + s.Label.Name, Pos: pos})
	case *ast.LabeledStmt:
		inner, labels := stripLabels(s)
		for _, lb := range labels {
			l.defineLabel(lb.Name, l.pos(lb.NamePos), from)
		}
		if inner != nil {
			l.labelNext = true
			l.stmt(inner, from, to, branch)
		}
	case *ast.AtomicStmt:
		l.atomicStmt(s, from, to, branch)
	case *ast.DStepStmt:
		l.dstepStmt(s, from, to, branch, pos)
	case *ast.BlockStmt:
		l.pushScope()
		l.seq(s.Body.Stmts, from, to, true)
		l.popScope()
	case *ast.UnlessStmt:
		l.unlessStmt(s, from, to, branch)
	case *ast.SelectStmt:
		l.selectStmt(s, from, to, pos)
	case *ast.ForStmt:
		l.forStmt(s, from, to, pos)
	case *ast.AssertStmt:
		l.emit(&Trans{From: from, To: to, Kind: TAssert, X: l.expr(s.X), Text: "assert(" + l.exprText(s.X) + ")", Pos: pos})
	case *ast.PrintfStmt:
		l.printfStmt(s, from, to, pos)
	case *ast.PrintmStmt:
		l.emit(&Trans{From: from, To: to, Kind: TPrintm, X: l.expr(s.X), Text: "printm(" + l.exprText(s.X) + ")", Pos: pos})
	case *ast.InlineCall:
		save := l.numPath
		l.numPath = inlinePath(save, s)
		l.inlineCall(s, from, to, branch)
		l.numPath = save
	case *ast.SetPriority:
		l.prog.UsesPriority = true
		l.emit(&Trans{From: from, To: to, Kind: TSetPrio, Pid: l.expr(s.Pid), X: l.expr(s.Prio), Text: "set_priority(" + l.exprText(s.Pid) + "," + l.exprText(s.Prio) + ")", Pos: pos})
	case *ast.VarDecl:
		for _, v := range l.varDecl(s) {
			l.addLocal(v)
		}
		l.emit(&Trans{From: from, To: to, Kind: TExpr, X: &Const{1}, Text: "(1)", Pos: pos})
	case *ast.CCode:
		l.errorf(s.Pos(), "embedded C code is not supported")
	default:
		l.errorf(s.Pos(), "unsupported statement %T", s)
	}
}

// assignStmt lowers an assignment (_ = e drops e's value) to one TAssign
// transition.
func (l *lowerer) assignStmt(s *ast.AssignStmt, from, to int, pos token.Position) {
	if id, ok := s.LHS.(*ast.Ident); ok && id.Name == "_" {
		// _ = e: e is evaluated and its value dropped
		l.emit(&Trans{From: from, To: to, Kind: TAssign, X: l.expr(s.RHS), Text: "_ = " + l.exprText(s.RHS), Pos: pos})
		return
	}
	lhs := l.lvalue(s.LHS)
	rhs := l.expr(s.RHS)
	l.emit(&Trans{From: from, To: to, Kind: TAssign, LHS: lhs, X: rhs, Text: l.exprText(s.LHS) + " = " + l.exprText(s.RHS), Pos: pos})
}

// sendStmt lowers a send to one TSend transition.
func (l *lowerer) sendStmt(s *ast.SendStmt, from, to int, pos token.Position) {
	t := &Trans{From: from, To: to, Kind: TSend, Chan: l.expr(s.Chan), Sorted: s.Sorted, Pos: pos, ChanText: l.exprText(s.Chan)}
	if l.p.Kind == TraceSeq {
		// a send of a trace sequence matches a message as a receive
		// does: its constants must equal the message's fields, `_`
		// and variables match anything (pan compares constants)
		t.RArgs = l.recvArgs(s.Args)
	} else {
		for _, a := range s.Args {
			t.Args = append(t.Args, flattenExpr(l.expr(a))...)
		}
	}
	op := "!"
	if s.Sorted {
		op = "!!"
	}
	t.Text = l.exprText(s.Chan) + op + l.exprList(s.Args)
	l.emit(t)
}

// recvStmt lowers a receive to one TRecv transition.
func (l *lowerer) recvStmt(s *ast.RecvStmt, from, to int, pos token.Position) {
	t := &Trans{From: from, To: to, Kind: TRecv, Chan: l.expr(s.Chan), Random: s.Random, Keep: s.Keep, Pos: pos, ChanText: l.exprText(s.Chan)}
	t.RArgs = l.recvArgs(s.Args)
	op := "?"
	if s.Random {
		op = "??"
	}
	if s.Keep {
		t.Text = l.exprText(s.Chan) + op + "<" + l.exprList(s.Args) + ">"
	} else {
		t.Text = l.exprText(s.Chan) + op + l.exprList(s.Args)
	}
	l.emit(t)
}

// ifStmt lowers an if: each option a sequence from the if's location to
// its end.
func (l *lowerer) ifStmt(s *ast.IfStmt, from, to int) {
	// SPIN marks the last element of an atomic sequence (L_ATOM): for
	// an if or a do that is its exit target, never a statement of
	// an option (flow.c make_atomic)
	saveTail := l.tail
	l.tail = false
	defer func() { l.tail = saveTail }()
	end := to
	if l.inRegion() && l.nonAtom(to) {
		end = l.newLoc() // the end of the if stays a step of its own
		if saveTail {
			// the if ends the atomic sequence: its '.' is the
			// sequence's last element, where an inner if's or do's
			// exit stops too
			l.lAtom[end] = true
		}
	}
	for _, o := range elseLast(s.Options) {
		n := len(l.p.Locs[l.find(from)].Out)
		l.seq(l.pruneSkips(o.Stmts), from, end, true)
		l.markDeadLink(o.Stmts, from, n)
	}
	if end != to {
		l.noteAfter(s, end, 1)
		l.emit(&Trans{From: end, To: to, Kind: TGoto, Text: ".(goto)", Pos: l.pos(s.Fi)})
	}
}

// doStmt lowers a do: its options loop back to its head (a location of its
// own when it is an option's first statement), break leaves to its exit.
func (l *lowerer) doStmt(s *ast.DoStmt, from, to int, branch bool) {
	saveTail := l.tail
	l.tail = false // as for if
	defer func() { l.tail = saveTail }()
	head := from
	if branch {
		head = l.newLoc()
		if l.region != 0 && !l.dstep {
			l.p.Locs[head].Region = l.region
		}
		l.p.Locs[head].Flags |= CompoundLoc
		l.noteStmt(s, head)
	}
	// Inside an atomic sequence, a loop whose exit leaves the
	// sequence (or reaches its last statement) keeps its break target
	// as a transition of its own (SPIN does not shorten jump chains
	// across the end of an atomic sequence).
	exit, last := to, false
	if l.inRegion() && l.nonAtom(to) {
		exit = l.newLoc()
		last = l.p.Locs[l.find(to)].Region == 0
		if saveTail {
			l.lAtom[exit] = true // as for if: the do's break target
		}
	}
	l.breaks = append(l.breaks, exit)
	l.breakLast = append(l.breakLast, last)
	for _, o := range elseLast(s.Options) {
		n := len(l.p.Locs[l.find(head)].Out)
		l.seq(l.pruneSkips(o.Stmts), head, head, true)
		l.markDeadLink(o.Stmts, head, n)
	}
	l.breaks = l.breaks[:len(l.breaks)-1]
	l.breakLast = l.breakLast[:len(l.breakLast)-1]
	if exit != to {
		// SPIN's labelled break target (:bN) after the do
		l.noteAfter(s, exit, 2)
		l.emit(&Trans{From: exit, To: to, Kind: TGoto, Text: "break", Pos: l.pos(s.Od), Labelled: true})
	}
	if head != from {
		l.copyOut(head, from, 0)
	}
}

// atomicStmt lowers an atomic sequence as a region of its own (one nested
// in a region or a d_step is its sequence only).
func (l *lowerer) atomicStmt(s *ast.AtomicStmt, from, to int, branch bool) {
	if l.region != 0 || l.dstep {
		l.seq(s.Body.Stmts, from, to, branch)
		return
	}
	l.regions++
	l.region = l.regions
	saveTail := l.tail
	l.tail = true
	l.pushScope()
	l.seq(s.Body.Stmts, from, to, true)
	l.popScope()
	l.tail = saveTail
	l.region = 0
}

// dstepStmt lowers a d_step to one TDStep transition whose body is a
// sequence of its own (a d_step inside one is its sequence only).
func (l *lowerer) dstepStmt(s *ast.DStepStmt, from, to int, branch bool, pos token.Position) {
	if l.dstep {
		l.seq(s.Body.Stmts, from, to, branch)
		return
	}
	saveR := l.region
	l.dstep = true
	saveC := l.collect
	l.collect = nil
	entry := l.newLoc()
	l.pushScope()
	l.seq(s.Body.Stmts, entry, to, false)
	l.popScope()
	l.dstep = false
	l.collect = saveC
	l.region = saveR
	l.emit(&Trans{From: from, To: to, Kind: TDStep, DStart: entry, Text: fmt.Sprintf("D_STEP%d", pos.Line), Pos: pos})
}

// unlessStmt lowers the main sequence, collecting its locations, then the
// escape, whose first transitions it copies out of each of them.
func (l *lowerer) unlessStmt(s *ast.UnlessStmt, from, to int, branch bool) {
	l.escDep++
	level := l.escDep
	c := &collector{seen: map[int]bool{}}
	l.collect = append(l.collect, c)
	if b, ok := s.Main.(*ast.BlockStmt); ok {
		// SPIN drops the braces of a main sequence (flow.c
		// do_unless: a NON_ATOMIC's sequence is the main one), so a
		// do that opens it loops to the unless's own state
		l.p.Locs[l.find(from)].Flags |= CompoundLoc
		l.pushScope()
		l.seq(b.Body.Stmts, from, to, branch)
		l.popScope()
	} else {
		l.stmt(s.Main, from, to, branch)
	}
	l.collect = l.collect[:len(l.collect)-1]
	eh := l.newLoc()
	l.stmt(s.Escape, eh, to, false)
	l.escDep--
	for _, loc := range c.locs {
		l.copyOut(eh, loc, level)
	}
}

// printfStmt lowers a printf to one TPrintf transition.
func (l *lowerer) printfStmt(s *ast.PrintfStmt, from, to int, pos token.Position) {
	t := &Trans{From: from, To: to, Kind: TPrintf, Pos: pos}
	if s.Format != nil {
		t.Format = s.Format.Value
	}
	for _, a := range s.Args {
		t.PArgs = append(t.PArgs, l.expr(a))
	}
	t.Text = "printf('" + t.Format + "'" + l.prefixComma(s.Args) + ")"
	l.emit(t)
}

// copyOut copies the transitions leaving src to dst (escapes, hoisted
// options), with the given level (0: keep the transition's level).
func (l *lowerer) copyOut(src, dst, level int) {
	src = l.find(src)
	for _, t := range l.p.Locs[src].Out {
		c := *t
		c.From = dst
		if level != 0 {
			c.Level = level
		}
		l.emit(&c)
	}
}

func (l *lowerer) forStmt(s *ast.ForStmt, from, to int, pos token.Position) {
	if s.In != nil {
		if r, ok := l.expr(s.In).(*Ref); ok && r.Var != nil && r.Var.Type.Kind == ast.Chan && len(r.Path) == 0 && (r.Index != nil || r.Var.Len == 0) {
			l.forChan(s, r, from, to, pos)
			return
		}
	}
	lhs := l.lvalue(s.Var)
	var lo, hi Expr
	var hiText string
	if s.In != nil {
		// for (i in a): i ranges over the indices of array a
		lo = &Const{0}
		n := 0
		if r, ok := l.expr(s.In).(*Ref); ok && r.Var != nil {
			n = r.Var.Len
			if len(r.Path) > 0 {
				n = r.Path[len(r.Path)-1].Field.Len
			}
		}
		if n == 0 {
			l.errorf(s.In.Pos(), "for ... in needs an array")
		}
		hi = &Const{int64(n - 1)}
		hiText = fmt.Sprint(n - 1)
	} else {
		lo, hi = l.expr(s.Lo), l.expr(s.Hi)
		hiText = l.exprText(s.Hi)
	}
	head := l.newLoc()
	vt := l.exprText(s.Var)
	lot := "0"
	if s.Lo != nil {
		lot = l.exprText(s.Lo)
	}
	l.emit(&Trans{From: from, To: head, Kind: TAssign, LHS: lhs, X: lo, Text: vt + " = " + lot, Pos: pos})
	body := l.newLoc()
	l.emit(&Trans{From: head, To: body, Kind: TExpr, X: &Binary{Op: token.LEQ, X: lhs, Y: hi}, Text: "((" + vt + "<=" + hiText + "))", Pos: pos})
	// SPIN's loop is a do with the option "else -> break": inside an
	// atomic sequence its exit stays a step, as a do's does, and the
	// break too when the loop's exit leaves the sequence
	exit, last := to, false
	if l.inRegion() && l.nonAtom(to) {
		exit = l.newLoc()
		last = l.p.Locs[l.find(to)].Region == 0
	}
	elseTo := exit
	var brk int
	if last {
		brk = l.newLoc()
		elseTo = brk
	}
	l.emit(&Trans{From: head, To: elseTo, Kind: TElse, Text: "else", Pos: pos})
	if last {
		l.emit(&Trans{From: brk, To: exit, Kind: TGoto, Text: fmt.Sprintf("goto :b%d", l.breakN), Pos: pos})
		l.breakN++
	}
	if exit != to {
		l.emit(&Trans{From: exit, To: to, Kind: TGoto, Text: "break", Pos: pos, Labelled: true})
	}
	inc := l.newLoc()
	if exit != to {
		l.noteFor(s, head, inc, brk, exit)
	} else {
		l.noteFor(s, head, inc, 0, 0)
	}
	l.forBody(s.Body.Stmts, body, inc, exit, last)
	l.emit(&Trans{From: inc, To: head, Kind: TIncDec, LHS: lhs, Inc: 1, Text: vt + " = (" + vt + "+1)", Pos: pos})
}

// inlineCall expands the inline call s: its body, lowered with the side
// tables of this expansion.
func (l *lowerer) inlineCall(s *ast.InlineCall, from, to int, branch bool) {
	exp := l.info.Expansions[s]
	if exp == nil {
		l.errorf(s.Name.NamePos, "internal error: inline call %s was not expanded by the checker", s.Name.Name)
		return
	}
	l.expansions++
	env := &inlineEnv{exp: exp, outer: len(l.env), info: l.info, labels: inlineLabels(exp.Decl), id: l.expansions}
	l.env = append(l.env, env)
	l.info = &exp.Info
	l.pushScope()
	l.seq(exp.Decl.Body.Stmts, from, to, true)
	l.popScope()
	l.info = env.info
	l.env = l.env[:len(l.env)-1]
}

// arg returns what the parameter use id stands for in the innermost
// expansion: the call's argument, with the environment and side tables
// of the call's context, which restore undoes.
func (l *lowerer) arg(id *ast.Ident) (a ast.Expr, restore func(), ok bool) {
	n := len(l.env)
	if n == 0 {
		return nil, nil, false
	}
	env := l.env[n-1]
	a, ok = l.info.Args[id]
	if !ok {
		return nil, nil, false
	}
	saveEnv, saveInfo := l.env, l.info
	l.env, l.info = l.env[:env.outer], env.info
	return a, func() { l.env, l.info = saveEnv, saveInfo }, true
}

// inlineLabels returns the names of the labels declared in the body of d.
func inlineLabels(d *ast.InlineDecl) map[string]bool {
	names := map[string]bool{}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if ls, ok := n.(*ast.LabeledStmt); ok {
			names[ls.Label.Name] = true
		}
		_, isExpr := n.(ast.Expr)
		return !isExpr
	})
	return names
}

func (l *lowerer) recvArgs(args []ast.Expr) []RecvArg {
	var out []RecvArg
	for _, a := range args {
		ra := l.recvArg(a)
		if ra.Var != nil {
			for _, x := range flattenExpr(ra.Var) {
				out = append(out, RecvArg{Var: x.(*Ref)})
			}
			continue
		}
		out = append(out, ra)
	}
	return out
}

func (l *lowerer) recvArg(a ast.Expr) RecvArg {
	a = ast.Unparen(a)
	switch a := a.(type) {
	case *ast.EvalExpr:
		return RecvArg{Match: l.expr(a.X)}
	case *ast.Ident:
		if a.Name == "_" {
			return RecvArg{Wild: true}
		}
		x := l.expr(a)
		if r, ok := x.(*Ref); ok {
			return RecvArg{Var: r}
		}
		return RecvArg{Match: x}
	case *ast.IntLit, *ast.UnaryExpr:
		return RecvArg{Match: l.expr(a)}
	}
	x := l.expr(a)
	if r, ok := x.(*Ref); ok {
		return RecvArg{Var: r}
	}
	return RecvArg{Match: x}
}

// ---------------------------------------------------------------------
// Expressions

func (l *lowerer) lvalue(e ast.Expr) *Ref {
	x := l.expr(e)
	r, ok := x.(*Ref)
	if !ok {
		l.errorf(e.Pos(), "not assignable: %s", l.exprText(e))
		return &Ref{Var: &Var{Name: "_bad", Type: Type{Kind: ast.Int}}}
	}
	if r.Remote != nil {
		l.errorf(e.Pos(), "cannot assign to a remote variable")
	}
	r.Var.Used = true
	return r
}

func (l *lowerer) expr(e ast.Expr) Expr {
	switch e := e.(type) {
	case nil:
		return &Const{0}
	case *ast.IntLit:
		return &Const{e.Value}
	case *ast.Ident:
		return l.ident(e)
	}
	if v, ok := l.info.Consts[e]; ok {
		return &Const{v} // folded by the checker
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return l.expr(e.X)
	case *ast.UnaryExpr:
		return &Unary{Op: e.Op, X: l.expr(e.X)}
	case *ast.BinaryExpr:
		// the left spine of a chain a+b+c+... with a loop (the depth of
		// the recursion is the expression's nesting, not its length)
		spine := []*ast.BinaryExpr{e}
		for {
			b, ok := spine[len(spine)-1].X.(*ast.BinaryExpr)
			if !ok {
				break
			}
			if _, folded := l.info.Consts[b]; folded {
				break
			}
			spine = append(spine, b)
		}
		x := l.expr(spine[len(spine)-1].X)
		for i := len(spine) - 1; i >= 0; i-- {
			x = &Binary{Op: spine[i].Op, X: x, Y: l.expr(spine[i].Y), Pos: l.pos(spine[i].OpPos)}
		}
		return x
	case *ast.CondExpr:
		return &Cond{C: l.expr(e.Cond), T: l.expr(e.Then), E: l.expr(e.Else)}
	case *ast.IndexExpr:
		return l.indexExpr(e)
	case *ast.SelectorExpr:
		return l.selectorExpr(e)
	case *ast.RemoteVar:
		return l.remoteVar(e)
	case *ast.RemoteLabel:
		return l.remoteLabel(e)
	case *ast.RunExpr:
		return l.runExpr(e)
	case *ast.CallExpr:
		return l.callExpr(e)
	case *ast.PollExpr:
		return &Poll{Chan: l.expr(e.Chan), Random: e.Random, Args: l.recvArgs(e.Args)}
	case *ast.TimeoutExpr:
		return &Call{Fn: BTimeout}
	case *ast.EvalExpr:
		return l.expr(e.X)
	case *ast.StringLit:
		l.errorf(e.Pos(), "string in an expression")
		return &Const{0}
	case *ast.CCode:
		l.errorf(e.Pos(), "embedded C code is not supported")
		return &Const{0}
	case *ast.InlineCallExpr:
		l.errorf(e.Pos(), "inline calls in expressions are not supported")
		return &Const{0}
	}
	l.errorf(e.Pos(), "unsupported expression %T", e)
	return &Const{0}
}

// indexExpr lowers x[i].
func (l *lowerer) indexExpr(e *ast.IndexExpr) Expr {
	x := l.expr(e.X)
	r, ok := x.(*Ref)
	if !ok {
		l.errorf(e.Pos(), "indexing a non-array")
		return &Const{0}
	}
	idx := l.expr(e.Index)
	if len(r.Path) > 0 {
		last := &r.Path[len(r.Path)-1]
		if last.Field.Len == 0 || last.Index != nil {
			l.errorf(e.Pos(), "%s is not an array", last.Field.Name)
		}
		last.Index = idx
	} else {
		if (r.Var.Len == 0 && r.Var.Type.Kind != ast.BadType) || r.Index != nil {
			l.errorf(e.Pos(), "%s is not an array", r.Var.Name)
		}
		r.Index = idx
	}
	return r
}

// selectorExpr lowers x.f.
func (l *lowerer) selectorExpr(e *ast.SelectorExpr) Expr {
	x := l.expr(e.X)
	r, ok := x.(*Ref)
	if !ok {
		l.errorf(e.Pos(), "field selection on a non-struct")
		return &Const{0}
	}
	t := r.Var.Type
	if len(r.Path) > 0 {
		t = r.Path[len(r.Path)-1].Field.Type
	}
	if t.Struct == nil {
		l.errorf(e.Sel.NamePos, "%s has no field %s", l.exprText(e.X), e.Sel.Name)
		return &Const{0}
	}
	f := l.vars[l.info.Uses[e.Sel]] // the field the checker resolved
	if f == nil {
		l.errorf(e.Sel.NamePos, "internal error: field %s of %s was not resolved by the checker", e.Sel.Name, t.Struct.Name)
		return &Const{0}
	}
	r.Path = append(r.Path, Sel{Field: f})
	return r
}

// remoteVar lowers P[i]:v, the local v of a process of P.
func (l *lowerer) remoteVar(e *ast.RemoteVar) Expr {
	p := l.procRef(e.Proc)
	sym := l.info.Uses[e.Var]
	if p == nil || sym == nil {
		l.errorf(e.Var.NamePos, "internal error: %s:%s was not resolved by the checker", e.Proc.Name, e.Var.Name)
		return &Const{0}
	}
	v := l.vars[sym]
	rem := &Remote{Proc: p}
	if e.Index != nil {
		rem.Pid = l.expr(e.Index)
	}
	r := &Ref{Var: v, Remote: rem, Pos: l.pos(e.Pos())}
	if v == nil {
		// the proctype may not have been lowered yet: resolve at the end
		r.Var = &Var{Name: e.Var.Name, Proc: p, Type: Type{Kind: ast.BadType}}
		l.lateRefs = append(l.lateRefs, lateRef{r, sym})
	}
	return r
}

// remoteLabel lowers P[i]@L, whether a process of P is at label L.
func (l *lowerer) remoteLabel(e *ast.RemoteLabel) Expr {
	p := l.procRef(e.Proc)
	if p == nil {
		l.errorf(e.Proc.NamePos, "internal error: proctype %s was not resolved by the checker", e.Proc.Name)
		return &Const{0}
	}
	rl := &RemoteLabel{Remote: Remote{Proc: p}, Loc: -1}
	if e.Index != nil {
		rl.Remote.Pid = l.expr(e.Index)
	}
	l.lateLabels = append(l.lateLabels, lateLabel{rl, e.Label.Name, l.pos(e.Label.NamePos)})
	return rl
}

// runExpr lowers run P(args).
func (l *lowerer) runExpr(e *ast.RunExpr) Expr {
	p := l.procRef(e.Proc)
	if p == nil || p.Kind != ProcType {
		l.errorf(e.Proc.NamePos, "internal error: proctype %s was not resolved by the checker", e.Proc.Name)
		return &Const{0}
	}
	r := &Run{Proc: p}
	for _, a := range e.Args {
		r.Args = append(r.Args, flattenExpr(l.expr(a))...)
	}
	if e.Priority != nil {
		r.Prio = l.expr(e.Priority)
		l.prog.UsesPriority = true
	}
	return r
}

// builtins are the predefined functions by their token.
var builtins = map[token.Token]Builtin{
	token.LEN: BLen, token.EMPTY: BEmpty, token.NEMPTY: BNempty,
	token.FULL: BFull, token.NFULL: BNfull, token.ENABLED: BEnabled,
	token.PC_VALUE: BPcValue, token.GET_PRIORITY: BGetPrio,
}

// callExpr lowers a call of a predefined function.
func (l *lowerer) callExpr(e *ast.CallExpr) Expr {
	fn, ok := builtins[e.Fun]
	if !ok {
		l.errorf(e.Pos(), "unknown function %s", e.Fun)
		return &Const{0}
	}
	if fn == BGetPrio {
		l.prog.UsesPriority = true
	}
	c := &Call{Fn: fn}
	for _, a := range e.Args {
		c.Args = append(c.Args, l.expr(a))
	}
	if len(c.Args) != 1 {
		l.errorf(e.Pos(), "%s takes one argument", e.Fun)
		return &Const{0}
	}
	return c
}

type lateLabel struct {
	rl   *RemoteLabel
	name string
	pos  token.Position
}

// procRef is the process of the proctype named by id (run, P:v, P@L).
func (l *lowerer) procRef(id *ast.Ident) *Proc {
	return l.procOf[l.chk.ProcRefs[id]]
}

// ident lowers a name by what the checker resolved it to.
func (l *lowerer) ident(e *ast.Ident) Expr {
	// a parameter of the innermost inline being expanded stands for the
	// argument, lowered where the call was written
	if a, restore, ok := l.arg(e); ok {
		x := l.expr(a)
		restore()
		return x
	}
	s := l.info.Uses[e]
	if s == nil {
		l.errorf(e.NamePos, "undefined: %s", e.Name)
		return &Const{0}
	}
	switch s.Kind {
	case check.MtypeSym:
		return &Const{s.Value}
	case check.BuiltinSym:
		switch s.Name {
		case "_pid":
			return &Call{Fn: BPid}
		case "_nr_pr":
			return &Call{Fn: BNrPr}
		case "_last":
			l.prog.UsesLast = true
			return &Call{Fn: BLast}
		case "np_":
			return &Call{Fn: BNp}
		case "_priority":
			if l.prio != nil {
				l.prio.Used = true
				return &Ref{Var: l.prio, Pos: l.pos(e.NamePos)}
			}
		}
		l.errorf(e.NamePos, "undefined: %s", e.Name)
		return &Const{0}
	}
	v := l.vars[s]
	if v == nil {
		l.errorf(e.NamePos, "internal error: %s has no variable", e.Name)
		return &Const{0}
	}
	v.Used = true
	return &Ref{Var: v, Pos: l.pos(e.NamePos)}
}

// inRegion reports whether statements are being lowered inside an atomic
// sequence (not a d_step).
func (l *lowerer) inRegion() bool { return l.region != 0 && !l.dstep }

// nonAtom reports whether location loc does not continue the current
// atomic sequence: it lies outside it, or it is its last statement.
func (l *lowerer) nonAtom(loc int) bool {
	loc = l.find(loc)
	return l.p.Locs[loc].Region == 0 || l.lAtom[loc]
}

// materialize returns where a statement followed by the jump s (to
// target t) goes. Inside an atomic sequence a jump that leaves it is a
// transition of its own (SPIN's L_ATOM goto): the statement goes to a
// new location from which the jump leaves.
func (l *lowerer) materialize(s ast.Stmt, t int) int {
	if !l.inRegion() {
		return t
	}
	switch s := s.(type) {
	case *ast.BreakStmt:
		// a step when the loop's exit leaves the sequence (breakLast), or
		// when the break itself leaves it: it jumps to a loop outside
		// the atomic sequence (pan's "goto :bN", as for a goto)
		if len(l.breakLast) == 0 || !l.breakLast[len(l.breakLast)-1] && !l.nonAtom(t) {
			return t
		}
		g := l.newLoc()
		l.noteStmt(s, g)
		// the jump leaves the sequence: a chain of jumps to it is not
		// shortened either (an if's exit before it stays a step)
		l.lAtom[g] = true
		l.emit(&Trans{From: g, To: t, Kind: TGoto, Text: fmt.Sprintf("goto :b%d", l.breakN), Pos: l.pos(s.Pos())})
		l.breakN++
		return g
	case *ast.GotoStmt:
		if l.p.Locs[l.find(t)].Pos.IsValid() {
			if !l.nonAtom(t) {
				return t
			}
		} else if l.atomicLabels[s.Label.Name] {
			return t // a label further on inside an atomic sequence
		}
		g := l.newLoc()
		l.noteStmt(s, g)
		l.lAtom[g] = true // as for break
		l.emit(&Trans{From: g, To: t, Kind: TGoto, Text: "goto " + s.Label.Name, Pos: l.pos(s.Pos())})
		return g
	}
	return t
}

// isSimple reports whether s is a single statement (one element in SPIN),
// not a compound one.
func isSimple(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.IfStmt, *ast.DoStmt, *ast.BlockStmt, *ast.AtomicStmt, *ast.UnlessStmt, *ast.InlineCall, *ast.ForStmt, *ast.SelectStmt, *ast.DStepStmt:
		return false
	}
	return true
}

// elseLast moves an else option to the end, as SPIN does.
func elseLast(opts []*ast.Block) []*ast.Block {
	for i, o := range opts {
		if len(o.Stmts) > 0 {
			if _, ok := o.Stmts[0].(*ast.ElseStmt); ok && i < len(opts)-1 {
				out := append([]*ast.Block(nil), opts[:i]...)
				out = append(out, opts[i+1:]...)
				return append(out, o)
			}
		}
	}
	return opts
}

// pushScope opens a block scope (SPIN 6: { }, atomic, d_step and inline
// bodies) for the lowering's own temporaries (for's _f0r_t3mp: one per
// scope, as in SPIN); the model's names are the checker's.
func (l *lowerer) pushScope() {
	l.locals = map[string]*Var{}
	l.scopes = append(l.scopes, l.locals)
}

func (l *lowerer) popScope() {
	l.scopes = l.scopes[:len(l.scopes)-1]
	l.locals = l.scopes[len(l.scopes)-1]
}

// selectStmt lowers select (v : lo .. hi) as SPIN 6.5 does. SPIN's lexer
// expands the plain form select(name : digits .. digits) outside inlines:
// into one option per value when the range has at most 33 values, else
// into v = lo; do :: (v < hi) -> v++ :: break od. Every other form becomes
// v = lo; do :: break :: v < hi -> v++ od.
func (l *lowerer) selectStmt(s *ast.SelectStmt, from, to int, pos token.Position) {
	lhs := l.lvalue(s.Var)
	vt := l.exprText(s.Var)
	id, plainName := s.Var.(*ast.Ident)
	if plainName {
		for _, c := range id.Name {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				plainName = false
			}
		}
	}
	lo, okLo := s.Lo.(*ast.IntLit)
	hi, okHi := s.Hi.(*ast.IntLit)
	lexical := plainName && okLo && okHi && len(l.env) == 0 && isDigits(lo.Raw) && isDigits(hi.Raw)
	if lexical && hi.Value >= lo.Value && hi.Value-lo.Value <= 32 {
		for v := lo.Value; v <= hi.Value; v++ {
			l.emit(&Trans{From: from, To: to, Kind: TAssign, LHS: lhs, X: &Const{v}, Text: fmt.Sprintf("%s = %d", vt, v), Pos: pos})
		}
		return
	}
	head := l.newLoc()
	l.emit(&Trans{From: from, To: head, Kind: TAssign, LHS: lhs, X: l.expr(s.Lo), Text: vt + " = " + l.exprText(s.Lo), Pos: pos})
	mid := l.newLoc()
	l.noteSelect(s, head, mid)
	brk := &Trans{From: head, To: to, Kind: TGoto, Text: "goto :b", Pos: pos}
	if !lexical {
		l.emit(brk)
	}
	l.emit(&Trans{From: head, To: mid, Kind: TExpr, X: &Binary{Op: token.LSS, X: lhs, Y: l.expr(s.Hi)}, Text: "((" + vt + "<" + l.exprText(s.Hi) + "))", Pos: pos})
	if lexical {
		l.emit(brk)
	}
	l.emit(&Trans{From: mid, To: head, Kind: TIncDec, LHS: lhs, Inc: 1, Text: vt + " = (" + vt + "+1)", Pos: pos})
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// appendFlat appends the basic fields of t: a struct type stands for its
// fields in order (SPIN sends a typedef as its fields).
func appendFlat(dst []Type, t Type) []Type {
	if t.Struct == nil {
		return append(dst, t)
	}
	for _, f := range t.Struct.Fields {
		for i := 0; i < max(1, f.Len); i++ {
			dst = appendFlat(dst, f.Type)
		}
	}
	return dst
}

// flattenExpr expands a reference to a whole struct into references to
// its basic fields; other expressions stand for themselves.
func flattenExpr(x Expr) []Expr {
	r, ok := x.(*Ref)
	if !ok {
		return []Expr{x}
	}
	t := r.Var.Type
	if len(r.Path) > 0 {
		t = r.Path[len(r.Path)-1].Field.Type
	}
	if t.Struct == nil {
		return []Expr{x}
	}
	var out []Expr
	for _, f := range t.Struct.Fields {
		for i := 0; i < max(1, f.Len); i++ {
			c := *r
			c.Path = append(append([]Sel(nil), r.Path...), Sel{Field: f})
			if f.Len > 0 {
				c.Path[len(c.Path)-1].Index = &Const{int64(i)}
			}
			out = append(out, flattenExpr(&c)...)
		}
	}
	return out
}

// forChan lowers for (m in ch) { body } as SPIN 6 does: a byte counter
// _f0r_t3mp; _f0r_t3mp = 0; do :: _f0r_t3mp < len(ch) -> ch?m; ch!m;
// body; _f0r_t3mp++ :: else -> break od (each message is received and
// sent back, rotating the channel once).
func (l *lowerer) forChan(s *ast.ForStmt, ch *Ref, from, to int, pos token.Position) {
	if l.spin != nil {
		l.spin.ok = false // SPIN's elements for it are not modelled (spinnum.go)
	}
	tmp := l.locals["_f0r_t3mp"] // one counter per scope, as in SPIN
	if tmp == nil {
		tmp = &Var{Name: "_f0r_t3mp", Type: Type{Kind: ast.Byte}, Pos: pos}
		l.addLocal(tmp)
	}
	cnt := &Ref{Var: tmp, Pos: pos}
	head := l.newLoc()
	l.emit(&Trans{From: from, To: head, Kind: TAssign, LHS: cnt, X: &Const{0}, Text: "_f0r_t3mp = 0", Pos: pos})
	a, b, c := l.newLoc(), l.newLoc(), l.newLoc()
	l.emit(&Trans{From: head, To: a, Kind: TExpr, X: &Binary{Op: token.LSS, X: cnt, Y: &Call{Fn: BLen, Args: []Expr{ch}}}, Text: "((_f0r_t3mp<len(" + ch.Var.Name + ")))", Pos: pos})
	l.emit(&Trans{From: head, To: to, Kind: TElse, Text: "else", Pos: pos})
	m := l.lvalue(s.Var)
	parts := flattenExpr(m)
	recv := &Trans{From: a, To: b, Kind: TRecv, Chan: ch, Text: ch.Var.Name + "?" + l.exprText(s.Var), Pos: pos}
	send := &Trans{From: b, To: c, Kind: TSend, Chan: ch, Text: ch.Var.Name + "!" + l.exprText(s.Var), Pos: pos}
	for _, x := range parts {
		recv.RArgs = append(recv.RArgs, RecvArg{Var: x.(*Ref)})
		send.Args = append(send.Args, x)
	}
	l.emit(recv)
	l.emit(send)
	inc := l.newLoc()
	l.forBody(s.Body.Stmts, c, inc, to, false)
	l.emit(&Trans{From: inc, To: head, Kind: TIncDec, LHS: cnt, Inc: 1, Text: "_f0r_t3mp = (_f0r_t3mp+1)", Pos: pos})
}

// keepLabels reports whether one of labels is named in a remote reference.
func (l *lowerer) keepLabels(labels []*ast.Ident) bool {
	for _, lb := range labels {
		if l.remoteLabels[l.p.Name+"@"+lb.Name] {
			return true
		}
	}
	return false
}

// markDeadLink marks the transition of an option that starts with the
// constant false (Trans.DeadLink): the first one added to location at
// (from index n on) by lowering the option stmts.
func (l *lowerer) markDeadLink(stmts []ast.Stmt, at, n int) {
	if len(stmts) == 0 {
		return
	}
	first, _ := stripLabels(stmts[0])
	x, ok := first.(*ast.ExprStmt)
	if !ok {
		return
	}
	e := ast.Unparen(x.X)
	if c, ok := e.(*ast.IntLit); !ok || c.Value != 0 {
		return
	}
	if out := l.p.Locs[l.find(at)].Out; len(out) > n {
		out[n].DeadLink = true
	}
}

// specialLabel reports whether name is an end, progress or accept label.
func specialLabel(name string) bool {
	return strings.HasPrefix(name, "end") || strings.HasPrefix(name, "progress") || strings.HasPrefix(name, "accept")
}

// splitLabelledJumps gives a goto or break that carries an end, progress
// or accept label a state of its own, as SPIN does (flow.c, add_el): a
// skip is put in front of the jump and takes over the jump's first label;
// the jump itself is then removed as usual (the skip goes straight to
// its target), and any further labels stay on it.
func splitLabelledJumps(real []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for i, s := range real {
		inner, labels := stripLabels(s)
		special := false
		for _, lb := range labels {
			special = special || specialLabel(lb.Name)
		}
		switch inner.(type) {
		case *ast.GotoStmt, *ast.BreakStmt:
		default:
			special = false
		}
		if !special {
			if out != nil {
				out = append(out, s)
			}
			continue
		}
		if out == nil {
			out = append([]ast.Stmt(nil), real[:i]...)
		}
		out = append(out, &ast.LabeledStmt{Label: labels[0], Stmt: &ast.ExprStmt{X: &ast.IntLit{ValuePos: inner.Pos(), Value: 1, Raw: "1"}}})
		jump := inner
		for k := len(labels) - 1; k >= 1; k-- {
			jump = &ast.LabeledStmt{Label: labels[k], Stmt: jump}
		}
		out = append(out, jump)
	}
	if out == nil {
		return real
	}
	return out
}

// pruneSkips drops redundant skips from an option of an if or do, as
// SPIN does when it parses the option (flow.c, check_sequence): in a run
// of consecutive unlabelled no-op steps (skip, true, a constant 1,
// printf, printm), every skip after the first step of the run is removed,
// unless it is the option's last statement. printf and printm count
// towards the run but are never removed. Never claims keep their skips.
func (l *lowerer) pruneSkips(stmts []ast.Stmt) []ast.Stmt {
	if l.p.Kind == NeverClaim || len(stmts) < 3 {
		return stmts
	}
	var out []ast.Stmt
	run := 0
	for i, s := range stmts {
		inner, labels := stripLabels(s)
		print, skip := false, false
		if len(labels) == 0 {
			switch x := inner.(type) {
			case *ast.PrintfStmt, *ast.PrintmStmt:
				print = true
			case *ast.ExprStmt:
				e := ast.Unparen(x.X)
				c, ok := e.(*ast.IntLit)
				skip = ok && c.Value == 1
			}
		}
		if print || skip {
			run++
		} else {
			run = 0
		}
		if skip && run > 1 && i < len(stmts)-1 {
			if out == nil {
				out = append([]ast.Stmt(nil), stmts[:i]...)
			}
			continue
		}
		if out != nil {
			out = append(out, s)
		}
	}
	if out == nil {
		return stmts
	}
	return out
}

// forBody lowers the body of a for loop from location from to location
// to, in a block of its own, with break going to exit (last: the exit is
// the loop's labelled last location, as breakLast records it).
func (l *lowerer) forBody(stmts []ast.Stmt, from, to, exit int, last bool) {
	l.breaks = append(l.breaks, exit)
	l.breakLast = append(l.breakLast, last)
	l.pushScope()
	l.seq(stmts, from, to, false)
	l.popScope()
	l.breaks = l.breaks[:len(l.breaks)-1]
	l.breakLast = l.breakLast[:len(l.breakLast)-1]
}
