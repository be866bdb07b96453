package reduce

import (
	"fmt"

	"github.com/gospin/gospin/internal/reach"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
)

// Stubborn sets (gospin verify -stubborn): a reduced set may hold the
// enabled transitions of several processes, not only of one whose
// location is all safe. The selection works on processes: from a seed
// process, the set is closed under
//
//   - dependency: a process q outside the set whose future (every
//     transition reachable from q's current location in its proctype,
//     d_step bodies and atomic sequences included) may write a global
//     variable or channel that a transition at the current location of a
//     process in the set reads or writes, or read one that such a
//     transition writes, joins the set;
//   - enabling: the same test covers the disabled transitions at the
//     set's locations (their guards' variables and channels are part of
//     the location's footprint), so no outsider can enable them, and a
//     process's location changes only by its own steps (no remote
//     references under reduction, see Allowed). An expression statement
//     that a false conjunct of its condition disables counts with what
//     that conjunct reads only (a necessary enabling set, as in LTSmin's
//     guard-based reduction): an outsider joins only if it may write it.
//
// The stubborn set is then every enabled transition of the processes in
// the set: every sequence of outsiders' steps commutes with each of them
// and leaves their enabledness alone (Valmari's D1 and D2, coarsened to
// whole locations), and an assertion of an outsider reads nothing the
// set writes (invisibility for assertions and deadlocks).
//
// Statements the read/write slots do not describe make a location
// "wild": run, timeout, _nr_pr, _last, np_, enabled, pc_value, priorities,
// remote references, channel operations through local chan variables
// (the channel is not known statically), and the death of a process that
// owns channels. A set whose processes sit at a wild location is refused;
// an outsider with a wild statement in its future joins the set. The
// death (-end-) of an ordinary process changes only _nr_pr, which no
// non-wild statement reads, so it conflicts with nothing else; a process
// at -end- is never in a set.
//
// A process's location is state the slots do not describe either: the
// readiness of a rendezvous partner. A member's step that enters a
// location with a send or receive on a rendezvous channel makes that
// channel's partners ready, which writes no slot but disables an
// outsider's else (or unless body) beside the matching operation, and
// decides whether an outsider blocked on it inside an atomic sequence
// keeps its atomicity (the ample sets' blockMasks). So the outsiders that
// may still block so on the matching side of a channel (Reducer.block)
// join the set too when a member's step may end at such a location
// (enter). Leaving such a location is covered by the channel's slot: the
// location's own operations are in its footprint.
type stubbornInfo struct {
	words int
	// per proctype tag and location: the footprint of the location's
	// transitions (cur) and of everything reachable from it (fut)
	cur, fut [][]foot
	// enter[tag][loc]: the rendezvous channels, by side (send, recv), on
	// which a process at loc takes part at a location where one of its
	// steps from loc may end (after a merged chain or a d_step too)
	enter [][]chanMasks
	// Necessary enabling sets: tf[tag][loc][k], the footprint of the
	// location's k-th transition; conj[t.ID][i], what the i-th conjunct
	// of an expression statement's condition reads (only its reads: the
	// statement, disabled by that conjunct, stays disabled until a step
	// writes one of them), nil where a conjunct reads what the slots do
	// not describe; nes[tag][loc]: a transition there has conjuncts.
	tf   [][][]foot
	conj [][]foot
	nes  [][]bool
	// scratch: the footprint of a member's location in the state at hand
	scratch foot
}

// foot is a footprint over the global slots (variables and channels).
type foot struct {
	r, w []uint64
	// wild: a statement the slots do not describe (a set is refused at
	// such a location); opaque: one whose effect on others is not known
	// at all (it conflicts with everything)
	wild, opaque bool
	// runs: the proctypes it may start (their footprints join a future)
	runs []*automata.Proc
}

func (f *foot) add(g *foot) {
	for i := range g.r {
		f.r[i] |= g.r[i]
		f.w[i] |= g.w[i]
	}
	f.wild = f.wild || g.wild
	f.opaque = f.opaque || g.opaque
	for _, p := range g.runs {
		f.addRun(p)
	}
}

func (f *foot) addRun(p *automata.Proc) bool {
	for _, q := range f.runs {
		if q == p {
			return false
		}
	}
	f.runs = append(f.runs, p)
	return true
}

// conflicts: a writes what b reads or writes, or b writes what a reads.
func conflicts(a, b *foot) bool {
	if a.opaque || b.opaque {
		return true
	}
	for i := range a.r {
		if a.w[i]&(b.r[i]|b.w[i]) != 0 || b.w[i]&a.r[i] != 0 {
			return true
		}
	}
	return false
}

