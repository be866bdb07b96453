package ltl

import (
	"math/bits"
	"strings"
)

// Cube is a conjunction of literals: the propositions whose bit is set in
// Pos must be true, those in Neg false. Cube{} is true.
type Cube struct {
	Pos, Neg uint64
}

// Guard is a disjunction of cubes (DNF) over proposition indices (at most
// 64 propositions). An empty Guard is false; Guard{Cube{}} is true.
type Guard []Cube

// Eval evaluates the cube under a valuation: bit i of v is proposition i.
func (c Cube) Eval(v uint64) bool { return c.Pos&^v == 0 && c.Neg&v == 0 }

// Eval evaluates the guard under a valuation: bit i of v is proposition i.
func (g Guard) Eval(v uint64) bool {
	for _, c := range g {
		if c.Eval(v) {
			return true
		}
	}
	return false
}

// implies reports whether c implies d: d's literals are c's.
func (c Cube) implies(d Cube) bool { return d.Pos&^c.Pos == 0 && d.Neg&^c.Neg == 0 }

// IsTrue reports whether the guard is syntactically true.
func (g Guard) IsTrue() bool {
	for _, c := range g {
		if c.Pos == 0 && c.Neg == 0 {
			return true
		}
	}
	return false
}

func popc(x uint64) int { return bits.OnesCount64(x) }

// Format prints the guard in Promela syntax, as SPIN does:
// (1), ((p) && (!q)) || ((r)).
func (g Guard) Format(names []string) string {
	return g.format(guardSyntax{"(0)", "(1)", " && ", " || ", true, func(i int) string { return propName(names, i) }})
}

// guardSyntax is how a guard is written: false, true, the operators, and
// whether literals and cubes are parenthesized, with name(i) the name
// of proposition i.
type guardSyntax struct {
	ff, tt, and, or string
	paren           bool
	name            func(i int) string
}

func (g Guard) format(s guardSyntax) string {
	if len(g) == 0 {
		return s.ff
	}
	if g.IsTrue() {
		return s.tt
	}
	wrap := func(x string) string {
		if s.paren {
			return "(" + x + ")"
		}
		return x
	}
	var parts []string
	for _, c := range g {
		var lits []string
		for i := 0; i < 64; i++ {
			if c.Pos>>uint(i)&1 != 0 {
				lits = append(lits, wrap(s.name(i)))
			}
			if c.Neg>>uint(i)&1 != 0 {
				lits = append(lits, wrap("!"+s.name(i)))
			}
		}
		parts = append(parts, wrap(strings.Join(lits, s.and)))
	}
	return strings.Join(parts, s.or)
}

func propName(names []string, i int) string {
	if i < len(names) {
		return quoteName(names[i])
	}
	return "p" + itoa(i)
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	neg := i < 0
	if neg {
		i = -i
	}
	for i > 0 {
		b = append([]byte{byte('0' + i%10)}, b...)
		i /= 10
	}
	if neg {
		b = append([]byte{'-'}, b...)
	}
	return string(b)
}

// Truth tables over np ≤ maxTT propositions: bit v of the table is the
// value under valuation v.
const maxTT = 12

type ttab []uint64

type ttctx struct {
	np, w int
	vars  []ttab
	full  ttab
}

func newTT(np int) *ttctx {
	t := &ttctx{np: np, w: 1}
	if np > 6 {
		t.w = 1 << uint(np-6)
	}
	t.full = t.zero()
	n := uint(1) << uint(np)
	for v := uint(0); v < n; v++ {
		t.full[v/64] |= 1 << (v % 64)
	}
	for i := 0; i < np; i++ {
		x := t.zero()
		for v := uint(0); v < n; v++ {
			if v>>uint(i)&1 != 0 {
				x[v/64] |= 1 << (v % 64)
			}
		}
		t.vars = append(t.vars, x)
	}
	return t
}

func (t *ttctx) zero() ttab { return make(ttab, t.w) }

func (t *ttctx) cube(c Cube) ttab {
	r := append(ttab(nil), t.full...)
	for i := 0; i < t.np; i++ {
		if c.Pos>>uint(i)&1 != 0 {
			for k := range r {
				r[k] &= t.vars[i][k]
			}
		}
		if c.Neg>>uint(i)&1 != 0 {
			for k := range r {
				r[k] &^= t.vars[i][k]
			}
		}
	}
	return r
}

