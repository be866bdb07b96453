package randmodel

import (
	"fmt"
	"math/rand"
	"strings"
)

// Config bounds a model.
type Config struct {
	Procs   int // proctypes (each active, or run by init)
	Globals int
	Locals  int
	Stmts   int // statements per body (top level)
	Depth   int // nesting of if/do/atomic
	// Pipes are buffered channels with one sending and one receiving
	// proctype (sometimes declared with xs/xr), polled by their owners
	// and now and then by others, or sent to by a second process.
	Pipes int
	// Spawn: one proctype is run (by init, and now and then by the
	// others, which also read _nr_pr), and it may end in a loop that
	// never ends, so that an older process cannot die either. It
	// exercises the rules on runs and deaths.
	Spawn bool
	// LocalHeavy: most variables read and written are the process's own,
	// so that several processes often have only local steps at once
	// (ample sets for many, and leap sets).
	LocalHeavy bool
}

// Default is a configuration whose models have at most a few thousand
// states.
var Default = Config{Procs: 3, Globals: 2, Locals: 2, Stmts: 4, Depth: 2, Pipes: 1}

// Mixed returns the configuration the reduction tests use for seed:
// Default, with Spawn on every third seed.
func Mixed(seed int64) Config {
	c := Default
	c.Spawn = seed%3 == 0
	return c
}

// ClaimMix returns the configuration the tests with claims use for seed:
// Default, with LocalHeavy on every fourth seed.
func ClaimMix(seed int64) Config {
	c := Default
	c.LocalHeavy = seed%4 == 3
	return c
}

type gen struct {
	r      *rand.Rand
	c      Config
	b      strings.Builder
	nloc   int
	labels int
	atomic bool // inside an atomic sequence: no loops (they could spin forever unstored)
	// atomicHead: the next seq is an atomic sequence's body
	atomicHead bool
	cur        int // the proctype being generated
	// spawned: with Config.Spawn, the proctype that is run (else -1)
	spawned int
	// per pipe: its sending and receiving proctypes
	sender, receiver []int
}

// Generate returns the text of a model drawn from seed.
func Generate(seed int64, c Config) string {
	g := &gen{r: rand.New(rand.NewSource(seed)), c: c}
	fmt.Fprintf(&g.b, "// randmodel seed %d\n", seed)
	for i := 0; i < c.Globals; i++ {
		fmt.Fprintf(&g.b, "byte g%d;\n", i)
	}
	g.b.WriteString("chan qb = [2] of { byte };\nchan qr = [0] of { byte };\n")
	for k := 0; k < c.Pipes; k++ {
		fmt.Fprintf(&g.b, "chan x%d = [%d] of { byte };\n", k, 1+g.r.Intn(2))
		s := g.r.Intn(c.Procs)
		r := g.r.Intn(c.Procs)
		if c.Procs > 1 {
			for r == s {
				r = g.r.Intn(c.Procs)
			}
		}
		g.sender = append(g.sender, s)
		g.receiver = append(g.receiver, r)
	}
	runByInit := -1
	if g.r.Intn(3) == 0 || c.Spawn && c.Procs > 1 {
		runByInit = g.r.Intn(c.Procs)
	}
	g.spawned = -1
	if c.Spawn {
		g.spawned = runByInit
	}
	for p := 0; p < c.Procs; p++ {
		g.cur = p
		if p == runByInit {
			fmt.Fprintf(&g.b, "proctype P%d(byte l0) {\n", p)
			for i := 1; i < c.Locals; i++ {
				fmt.Fprintf(&g.b, "\tbyte l%d;\n", i)
			}
		} else {
			fmt.Fprintf(&g.b, "active proctype P%d() {\n", p)
			for i := 0; i < c.Locals; i++ {
				fmt.Fprintf(&g.b, "\tbyte l%d;\n", i)
			}
		}
		g.nloc = c.Locals
		for k := range g.sender {
			if g.sender[k] == p && g.r.Intn(2) == 0 {
				fmt.Fprintf(&g.b, "\txs x%d;\n", k)
			}
			if g.receiver[k] == p && g.r.Intn(2) == 0 {
				fmt.Fprintf(&g.b, "\txr x%d;\n", k)
			}
		}
		g.seq(1, c.Stmts, c.Depth)
		if p == g.spawned && g.r.Intn(2) == 0 {
			// blocked for ever: it never dies
			g.b.WriteString(";\nforever: do :: g0 == 7 od\n")
		}
		g.b.WriteString("}\n")
	}
	if runByInit >= 0 {
		fmt.Fprintf(&g.b, "init {\n\trun P%d(%d);\n", runByInit, g.r.Intn(3))
		if g.r.Intn(2) == 0 {
			fmt.Fprintf(&g.b, "\tg0 = 1;\n\trun P%d(%d)\n", runByInit, g.r.Intn(3))
		} else {
			g.b.WriteString("\tskip\n")
		}
		g.b.WriteString("}\n")
	}
	return g.b.String()
}

