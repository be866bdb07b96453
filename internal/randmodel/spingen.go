package randmodel

import (
	"fmt"
	"math/rand"
	"strings"
)

// SpinConfig selects the constructs of GenerateSpin.
type SpinConfig struct {
	// Known: also write the constructs of gospin's known open bugs (a
	// d_step or atomic that opens with a rendezvous receive, a global
	// channel initialised from another one, unbounded runs, receives
	// with too many fields, polls of a rendezvous channel, consecutive
	// skips, an inline with labels called twice in one proctype) and of
	// the open disagreements recorded in testdata/spindiff (an unless
	// nested in another, unless-in-braces-priority.pml; _nr_pr in a model
	// that pan -l checks, np-nr-pr-counts-claim.pml; a d_step that opens
	// with an assert or printf, dstep-assert-during-rendezvous.pml), so
	// that their fixes
	// can be checked; off, the tests look for new disagreements only.
	Known bool
}

// GenerateSpin returns the text of a model drawn from seed, written with
// the constructs users write and only in the forms SPIN 6.5.2 accepts:
// rendezvous and buffered channels, channels of two fields and of
// channels, local channel variables assigned from other channels,
// channels passed in messages and as parameters of a proctype run (in a
// bounded loop), d_steps and atomics that open with channel operations,
// unless, else, timeout, goto, arrays, a typedef, inlines (one with
// labels), remote references (P[pid]:v and P@label), and end, progress
// and accept labels. Values stay below 3, so that state spaces stay small.
//
// SPIN's rules it keeps (spin/flow.c): no label on the first statement of
// an option, an atomic, a d_step or either part of an unless ("label
// placed incorrectly"); no jump into a d_step, a break included (so no
// d_step follows a compound statement, nor carries a label); no else in
// an if or do whose other options open with a send, receive, full, nfull,
// empty or nempty; no jump out of a d_step; no goto carrying an end,
// progress or accept label.
func GenerateSpin(seed int64, c SpinConfig) string {
	g := &sgen{r: rand.New(rand.NewSource(seed)), c: c}
	return g.model(seed)
}

type sgen struct {
	r *rand.Rand
	c SpinConfig
	// the model's features, drawn once
	arr, rec, two, cc, worker, initp bool
	// liveness: accept and progress labels (else end labels only), so
	// that pan -a and pan -l run on some models only (each costs a
	// compilation of pan)
	liveness bool
	nact     int
	// per active proctype: its pid (-1 when it has two instances) and
	// its top-level labels (goto targets and remote references)
	pid    []int
	labels [][]string
	// the proctype being written
	cur      int // index of an active proctype, -1 for init, -2 for the worker
	nloc     int
	chanVar  bool // it has a chan c0
	labelled int  // labels written so far (unique names)
	accept   bool // an accept label was written
	progress bool // a progress label was written
	jmpUsed  bool // the inline with labels was called in this proctype
	runs     int  // run statements written in this proctype
	noRemote bool // in a d_step: no remote references
	inUnless int  // nesting of unless
	qk       bool // the global chan qk = qb is declared
}

// sst is a statement being written.
type sst struct {
	text     string
	chanref  bool // opens with a send, receive, full, nfull, empty or nempty
	skip     bool // skip or printf (SPIN drops the second of two in a row)
	compound bool // if, do, atomic, unless or inline: a d_step must not follow (break targets)
	dstep    bool
	gotoSt   bool
}

type ctx struct {
	atomic, dstep bool
	top           bool // top level of a proctype body
	depth         int
}

func (g *sgen) n(k int) int   { return g.r.Intn(k) }
func (g *sgen) p(k int) bool  { return g.r.Intn(k) == 0 }
func indent(s string) string  { return "\t" + strings.ReplaceAll(s, "\n", "\n\t") }
func (g *sgen) val() string   { return fmt.Sprint(g.n(3)) }
func (g *sgen) local() string { return fmt.Sprintf("l%d", g.n(g.nloc)) }