// cubeSubset reports whether cube c implies f, without allocating.
func (t *ttctx) cubeSubset(c Cube, f ttab) bool {
	for k := 0; k < t.w; k++ {
		x := t.full[k]
		for i := 0; i < t.np && x != 0; i++ {
			if c.Pos>>uint(i)&1 != 0 {
				x &= t.vars[i][k]
			} else if c.Neg>>uint(i)&1 != 0 {
				x &^= t.vars[i][k]
			}
		}
		if x&^f[k] != 0 {
			return false
		}
	}
	return true
}

func (t *ttctx) guard(g Guard) ttab {
	r := t.zero()
	for _, c := range g {
		x := t.cube(c)
		for k := range r {
			r[k] |= x[k]
		}
	}
	return r
}

func (x ttab) empty() bool {
	for _, v := range x {
		if v != 0 {
			return false
		}
	}
	return true
}

func (x ttab) subset(y ttab) bool {
	for k, v := range x {
		if v&^y[k] != 0 {
			return false
		}
	}
	return true
}

func (x ttab) equal(y ttab) bool {
	for k, v := range x {
		if v != y[k] {
			return false
		}
	}
	return true
}

// has reports whether valuation l is in the table.
func (x ttab) has(l int) bool { return x[l/64]>>(uint(l)%64)&1 != 0 }

// set adds valuation l to the table.
func (x ttab) set(l int) { x[l/64] |= 1 << (uint(l) % 64) }

// each calls f with each valuation in the table, in increasing order.
func (x ttab) each(f func(l int)) {
	for k, v := range x {
		for ; v != 0; v &= v - 1 {
			f(64*k + bits.TrailingZeros64(v))
		}
	}
}

// meets reports whether the tables share a valuation.
func (x ttab) meets(y ttab) bool {
	for k, v := range x {
		if v&y[k] != 0 {
			return true
		}
	}
	return false
}

// orIn adds y's valuations to x.
func (x ttab) orIn(y ttab) {
	for k := range x {
		x[k] |= y[k]
	}
}

// or returns a new table, the union of x and y.
func (x ttab) or(y ttab) ttab {
	r := append(ttab(nil), x...)
	r.orIn(y)
	return r
}

// andNot returns a new table, x without y's valuations.
func (x ttab) andNot(y ttab) ttab {
	r := append(ttab(nil), x...)
	for k := range r {
		r[k] &^= y[k]
	}
	return r
}

// dnf converts a truth table into a small DNF: each uncovered minterm is
// grown into a prime implicant by dropping literals greedily.
func (t *ttctx) dnf(f ttab) Guard {
	if f.empty() {
		return nil
	}
	if f.equal(t.full) {
		return Guard{{}}
	}
	covered := t.zero()
	var g Guard
	n := uint(1) << uint(t.np)
	for v := uint(0); v < n; v++ {
		if f[v/64]>>(v%64)&1 == 0 || covered[v/64]>>(v%64)&1 != 0 {
			continue
		}
		all := uint64(1)<<uint(t.np) - 1
		c := Cube{Pos: uint64(v) & all, Neg: ^uint64(v) & all}
		// Prefer dropping literals that cover more uncovered minterms: try
		// each variable in order, twice.
		for pass := 0; pass < 2; pass++ {
			for i := 0; i < t.np; i++ {
				b := uint64(1) << uint(i)
				if (c.Pos|c.Neg)&b == 0 {
					continue
				}
				d := Cube{c.Pos &^ b, c.Neg &^ b}
				if t.cubeSubset(d, f) {
					c = d
				}
			}
		}
		x := t.cube(c)
		for k := range covered {
			covered[k] |= x[k]
		}
		g = append(g, c)
	}
	// Remove cubes covered by the others.
	for i := 0; i < len(g); i++ {
		rest := t.zero()
		for j, c := range g {
			if j != i {
				x := t.cube(c)
				for k := range rest {
					rest[k] |= x[k]
				}
			}
		}
		if t.cube(g[i]).subset(rest) {
			g = append(g[:i], g[i+1:]...)
			i--
		}
	}
	return g
}

// GuardOf returns a small DNF over np propositions (np ≤ MaxSIProps) that
// holds exactly on the valuations v for which holds(v) is true.
func GuardOf(np int, holds func(v uint64) bool) Guard {
	t := newTT(np)
	f := t.zero()
	for v := uint64(0); v < uint64(1)<<uint(np); v++ {
		if holds(v) {
			f[v/64] |= 1 << (v % 64)
		}
	}
	return t.dnf(f)
}
