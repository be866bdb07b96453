package engine

import (
	"strconv"

	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/automata"
)

// SetPrinting switches the output of printf and printm on or off. When on
// (simulation), each step's output is collected and can be read with
// StepOutput while the step is being yielded; verification leaves it off.
func (e *Engine) SetPrinting(on bool) {
	e.printing = on
	e.out = e.out[:0]
	e.outMarks = e.outMarks[:0]
}

// StepOutputMarks returns where, in StepOutput, the output of each printf
// or printm statement of the step starts: SPIN's simulation indents the
// output of every such statement (not every line) by its process.
func (e *Engine) StepOutputMarks() []int { return e.outMarks }

// StepOutput returns the printf/printm output of the step being yielded
// (valid only during the yield call).
func (e *Engine) StepOutput() []byte { return e.out }

// printf formats a printf statement as SPIN does (%d %i %u %x %X %o %c %e
// and %%; \n \t \\ escapes), its arguments evaluated in c.
func (e *Engine) printf(c *ctx, t *ctrans) {
	f := t.t.Format
	arg := 0
	next := func() int32 {
		if arg < len(t.pargs) {
			v := t.pargs[arg](c)
			arg++
			return v
		}
		return 0
	}
	for i := 0; i < len(f); i++ {
		ch := f[i]
		switch {
		case ch == '\\' && i+1 < len(f):
			i++
			switch f[i] {
			case 'n':
				e.out = append(e.out, '\n')
			case 't':
				e.out = append(e.out, '\t')
			default:
				e.out = append(e.out, f[i])
			}
		case ch == '%' && i+1 < len(f):
			i++
			// skip flags and width
			for i < len(f) && (f[i] == '-' || f[i] >= '0' && f[i] <= '9' || f[i] == 'l') {
				i++
			}
			if i >= len(f) {
				break
			}
			switch f[i] {
			case 'd', 'i':
				e.out = strconv.AppendInt(e.out, int64(next()), 10)
			case 'u':
				e.out = strconv.AppendUint(e.out, uint64(uint32(next())), 10)
			case 'x':
				e.out = strconv.AppendUint(e.out, uint64(uint32(next())), 16)
			case 'X':
				b := strconv.AppendUint(nil, uint64(uint32(next())), 16)
				for j := range b {
					if b[j] >= 'a' && b[j] <= 'f' {
						b[j] -= 'a' - 'A'
					}
				}
				e.out = append(e.out, b...)
			case 'o':
				e.out = strconv.AppendUint(e.out, uint64(uint32(next())), 8)
			case 'c':
				e.out = append(e.out, byte(next()))
			case 'e':
				e.out = append(e.out, e.mtypeName(next())...)
			case '%':
				e.out = append(e.out, '%')
			default:
				e.out = append(e.out, '%', f[i])
			}
		default:
			e.out = append(e.out, ch)
		}
	}
}

// mtypeName is the name of an mtype value (of the plain mtype), or its
// number.
func (e *Engine) mtypeName(v int32) string {
	names := e.prog.MtypeNames[""]
	if v > 0 && int(v) < len(names) && names[v] != "" {
		return names[v]
	}
	for _, ns := range e.prog.MtypeNames {
		if v > 0 && int(v) < len(ns) && ns[v] != "" {
			return ns[v]
		}
	}
	return strconv.Itoa(int(v))
}

// printm prints the name of a value as SPIN's printm does: when the
// argument is a variable (or an element of an array) declared of a named
// mtype (mtype:fruit), the name comes from that mtype's list; otherwise
// (a constant, an expression, a field of a typedef) from the plain mtype's
// list. A value with no name in the list prints as its number.
func (e *Engine) printm(c *ctx, t *ctrans) {
	v := t.x(c)
	sub := ""
	if r, ok := t.t.X.(*automata.Ref); ok && len(r.Path) == 0 && r.Var != nil && r.Var.Type.Kind == ast.Mtype {
		sub = r.Var.Type.Mtype
	}
	names := e.prog.MtypeNames[sub]
	if v > 0 && int(v) < len(names) && names[v] != "" {
		e.out = append(e.out, names[v]...)
		return
	}
	e.out = strconv.AppendInt(e.out, int64(v), 10)
}