func (g *sgen) model(seed int64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// randmodel spin seed %d\n", seed)
	g.arr, g.rec, g.two, g.cc = g.p(2), g.p(3), g.p(3), g.p(3)
	g.worker, g.initp = g.p(2), g.p(2)
	g.liveness = g.p(3)
	g.nact = 1 + g.n(3)
	if g.rec {
		b.WriteString("typedef R { byte f; byte a[2] };\n")
	}
	b.WriteString("byte g0, g1;\n")
	if g.arr {
		b.WriteString("byte ga[3];\n")
	}
	if g.rec {
		b.WriteString("R gr;\n")
	}
	fmt.Fprintf(&b, "chan qb = [%d] of { byte };\nchan qr = [0] of { byte };\n", 1+g.n(2))
	if g.two {
		b.WriteString("chan q2 = [1] of { byte, byte };\n")
	}
	if g.cc {
		b.WriteString("chan qc = [1] of { chan };\n")
	}
	if g.c.Known && g.p(4) {
		b.WriteString("chan qk = qb;\n")
		g.qk = true
	}
	if g.worker && g.liveness && !g.c.Known {
		// runs bounded by a count of our own: pan -l counts its claim
		// in _nr_pr (np-nr-pr-counts-claim.pml)
		b.WriteString("byte nrun;\n")
	}
	b.WriteString("inline inc(v) {\n\tv = (v + 1) % 3\n}\n")
	b.WriteString("inline jmp(v) {\n\tif\n\t:: v == 2 -> goto jmp_done\n\t:: else -> g0 = v\n\tfi;\n\tv = (v + g1) % 3;\njmp_done:\n\tg1 = v\n}\n")
	// pids: the active proctypes in order (one may have two instances),
	// then init
	pid := 0
	twice := -1
	if g.nact > 1 && g.p(4) {
		twice = g.n(g.nact)
	}
	for i := 0; i < g.nact; i++ {
		if i == twice {
			g.pid = append(g.pid, -1)
			pid += 2
		} else {
			g.pid = append(g.pid, pid)
			pid++
		}
		var ls []string
		for k := g.n(3); k > 0; k-- {
			ls = append(ls, fmt.Sprintf("L%d_%d", i, k))
		}
		g.labels = append(g.labels, ls)
	}
	if g.worker {
		g.cur = -2
		g.nloc = 2
		g.jmpUsed, g.runs = false, 0
		b.WriteString("proctype W(chan c; byte v) {\n\tbyte l0 = v, l1;\n")
		g.chanVar = false
		body := g.seq(2+g.n(2), ctx{top: true, depth: 1}, nil)
		b.WriteString(indent(body))
		b.WriteString("\n}\n")
	}
	for i := 0; i < g.nact; i++ {
		g.cur = i
		g.nloc = 2
		g.jmpUsed, g.runs = false, 0
		if i == twice {
			fmt.Fprintf(&b, "active [2] proctype P%d() {\n", i)
		} else {
			fmt.Fprintf(&b, "active proctype P%d() {\n", i)
		}
		b.WriteString("\tbyte l0, l1;\n")
		g.chanVar = g.p(2)
		if g.chanVar {
			if g.p(2) {
				b.WriteString("\tchan c0 = qb;\n")
			} else {
				b.WriteString("\tchan c0 = qr;\n")
			}
		}
		body := g.seq(2+g.n(4), ctx{top: true, depth: 2}, g.labels[i])
		b.WriteString(indent(body))
		b.WriteString("\n}\n")
	}
	if g.initp || g.worker {
		g.cur = -1
		g.nloc = 2
		g.chanVar = false
		g.jmpUsed, g.runs = false, 0
		b.WriteString("init {\n\tbyte l0, l1;\n")
		var parts []string
		if g.worker {
			k := 1 + g.n(2)
			parts = append(parts, fmt.Sprintf("do\n:: l1 < %d -> run W(%s, l1); l1++\n:: else -> break\nod", k, g.someChan(false)))
			parts = append(parts, "l1 = 0")
		}
		parts = append(parts, g.seq(1+g.n(3), ctx{top: true, depth: 1}, nil))
		b.WriteString(indent(strings.Join(parts, ";\n")))
		b.WriteString("\n}\n")
	}
	return b.String()
}

