package check

import (
	"fmt"
	"strings"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/token"
)

// SymKind says what a name denotes.
type SymKind int

const (
	VarSym     SymKind = iota // a variable: global, local or parameter
	FieldSym                  // a field of a typedef
	MtypeSym                  // an mtype constant
	BuiltinSym                // _pid, _nr_pr, _last, _priority, np_, _
)

// Symbol is a named entity that expressions refer to.
type Symbol struct {
	Kind    SymKind
	Name    string
	Pos     token.Pos
	Type    ast.TypeKind // basic type of a variable or field
	Bits    int          // width of an unsigned variable
	Len     int          // array length, or 0 for a scalar
	Typedef *Typedef     // for Type == ast.Named
	Mtype   string       // mtype subtype name (mtype:name), or ""
	Global  bool
	Param   bool
	Hidden  bool
	Proc    *Proc        // owner of a local or parameter
	Spec    *ast.VarSpec // declaration of a variable or field
	Value   int64        // value of an mtype constant
	Used    bool

	node *tnode // type for unification
}

// Typedef is a user-defined structure type.
type Typedef struct {
	Name   string
	Pos    token.Pos
	Fields []*Symbol
	Decl   *ast.TypedefDecl
}

// Field returns the field named name, or nil.
func (t *Typedef) Field(name string) *Symbol {
	for _, f := range t.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// ProcKind distinguishes proctypes, init, never claims and trace
// declarations.
type ProcKind int

const (
	Proctype ProcKind = iota
	Init
	Never
	Trace
)

// Proc is a proctype, init, never claim or trace/notrace declaration.
type Proc struct {
	Name   string
	Kind   ProcKind
	Pos    token.Pos
	Decl   ast.Decl
	Params []*Symbol
	Locals []*Symbol            // every local, in declaration order, all scopes
	Labels map[string]token.Pos // labels declared in the body
	Active int64                // number of instances started initially

	earlyParams bool // parameters declared when a run preceded the declaration
}

// Local returns the local variable or parameter named name (in any block
// scope), or nil.
func (p *Proc) Local(name string) *Symbol {
	for _, s := range p.Params {
		if s.Name == name {
			return s
		}
	}
	for _, s := range p.Locals {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Program is a checked model.
type Program struct {
	Model    *ast.Model
	Globals  []*Symbol
	Mtypes   map[string]*Symbol // mtype constants by name
	Typedefs map[string]*Typedef
	Procs    []*Proc // proctypes and init, in declaration order
	Claims   []*Proc // never claims
	Traces   []*Proc
	Inlines  map[string]*ast.InlineDecl
	LTL      []*ast.LTLDecl
	// Info holds the side tables of the text outside inline bodies;
	// each expansion of an inline has its own (Info.Expansions).
	Info
	// ProcRefs maps the proctype name of every run, P:var and P@label
	// to its proctype.
	ProcRefs map[*ast.Ident]*Proc
	// TypeRefs maps the typedef name of every declaration and message
	// field type to its typedef.
	TypeRefs map[*ast.Ident]*Typedef

	procs map[string]*Proc
	types map[*Symbol]*tnode
}

// Info holds side tables from syntax nodes to what the checker found,
// as go/types.Info does. An inline body is checked once per call, with
// the call's arguments in place of its parameters (SPIN expands inlines
// textually), so the same node of an inline body may name a different
// variable or have a different value at each call: every expansion has
// an Info of its own, reached from the Info of the call's context.
type Info struct {
	// Uses maps every identifier that names a variable, field, mtype
	// constant or predefined variable to its symbol; a declared name to
	// the symbol it declares.
	Uses map[*ast.Ident]*Symbol
	// Consts holds the folded value of every constant expression the
	// checker evaluated: literals, mtype constants, array lengths,
	// widths, channel capacities, active counts, priorities, and
	// operations on constants (C's 32-bit int semantics).
	Consts map[ast.Expr]int64
	// Args maps every use of an inline parameter in the expanded body to
	// the argument of the call (which is resolved in the Info of the
	// call's context). Empty outside expansions.
	Args map[*ast.Ident]ast.Expr
	// Expansions maps every inline call checked in this context to its
	// expansion.
	Expansions map[*ast.InlineCall]*Expansion
}

func newInfo() Info {
	return Info{
		Uses:       map[*ast.Ident]*Symbol{},
		Consts:     map[ast.Expr]int64{},
		Args:       map[*ast.Ident]ast.Expr{},
		Expansions: map[*ast.InlineCall]*Expansion{},
	}
}

// Expansion is one expansion of an inline at a call: the side tables of
// the inline's body there.
type Expansion struct {
	Info
	Decl *ast.InlineDecl
	Call *ast.InlineCall
}

// Proc returns the proctype (or init, as ":init:") named name, or nil.
func (p *Program) Proc(name string) *Proc { return p.procs[name] }

// Global returns the global variable named name, or nil.
func (p *Program) Global(name string) *Symbol {
	for _, g := range p.Globals {
		if g.Name == name {
			return g
		}
	}
	return nil
}

// ChanType returns the inferred type of channel variable s in minimal
// form, such as chan{mtype, chan{int}} or μX.chan{X, bit}.
func (p *Program) ChanType(s *Symbol) string {
	if s == nil || s.node == nil {
		return ""
	}
	return newTypePrinter(s.node).String(s.node)
}

// Check checks m and returns the checked program. Problems are reported
// into errs; the program is returned even when there are errors (it is
// then incomplete).
func Check(m *ast.Model, errs *diag.List) *Program {
	return CheckWith(m, errs, Options{})
}

// Options adjust the checker.
type Options struct {
	// Strict reports the findings of channel type inference (messages
	// whose fields disagree with the channel's inferred type, too few
	// message fields) as errors, as ETCH does. SPIN accepts such models,
	// so by default they are warnings.
	Strict bool
}

// CheckWith is Check with options.
func CheckWith(m *ast.Model, errs *diag.List, opt Options) *Program {
	c := &checker{
		opt:  opt,
		errs: errs,
		file: m.File,
		prog: &Program{
			Model:    m,
			Mtypes:   map[string]*Symbol{},
			Typedefs: map[string]*Typedef{},
			Inlines:  map[string]*ast.InlineDecl{},
			Info:     newInfo(),
			ProcRefs: map[*ast.Ident]*Proc{},
			TypeRefs: map[*ast.Ident]*Typedef{},
			procs:    map[string]*Proc{},
		},
		mtypeN:   map[string]int{},
		poisoned: map[*tnode]bool{},
	}
	c.global = &scope{syms: map[string]*Symbol{}}
	for _, name := range []string{"_pid", "_nr_pr", "_last", "_priority", "np_", "_", "_nr_qs"} {
		c.global.syms[name] = &Symbol{Kind: BuiltinSym, Name: name, Type: ast.Int, node: numType("int")}
	}
	c.global.syms["_"].node = nil
	c.run(m)
	return c.prog
}

type scope struct {
	parent *scope
	syms   map[string]*Symbol
}

func (s *scope) lookup(name string) *Symbol {
	for ; s != nil; s = s.parent {
		if sym, ok := s.syms[name]; ok {
			return sym
		}
	}
	return nil
}

// inlineFrame binds the parameters of an inline being expanded.
type inlineFrame struct {
	decl  *ast.InlineDecl
	args  map[string]ast.Expr
	scope *scope // the scope at the call site
	depth int    // number of enclosing frames at the call site
	pos   token.Pos
	exp   *Expansion
}

// info is the side table of the context being checked: the innermost
// inline expansion, or the program's.
func (c *checker) info() *Info {
	if n := len(c.frames); n > 0 {
		return &c.frames[n-1].exp.Info
	}
	return &c.prog.Info
}

type checker struct {
	opt    Options
	prog   *Program
	errs   *diag.List
	file   *token.File
	u      unifier
	global *scope
	scope  *scope
	proc   *Proc
	loops  int
	frames []*inlineFrame
	mtypeN map[string]int

	poisoned     map[*tnode]bool // channel types already reported as inconsistent
	gotos        []pendingGoto
	remoteLabels []pendingGoto

	inClaim   bool // in a never claim or an ltl formula: no side effects
	inLTL     bool
	inTrace   bool
	inVarInit bool
}

func (c *checker) pos(p token.Pos) token.Position { return c.file.Position(p) }

// where formats the position of an earlier declaration for a message
// about a later one: "line:col" in the same file, else file:line:col.
func (c *checker) where(first, later token.Pos) string {
	a, b := c.pos(first), c.pos(later)
	if a.Filename == b.Filename {
		return fmt.Sprintf("line %d:%d", a.Line, a.Column)
	}
	return a.String()
}

func (c *checker) errorf(p token.Pos, format string, args ...any) {
	c.errs.Errorf(c.pos(p), format, args...)
}

func (c *checker) warnf(p token.Pos, format string, args ...any) {
	c.errs.Warnf(c.pos(p), format, args...)
}

// typeIssuef reports a finding of channel type inference: a warning, or
// an error in strict mode.
func (c *checker) typeIssuef(p token.Pos, format string, args ...any) {
	if c.opt.Strict {
		c.errorf(p, format, args...)
	} else {
		c.warnf(p, format, args...)
	}
}

func (c *checker) run(m *ast.Model) {
	// Pass 1: names that may be used before their declaration point in
	// the text (proctypes can be run before they are declared).
	for _, d := range m.Decls {
		switch d := d.(type) {
		case *ast.ProcDecl:
			if prev := c.prog.procs[d.Name.Name]; prev != nil {
				c.errorf(d.Name.NamePos, "proctype %s redeclared (first declared at %s)", d.Name.Name, c.where(prev.Pos, d.Name.NamePos))
				continue
			}
			p := &Proc{Name: d.Name.Name, Kind: Proctype, Pos: d.Name.NamePos, Decl: d, Labels: map[string]token.Pos{}}
			c.prog.procs[p.Name] = p
		case *ast.InlineDecl:
			if prev, ok := c.prog.Inlines[d.Name.Name]; ok {
				c.errorf(d.Name.NamePos, "inline %s redeclared (first declared at %s)", d.Name.Name, c.where(prev.Name.NamePos, d.Name.NamePos))
				continue
			}
			c.prog.Inlines[d.Name.Name] = d
		}
	}
	nInit, nUnnamed := 0, 0
	claimNames := map[string]token.Pos{}
	for _, d := range m.Decls {
		c.scope = c.global
		switch d := d.(type) {
		case *ast.MtypeDecl:
			c.mtypeDecl(d)
		case *ast.TypedefDecl:
			c.typedef(d)
		case *ast.VarDecl:
			for _, s := range c.varDecl(d, c.global, nil) {
				s.Global = true
				c.prog.Globals = append(c.prog.Globals, s)
			}
		case *ast.ProcDecl:
			p := c.prog.procs[d.Name.Name]
			if p == nil || p.Decl != ast.Decl(d) {
				continue
			}
			c.prog.Procs = append(c.prog.Procs, p)
			c.procDecl(p, d)
		case *ast.InitDecl:
			nInit++
			if nInit > 1 {
				c.errorf(d.InitPos, "more than one init process")
				continue
			}
			p := &Proc{Name: ":init:", Kind: Init, Pos: d.InitPos, Decl: d, Labels: map[string]token.Pos{}, Active: 1}
			c.prog.procs[p.Name] = p
			c.prog.Procs = append(c.prog.Procs, p)
			if d.Priority != nil {
				c.priority(d.Priority)
			}
			c.body(p, d.Body)
		case *ast.NeverDecl:
			name := fmt.Sprintf("never_%d", nUnnamed)
			if d.Name != nil {
				name = d.Name.Name
			} else {
				nUnnamed++
			}
			if prev, ok := claimNames[name]; ok {
				c.errorf(d.NeverPos, "never claim %s redeclared (first declared at %s)", name, c.where(prev, d.NeverPos))
			}
			claimNames[name] = d.NeverPos
			p := &Proc{Name: name, Kind: Never, Pos: d.NeverPos, Decl: d, Labels: map[string]token.Pos{}}
			c.prog.Claims = append(c.prog.Claims, p)
			c.inClaim = true
			c.body(p, d.Body)
			c.inClaim = false
		case *ast.TraceDecl:
			if len(c.prog.Traces) > 0 {
				c.errorf(d.TracePos, "more than one trace/notrace declaration")
			}
			p := &Proc{Name: ":trace:", Kind: Trace, Pos: d.TracePos, Decl: d, Labels: map[string]token.Pos{}}
			c.prog.Traces = append(c.prog.Traces, p)
			c.inTrace = true
			c.body(p, d.Body)
			c.inTrace = false
		case *ast.LTLDecl:
			if d.Name != nil {
				if prev, ok := claimNames[d.Name.Name]; ok {
					c.errorf(d.Name.NamePos, "property %s redeclared (first declared at %s)", d.Name.Name, c.where(prev, d.Name.NamePos))
				}
				claimNames[d.Name.Name] = d.LTLPos
			}
			c.prog.LTL = append(c.prog.LTL, d)
		case *ast.InlineDecl:
			// checked at each call
		case *ast.CCode:
			c.errorf(d.CPos, "embedded C code is not supported (%s)", d.Kind)
		}
	}
	// ltl formulas once the whole model is read, as SPIN does: they may
	// name globals, mtype constants and proctypes declared after them
	c.scope = c.global
	for _, d := range c.prog.LTL {
		c.inClaim, c.inLTL = true, true
		c.ltl(d.Formula)
		c.inClaim, c.inLTL = false, false
	}
	for _, r := range c.remoteLabels {
		if _, ok := r.proc.Labels[r.label.Name]; !ok {
			c.errorf(r.label.NamePos, "proctype %s has no label %s", r.proc.Name, r.label.Name)
		}
	}
	// Unused variables.
	for _, g := range c.prog.Globals {
		if !g.Used && !g.Hidden {
			c.warnf(g.Pos, "global variable %s is never used", g.Name)
		}
	}
	for _, p := range c.prog.Procs {
		for _, l := range p.Locals {
			if !l.Used {
				c.warnf(l.Pos, "local variable %s of %s is never used", l.Name, displayName(p))
			}
		}
	}
}

func displayName(p *Proc) string {
	switch p.Kind {
	case Init:
		return "init"
	case Never:
		return "never claim " + p.Name
	case Trace:
		return "trace"
	}
	return p.Name
}

// ---------------------------------------------------------------------
// Declarations

func (c *checker) mtypeDecl(d *ast.MtypeDecl) {
	sub := ""
	if d.Name != nil {
		sub = d.Name.Name
	}
	n := c.mtypeN[sub]
	k := len(d.Values)
	for j, v := range d.Values {
		if prev, ok := c.prog.Mtypes[v.Name]; ok {
			c.errorf(v.NamePos, "mtype constant %s redeclared (first declared at %s)", v.Name, c.where(prev.Pos, v.NamePos))
			continue
		}
		if s := c.global.syms[v.Name]; s != nil {
			c.errorf(v.NamePos, "mtype constant %s has the name of a global variable", v.Name)
			continue
		}
		s := &Symbol{Kind: MtypeSym, Name: v.Name, Pos: v.NamePos, Type: ast.Mtype, Mtype: sub, Value: int64(n + k - j), node: mtypeType(sub)}
		c.prog.Mtypes[v.Name] = s
		c.global.syms[v.Name] = s
		c.info().Uses[v] = s
	}
	c.mtypeN[sub] = n + k
	if c.mtypeN[sub] > 255 {
		c.errorf(d.MtypePos, "too many mtype values (%d; at most 255)", c.mtypeN[sub])
	}
}

func (c *checker) typedef(d *ast.TypedefDecl) {
	if _, dup := c.prog.Typedefs[d.Name.Name]; dup {
		c.errorf(d.Name.NamePos, "typedef %s redeclared", d.Name.Name)
		return
	}
	td := &Typedef{Name: d.Name.Name, Pos: d.Name.NamePos, Decl: d}
	fields := &scope{syms: map[string]*Symbol{}}
	for _, f := range d.Fields {
		if f.Type.Kind == ast.Named && f.Type.Name != nil && f.Type.Name.Name == td.Name {
			c.errorf(f.Type.TypePos, "typedef %s cannot contain itself", td.Name)
			continue
		}
		for _, s := range c.varDecl(f, fields, nil) {
			s.Kind = FieldSym
			td.Fields = append(td.Fields, s)
		}
	}
	c.prog.Typedefs[td.Name] = td
}

// varDecl declares the variables of d in sc (and, when p is not nil, as
// locals of p).
func (c *checker) varDecl(d *ast.VarDecl, sc *scope, p *Proc) []*Symbol {
	var out []*Symbol
	t := d.Type
	var td *Typedef
	mt := ""
	switch t.Kind {
	case ast.Named:
		td = c.prog.Typedefs[t.Name.Name]
		if td == nil {
			c.errorf(t.Name.NamePos, "undefined type %s", t.Name.Name)
			return nil
		}
		c.prog.TypeRefs[t.Name] = td
	case ast.Mtype:
		if t.Name != nil {
			mt = t.Name.Name
			if _, ok := c.mtypeN[mt]; !ok {
				c.errorf(t.Name.NamePos, "undefined mtype type %s", mt)
			}
		}
	}
	for _, v := range d.Vars {
		s := &Symbol{Kind: VarSym, Name: v.Name.Name, Pos: v.Name.NamePos, Type: t.Kind, Typedef: td, Mtype: mt, Spec: v, Proc: p, Hidden: d.Vis == ast.VisHidden}
		if v.Len != nil {
			n, ok := c.constant(v.Len, "array size")
			switch {
			case !ok:
			case n <= 0:
				c.errorf(v.Len.Pos(), "array size of %s must be positive, not %d", s.Name, n)
			case n > 1<<20:
				c.errorf(v.Len.Pos(), "array size of %s too large (%d)", s.Name, n)
			default:
				s.Len = int(n)
			}
			if s.Len == 0 {
				s.Len = 1
			}
		}
		if v.Bits != nil {
			if t.Kind != ast.Unsigned {
				c.errorf(v.Bits.Pos(), "only unsigned variables have a bit width (%s is %s)", s.Name, t.Kind)
			}
			if n, ok := c.constant(v.Bits, "bit width"); ok {
				if n < 1 || n > 32 {
					c.errorf(v.Bits.Pos(), "bit width of %s must be between 1 and 32, not %d", s.Name, n)
				} else {
					s.Bits = int(n)
				}
			}
		} else if t.Kind == ast.Unsigned {
			c.errorf(v.Name.NamePos, "unsigned variable %s needs a bit width (unsigned %s : N)", s.Name, s.Name)
		}
		// type node
		switch t.Kind {
		case ast.Chan:
			if ct, ok := v.Init.(*ast.ChanType); ok {
				s.node = newChan(c.chanType(ct))
			} else {
				s.node = newChan(newVar())
			}
		case ast.Named:
			s.node = &tnode{kind: tStruct, name: td.Name}
		case ast.Mtype:
			s.node = mtypeType(mt)
		default:
			s.node = numType(t.Kind.String())
		}
		// initializer
		c.varInit(s, v)
		if prev, ok := sc.syms[s.Name]; ok && prev.Kind != BuiltinSym {
			c.errorf(s.Pos, "%s redeclared in this scope (first declared at %s)", s.Name, c.where(prev.Pos, s.Pos))
		} else if prev := sc.lookup(s.Name); sc != c.global && prev != nil && prev.Kind == VarSym {
			// SPIN 6 (sym.c lookup, setptype): a name visible where it
			// is declared, a global or a local of an enclosing block or
			// of the code around an inline call, cannot be declared
			// again; sibling blocks may reuse a name
			what := "a local variable"
			if prev.Global {
				what = "a global variable"
			}
			c.errorf(s.Pos, "%s redeclared: %s of that name is visible here (declared at %s)", s.Name, what, c.where(prev.Pos, s.Pos))
		} else if _, isMtype := c.prog.Mtypes[s.Name]; isMtype {
			c.errorf(s.Pos, "%s is an mtype constant and cannot be declared as a variable", s.Name)
		} else if strings.HasPrefix(s.Name, "_") && c.global.syms[s.Name] != nil {
			c.errorf(s.Pos, "%s is a predefined variable and cannot be redeclared", s.Name)
		}
		sc.syms[s.Name] = s
		c.info().Uses[v.Name] = s
		if p != nil {
			p.Locals = append(p.Locals, s)
		}
		out = append(out, s)
	}
	return out
}

// MaxChanCap is the largest channel capacity gospin takes: the engine
// keeps a channel's message count in two bytes of the state vector past
// 255 messages (pan's Qlen is then a ushort). SPIN takes more (its limit
// is the state vector's size); the checker refuses it, so that check and
// verify agree.
const MaxChanCap = 65535

func (c *checker) chanType(ct *ast.ChanType) *tnode {
	if n, ok := c.constant(ct.Cap, "channel capacity"); ok && (n < 0 || n > MaxChanCap) {
		c.errorf(ct.Cap.Pos(), "channel capacity must be between 0 and %d, not %d (gospin's limit: a channel holds at most %d messages)", MaxChanCap, n, MaxChanCap)
	}
	fields := make([]*tnode, 0, len(ct.Fields))
	for _, f := range ct.Fields {
		switch f.Kind {
		case ast.Chan:
			fields = append(fields, newChan(newVar()))
		case ast.Named:
			if td, ok := c.prog.Typedefs[f.Name.Name]; !ok {
				c.errorf(f.TypePos, "undefined type %s", f.Name.Name)
			} else {
				c.prog.TypeRefs[f.Name] = td
			}
			fields = append(fields, &tnode{kind: tStruct, name: f.Name.Name})
		case ast.Mtype:
			sub := ""
			if f.Name != nil {
				sub = f.Name.Name
			}
			fields = append(fields, mtypeType(sub))
		case ast.Unsigned:
			c.errorf(f.TypePos, "unsigned cannot be used as a message field type")
			fields = append(fields, numType("int"))
		default:
			fields = append(fields, numType(f.Kind.String()))
		}
	}
	return newTuple(fields)
}

func (c *checker) varInit(s *Symbol, v *ast.VarSpec) {
	if s.Type == ast.Named && (v.InitList != nil && s.Len > 0 || v.Init != nil) {
		// SPIN checks the expression and ignores its value: the
		// fields keep their own initial values
		first := v.Init
		if first == nil {
			first = v.InitList[0]
		}
		if v.InitList != nil && len(v.InitList) > s.Len {
			c.errorf(v.InitList[s.Len].Pos(), "too many initializers for %s[%d] (%d)", s.Name, s.Len, len(v.InitList))
		}
		for _, e := range append([]ast.Expr{v.Init}, v.InitList...) {
			if e != nil {
				c.inVarInit = true
				c.expr(e)
				c.inVarInit = false
			}
		}
		c.warnf(first.Pos(), "the initializer of %s is ignored: a typedef variable takes its fields' initial values (as in SPIN)", s.Name)
		return
	}
	if v.InitList != nil {
		if s.Len == 0 {
			c.errorf(v.Name.NamePos, "%s is not an array and cannot have an initializer list", s.Name)
		} else if len(v.InitList) > s.Len {
			c.errorf(v.InitList[s.Len].Pos(), "too many initializers for %s[%d] (%d)", s.Name, s.Len, len(v.InitList))
		}
		for _, e := range v.InitList {
			c.inVarInit = true
			op := c.expr(e)
			c.inVarInit = false
			c.assignable(s.node, op, e.Pos(), s.Name)
		}
		return
	}
	switch init := v.Init.(type) {
	case nil:
	case *ast.ChanType:
		if s.Type != ast.Chan {
			c.errorf(init.Lbrack, "%s is not a channel and cannot be initialized with [N] of {...}", s.Name)
		}
	default:
		c.inVarInit = true
		op := c.expr(init)
		c.inVarInit = false
		c.assignable(s.node, op, init.Pos(), s.Name)
	}
}

func (c *checker) priority(e ast.Expr) {
	if n, ok := c.constant(e, "priority"); ok && (n < 1 || n > 255) {
		c.errorf(e.Pos(), "priority must be between 1 and 255, not %d", n)
	}
}

func (c *checker) procDecl(p *Proc, d *ast.ProcDecl) {
	if d.Active {
		p.Active = 1
		if d.Count != nil {
			if n, ok := c.constant(d.Count, "active count"); ok {
				if n < 0 || n > 255 {
					c.errorf(d.Count.Pos(), "active count must be between 0 and 255, not %d", n)
				} else {
					p.Active = n
				}
			}
		}
	}
	if d.Priority != nil {
		c.priority(d.Priority)
	}
	params := &scope{parent: c.global, syms: map[string]*Symbol{}}
	if p.earlyParams {
		for _, s := range p.Params {
			params.syms[s.Name] = s
		}
	}
	for _, pd := range d.Params {
		if p.earlyParams {
			break
		}
		for _, s := range c.varDecl(pd, params, nil) {
			s.Param = true
			s.Proc = p
			if s.Spec.Init != nil || s.Spec.InitList != nil {
				c.errorf(s.Pos, "parameter %s cannot have an initializer", s.Name)
			}
			if s.Len > 0 {
				c.errorf(s.Pos, "parameter %s cannot be an array", s.Name)
			}
			p.Params = append(p.Params, s)
		}
	}
	c.scope = params
	if d.Provided != nil {
		c.proc = p
		c.inClaim = true // no side effects
		c.cond(d.Provided)
		c.inClaim = false
	}
	c.body(p, d.Body)
}

// body checks a proctype, init, never or trace body.
func (c *checker) body(p *Proc, b *ast.Block) {
	c.proc = p
	if c.scope == c.global {
		c.scope = &scope{parent: c.global, syms: map[string]*Symbol{}}
	}
	c.collectLabels(p, b)
	c.labelPlacement(b)
	c.dstepJumps(b)
	c.loops = 0
	c.block(b, false)
	for _, g := range c.gotos {
		if _, ok := g.proc.Labels[g.label.Name]; !ok {
			c.errorf(g.label.NamePos, "undefined label %s in %s", g.label.Name, displayName(g.proc))
		}
	}
	c.gotos = c.gotos[:0]
	c.proc = nil
	c.scope = c.global
}

// collectLabels records the labels of a body (not those inside inline
// bodies, which are collected when they are expanded).
func (c *checker) collectLabels(p *Proc, n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok {
			c.addLabel(p, l.Label)
		}
		_, isExpr := n.(ast.Expr) // expressions hold no statements
		return !isExpr
	})
}

func (c *checker) addLabel(p *Proc, id *ast.Ident) {
	if prev, ok := p.Labels[id.Name]; ok {
		if prev != id.NamePos {
			c.errorf(id.NamePos, "label %s redeclared in %s (first declared at %s)", id.Name, displayName(p), c.where(prev, id.NamePos))
		}
		return
	}
	p.Labels[id.Name] = id.NamePos
}

// constant folds e, which must be a constant expression.
func (c *checker) constant(e ast.Expr, what string) (int64, bool) {
	v, ok := c.fold(e)
	if !ok {
		c.errorf(e.Pos(), "%s must be a constant expression", what)
		return 0, false
	}
	return v, true
}

// fold evaluates a constant expression (integer literals, mtype
// constants and operators on them) and records its value.
func (c *checker) fold(e ast.Expr) (v int64, ok bool) {
	defer func() {
		if ok {
			c.info().Consts[e] = v
		}
	}()
	switch e := e.(type) {
	case *ast.IntLit:
		return e.Value, true
	case *ast.Ident:
		if s, isM := c.prog.Mtypes[e.Name]; isM && c.scope.lookup(e.Name) == s {
			c.info().Uses[e] = s
			return s.Value, true
		}
		if f := c.frameFor(e.Name); f != nil {
			c.info().Args[e] = f.args[e.Name]
			return c.inFrame(f, func() (int64, bool) { return c.fold(f.args[e.Name]) })
		}
		return 0, false
	case *ast.ParenExpr:
		return c.fold(e.X)
	case *ast.UnaryExpr:
		x, ok := c.fold(e.X)
		if !ok {
			return 0, false
		}
		return UnOp(e.Op, x)
	case *ast.BinaryExpr:
		x, ok1 := c.fold(e.X)
		y, ok2 := c.fold(e.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		return binop(e.Op, x, y)
	case *ast.CondExpr:
		cv, ok := c.fold(e.Cond)
		if !ok {
			return 0, false
		}
		if cv != 0 {
			return c.fold(e.Then)
		}
		return c.fold(e.Else)
	}
	return 0, false
}

// UnOp computes op x with 32-bit int semantics (the engine's constant
// expressions are folded with it too: automata.ConstValue).
func UnOp(op token.Token, x int64) (int64, bool) {
	switch op {
	case token.SUB:
		return int64(int32(-x)), true
	case token.NOT:
		return b2i(x == 0), true
	case token.TILDE:
		return int64(^int32(x)), true
	}
	return 0, false
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// binop computes x op y with 32-bit int semantics (BinOp); division by
// zero is not a constant.
func binop(op token.Token, x, y int64) (int64, bool) {
	r, err := BinOp(op, int32(x), int32(y))
	return int64(r), err == ""
}

// BinOp applies a binary operator with C's int semantics (32-bit,
// wrapping). It returns a non-empty error for division by zero. The
// checker folds constants with it and the engine computes with it
// (automata.BinOp).
func BinOp(op token.Token, a, b int32) (int32, string) {
	switch op {
	case token.ADD:
		return a + b, ""
	case token.SUB:
		return a - b, ""
	case token.MUL:
		return a * b, ""
	case token.QUO:
		if b == 0 {
			return 0, "division by zero"
		}
		if b == -1 {
			return -a, ""
		}
		return a / b, ""
	case token.REM:
		if b == 0 {
			return 0, "division by zero"
		}
		if b == -1 {
			return 0, ""
		}
		return a % b, ""
	case token.AND:
		return a & b, ""
	case token.OR:
		return a | b, ""
	case token.XOR:
		return a ^ b, ""
	case token.SHL:
		return a << (uint32(b) & 31), ""
	case token.SHR:
		return a >> (uint32(b) & 31), ""
	case token.LAND:
		return int32(b2i(a != 0 && b != 0)), ""
	case token.LOR:
		return int32(b2i(a != 0 || b != 0)), ""
	case token.EQL:
		return int32(b2i(a == b)), ""
	case token.NEQ:
		return int32(b2i(a != b)), ""
	case token.LSS:
		return int32(b2i(a < b)), ""
	case token.LEQ:
		return int32(b2i(a <= b)), ""
	case token.GTR:
		return int32(b2i(a > b)), ""
	case token.GEQ:
		return int32(b2i(a >= b)), ""
	}
	return 0, "bad operator " + op.String()
}

var _ = fmt.Sprint