func newFoot(words int) foot {
	return foot{r: make([]uint64, words), w: make([]uint64, words)}
}

// groupFoot is the footprint of one transition (with its merged chain and
// d_step body, as the engine's dependency information has them).
func groupFoot(prog *automata.Program, info *pins.Info, slots []*automata.Var, nGlob, words int, t *automata.Trans) foot {
	f := newFoot(words)
	if t.ID < 0 || t.ID >= len(info.Groups) {
		f.wild, f.opaque = true, true
		return f
	}
	g := &info.Groups[t.ID]
	set := func(bits []uint64, i int) {
		if i < 0 || i >= len(info.Slots) {
			f.wild, f.opaque = true, true
			return
		}
		if i < nGlob {
			bits[i/64] |= 1 << (i % 64)
			return
		}
		if i < len(slots) && slots[i] != nil && (isChan(slots[i].Type) || slots[i].Chan != nil) {
			f.wild, f.opaque = true, true // a local chan variable: which channel is not known
		}
		if info.Slots[i].Kind == pins.Channel {
			f.wild, f.opaque = true, true
		}
	}
	for _, i := range g.Reads {
		set(f.r, i)
	}
	for _, i := range g.Writes {
		set(f.w, i)
	}
	for _, list := range [][]int{g.Sends, g.Recvs} {
		for _, i := range list {
			set(f.r, i)
			set(f.w, i)
		}
	}
	var check func(t *automata.Trans, seen map[int]bool)
	check = func(t *automata.Trans, seen map[int]bool) {
		switch t.Kind {
		case automata.TSetPrio:
			f.wild, f.opaque = true, true
		case automata.TEnd:
			f.wild = true
			for _, v := range t.Proc.Locals {
				if v.Chan != nil || isChan(v.Type) {
					f.opaque = true // its channels go with it
				}
			}
		}
		exprs(t, func(x automata.Expr) {
			switch x := x.(type) {
			case *automata.Ref:
				if x.Var == nil || x.Remote != nil {
					f.wild, f.opaque = true, true
				}
				for _, s := range x.Path {
					if s.Field != nil && (s.Field.Chan != nil || isChanType(s.Field)) && !(x.Var != nil && x.Var.Global) {
						f.wild, f.opaque = true, true
					}
				}
			case *automata.Call:
				switch x.Fn {
				case automata.BPid, automata.BLen, automata.BEmpty, automata.BNempty, automata.BFull, automata.BNfull:
				case automata.BTimeout, automata.BNrPr, automata.BNp:
					// enabled only when nothing else is / reads the
					// process count: no set holds it, and a set's steps
					// change neither
					f.wild = true
				default:
					f.wild, f.opaque = true, true
				}
			case *automata.RemoteLabel:
				f.wild, f.opaque = true, true
			case *automata.Run:
				f.wild = true
				if x.Proc == nil {
					f.opaque = true
				} else {
					f.addRun(x.Proc)
				}
			}
		})
		if t.Kind == automata.TDStep {
			// a d_step's body holds no d_step
			t.Proc.EachDStepTrans(t.DStart, func(u *automata.Trans) { check(u, seen) })
		}
	}
	check(t, map[int]bool{})
	return f
}

