package engine

import (
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
)

// infoBuilder computes the static dependency information.
type infoBuilder struct {
	slot   map[*automata.Var]int
	pcSlot map[*automata.Proc]int
	g      *pins.Group
}

// buildInfo computes the static description: one slot per global
// variable, then per proctype its program counter and its locals; and per
// transition the slots it may read and write and the channel variables it
// may send to or receive from (a d_step: everything its body may do).
func (e *Engine) buildInfo() *pins.Info {
	info := &pins.Info{Claim: e.prog.Never != nil}
	b := &infoBuilder{slot: map[*automata.Var]int{}, pcSlot: map[*automata.Proc]int{}}
	for _, v := range e.prog.Globals {
		b.slot[v] = len(info.Slots)
		kind := pins.GlobalVar
		if v.Chan != nil {
			kind = pins.Channel
		}
		info.Slots = append(info.Slots, pins.Slot{Name: v.Name, Kind: kind})
	}
	for _, p := range e.prog.Procs {
		b.pcSlot[p] = len(info.Slots)
		info.Slots = append(info.Slots, pins.Slot{Name: p.Name + ".pc", Kind: pins.ProgramCounter})
		for _, v := range p.Locals {
			b.slot[v] = len(info.Slots)
			kind := pins.LocalVar
			if v.Chan != nil {
				kind = pins.Channel
			}
			info.Slots = append(info.Slots, pins.Slot{Name: p.Name + "." + v.Name, Kind: kind})
		}
	}
	for _, t := range e.prog.Trans {
		g := pins.Group{ProcType: t.Proc.Name, Text: t.Text, Pos: t.Pos}
		b.g = &g
		b.add(&g.Reads, b.pcSlot[t.Proc])
		b.add(&g.Writes, b.pcSlot[t.Proc])
		b.trans(t, map[int]bool{})
		info.Groups = append(info.Groups, g)
	}
	return info
}

func (b *infoBuilder) add(list *[]int, i int) {
	for _, x := range *list {
		if x == i {
			return
		}
	}
	*list = append(*list, i)
}

func (b *infoBuilder) ref(r *automata.Ref, write bool) {
	if r == nil {
		return
	}
	if i, ok := b.slot[r.Var]; ok {
		if write {
			b.add(&b.g.Writes, i)
		} else {
			b.add(&b.g.Reads, i)
		}
	}
	if r.Remote != nil {
		b.add(&b.g.Reads, b.pcSlot[r.Remote.Proc])
		b.expr(r.Remote.Pid)
	}
	b.expr(r.Index)
	for _, s := range r.Path {
		b.expr(s.Index)
	}
}

func (b *infoBuilder) channel(x automata.Expr, list *[]int) {
	if r, ok := x.(*automata.Ref); ok {
		if i, ok := b.slot[r.Var]; ok {
			b.add(list, i)
		}
	}
	b.expr(x)
}

func (b *infoBuilder) expr(x automata.Expr) {
	switch x := x.(type) {
	case *automata.Ref:
		b.ref(x, false)
	case *automata.Unary, *automata.Binary, *automata.Cond, *automata.Call:
		automata.Operands(x, b.expr)
	case *automata.RemoteLabel:
		b.add(&b.g.Reads, b.pcSlot[x.Remote.Proc])
		b.expr(x.Remote.Pid)
	case *automata.Run:
		for _, a := range x.Args {
			b.expr(a)
		}
	case *automata.Poll:
		b.channel(x.Chan, &b.g.Recvs)
		for _, a := range x.Args {
			b.expr(a.Match)
		}
	}
}

func (b *infoBuilder) trans(t *automata.Trans, seen map[int]bool) {
	b.expr(t.X)
	b.expr(t.Pid)
	for _, a := range t.Args {
		b.expr(a)
	}
	for _, a := range t.PArgs {
		b.expr(a)
	}
	if t.LHS != nil {
		b.ref(t.LHS, true)
		if t.Kind == automata.TIncDec {
			b.ref(t.LHS, false)
		}
	}
	switch t.Kind {
	case automata.TSend:
		b.channel(t.Chan, &b.g.Sends)
	case automata.TRecv:
		b.channel(t.Chan, &b.g.Recvs)
		for _, a := range t.RArgs {
			if a.Var != nil {
				b.ref(a.Var, true)
			}
			b.expr(a.Match)
		}
	case automata.TDStep:
		b.body(t.Proc, t.DStart, seen)
	}
}

func (b *infoBuilder) body(p *automata.Proc, l int, seen map[int]bool) {
	if seen[l] || p.Locs[l].Flags&automata.DStepLoc == 0 {
		return
	}
	seen[l] = true
	for _, t := range p.Locs[l].Out {
		b.trans(t, seen)
		b.body(p, t.To, seen)
	}
}

// mergeInfo adds to each transition's dependency information that of the
// statements merged after it: with statement merging a step executes the
// whole chain.
func (e *Engine) mergeInfo() {
	union := func(dst *[]int, src []int) {
		for _, x := range src {
			found := false
			for _, y := range *dst {
				if x == y {
					found = true
					break
				}
			}
			if !found {
				*dst = append(*dst, x)
			}
		}
	}
	for id, ct := range e.trans {
		if ct == nil || len(ct.chain) == 0 {
			continue
		}
		g := &e.info.Groups[id]
		for _, m := range ct.chain {
			mg := &e.info.Groups[m.t.ID]
			union(&g.Reads, mg.Reads)
			union(&g.Writes, mg.Writes)
			union(&g.Sends, mg.Sends)
			union(&g.Recvs, mg.Recvs)
		}
	}
}