// someChan names a channel of bytes; rendezvous when rv.
func (g *sgen) someChan(rv bool) string {
	if rv {
		return "qr"
	}
	switch {
	case g.chanVar && g.p(2):
		return "c0"
	case g.cur == -2 && g.p(2):
		return "c"
	case g.p(2):
		return "qr"
	case g.qk && g.p(2):
		return "qk"
	}
	return "qb"
}

func (g *sgen) variable() string {
	switch k := g.n(10); {
	case k < 4:
		return g.local()
	case k < 7 || !g.arr && !g.rec:
		return fmt.Sprintf("g%d", g.n(2))
	case g.arr && (k < 9 || !g.rec):
		return fmt.Sprintf("ga[%s]", g.local())
	default:
		if g.p(2) {
			return "gr.f"
		}
		return fmt.Sprintf("gr.a[%s %% 2]", g.local())
	}
}

// readable adds the expressions only read: remote references and _pid.
func (g *sgen) readable() string {
	if g.p(6) {
		if st := g.remote(); st != "" {
			return st
		}
	}
	return g.variable()
}

// remote returns a remote reference to another active proctype with one
// instance, or "".
func (g *sgen) remote() string {
	// SPIN resolves P in P[pid]:v and P@label as it reads: P must be
	// declared before (init comes last)
	if g.noRemote || g.cur == -2 || g.cur == 0 {
		return ""
	}
	j := g.n(g.nact)
	if g.cur > 0 {
		j = g.n(g.cur)
	}
	if g.pid[j] < 0 {
		return ""
	}
	if len(g.labels[j]) > 0 && g.p(2) {
		return fmt.Sprintf("(P%d@%s)", j, g.labels[j][g.n(len(g.labels[j]))])
	}
	return fmt.Sprintf("P%d[%d]:l%d", j, g.pid[j], g.n(2))
}

func (g *sgen) expr() string {
	switch g.n(4) {
	case 0:
		return g.val()
	case 1:
		return g.readable()
	case 2:
		return fmt.Sprintf("(%s + %s) %% 3", g.readable(), g.variable())
	}
	return fmt.Sprintf("(%s + 1) %% 3", g.readable())
}

func (g *sgen) cond() string {
	ops := []string{"==", "!=", "<", ">="}
	return fmt.Sprintf("(%s %s %s)", g.readable(), ops[g.n(len(ops))], g.val())
}