// newStubborn computes the footprints of every location of every proctype
// (bits and buf: chanBits and bufferedVars of the program).
func (r *Reducer) newStubborn(bits map[*automata.Var]uint64, buf map[*automata.Var]bool) {
	prog := r.e.Program()
	info := r.e.Info()
	slots := slotVars(prog, info)
	nGlob := len(prog.Globals)
	words := (nGlob + 63) / 64
	si := &stubbornInfo{words: words}
	gf := map[*automata.Trans]foot{}
	si.conj = conjunctFeet(r.e, prog, slots, nGlob, words)
	si.scratch = newFoot(words)
	for _, p := range r.lay.Procs {
		si.enter = append(si.enter, enterMasks(p, bits, buf))
		cur := make([]foot, len(p.Locs))
		fut := make([]foot, len(p.Locs))
		tf := make([][]foot, len(p.Locs))
		nes := make([]bool, len(p.Locs))
		for l, loc := range p.Locs {
			cur[l] = newFoot(words)
			if p.Kind == automata.NeverClaim {
				cur[l].wild = true
			}
			for _, t := range loc.Out {
				f, ok := gf[t]
				if !ok {
					f = groupFoot(prog, info, slots, nGlob, words, t)
					gf[t] = f
				}
				cur[l].add(&f)
				tf[l] = append(tf[l], f)
				if t.ID >= 0 && t.ID < len(si.conj) && si.conj[t.ID] != nil {
					nes[l] = true
				}
			}
		}
		si.tf = append(si.tf, tf)
		si.nes = append(si.nes, nes)
		// fut: union over the locations reachable from l (a fixpoint on
		// the small control graph)
		for l := range p.Locs {
			fut[l] = newFoot(words)
			reach.From(len(p.Locs), l, func(k int, push func(int)) {
				for _, t := range p.Locs[k].Out {
					push(t.To)
					if t.Kind == automata.TDStep {
						push(t.DStart)
					}
				}
			}, func(k int) { fut[l].add(&cur[k]) })
		}
		si.cur = append(si.cur, cur)
		si.fut = append(si.fut, fut)
	}
	// a process it may start joins a future: its footprint from its start
	tags := map[*automata.Proc]int{}
	for tag, p := range r.lay.Procs {
		tags[p] = tag
	}
	for changed := true; changed; {
		changed = false
		for _, fut := range si.fut {
			for l := range fut {
				for i := 0; i < len(fut[l].runs); i++ {
					tag, ok := tags[fut[l].runs[i]]
					if !ok {
						if !fut[l].opaque {
							fut[l].opaque, changed = true, true
						}
						continue
					}
					st := r.lay.Procs[tag].Start
					if st < 0 || st >= len(si.fut[tag]) {
						if !fut[l].opaque {
							fut[l].opaque, changed = true, true
						}
						continue
					}
					g := &si.fut[tag][st]
					before := fmt.Sprint(fut[l].r, fut[l].w, fut[l].opaque, len(fut[l].runs))
					fut[l].add(g)
					if fmt.Sprint(fut[l].r, fut[l].w, fut[l].opaque, len(fut[l].runs)) != before {
						changed = true
					}
				}
			}
		}
	}
	r.stub = si
}

// enterMasks computes enter (see stubbornInfo) for the locations of p: the
// rendezvous operations at every location where a step may end. A merged
// chain (engine/merge.go) continues only through locations whose one
// transition is an assignment, ++/--, printf, printm, assert or jump; the
// walk follows every such location, a superset of the chain's.
//
// (Leaving out the operations the start location has as well, as a
// partner that stays ready, needs care with receives that match values
// and with unless escapes, and saved nothing on the random models or the
// corpus.)
func enterMasks(p *automata.Proc, bits map[*automata.Var]uint64, buf map[*automata.Var]bool) []chanMasks {
	direct := make([]chanMasks, len(p.Locs))
	for l, loc := range p.Locs {
		for _, t := range loc.Out {
			if t.Kind != automata.TSend && t.Kind != automata.TRecv {
				continue
			}
			ref := chanRef(t.Chan)
			if ref != nil && buf[ref.Var] {
				continue
			}
			if t.Kind == automata.TSend {
				direct[l].send |= chanBit(bits, ref)
			} else {
				direct[l].recv |= chanBit(bits, ref)
			}
		}
	}
	out := make([]chanMasks, len(p.Locs))
	seen := make([]bool, len(p.Locs))
	for l, loc := range p.Locs {
		for _, t := range loc.Out {
			for i := range seen {
				seen[i] = false
			}
			for to := t.To; ; {
				if to < 0 || to >= len(p.Locs) {
					if t.Kind != automata.TEnd {
						out[l] = out[l].or(chanMasks{unknownChan, unknownChan, 0})
					}
					break
				}
				if seen[to] {
					break
				}
				seen[to] = true
				out[l] = out[l].or(direct[to])
				next := p.Locs[to].Out
				if len(next) != 1 {
					break
				}
				switch next[0].Kind {
				case automata.TAssign, automata.TIncDec, automata.TPrintf, automata.TPrintm, automata.TAssert, automata.TGoto:
					to = next[0].To
					continue
				}
				break
			}
		}
	}
	return out
}

