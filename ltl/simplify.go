package ltl

import (
	"sort"
	"strconv"
)

// factory interns formulas in negation normal form. Internal NNF formulas
// use OpTrue, OpFalse, OpProp, OpNot (on a proposition only), OpAnd, OpOr
// (n-ary, operands sorted by id, no duplicates), OpNext, OpUntil,
// OpRelease, OpWeakUntil, OpAlways and OpEventually. The constructors apply
// rewriting rules, so every interned formula is already simplified.
type factory struct {
	tab    map[string]*Formula
	nodes  []*Formula
	ev     []bool // pure eventuality: F f ≡ f
	un     []bool // purely universal: G f ≡ f
	size   []int32
	negm   map[int32]*Formula
	impm   map[[2]int32]bool
	impmT  map[[2]int32]bool
	and2   map[[2]int32]*Formula
	tt, ff *Formula
	// tableau is set while building automata: conjunctions then keep
	// operands implied by other operands (dropping them would be circular:
	// G(a && X F b) implies F b, yet F b must stay an obligation).
	tableau bool
	// work counts interned nodes (weighted by their operands), tableau
	// terms and TGBA states and edges; beyond limit (when > 0) the
	// translation stops with a *TooLargeError (spend).
	work, limit int
	nnfm        map[*Formula]*[2]*Formula
}

func newFactory() *factory {
	fc := &factory{tab: map[string]*Formula{}, nodes: []*Formula{nil}, ev: []bool{false}, un: []bool{false}, size: []int32{0},
		negm: map[int32]*Formula{}, impm: map[[2]int32]bool{}, impmT: map[[2]int32]bool{}, and2: map[[2]int32]*Formula{},
		nnfm: map[*Formula]*[2]*Formula{}}
	fc.tt = fc.mk(OpTrue, 0, nil)
	fc.ff = fc.mk(OpFalse, 0, nil)
	return fc
}

func (fc *factory) mk(op Op, prop int, args []*Formula) *Formula {
	key := make([]byte, 0, 16)
	key = append(key, byte(op))
	key = strconv.AppendInt(key, int64(prop), 10)
	for _, a := range args {
		key = append(key, ',')
		key = strconv.AppendInt(key, int64(a.id), 10)
	}
	if f, ok := fc.tab[string(key)]; ok {
		return f
	}
	fc.spend(1 + len(args))
	f := &Formula{Op: op, Prop: prop, Args: args, id: int32(len(fc.nodes))}
	fc.tab[string(key)] = f
	fc.nodes = append(fc.nodes, f)
	ev, un := false, false
	sz := int32(1)
	for _, a := range args {
		sz += fc.size[a.id]
	}
	switch op {
	case OpTrue, OpFalse:
		ev, un = true, true
	case OpEventually:
		ev, un = true, fc.un[args[0].id]
	case OpAlways:
		ev, un = fc.ev[args[0].id], true
	case OpNext:
		ev, un = fc.ev[args[0].id], fc.un[args[0].id]
	case OpAnd, OpOr, OpUntil, OpRelease, OpWeakUntil:
		ev, un = true, true
		for _, a := range args {
			ev = ev && fc.ev[a.id]
			un = un && fc.un[a.id]
		}
		if op == OpUntil && args[0].Op == OpTrue {
			ev = fc.un[args[1].id] || true
		}
	}
	fc.ev = append(fc.ev, ev)
	fc.un = append(fc.un, un)
	fc.size = append(fc.size, sz)
	return f
}

func (fc *factory) susp(f *Formula) bool { return fc.ev[f.id] && fc.un[f.id] }

// isEv reports whether f is a pure eventuality (F f ≡ f), isUn whether
// it is purely universal (G f ≡ f).
func (fc *factory) isEv(f *Formula) bool { return fc.ev[f.id] }
func (fc *factory) isUn(f *Formula) bool { return fc.un[f.id] }

// each returns op applied to each of xs, in a new slice.
func (fc *factory) each(op func(*Formula) *Formula, xs []*Formula) []*Formula {
	out := make([]*Formula, len(xs))
	for i, x := range xs {
		out[i] = op(x)
	}
	return out
}

func (fc *factory) prop(i int, neg bool) *Formula {
	p := fc.mk(OpProp, i, nil)
	if neg {
		return fc.mk(OpNot, 0, []*Formula{p})
	}
	return p
}

func isLit(f *Formula) bool { return f.Op == OpProp || f.Op == OpNot }