// chanOp returns a channel operation; rv: on the rendezvous channel.
func (g *sgen) chanOp() sst {
	switch k := g.n(12); {
	case k < 3:
		return sst{text: fmt.Sprintf("%s!%s", g.someChan(false), g.expr()), chanref: true}
	case k < 6:
		return sst{text: fmt.Sprintf("%s?%s", g.someChan(false), g.local()), chanref: true}
	case k == 6:
		if g.p(2) {
			return sst{text: fmt.Sprintf("qb!!%s", g.expr()), chanref: true}
		}
		return sst{text: fmt.Sprintf("qb??%s", g.val()), chanref: true}
	case k == 7:
		if g.c.Known && g.p(3) {
			return sst{text: fmt.Sprintf("qr?[%s]", g.val())}
		}
		return sst{text: fmt.Sprintf("qb?[%s]", g.val())}
	case k == 8:
		ps := []string{"nempty(qb)", "empty(qb)", "full(qb)", "nfull(qb)", "(len(qb) > 0)", "(len(qb) < 2)"}
		i := g.n(len(ps))
		return sst{text: ps[i], chanref: i < 4}
	case k == 9 && g.two:
		switch g.n(4) {
		case 0:
			return sst{text: fmt.Sprintf("q2!%s,%s", g.expr(), g.expr()), chanref: true}
		case 1:
			return sst{text: fmt.Sprintf("q2?%s,l1", g.val()), chanref: true}
		case 2:
			if g.c.Known && g.p(2) {
				return sst{text: "q2?_,_,_", chanref: true}
			}
			return sst{text: "q2?eval(g0),l0", chanref: true}
		}
		return sst{text: "q2?l0,l1", chanref: true}
	case k == 10 && g.cc:
		switch {
		case g.chanVar && g.p(2):
			return sst{text: "qc?c0", chanref: true}
		case g.chanVar && g.p(2):
			return sst{text: "qc!c0", chanref: true}
		case g.p(2):
			return sst{text: "qc!qb", chanref: true}
		}
		return sst{text: "qc!qr", chanref: true}
	case k == 11 && g.chanVar:
		if g.p(2) {
			return sst{text: "c0 = qr"}
		}
		return sst{text: "c0 = qb"}
	}
	return sst{text: fmt.Sprintf("%s?%s", g.someChan(false), g.local()), chanref: true}
}

// simple returns a statement without nesting; chans: channel operations
// allowed.
func (g *sgen) simple(chans bool) sst {
	if chans && g.p(3) {
		return g.chanOp()
	}
	switch k := g.n(12); {
	case k < 3:
		return sst{text: fmt.Sprintf("%s = %s", g.local(), g.expr())}
	case k < 5:
		return sst{text: fmt.Sprintf("%s = %s", g.variable(), g.expr())}
	case k < 7:
		return sst{text: g.cond()}
	case k == 7:
		if g.p(2) {
			return sst{text: fmt.Sprintf("assert(%s != 2 || %s != 1)", g.readable(), g.variable())}
		}
		return sst{text: fmt.Sprintf("%s = %s", g.variable(), g.expr())}
	case k == 8:
		return sst{text: "skip", skip: true}
	case k == 9:
		return sst{text: fmt.Sprintf("printf(\"%%d\\n\", %s)", g.local()), skip: true}
	case k == 10:
		return sst{text: fmt.Sprintf("inc(%s)", g.local()), compound: false}
	}
	return sst{text: fmt.Sprintf("%s = (%s + 1) %% 3", g.local(), g.local())}
}

// seq returns a sequence of n statements (n >= 1); labels (at the top
// level of a proctype) are placed on distinct statements that are not
// d_steps, and every one of them is placed.
func (g *sgen) seq(n int, c ctx, labels []string) string {
	if n < len(labels) {
		n = len(labels)
	}
	var sts []sst
	for i := 0; i < n; i++ {
		var s sst
		for try := 0; ; try++ {
			s = g.stmt(c, i == 0)
			ok := true
			if s.dstep && i > 0 && sts[i-1].compound {
				ok = false // a break would jump into it
			}
			if s.skip && i > 0 && sts[i-1].skip && !g.c.Known {
				ok = false // SPIN drops the second of two skips in a row
			}
			if ok || try > 20 {
				break
			}
		}
		if s.dstep && i > 0 && sts[i-1].compound || i == 0 && s.text == "skip" {
			// a skip opening a sequence may be a do's option: pan
			// refuses an unconditional self-loop
			s = sst{text: fmt.Sprintf("%s = %s", g.local(), g.expr())}
		}
		sts = append(sts, s)
	}
	// labels: goto targets and remote references on top-level statements
	// other than d_steps and gotos; end, progress and accept labels on
	// statements other than the first of a nested sequence
	lab := make([]string, n)
	free := []int{}
	for i, s := range sts {
		if !s.dstep && !s.gotoSt {
			free = append(free, i)
		}
	}
	g.r.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	for k, l := range labels {
		if k < len(free) {
			lab[free[k]] = l + ":\n"
		} else {
			// every statement is a d_step or goto: a skip carries it
			sts = append(sts, sst{text: "g0 = g0"})
			lab = append(lab, l+":\n")
		}
	}
	if !c.dstep {
		for i := range sts {
			if sts[i].dstep || sts[i].gotoSt || i == 0 && !c.top || !g.p(6) {
				continue
			}
			g.labelled++
			var l string
			switch k := g.n(4); {
			case !g.liveness:
				l = fmt.Sprintf("end_%d", g.labelled)
			case k == 0:
				l = fmt.Sprintf("accept_%d", g.labelled)
				g.accept = true
			case k == 1:
				l = fmt.Sprintf("progress_%d", g.labelled)
				g.progress = true
			default:
				l = fmt.Sprintf("end_%d", g.labelled)
			}
			lab[i] += l + ":\n"
		}
	}
	var parts []string
	for i, s := range sts {
		parts = append(parts, lab[i]+s.text)
	}
	return strings.Join(parts, ";\n")
}