func (g *gen) ind(n int) string { return strings.Repeat("\t", n) }

func (g *gen) local() string  { return fmt.Sprintf("l%d", g.r.Intn(g.nloc)) }
func (g *gen) global() string { return fmt.Sprintf("g%d", g.r.Intn(g.c.Globals)) }

func (g *gen) variable() string {
	if g.r.Intn(2) == 0 || g.c.LocalHeavy && g.r.Intn(3) != 0 {
		return g.local()
	}
	return g.global()
}

func (g *gen) expr() string {
	switch g.r.Intn(4) {
	case 0:
		return fmt.Sprint(g.r.Intn(3))
	case 1:
		return g.variable()
	case 2:
		return fmt.Sprintf("(%s + %s) %% 3", g.variable(), g.variable())
	default:
		return fmt.Sprintf("(%s + 1) %% 3", g.variable())
	}
}

func (g *gen) cond() string {
	ops := []string{"==", "!=", "<", ">="}
	return fmt.Sprintf("(%s %s %s)", g.variable(), ops[g.r.Intn(len(ops))], fmt.Sprint(g.r.Intn(3)))
}

// simple returns a statement without nesting.
func (g *gen) simple(chans bool) string {
	k := g.r.Intn(14)
	if !chans && k >= 9 && k <= 12 {
		k = 0
	}
	if chans && g.spawned >= 0 && g.cur != g.spawned && g.r.Intn(10) == 0 {
		if g.r.Intn(3) == 0 {
			return "assert(_nr_pr < 6)"
		}
		return fmt.Sprintf("run P%d(%s)", g.spawned, g.expr())
	}
	if chans && len(g.sender) > 0 && g.r.Intn(3) == 0 {
		if st := g.pipeOp(); st != "" {
			return st
		}
	}
	if g.c.LocalHeavy && (k == 2 || k == 3) && g.r.Intn(3) != 0 {
		k = 0
	}
	switch k {
	case 0, 1:
		return fmt.Sprintf("%s = %s", g.local(), g.expr())
	case 2, 3:
		return fmt.Sprintf("%s = %s", g.global(), g.expr())
	case 4:
		return g.cond()
	case 5:
		return fmt.Sprintf("assert(%s != 2 || %s != 2)", g.variable(), g.variable())
	case 6:
		return fmt.Sprintf("assert(%s < 3)", g.local())
	case 7:
		return "skip"
	case 8:
		return fmt.Sprintf("printf(\"%%d\\n\", %s)", g.local())
	case 9:
		return fmt.Sprintf("qb!%s", g.expr())
	case 10:
		return fmt.Sprintf("qb?%s", g.local())
	case 11:
		return fmt.Sprintf("qr!%s", g.expr())
	case 12:
		return fmt.Sprintf("qr?%s", g.local())
	default:
		return fmt.Sprintf("%s = (%s + 1) %% 3", g.local(), g.local())
	}
}

func (g *gen) seq(ind, n, depth int) {
	head := g.atomicHead
	g.atomicHead = false
	for i := 0; i < n; i++ {
		// no label on the first statement of an atomic sequence: SPIN
		// refuses it (flow.c close_seq); the draw is made all the same,
		// so that the other models stay as they were
		if g.r.Intn(8) == 0 && !(head && i == 0) {
			g.labels++
			fmt.Fprintf(&g.b, "%send%d:\n", g.ind(ind), g.labels)
		}
		g.stmt(ind, depth)
		if i < n-1 {
			g.b.WriteString(";\n")
		} else {
			g.b.WriteString("\n")
		}
	}
}