// nnf converts a public formula into an interned, simplified NNF formula
// (of !f when neg). Results are memoized per node and polarity, so that
// nested <-> (whose operands are converted in both polarities) and shared
// subformulas cost linear time.
func (fc *factory) nnf(f *Formula, neg bool) *Formula {
	pol := 0
	if neg {
		pol = 1
	}
	m := fc.nnfm[f]
	if m == nil {
		m = new([2]*Formula)
		fc.nnfm[f] = m
	} else if m[pol] != nil {
		return m[pol]
	}
	r := fc.nnf1(f, neg)
	m[pol] = r
	return r
}

func (fc *factory) nnf1(f *Formula, neg bool) *Formula {
	a := f.Args
	switch f.Op {
	case OpTrue:
		if neg {
			return fc.ff
		}
		return fc.tt
	case OpFalse:
		if neg {
			return fc.tt
		}
		return fc.ff
	case OpProp:
		return fc.prop(f.Prop, neg)
	case OpNot:
		return fc.nnf(a[0], !neg)
	case OpAnd, OpOr:
		xs := make([]*Formula, len(a))
		for i, x := range a {
			xs[i] = fc.nnf(x, neg)
		}
		if (f.Op == OpAnd) != neg {
			return fc.and(xs...)
		}
		return fc.or(xs...)
	case OpImplies:
		if neg {
			return fc.and(fc.nnf(a[0], false), fc.nnf(a[1], true))
		}
		return fc.or(fc.nnf(a[0], true), fc.nnf(a[1], false))
	case OpEquiv:
		p, q := fc.nnf(a[0], false), fc.nnf(a[1], false)
		np, nq := fc.nnf(a[0], true), fc.nnf(a[1], true)
		if neg {
			return fc.or(fc.and(p, nq), fc.and(np, q))
		}
		return fc.or(fc.and(p, q), fc.and(np, nq))
	case OpNext:
		return fc.next(fc.nnf(a[0], neg))
	case OpAlways:
		if neg {
			return fc.ev1(fc.nnf(a[0], true))
		}
		return fc.alw(fc.nnf(a[0], false))
	case OpEventually:
		if neg {
			return fc.alw(fc.nnf(a[0], true))
		}
		return fc.ev1(fc.nnf(a[0], false))
	case OpUntil:
		if neg {
			return fc.release(fc.nnf(a[0], true), fc.nnf(a[1], true))
		}
		return fc.until(fc.nnf(a[0], false), fc.nnf(a[1], false))
	case OpRelease:
		if neg {
			return fc.until(fc.nnf(a[0], true), fc.nnf(a[1], true))
		}
		return fc.release(fc.nnf(a[0], false), fc.nnf(a[1], false))
	case OpWeakUntil:
		if neg {
			nb := fc.nnf(a[1], true)
			return fc.until(nb, fc.and(fc.nnf(a[0], true), nb))
		}
		return fc.weak(fc.nnf(a[0], false), fc.nnf(a[1], false))
	}
	panic("ltl: bad formula")
}

// neg negates an interned NNF formula.
func (fc *factory) neg(f *Formula) *Formula {
	if r, ok := fc.negm[f.id]; ok {
		return r
	}
	var r *Formula
	a := f.Args
	switch f.Op {
	case OpTrue:
		r = fc.ff
	case OpFalse:
		r = fc.tt
	case OpProp:
		r = fc.prop(f.Prop, true)
	case OpNot:
		r = a[0]
	case OpAnd, OpOr:
		xs := make([]*Formula, len(a))
		for i, x := range a {
			xs[i] = fc.neg(x)
		}
		if f.Op == OpAnd {
			r = fc.or(xs...)
		} else {
			r = fc.and(xs...)
		}
	case OpNext:
		r = fc.next(fc.neg(a[0]))
	case OpAlways:
		r = fc.ev1(fc.neg(a[0]))
	case OpEventually:
		r = fc.alw(fc.neg(a[0]))
	case OpUntil:
		r = fc.release(fc.neg(a[0]), fc.neg(a[1]))
	case OpRelease:
		r = fc.until(fc.neg(a[0]), fc.neg(a[1]))
	case OpWeakUntil:
		nb := fc.neg(a[1])
		r = fc.until(nb, fc.and(fc.neg(a[0]), nb))
	}
	fc.negm[f.id] = r
	return r
}

// implies is a sound, incomplete syntactic check that a ⇒ b.
func (fc *factory) implies(a, b *Formula) bool {
	if a == b || b.Op == OpTrue || a.Op == OpFalse {
		return true
	}
	if b.Op == OpFalse || a.Op == OpTrue {
		return false
	}
	if fc.size[a.id]+fc.size[b.id] > 40 {
		return false
	}
	k := [2]int32{a.id, b.id}
	m := fc.impm
	if fc.tableau {
		m = fc.impmT
	}
	if r, ok := m[k]; ok {
		return r
	}
	m[k] = false
	r := fc.implies1(a, b)
	m[k] = r
	return r
}

