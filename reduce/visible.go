package reduce

import (
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/promela/automata"
)

// VisibleGroups says, for each transition group of an engine model with a
// never claim, whether the transition is visible to the claim: whether it
// may change anything that one of the claim's transitions reads. A
// partial-order reduction over the product may take only invisible
// transitions into a proper ample set (condition C2).
//
// A group is visible when it writes a slot that a claim transition reads
// (variables, and program counters read by remote references and remote
// labels). When the claim reads any channel (len, empty, full, a poll, or
// a channel variable), every group that sends or receives is visible,
// since a channel variable may name any channel. When the claim uses a
// predefined value that no slot stands for (_nr_pr, _last, np_, timeout,
// enabled, pc_value, get_priority, _pid), every group is visible. It
// returns nil when the model has no claim.
func VisibleGroups(e *engine.Engine) []bool {
	prog := e.Program()
	info := e.Info()
	if prog == nil || info == nil || !info.Claim {
		return nil
	}
	c := &claimReads{reads: map[int]bool{}, remoteVar: map[*automata.Proc]bool{}}
	c.scan(prog, info)
	labelled, startLabel := c.labelledLocs(info)
	claimGroup := make([]bool, len(info.Groups))
	for _, t := range prog.Trans {
		if t.Proc.Kind == automata.NeverClaim && t.ID < len(claimGroup) {
			claimGroup[t.ID] = true
		}
	}
	vis := make([]bool, len(info.Groups))
	for g := range info.Groups {
		if !claimGroup[g] {
			vis[g] = c.visible(e, prog, info, g, labelled, startLabel)
		}
	}
	return vis
}

// claimReads is what the never claim reads: state slots, channels (any
// channel's contents), remote labels, the processes whose variables it
// reads, or anything (all).
type claimReads struct {
	reads      map[int]bool
	chans, all bool
	labels     []*automata.RemoteLabel
	remoteVar  map[*automata.Proc]bool // processes whose variables the claim reads
}

// scan collects what the claim's transitions read.
func (c *claimReads) scan(prog *automata.Program, info *pins.Info) {
	for _, t := range prog.Trans {
		if t.Proc.Kind != automata.NeverClaim || t.ID >= len(info.Groups) {
			continue
		}
		for _, s := range info.Groups[t.ID].Reads {
			c.reads[s] = true
		}
		for _, s := range info.Groups[t.ID].Recvs {
			c.reads[s] = true
		}
		if t.Kind != automata.TExpr && t.Kind != automata.TElse && t.Kind != automata.TGoto && t.Kind != automata.TPrintf && t.Kind != automata.TPrintm && t.Kind != automata.TAssert {
			c.all = true // a claim with statements other than conditions (an assertion reads its expression)
		}
		c.expr(t.X)
		c.expr(t.Chan)
		c.ref(t.LHS)
		for _, a := range t.Args {
			c.expr(a)
		}
	}
	for s := range c.reads {
		if s < len(info.Slots) && info.Slots[s].Kind == pins.Channel {
			c.chans = true
		}
	}
}

func (c *claimReads) ref(r *automata.Ref) {
	if r == nil {
		return
	}
	if r.Var != nil && r.Var.Chan != nil {
		c.chans = true
	}
	c.expr(r.Index)
	for _, s := range r.Path {
		c.expr(s.Index)
	}
	if r.Remote != nil {
		c.expr(r.Remote.Pid)
	}
}

func (c *claimReads) expr(x automata.Expr) {
	switch x := x.(type) {
	case nil:
	case *automata.Const:
	case *automata.Ref:
		if x.Remote != nil && x.Remote.Proc != nil {
			c.remoteVar[x.Remote.Proc] = true
		}
		c.ref(x)
	case *automata.Unary, *automata.Binary, *automata.Cond:
		automata.Operands(x, c.expr)
	case *automata.Call:
		switch x.Fn {
		case automata.BLen, automata.BEmpty, automata.BNempty, automata.BFull, automata.BNfull:
			c.chans = true
		default:
			c.all = true
		}
		automata.Operands(x, c.expr)
	case *automata.RemoteLabel:
		c.labels = append(c.labels, x)
		c.expr(x.Remote.Pid)
	case *automata.Poll:
		c.chans = true
		c.expr(x.Chan)
		for _, a := range x.Args {
			c.expr(a.Match)
		}
	default:
		c.all = true // anything else: be conservative
	}
}

// labelledLocs returns, per process type, the locations whose labels the
// claim tests, and whether one is the start of its type; the program
// counters of those types are no longer reads as a whole.
//
// The claim reads program counters only through remote labels
// (P[i]@L): a step changes such a proposition only when it leaves or
// enters L. So a step of a process type with a labelled location the
// claim tests is visible when it starts, passes or ends there (a
// d_step, whose body is not followed, whenever its type has one), and
// a run is visible when a tested label is the start of its type (the
// new process appears there). A program counter read any other way
// makes every step of a process visible, as before.
func (c *claimReads) labelledLocs(info *pins.Info) (map[*automata.Proc]map[int]bool, bool) {
	labelled := map[*automata.Proc]map[int]bool{}
	startLabel := false
	for _, l := range c.labels {
		p := l.Remote.Proc
		if p == nil {
			c.all = true
			continue
		}
		if labelled[p] == nil {
			labelled[p] = map[int]bool{}
		}
		labelled[p][l.Loc] = true
		if l.Loc == p.Start {
			startLabel = true
		}
	}
	for p := range labelled {
		if c.remoteVar[p] {
			continue // its program counter stays read as a whole
		}
		for s := range c.reads {
			if s < len(info.Slots) && info.Slots[s].Kind == pins.ProgramCounter && info.Slots[s].Name == p.Name+".pc" {
				delete(c.reads, s)
			}
		}
	}
	return labelled, startLabel
}

