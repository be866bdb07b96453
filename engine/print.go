package engine

import (
	"strconv"
)

// SetPrinting switches the output of printf and printm on or off. When on
// (simulation), each step's output is collected and can be read with
// StepOutput while the step is being yielded; verification leaves it off.
func (e *Engine) SetPrinting(on bool) {
	e.printing = on
	e.out = e.out[:0]
}

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

func (e *Engine) printm(c *ctx, t *ctrans) {
	e.out = append(e.out, e.mtypeName(t.x(c))...)
}