func (fc *factory) implies1(a, b *Formula) bool {
	// Decompose the right side first when it is a conjunction, the left
	// when it is a disjunction.
	switch b.Op {
	case OpAnd:
		for _, x := range b.Args {
			if !fc.implies(a, x) {
				return false
			}
		}
		return true
	}
	switch a.Op {
	case OpOr:
		for _, x := range a.Args {
			if !fc.implies(x, b) {
				return false
			}
		}
		return true
	case OpAnd:
		for _, x := range a.Args {
			if fc.implies(x, b) {
				return true
			}
		}
	}
	switch b.Op {
	case OpOr:
		for _, x := range b.Args {
			if fc.implies(a, x) {
				return true
			}
		}
	case OpEventually:
		if fc.implies(a, b.Args[0]) {
			return true
		}
		switch a.Op {
		case OpEventually:
			if fc.implies(a.Args[0], b.Args[0]) {
				return true
			}
		case OpUntil:
			if fc.implies(a.Args[1], b.Args[0]) {
				return true
			}
		case OpNext:
			// Not while building automata: X F b would discharge F b
			// circularly in G(a && X F b).
			if !fc.tableau && fc.implies(a.Args[0], b) {
				return true
			}
		}
	case OpUntil:
		if fc.implies(a, b.Args[1]) {
			return true
		}
		if a.Op == OpUntil && fc.implies(a.Args[0], b.Args[0]) && fc.implies(a.Args[1], b.Args[1]) {
			return true
		}
	case OpAlways:
		switch a.Op {
		case OpAlways:
			if fc.implies(a.Args[0], b.Args[0]) {
				return true
			}
		case OpRelease:
			if a.Args[0].Op == OpFalse && fc.implies(a.Args[1], b.Args[0]) {
				return true
			}
		}
	case OpRelease:
		if fc.implies(a, b.Args[0]) && fc.implies(a, b.Args[1]) {
			return true
		}
		switch a.Op {
		case OpAlways:
			if fc.implies(a.Args[0], b.Args[1]) {
				return true
			}
		case OpRelease:
			if fc.implies(a.Args[0], b.Args[0]) && fc.implies(a.Args[1], b.Args[1]) {
				return true
			}
		}
	case OpWeakUntil:
		if fc.implies(a, b.Args[1]) {
			return true
		}
		switch a.Op {
		case OpAlways:
			if fc.implies(a.Args[0], b.Args[0]) {
				return true
			}
		case OpWeakUntil, OpUntil:
			if fc.implies(a.Args[0], b.Args[0]) && fc.implies(a.Args[1], b.Args[1]) {
				return true
			}
		}
	case OpNext:
		if a.Op == OpNext && fc.implies(a.Args[0], b.Args[0]) {
			return true
		}
	}
	// a implies its "current-position" consequences.
	switch a.Op {
	case OpAlways:
		return fc.implies(a.Args[0], b)
	case OpUntil, OpWeakUntil:
		return fc.implies(a.Args[0], b) && fc.implies(a.Args[1], b)
	case OpRelease:
		return fc.implies(a.Args[1], b)
	}
	return false
}

