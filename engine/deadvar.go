package engine

import (
	"github.com/gospin/gospin/promela/automata"
)

// Options select optional reductions of the engine. SPIN applies both by
// default (spin -o1 and -o2 turn them off).
type Options struct {
	// ResetDead resets local variables to 0 where they are dead (no path
	// from the location reads them before writing them). Only scalar
	// locals that are not channels, not struct fields and never read
	// remotely are reset.
	ResetDead bool
	// HideWriteOnly keeps global variables that are never read out of the
	// state vector (as if declared hidden).
	HideWriteOnly bool
}

// writeOnlyGlobals is the set of global variables that no expression
// reads (assignment targets and receive variables do not count).
func writeOnlyGlobals(prog *automata.Program) map[*automata.Var]bool {
	read := map[*automata.Var]bool{}
	var scan func(x automata.Expr)
	scanRef := func(r *automata.Ref, isRead bool) {
		if r == nil {
			return
		}
		if isRead {
			read[r.Var] = true
		}
		scan(r.Index)
		for _, s := range r.Path {
			scan(s.Index)
		}
		if r.Remote != nil {
			scan(r.Remote.Pid)
		}
	}
	scan = func(x automata.Expr) {
		switch x := x.(type) {
		case *automata.Ref:
			scanRef(x, true)
		case *automata.Unary:
			scan(x.X)
		case *automata.Binary:
			scan(x.X)
			scan(x.Y)
		case *automata.Cond:
			scan(x.C)
			scan(x.T)
			scan(x.E)
		case *automata.Call:
			for _, a := range x.Args {
				scan(a)
			}
		case *automata.Run:
			for _, a := range x.Args {
				scan(a)
			}
			scan(x.Prio)
		case *automata.Poll:
			scan(x.Chan)
			for _, a := range x.Args {
				scan(a.Match)
				scanRef(a.Var, true)
			}
		case *automata.RemoteLabel:
			scan(x.Remote.Pid)
		}
	}
	for _, t := range prog.Trans {
		scan(t.X)
		scan(t.Pid)
		scan(t.Chan)
		for _, a := range t.Args {
			scan(a)
		}
		for _, a := range t.PArgs {
			scan(a)
		}
		// pan does not count x++ and x-- as reads of x: a global that is only
		// incremented is write-only (spin -o3: `a++` in a loop stores 1 state).
		scanRef(t.LHS, false)
		for _, a := range t.RArgs {
			scan(a.Match)
			scanRef(a.Var, false)
		}
	}
	vars := append([]*automata.Var(nil), prog.Globals...)
	for _, p := range prog.Procs {
		scan(p.Provided)
		vars = append(vars, p.Locals...)
	}
	for _, v := range vars {
		scan(v.Init)
		for _, x := range v.InitArr {
			scan(x)
		}
	}
	hide := map[*automata.Var]bool{}
	for _, v := range prog.Globals {
		if !read[v] && v.Chan == nil && v.Type.Struct == nil && v.Type.Kind != 7 /* chan */ {
			hide[v] = true
		}
	}
	return hide
}

// bitset over the locals of one proctype.
type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (b bitset) set(i int)      { b[i/64] |= 1 << (i % 64) }
func (b bitset) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }
func (b bitset) or(o bitset) (ch bool) {
	for i := range b {
		if n := b[i] | o[i]; n != b[i] {
			b[i] = n
			ch = true
		}
	}
	return
}