// stmt returns one statement; first: it opens its sequence.
func (g *sgen) stmt(c ctx, first bool) sst {
	if c.depth <= 0 || c.dstep {
		return g.simple(!c.dstep)
	}
	switch g.n(14) {
	case 0, 1:
		return g.options(c, "if", "fi")
	case 2:
		if c.atomic {
			return g.options(c, "if", "fi")
		}
		return g.options(c, "do", "od")
	case 3:
		return g.atomic(c)
	case 4:
		return g.dstepSt(c)
	case 5:
		if c.atomic || g.inUnless > 0 && !g.c.Known {
			// an unless nested in another: unless-in-braces-priority.pml
			break
		}
		g.inUnless++
		defer func() { g.inUnless-- }()
		return g.unless(c)
	case 6:
		if !g.jmpUsed || g.c.Known {
			g.jmpUsed = true
			return sst{text: fmt.Sprintf("jmp(%s)", g.local()), compound: true}
		}
	case 7:
		if g.worker && g.cur != -2 && !c.atomic && (g.runs < 1 || g.c.Known) {
			g.runs++
			run := fmt.Sprintf("run W(%s, %s)", g.someChan(false), g.val())
			if g.c.Known && g.p(2) {
				return sst{text: run}
			}
			// bounded: a loop of runs stays below 255 processes
			if g.liveness && !g.c.Known {
				return sst{text: fmt.Sprintf("do\n:: atomic { nrun < %d -> %s; nrun++ }\n:: break\nod", 1+g.n(2), run), compound: true}
			}
			return sst{text: fmt.Sprintf("do\n:: atomic { _nr_pr < %d -> %s }\n:: break\nod", 4+g.n(2), run), compound: true}
		}
	}
	return g.simple(true)
}

func (g *sgen) atomic(c ctx) sst {
	nc := c
	nc.atomic, nc.top, nc.depth = true, false, c.depth-1
	first := g.opener()
	rest := ""
	if n := g.n(3); n > 0 {
		rest = ";\n" + g.seq(n, nc, nil)
	}
	return sst{text: "atomic {\n" + indent(first.text+rest) + "\n}", compound: true}
}

// opener returns the first statement of an atomic or d_step: often a
// channel operation.
func (g *sgen) opener() sst {
	switch g.n(5) {
	case 0:
		if g.c.Known && g.p(2) {
			return sst{text: "qr?" + g.local(), chanref: true}
		}
		return sst{text: "qb?" + g.local(), chanref: true}
	case 1:
		return sst{text: fmt.Sprintf("%s!%s", g.someChan(false), g.expr()), chanref: true}
	case 2:
		if g.two {
			return sst{text: "q2?l0,l1", chanref: true}
		}
	}
	return g.simple(false)
}