// visible reports whether group g (not the claim's) can change what the
// claim reads.
func (c *claimReads) visible(e *engine.Engine, prog *automata.Program, info *pins.Info, g int, labelled map[*automata.Proc]map[int]bool, startLabel bool) bool {
	if c.all {
		return true
	}
	gr := &info.Groups[g]
	if g < len(prog.Trans) {
		t := prog.Trans[g]
		if locs := labelled[t.Proc]; locs != nil && !c.remoteVar[t.Proc] {
			at, dstep := e.StepLocations(g)
			if dstep {
				return true
			}
			for _, l := range at {
				if locs[l] {
					return true
				}
			}
		}
		if startLabel && hasRun(t) {
			return true
		}
	}
	if c.chans && (len(gr.Sends) > 0 || len(gr.Recvs) > 0) {
		return true
	}
	for _, s := range gr.Writes {
		if c.reads[s] {
			return true
		}
	}
	for _, s := range gr.Sends {
		if c.reads[s] {
			return true
		}
	}
	for _, s := range gr.Recvs {
		if c.reads[s] {
			return true
		}
	}
	return false
}

// claimReducer is a Reducer that also knows what the never claim reads.
type claimReducer struct {
	*Reducer
	vis []bool
	e   *engine.Engine
	// back: the static proviso's marks on the product (claimBackEdges)
	back []bool
}

// BackEdge implements pins.BackEdger on the product (claimBackEdges).
func (c claimReducer) BackEdge(g int) bool { return g < 0 || g >= len(c.back) || c.back[g] }

func (c claimReducer) Visible(g int) bool { return g < 0 || g >= len(c.vis) || c.vis[g] }

func (c claimReducer) ClaimLoc(s []byte) (int, bool) { return c.e.ClaimLoc(s) }

// ForClaim returns a pins.ClaimReducer for engine model e with a never
// claim, built on r (reduce.New(e)): partial-order reduction of the
// acceptance search on the product. Only for a claim in SI normal form
// (see pins.ClaimReducer). It returns nil when r is nil or the model has
// no claim.
func ForClaim(r *Reducer, e *engine.Engine) pins.ClaimReducer {
	if r == nil {
		return nil
	}
	vis := VisibleGroups(e)
	if vis == nil {
		return nil
	}
	return claimReducer{r, vis, e, r.claimBackEdges(vis)}
}

// hasRun reports whether transition t may create a process.
func hasRun(t *automata.Trans) bool {
	found := false
	exprs(t, func(x automata.Expr) {
		if _, ok := x.(*automata.Run); ok {
			found = true
		}
	})
	return found || t.Kind == automata.TDStep // a d_step's body is not walked
}

// ForNonProgress returns a pins.ProgressReducer for engine model e,
// for partial-order reduction of the non-progress search (-l) on the
// product with the claim of <>[] np_ in SI normal form (search.NonProgressSI):
// the reducer without late locations (lateLocs postpones a process's
// local prefix, which moves it across a progress label's view), and which
// groups may change np_. It returns nil when reduction is off for e.
func ForNonProgress(e *engine.Engine) pins.ProgressReducer {
	r := newReducer(e, false, false)
	if r == nil {
		return nil
	}
	return progressReducer{r, ProgressVisibleGroups(e)}
}

// ProgressVisibleGroups says, for each transition group of e, whether a
// step of it may change np_ (no process is at a progress label): a step
// that starts, passes (through a merged chain) or ends at a location
// labelled progress, a d_step of a process type that has one (its body is
// not followed), and a run when some process type starts at one (the new
// process appears there).
func ProgressVisibleGroups(e *engine.Engine) []bool {
	prog := e.Program()
	info := e.Info()
	if prog == nil || info == nil {
		return nil
	}
	hasProgress := map[*automata.Proc]bool{}
	startsAtProgress := false
	for _, p := range prog.Procs {
		for _, l := range p.Locs {
			if l.Flags&automata.ProgressLoc != 0 {
				hasProgress[p] = true
			}
		}
		if p.Start >= 0 && p.Start < len(p.Locs) && p.Locs[p.Start].Flags&automata.ProgressLoc != 0 {
			startsAtProgress = true
		}
	}
	vis := make([]bool, len(info.Groups))
	for g := range vis {
		if g >= len(prog.Trans) {
			vis[g] = true
			continue
		}
		t := prog.Trans[g]
		if startsAtProgress && hasRun(t) {
			vis[g] = true
			continue
		}
		if !hasProgress[t.Proc] {
			continue
		}
		at, dstep := e.StepLocations(g)
		if dstep {
			vis[g] = true
			continue
		}
		for _, l := range at {
			if l >= 0 && l < len(t.Proc.Locs) && t.Proc.Locs[l].Flags&automata.ProgressLoc != 0 {
				vis[g] = true
			}
		}
	}
	return vis
}

// progressReducer is a Reducer that also knows which groups may change
// np_.
type progressReducer struct {
	*Reducer
	vis []bool
}

func (p progressReducer) ProgressVisible(g int) bool { return g < 0 || g >= len(p.vis) || p.vis[g] }