func (fc *factory) sortUniq(xs []*Formula) []*Formula {
	sort.Slice(xs, func(i, j int) bool { return xs[i].id < xs[j].id })
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func (fc *factory) and(args ...*Formula) *Formula {
	if len(args) == 2 && fc.tableau {
		a, b := args[0], args[1]
		if a.id > b.id {
			a, b = b, a
		}
		k := [2]int32{a.id, b.id}
		if r, ok := fc.and2[k]; ok {
			return r
		}
		r := fc.nary(OpAnd, []*Formula{a, b})
		fc.and2[k] = r
		return r
	}
	return fc.nary(OpAnd, append([]*Formula(nil), args...))
}

func (fc *factory) or(args ...*Formula) *Formula {
	return fc.nary(OpOr, append([]*Formula(nil), args...))
}

// nary builds an n-ary conjunction (op = OpAnd) or disjunction (OpOr).
func (fc *factory) nary(op Op, args []*Formula) *Formula {
	unit, zero := fc.tt, fc.ff
	if op == OpOr {
		unit, zero = fc.ff, fc.tt
	}
	var xs []*Formula
	for _, a := range args {
		if a.Op == op {
			xs = append(xs, a.Args...)
		} else if a == zero {
			return zero
		} else if a != unit {
			xs = append(xs, a)
		}
	}
	xs = fc.sortUniq(xs)
	if len(xs) == 0 {
		return unit
	}
	// Merge operands of the same shape.
	changed := false
	var gs, fgs, xn, rest []*Formula
	byRight := map[*Formula][]*Formula{} // U/W operands grouped (And: same right; Or: same left)
	var keyOrder []*Formula
	for _, x := range xs {
		switch {
		case op == OpAnd && x.Op == OpEventually && x.Args[0].Op == OpAlways:
			fgs = append(fgs, x.Args[0].Args[0])
		case op == OpOr && x.Op == OpEventually:
			gs = append(gs, x.Args[0])
		case op == OpOr && x.Op == OpAlways && x.Args[0].Op == OpEventually:
			fgs = append(fgs, x.Args[0].Args[0])
		case x.Op == OpNext:
			xn = append(xn, x.Args[0])
		case op == OpAnd && (x.Op == OpUntil || x.Op == OpWeakUntil):
			k := fc.mk(x.Op, 0, []*Formula{fc.tt, x.Args[1]})
			if byRight[k] == nil {
				keyOrder = append(keyOrder, k)
			}
			byRight[k] = append(byRight[k], x.Args[0])
		case op == OpOr && x.Op == OpUntil:
			k := fc.mk(x.Op, 0, []*Formula{x.Args[0], fc.tt})
			if byRight[k] == nil {
				keyOrder = append(keyOrder, k)
			}
			byRight[k] = append(byRight[k], x.Args[1])
		default:
			rest = append(rest, x)
		}
	}
	if len(gs) > 1 || len(fgs) > 1 || len(xn) > 1 || len(keyOrder) < len(xs)-len(rest)-len(gs)-len(fgs)-len(xn) {
		changed = true
		out := rest
		if op == OpAnd {
			if len(gs) > 0 {
				out = append(out, fc.alw(fc.and(gs...)))
			}
			if len(fgs) > 0 {
				out = append(out, fc.ev1(fc.alw(fc.and(fgs...))))
			}
		} else {
			if len(gs) > 0 {
				out = append(out, fc.ev1(fc.or(gs...)))
			}
			if len(fgs) > 0 {
				out = append(out, fc.alw(fc.ev1(fc.or(fgs...))))
			}
		}
		if len(xn) > 0 {
			out = append(out, fc.next(fc.nary(op, xn)))
		}
		for _, k := range keyOrder {
			v := byRight[k]
			if op == OpAnd {
				if k.Op == OpUntil {
					out = append(out, fc.until(fc.and(v...), k.Args[1]))
				} else {
					out = append(out, fc.weak(fc.and(v...), k.Args[1]))
				}
			} else {
				out = append(out, fc.until(k.Args[0], fc.or(v...)))
			}
		}
		return fc.nary(op, out)
	}
	_ = changed
	// Syntactic implication: drop redundant operands, detect contradictions.
	if len(xs) > 1 && len(xs) <= 12 {
		removed := make([]bool, len(xs))
		for i, x := range xs {
			nx := fc.neg(x)
			for j, y := range xs {
				if i == j || removed[j] {
					continue
				}
				if op == OpAnd {
					if fc.implies(y, nx) {
						return fc.ff
					}
					if fc.implies(y, x) {
						removed[i] = true
						break
					}
				} else {
					if fc.implies(nx, y) {
						return fc.tt
					}
					if fc.implies(x, y) {
						removed[i] = true
						break
					}
				}
			}
		}
		xs = kept(xs, removed)
	}
	if len(xs) == 1 {
		return xs[0]
	}
	return fc.mk(op, 0, xs)
}

func (fc *factory) next(a *Formula) *Formula {
	if a.Op == OpTrue || a.Op == OpFalse || fc.susp(a) {
		return a
	}
	return fc.mk(OpNext, 0, []*Formula{a})
}

// ev1 is F a.
func (fc *factory) ev1(a *Formula) *Formula {
	if fc.ev[a.id] {
		return a
	}
	switch a.Op {
	case OpNext:
		return fc.next(fc.ev1(a.Args[0]))
	case OpUntil:
		return fc.ev1(a.Args[1])
	case OpAnd:
		if s, r := split(a.Args, fc.susp); len(s) > 0 {
			return fc.and(append(s, fc.ev1(fc.and(r...)))...)
		}
	case OpOr:
		for _, x := range a.Args {
			// F(G a || r) is true when !a implies r.
			if x.Op == OpAlways {
				_, rest := split(a.Args, func(y *Formula) bool { return y == x })
				if fc.implies(fc.neg(x.Args[0]), fc.or(rest...)) {
					return fc.tt
				}
			}
		}
		if s, r := split(a.Args, fc.isEv); len(s) > 0 {
			return fc.or(append(s, fc.ev1(fc.or(r...)))...)
		}
	case OpAlways:
		// FG(a || u) = FG a || F u for a purely universal u.
		if x := a.Args[0]; x.Op == OpOr {
			if u, r := split(x.Args, fc.isUn); len(u) > 0 {
				fg := fc.ev1(fc.alw(fc.or(r...))) // first: interning order is formula order
				return fc.or(append([]*Formula{fg}, fc.each(fc.ev1, u)...)...)
			}
		}
	}
	return fc.mk(OpEventually, 0, []*Formula{a})
}

// alw is G a.
func (fc *factory) alw(a *Formula) *Formula {
	if fc.un[a.id] {
		return a
	}
	switch a.Op {
	case OpNext:
		return fc.next(fc.alw(a.Args[0]))
	case OpRelease:
		return fc.alw(a.Args[1])
	case OpWeakUntil:
		return fc.alw(fc.or(a.Args[0], a.Args[1]))
	case OpOr:
		if s, r := split(a.Args, fc.susp); len(s) > 0 {
			return fc.or(append(s, fc.alw(fc.or(r...)))...)
		}
	case OpAnd: // G(a && b) = G a && G b
		return fc.and(fc.each(fc.alw, a.Args)...)
	case OpEventually:
		// GF(a && e) = GF a && G e for a pure eventuality e.
		if x := a.Args[0]; x.Op == OpAnd {
			if e, r := split(x.Args, fc.isEv); len(e) > 0 {
				gf := fc.alw(fc.ev1(fc.and(r...))) // first: interning order is formula order
				return fc.and(append([]*Formula{gf}, fc.each(fc.alw, e)...)...)
			}
		}
	}
	return fc.mk(OpAlways, 0, []*Formula{a})
}

func (fc *factory) until(a, b *Formula) *Formula {
	switch {
	case b.Op == OpTrue || b.Op == OpFalse || a.Op == OpFalse || a == b || fc.ev[b.id]:
		return b
	case a.Op == OpTrue:
		return fc.ev1(b)
	case a.Op == OpNext && b.Op == OpNext:
		return fc.next(fc.until(a.Args[0], b.Args[0]))
	case b.Op == OpAlways && b.Args[0] == a:
		return b
	case fc.implies(a, b):
		return b
	case fc.implies(fc.neg(b), a):
		return fc.ev1(b)
	}
	return fc.mk(OpUntil, 0, []*Formula{a, b})
}

func (fc *factory) release(a, b *Formula) *Formula {
	switch {
	case b.Op == OpTrue || b.Op == OpFalse || a.Op == OpTrue || a == b || fc.un[b.id]:
		return b
	case a.Op == OpFalse:
		return fc.alw(b)
	case a.Op == OpNext && b.Op == OpNext:
		return fc.next(fc.release(a.Args[0], b.Args[0]))
	case b.Op == OpEventually && b.Args[0] == a:
		return b
	case fc.implies(b, a):
		return b
	case fc.implies(b, fc.neg(a)):
		return fc.alw(b)
	}
	return fc.mk(OpRelease, 0, []*Formula{a, b})
}

func (fc *factory) weak(a, b *Formula) *Formula {
	switch {
	case b.Op == OpTrue || a.Op == OpTrue:
		return fc.tt
	case b.Op == OpFalse:
		return fc.alw(a)
	case a.Op == OpFalse || a == b:
		return b
	case a.Op == OpNext && b.Op == OpNext:
		return fc.next(fc.weak(a.Args[0], b.Args[0]))
	case fc.un[a.id]:
		return fc.or(a, b)
	case fc.implies(a, b):
		return b
	case fc.implies(fc.neg(b), a):
		return fc.tt
	}
	return fc.mk(OpWeakUntil, 0, []*Formula{a, b})
}

// Simplify returns an equivalent simplified formula in negation normal
// form.
func Simplify(f *Formula) *Formula {
	fc := newFactory()
	return export(fc.nnf(f, false))
}

// export copies an interned formula into a plain tree.
func export(f *Formula) *Formula {
	g := &Formula{Op: f.Op, Prop: f.Prop}
	for _, a := range f.Args {
		g.Args = append(g.Args, export(a))
	}
	return g
}