func (g *sgen) dstepSt(c ctx) sst {
	g.noRemote = true
	defer func() { g.noRemote = false }()
	var parts []string
	first := g.opener()
	if strings.HasPrefix(first.text, "qr!") || strings.HasPrefix(first.text, "qr?") && !g.c.Known || strings.Contains(first.text, "c0") || strings.Contains(first.text, "c!") || strings.Contains(first.text, "c?") {
		first = sst{text: "qb?" + g.local()}
	}
	if !g.c.Known && (strings.HasPrefix(first.text, "assert") || strings.HasPrefix(first.text, "printf")) {
		// pan runs such a d_step while a rendezvous offer is pending
		// (dstep-assert-during-rendezvous.pml)
		first = sst{text: fmt.Sprintf("%s = %s", g.local(), g.expr())}
	}
	parts = append(parts, first.text)
	for n := g.n(3); n > 0; n-- {
		if g.p(4) {
			// an if with else inside: no channels, no nesting further
			parts = append(parts, fmt.Sprintf("if\n:: %s -> %s\n:: else -> %s\nfi", g.cond(), g.simple(false).text, g.simple(false).text))
			continue
		}
		s := g.simple(false)
		if strings.HasPrefix(s.text, "inc(") {
			s.text = fmt.Sprintf("%s = %s", g.local(), g.expr())
		}
		parts = append(parts, s.text)
	}
	return sst{text: "d_step {\n" + indent(strings.Join(parts, ";\n")) + "\n}", dstep: true}
}

func (g *sgen) unless(c ctx) sst {
	nc := c
	nc.top, nc.depth = false, c.depth-1
	main := g.seq(1+g.n(3), nc, nil)
	esc := g.cond()
	if g.p(3) {
		esc = "qb?" + g.local()
	}
	if n := g.n(2); n > 0 {
		esc += ";\n" + g.seq(n, nc, nil)
	}
	// in braces, so that a label may be placed on it
	return sst{text: "{\n\t{\n" + indent(indent(main)) + "\n\t} unless {\n" + indent(indent(esc)) + "\n\t}\n}", compound: true}
}

func (g *sgen) options(c ctx, open, close string) sst {
	nc := c
	nc.top, nc.depth = false, c.depth-1
	n := 1 + g.n(3)
	var opts []string
	chans := false
	for i := 0; i < n; i++ {
		var s sst
		if g.p(8) {
			s = sst{text: "timeout"}
		} else {
			s = g.simple(true)
		}
		if s.text == "skip" {
			// pan refuses a do's option skip (an unconditional self-loop)
			s = sst{text: g.cond()}
		}
		chans = chans || s.chanref
		o := s.text
		if m := g.n(3); m > 0 {
			o += ";\n" + g.seq(m, nc, nil)
		} else if !c.atomic && !c.dstep && g.cur >= 0 && len(g.labels[g.cur]) > 0 && g.p(5) {
			o += ";\ngoto " + g.labels[g.cur][g.n(len(g.labels[g.cur]))]
		}
		opts = append(opts, o)
	}
	if open == "do" {
		opts = append(opts, g.cond()+" -> break")
	}
	if !chans && g.p(3) {
		if open == "do" {
			opts = append(opts, "else -> break")
		} else {
			e := "else"
			if g.p(2) {
				e += " -> " + g.simple(false).text
			}
			opts = append(opts, e)
		}
	}
	var b strings.Builder
	b.WriteString(open + "\n")
	for _, o := range opts {
		b.WriteString(":: " + strings.ReplaceAll(o, "\n", "\n\t") + "\n")
	}
	b.WriteString(close)
	return sst{text: b.String(), compound: true}
}

// SpinLabels reports whether a model of GenerateSpin has accept or
// progress labels (pan -a and pan -l are then run on it too).
func SpinLabels(src string) (accept, progress bool) {
	return strings.Contains(src, "accept_"), strings.Contains(src, "progress_")
}