func (g *gen) stmt(ind, depth int) {
	in := g.ind(ind)
	k := g.r.Intn(10)
	if depth <= 0 {
		k = 0
	}
	switch k {
	case 5:
		if g.atomic || g.r.Intn(2) == 0 {
			fmt.Fprintf(&g.b, "%s%s", in, g.simple(true))
			return
		}
		// a loop of local steps, possibly endless (it exercises the
		// cycle proviso of partial-order reduction)
		l := g.local()
		fmt.Fprintf(&g.b, "%sdo\n%s:: %s = (%s + 1) %% 3\n", in, in, l, l)
		if g.r.Intn(2) == 0 {
			fmt.Fprintf(&g.b, "%s:: (%s == %d) -> break\n", in, g.global(), g.r.Intn(3))
		}
		fmt.Fprintf(&g.b, "%sod", in)
	case 6:
		g.options(ind, depth, "if", "fi")
	case 7:
		if g.atomic {
			g.options(ind, depth, "if", "fi")
		} else {
			g.options(ind, depth, "do", "od")
		}
	case 8:
		fmt.Fprintf(&g.b, "%satomic {\n", in)
		was := g.atomic
		g.atomic = true
		g.atomicHead = true
		g.seq(ind+1, 1+g.r.Intn(3), depth-1)
		g.atomic = was
		fmt.Fprintf(&g.b, "%s}", in)
	case 9:
		// d_step: no channel operations, no nesting
		fmt.Fprintf(&g.b, "%sd_step {\n", in)
		n := 1 + g.r.Intn(3)
		for i := 0; i < n; i++ {
			fmt.Fprintf(&g.b, "%s\t%s", in, g.simple(false))
			if i < n-1 {
				g.b.WriteString(";\n")
			} else {
				g.b.WriteString("\n")
			}
		}
		fmt.Fprintf(&g.b, "%s}", in)
	default:
		fmt.Fprintf(&g.b, "%s%s", in, g.simple(true))
	}
}

func (g *gen) options(ind, depth int, open, close string) {
	in := g.ind(ind)
	fmt.Fprintf(&g.b, "%s%s\n", in, open)
	n := 1 + g.r.Intn(3)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&g.b, "%s:: ", in)
		switch {
		case i == n-1 && g.r.Intn(4) == 0:
			g.b.WriteString("else")
		case g.r.Intn(8) == 0:
			g.b.WriteString("timeout")
		default:
			g.b.WriteString(g.simple(true))
		}
		m := g.r.Intn(3)
		if m > 0 {
			g.b.WriteString(";\n")
			g.seq(ind+2, m, depth-1)
		} else {
			g.b.WriteString("\n")
		}
	}
	if open == "do" {
		fmt.Fprintf(&g.b, "%s:: %s; break\n", in, g.cond())
	}
	fmt.Fprintf(&g.b, "%s%s", in, close)
}

// pipeOp returns an operation on a pipe channel fit for the current
// proctype: its owners send, receive and poll; others mostly leave it
// alone, now and then poll it or (rarely) send to it.
func (g *gen) pipeOp() string {
	k := g.r.Intn(len(g.sender))
	x := fmt.Sprintf("x%d", k)
	polls := []string{"nempty(%s)", "empty(%s)", "full(%s)", "nfull(%s)", "(len(%s) > 0)", "(len(%s) < 2)"}
	poll := func() string { return fmt.Sprintf(polls[g.r.Intn(len(polls))], x) }
	switch {
	case g.cur == g.sender[k]:
		if g.r.Intn(3) == 0 {
			return poll()
		}
		return fmt.Sprintf("%s!%s", x, g.expr())
	case g.cur == g.receiver[k]:
		switch g.r.Intn(4) {
		case 0:
			return poll()
		case 1:
			return fmt.Sprintf("%s?[%d]", x, g.r.Intn(3))
		}
		return fmt.Sprintf("%s?%s", x, g.local())
	}
	switch g.r.Intn(6) {
	case 0:
		return poll()
	case 1:
		return fmt.Sprintf("%s?[%d]", x, g.r.Intn(3))
	case 2:
		return fmt.Sprintf("%s!%s", x, g.expr())
	}
	return ""
}
