package engine

import (
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/token"
)

// A dispatch narrows the transitions of a location to those that can be
// enabled, by one read of the state.
//
// Models written as guarded commands (BEEM's, and most generated ones)
// have locations with dozens of options whose guards all begin with a test
// of the same variable against a constant: `token == 7 && ...`. At most
// one constant can match, so reading the variable once rules out all the
// other options without evaluating their guards. The candidates keep the
// location's order (pan's), so the successors come out exactly as before.
type dispatch struct {
	off    int  // offset of the byte-sized variable
	global bool // off is in the globals, else in the process segment
	// index maps the variable's value to a list of lists: 0 is the list of
	// the transitions whose guard does not test the variable (taken for
	// values no guard names); k > 0 adds those testing for that value.
	index [256]uint8
	lists [][]*ctrans
}

// candidates returns the transitions that may be enabled in c's state, in
// the location's order.
func (d *dispatch) candidates(c *ctx) []*ctrans {
	var v byte
	if d.global {
		v = c.s[d.off]
	} else {
		v = c.s[c.base+d.off]
	}
	return d.lists[d.index[v]]
}

// minDispatch is the number of options keyed on one variable for which a
// dispatch is worth its indirection.
const minDispatch = 3

// guardKey reports the first conjunct of t's guard when it is `v == k`
// for a byte-sized scalar variable v: a transition with that key is
// disabled whenever v != k.
func (cm *compiler) guardKey(t *automata.Trans, p *automata.Proc) (off int, global bool, k int, ok bool) {
	var x automata.Expr
	switch t.Kind {
	case automata.TExpr:
		x = t.X
	case automata.TDStep:
		// the d_step is enabled when its first statement is
		if t.DStart < 0 || t.DStart >= len(p.Locs) {
			return
		}
		out := p.Locs[t.DStart].Out
		if len(out) != 1 || out[0].Kind != automata.TExpr {
			return
		}
		x = out[0].X
	default:
		return
	}
	for {
		b, isBin := x.(*automata.Binary)
		if !isBin {
			return
		}
		if b.Op == token.LAND {
			x = b.X
			continue
		}
		if b.Op != token.EQL {
			return
		}
		kc, isConst := b.Y.(*automata.Const)
		if !isConst || kc.V < 0 || kc.V > 255 {
			return
		}
		off, global, ok = cm.byteRef(b.X)
		return off, global, int(kc.V), ok
	}
}

// newDispatch builds the dispatch for the transitions ts of a location of
// p, or returns nil when too few of them are keyed on one variable.
func (cm *compiler) newDispatch(p *automata.Proc, ts []*ctrans) *dispatch {
	type slot struct {
		off    int
		global bool
	}
	type key struct {
		slot
		k int
	}
	keys := make([]key, len(ts))
	has := make([]bool, len(ts))
	count := map[slot]int{}
	for i, t := range ts {
		off, global, k, ok := cm.guardKey(t.t, p)
		if !ok {
			continue
		}
		keys[i], has[i] = key{slot{off, global}, k}, true
		count[slot{off, global}]++
	}
	var best slot
	n := 0
	for s, c := range count {
		if c > n || c == n && (s.off < best.off || s.off == best.off && s.global && !best.global) {
			best, n = s, c
		}
	}
	if n < minDispatch {
		return nil
	}
	d := &dispatch{off: best.off, global: best.global}
	var rest []*ctrans
	for i, t := range ts {
		if !has[i] || keys[i].slot != best {
			rest = append(rest, t)
		}
	}
	d.lists = append(d.lists, rest)
	for v := 0; v < 256; v++ {
		var l []*ctrans
		named := false
		for i, t := range ts {
			switch {
			case !has[i] || keys[i].slot != best:
				l = append(l, t)
			case keys[i].k == v:
				l = append(l, t)
				named = true
			}
		}
		if !named {
			continue
		}
		if len(d.lists) == 255 {
			return nil
		}
		d.index[v] = uint8(len(d.lists))
		d.lists = append(d.lists, l)
	}
	return d
}