// StubbornProcs implements pins.StubbornReducer: the processes of the
// stubborn set grown from process seed in state s (dst[pid] reports
// membership), or false when the set cannot be formed (a process of it at
// a wild location or at -end-, or the state not understood).
func (r *Reducer) StubbornProcs(s []byte, seed int, dst []bool) ([]bool, bool) {
	dst = dst[:0]
	if r.stub == nil || !r.decode(s) || seed < 0 || seed >= len(r.procOff) {
		return dst, false
	}
	n := len(r.procOff)
	for i := 0; i < n; i++ {
		dst = append(dst, false)
	}
	at := func(pid int) (int, int, bool) {
		o := r.procOff[pid]
		tag := int(s[o])
		loc := int(s[o+1]) | int(s[o+2])<<8
		if tag >= len(r.stub.cur) || loc >= len(r.stub.cur[tag]) {
			return 0, 0, false
		}
		return tag, loc, true
	}
	queue := append(r.stubQ[:0], seed)
	dst[seed] = true
	ok := true
	for len(queue) > 0 && ok {
		p := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		tag, loc, good := at(p)
		if !good {
			ok = false
			break
		}
		c := &r.stub.cur[tag][loc]
		if c.wild || r.endLoc(tag, loc) {
			ok = false
			break
		}
		if r.stub.nes[tag][loc] && !c.opaque {
			c = r.enablingFoot(s, p, tag, loc)
		}
		en := r.stub.enter[tag][loc]
		rv := en.send|en.recv != 0
		for q := 0; q < n; q++ {
			if dst[q] {
				continue
			}
			qt, ql, good := at(q)
			if !good {
				ok = false
				break
			}
			join := conflicts(c, &r.stub.fut[qt][ql])
			if !join && rv {
				// p's step makes a rendezvous partner ready that q may
				// still observe beside else or unless, or inside an
				// atomic sequence (see stubbornInfo)
				b := &r.block[qt][ql]
				join = overlap(b.send, en.recv) || overlap(b.recv, en.send)
			}
			if join {
				dst[q] = true
				queue = append(queue, q)
			}
		}
	}
	r.stubQ = queue[:0]
	return dst, ok
}

// endLoc: a transition at the location is a process's death.
func (r *Reducer) endLoc(tag, loc int) bool {
	for _, t := range r.lay.Procs[tag].Locs[loc].Out {
		if t.Kind == automata.TEnd {
			return true
		}
	}
	return false
}

// stubbornPossible: some location is not wild, so a stubborn set may form
// where no ample set can.
func (r *Reducer) stubbornPossible() bool {
	for _, cur := range r.stub.cur {
		for i := range cur {
			if !cur[i].wild {
				return true
			}
		}
	}
	return false
}

// enablingFoot is the footprint of process pid's location loc in state s
// with necessary enabling sets: an expression statement that a false
// conjunct of its condition disables contributes only what that conjunct
// reads (an outsider joins only if it may write it), the others their
// whole footprint. It returns the stubborn info's scratch footprint.
func (r *Reducer) enablingFoot(s []byte, pid, tag, loc int) *foot {
	si := r.stub
	f := &si.scratch
	for i := range f.r {
		f.r[i], f.w[i] = 0, 0
	}
	f.wild, f.opaque = false, false
	for k, t := range r.lay.Procs[tag].Locs[loc].Out {
		if cs := si.conj[t.ID]; cs != nil {
			if i := r.e.FalseConjunct(s, pid, t.ID); i >= 0 && i < len(cs) {
				f.add(&cs[i])
				continue
			}
		}
		f.add(&si.tf[tag][loc][k])
	}
	return f
}

// conjunctFeet computes stubbornInfo.conj: per expression statement with
// conjuncts (engine.GuardConjuncts), the global slots each reads, or nil
// for the statement when a conjunct reads something the slots do not
// describe (a remote reference, a channel, a predefined function).
func conjunctFeet(e interface {
	GuardConjuncts(g int) []automata.Expr
}, prog *automata.Program, slots []*automata.Var, nGlob, words int) [][]foot {
	slotOf := map[*automata.Var]int{}
	for i := 0; i < nGlob && i < len(slots); i++ {
		if slots[i] != nil {
			slotOf[slots[i]] = i
		}
	}
	out := make([][]foot, len(prog.Trans))
	for _, t := range prog.Trans {
		xs := e.GuardConjuncts(t.ID)
		if len(xs) == 0 || t.ID < 0 || t.ID >= len(out) {
			continue
		}
		feet := make([]foot, len(xs))
		good := true
		for i, x := range xs {
			f := newFoot(words)
			automata.WalkExpr(x, func(y automata.Expr) {
				switch y := y.(type) {
				case *automata.Ref:
					if y.Var == nil || y.Remote != nil || y.Var.Chan != nil || isChanType(y.Var) {
						good = false
						return
					}
					for _, sel := range y.Path {
						if sel.Field != nil && (sel.Field.Chan != nil || isChanType(sel.Field)) {
							good = false
						}
					}
					if y.Var.Global {
						k, ok := slotOf[y.Var]
						if !ok {
							good = false
							return
						}
						f.r[k/64] |= 1 << (k % 64)
					}
				case *automata.Call:
					if y.Fn != automata.BPid {
						good = false
					}
				case *automata.RemoteLabel, *automata.Run, *automata.Poll:
					good = false
				}
			})
			feet[i] = f
		}
		if good {
			out[t.ID] = feet
		}
	}
	return out
}