// computeDead fills e.dead: for each proctype and location, the offsets
// (in the process segment) of the eligible locals that are dead there.
func (e *Engine) computeDead() {
	remote := map[*automata.Var]bool{}
	var scan func(x automata.Expr)
	scan = func(x automata.Expr) {
		switch x := x.(type) {
		case *automata.Ref:
			if x.Remote != nil {
				remote[x.Var] = true
			}
			scan(x.Index)
			for _, s := range x.Path {
				scan(s.Index)
			}
			if x.Remote != nil {
				scan(x.Remote.Pid)
			}
		case *automata.Unary:
			scan(x.X)
		case *automata.Binary:
			scan(x.X)
			scan(x.Y)
		case *automata.Cond:
			scan(x.C)
			scan(x.T)
			scan(x.E)
		case *automata.Call:
			for _, a := range x.Args {
				scan(a)
			}
		case *automata.Run:
			for _, a := range x.Args {
				scan(a)
			}
		case *automata.Poll:
			scan(x.Chan)
			for _, a := range x.Args {
				scan(a.Match)
				if a.Var != nil {
					scan(a.Var)
				}
			}
		case *automata.RemoteLabel:
			scan(x.Remote.Pid)
		}
	}
	for _, t := range e.prog.Trans {
		forExprs(t, scan)
	}
	e.dead = make([][][]int, len(e.ptypes))
	for pi, pt := range e.ptypes {
		p := pt.p
		idx := map[*automata.Var]int{}
		for i, v := range p.Locals {
			if v.Len == 0 && v.Type.Struct == nil && v.Type.Kind != 7 /* chan */ && v.Chan == nil &&
				!remote[v] && v.Name != "_priority" {
				idx[v] = i
			}
		}
		n := len(p.Locals)
		uses := make([]bitset, len(e.prog.Trans))
		defs := make([]bitset, len(e.prog.Trans))
		for _, loc := range p.Locs {
			for _, t := range loc.Out {
				u, d := newBitset(n), newBitset(n)
				var read func(x automata.Expr)
				read = func(x automata.Expr) {
					switch x := x.(type) {
					case *automata.Ref:
						if i, ok := idx[x.Var]; ok && x.Remote == nil {
							u.set(i)
						}
						read(x.Index)
						for _, s := range x.Path {
							read(s.Index)
						}
					case *automata.Unary:
						read(x.X)
					case *automata.Binary:
						read(x.X)
						read(x.Y)
					case *automata.Cond:
						read(x.C)
						read(x.T)
						read(x.E)
					case *automata.Call:
						for _, a := range x.Args {
							read(a)
						}
					case *automata.Run:
						for _, a := range x.Args {
							read(a)
						}
					case *automata.Poll:
						read(x.Chan)
						for _, a := range x.Args {
							read(a.Match)
							if a.Var != nil {
								read(a.Var)
							}
						}
					case *automata.RemoteLabel:
						read(x.Remote.Pid)
					}
				}
				write := func(r *automata.Ref) {
					if r == nil {
						return
					}
					if i, ok := idx[r.Var]; ok && r.Index == nil && len(r.Path) == 0 {
						d.set(i)
					} else {
						read(r.Index)
						for _, s := range r.Path {
							read(s.Index)
						}
					}
				}
				read(t.X)
				read(t.Pid)
				read(t.Chan)
				for _, a := range t.Args {
					read(a)
				}
				for _, a := range t.PArgs {
					read(a)
				}
				if p.Provided != nil {
					read(p.Provided)
				}
				switch t.Kind {
				case automata.TAssign:
					write(t.LHS)
				case automata.TIncDec:
					read(t.LHS)
				case automata.TRecv:
					for _, a := range t.RArgs {
						read(a.Match)
						write(a.Var)
					}
				}
				// a variable both read and written by one step is live before it
				for i := range d {
					d[i] &^= u[i]
				}
				uses[t.ID], defs[t.ID] = u, d
			}
		}
		// successors in the location graph: a d_step enters its body
		succ := func(t *automata.Trans) int {
			if t.Kind == automata.TDStep {
				return t.DStart
			}
			return t.To
		}
		live := make([]bitset, len(p.Locs))
		for i := range live {
			live[i] = newBitset(n)
		}
		for changed := true; changed; {
			changed = false
			for li := len(p.Locs) - 1; li >= 0; li-- {
				loc := p.Locs[li]
				for _, t := range loc.Out {
					if t.Kind == automata.TEnd {
						continue
					}
					in := newBitset(n)
					copy(in, live[succ(t)])
					for i := range in {
						in[i] = in[i]&^defs[t.ID][i] | uses[t.ID][i]
					}
					if live[li].or(in) {
						changed = true
					}
				}
			}
		}
		e.dead[pi] = make([][]int, len(p.Locs))
		for li := range p.Locs {
			for v, i := range idx {
				if !live[li].has(i) {
					e.dead[pi][li] = append(e.dead[pi][li], i)
					_ = v
				}
			}
		}
		// offsets and types, in a stable order
		for li := range e.dead[pi] {
			sortInts(e.dead[pi][li])
		}
	}
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// forExprs calls f on every expression of t.
func forExprs(t *automata.Trans, f func(automata.Expr)) {
	f(t.X)
	f(t.Pid)
	f(t.Chan)
	for _, a := range t.Args {
		f(a)
	}
	for _, a := range t.PArgs {
		f(a)
	}
	if t.LHS != nil {
		f(t.LHS)
	}
	for _, a := range t.RArgs {
		f(a.Match)
		if a.Var != nil {
			f(a.Var)
		}
	}
}

// resetDead zeroes the locals of process pid that are dead at its
// location.
func (e *Engine) resetDead(c *ctx, pid int) {
	if e.dead == nil || pid < 0 || pid >= c.nproc {
		return
	}
	o := int(c.procOff[pid])
	ti := c.s[o]
	pt := e.ptypes[ti]
	for _, i := range e.dead[ti][c.pc(pid)] {
		v := pt.p.Locals[i]
		off := o + procHdr + v.Offset
		for k := 0; k < v.Size; k++ {
			c.s[off+k] = 0
		}
	}
}
