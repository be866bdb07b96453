package msc

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gospin/gospin/internal/svgdoc"
)

// Geometry of a chart, in SVG user units (pixels).
const (
	fontSize  = 11.0
	gutter    = 64.0  // the step numbers' column
	titleH    = 28.0  // the title line
	headH     = 22.0  // a lifeline's head box
	rowH      = 24.0  // one row
	minLaneW  = 150.0 // the distance between lifelines
	maxLaneW  = 280.0
	rightRoom = 240.0 // room right of the last lifeline for notes
	repeatAt  = 40    // rows between repeated lifeline heads
)

// Options configure Layout.
type Options struct {
	// Collapse: runs of at least this many local steps become one row
	// (0: CollapseAuto; -1: none).
	Collapse int
}

// CollapseAuto is the collapse of Options.Collapse 0: none for a chart
// of at most AutoRows rows, else runs of 3 local steps or more.
const (
	AutoRows      = 60
	autoCollapse  = 3
	CollapseNever = -1
)

// Layout is a chart placed on the plane: the SVG document, and where each
// row of the (possibly collapsed) trace lies.
type Layout struct {
	Doc   svgdoc.Doc
	Trace *Trace    // the trace drawn (collapsed as Options said)
	RowY  []float64 // the centre line of each row
	LaneX []float64 // each lane's lifeline
}

// Place lays t out.
func Place(t *Trace, opt Options) *Layout {
	switch c := opt.Collapse; {
	case c == 0 && len(t.Rows) > AutoRows:
		t = Collapse(t, autoCollapse)
	case c > 0:
		t = Collapse(t, c)
	}
	p := &placer{t: t, l: &Layout{Trace: t}}
	p.place()
	return p.l
}

type placer struct {
	recvs map[[2]int]int // receive labels drawn per lane and row
	t     *Trace
	l     *Layout
	laneW float64
	items []svgdoc.Item
	top   float64 // y of the first row's top
	width float64 // the chart's width so far
}

func (p *placer) x(lane int) float64 { return gutter + p.laneW*(float64(lane)+0.5) }

// chars is how many characters fit in w.
func chars(w float64) int { return int(w / (fontSize * svgdoc.CharWidth)) }

func (p *placer) place() {
	t, l := p.t, p.l
	// lanes wide enough for their heads and for the labels of messages
	// between neighbours
	p.laneW = minLaneW
	need := func(w float64) {
		if w > p.laneW {
			p.laneW = min(w, maxLaneW)
		}
	}
	for i := range t.Lanes {
		need(svgdoc.TextWidth(t.Lanes[i].Label(), fontSize) + 24)
	}
	for _, m := range t.Messages {
		if m.From >= 0 && m.To >= 0 && m.From != m.To {
			span := float64(abs(m.To - m.From))
			need((svgdoc.TextWidth(m.Label, fontSize) + 24) / span)
		}
	}
	p.top = titleH + headH + 14
	l.RowY = make([]float64, len(t.Rows))
	for i := range t.Rows {
		// every repeatAt rows a slot of its own for the repeated heads
		l.RowY[i] = p.top + rowH*(float64(i+i/repeatAt)+0.5)
	}
	l.LaneX = make([]float64, len(t.Lanes))
	for i := range t.Lanes {
		l.LaneX[i] = p.x(i)
	}
	bottom := p.top + rowH*float64(len(t.Rows)+max(len(t.Rows)-1, 0)/repeatAt) + 8
	endY := bottom + 30
	width := gutter + p.laneW*float64(max(len(t.Lanes), 1)) + rightRoom
	height := endY + 50

	// row bands first: they lie under everything (the HTML page
	// highlights the row selected)
	for i := range t.Rows {
		r := &t.Rows[i]
		y := l.RowY[i]
		it := svgdoc.Item{Class: "row", ID: fmt.Sprintf("row-%d", i), Data: [][2]string{{"row", fmt.Sprint(i)}, {"step", fmt.Sprint(r.Step)}}}
		it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Rect, X1: 0, Y1: y - rowH/2, W: width, H: rowH, Class: "band"})
		num := fmt.Sprint(r.Step)
		if r.Kind == RowCollapsed {
			num = fmt.Sprintf("%d–%d", r.FirstStep, r.Step)
		}
		if r.Kind != RowCycle && r.Kind != RowDie {
			it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Text, X1: gutter - 10, Y1: y + 4, Text: num, Anchor: "end", Class: "stepno"})
		}
		p.items = append(p.items, it)
	}
	p.width = width
	p.lifelines(bottom)
	for i := range t.Rows {
		p.row(i, width)
	}
	width = p.width
	for i := range t.Messages {
		p.message(i)
	}
	// the end of the run
	end := "end of run: " + t.End
	if t.EndError != "" && t.EndError != t.End {
		end += ": " + t.EndError
	}
	if t.CycleRow >= 0 && t.CycleRow < len(t.Rows) {
		end = fmt.Sprintf("end of trail: the cycle returns to step %d", t.Rows[t.CycleRow].FirstStep)
		y := l.RowY[t.CycleRow]
		p.items = append(p.items, svgdoc.Item{Class: "cycle-back", Prims: []svgdoc.Prim{
			{Kind: svgdoc.Path, D: fmt.Sprintf("M%s,%s H%s V%s H%s", svgdoc.Num(gutter-6), svgdoc.Num(bottom), svgdoc.Num(16), svgdoc.Num(y), svgdoc.Num(gutter-6)), Class: "cycle-line", Arrow: "red"},
		}})
	}
	p.items = append(p.items, svgdoc.Item{Class: "end", Prims: []svgdoc.Prim{
		{Kind: svgdoc.Text, X1: gutter, Y1: endY, Text: end, Class: "end-text"},
	}})
	if w := gutter + svgdoc.TextWidth(end, fontSize) + 20; w > width {
		width = w
	}
	if w := p.legend(endY + 22); w > width {
		width = w
	}
	title := svgdoc.Item{Class: "title", Prims: []svgdoc.Prim{{Kind: svgdoc.Text, X1: 10, Y1: 18, Text: t.Title, Class: "title-text"}}}
	l.Doc = svgdoc.Doc{Width: width, Height: height, Title: t.Title, Style: style, Items: append([]svgdoc.Item{title}, p.items...),
		Attrs: [][2]string{{"class", "msc"}, {"font-family", "DejaVu Sans Mono, Menlo, Consolas, monospace"}, {"font-size", svgdoc.Num(fontSize)}}}
	// the bands span the final width
	for i := range l.Doc.Items {
		if l.Doc.Items[i].Class == "row" {
			l.Doc.Items[i].Prims[0].W = width
		}
	}
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// lifelines draws each lane: its head where it is created, its line, and
// a cross where it dies; heads are repeated every repeatAt rows.
func (p *placer) lifelines(bottom float64) {
	t, l := p.t, p.l
	for i := range t.Lanes {
		ln := &t.Lanes[i]
		x := p.x(i)
		headY := titleH + 4.0 // top of the head box
		if ln.Start >= 0 && ln.Start < len(t.Rows) {
			headY = l.RowY[ln.Start] - headH/2
		}
		endY := bottom
		if ln.End >= 0 && ln.End < len(t.Rows) {
			endY = l.RowY[ln.End]
		}
		label := ln.Label()
		w := svgdoc.TextWidth(label, fontSize) + 14
		it := svgdoc.Item{Class: "lifeline", ID: fmt.Sprintf("lane-%d", i), Title: fmt.Sprintf("process %s, pid %d", ln.Name, ln.Pid),
			Data: [][2]string{{"pid", fmt.Sprint(ln.Pid)}, {"name", ln.Name}}}
		it.Prims = append(it.Prims,
			svgdoc.Prim{Kind: svgdoc.Line, X1: x, Y1: headY + headH, X2: x, Y2: endY, Class: "life"},
			svgdoc.Prim{Kind: svgdoc.Rect, X1: x - w/2, Y1: headY, W: w, H: headH, R: 4, Class: "head"},
			svgdoc.Prim{Kind: svgdoc.Text, X1: x, Y1: headY + headH/2 + 4, Text: label, Anchor: "middle", Class: "head-text"},
		)
		if ln.End >= 0 {
			const d = 6
			it.Prims = append(it.Prims,
				svgdoc.Prim{Kind: svgdoc.Line, X1: x - d, Y1: endY - d, X2: x + d, Y2: endY + d, Class: "cross"},
				svgdoc.Prim{Kind: svgdoc.Line, X1: x - d, Y1: endY + d, X2: x + d, Y2: endY - d, Class: "cross"})
		}
		if ln.End < 0 && ln.FinalLine > 0 {
			// where the process is at the end: blocked, in an invalid
			// end state, or at a valid one
			txt, cls := fmt.Sprintf("at line %d", ln.FinalLine), "final"
			switch {
			case t.End == "invalid end state" && !ln.FinalValid:
				txt, cls = fmt.Sprintf("✗ blocked at line %d", ln.FinalLine), "final blocked"
			case ln.FinalValid:
				txt += " (valid end)"
			}
			it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Text, X1: x + 6, Y1: bottom + 10, Text: txt, Class: cls})
		}
		p.items = append(p.items, it)
		if ln.Start >= 0 && ln.Creator >= 0 {
			cx := p.x(ln.Creator)
			y := l.RowY[ln.Start]
			dir := 1.0
			if cx > x {
				dir = -1
			}
			text := "run"
			if ln.Start < len(t.Rows) && t.Rows[ln.Start].Lane == ln.Creator {
				text = t.Rows[ln.Start].Text
			}
			p.items = append(p.items, svgdoc.Item{Class: "create", Data: [][2]string{{"from", fmt.Sprint(ln.Creator)}, {"to", fmt.Sprint(i)}}, Title: text, Prims: []svgdoc.Prim{
				{Kind: svgdoc.Line, X1: cx, Y1: y, X2: x - dir*w/2, Y2: y, Class: "create-line", Arrow: "grey"},
				{Kind: svgdoc.Text, X1: (cx + x - dir*w/2) / 2, Y1: y - 4, Text: svgdoc.Clip(text, chars(abs64(x-cx)-w/2-8)), Anchor: "middle", Class: "create-text"},
			}})
		}
		// repeated heads, so that a long chart can be read when scrolled
		first := 0
		if ln.Start >= 0 {
			first = ln.Start
		}
		last := len(t.Rows)
		if ln.End >= 0 {
			last = ln.End
		}
		for r := repeatAt; r < last-4; r += repeatAt {
			if r <= first {
				continue
			}
			y := l.RowY[r] - rowH*1.5 // the slot above row r
			p.items = append(p.items, svgdoc.Item{Class: "head-repeat", Prims: []svgdoc.Prim{
				{Kind: svgdoc.Rect, X1: x - w/2, Y1: y + 3, W: w, H: rowH - 6, R: 3, Class: "head-faint"},
				{Kind: svgdoc.Text, X1: x, Y1: y + rowH/2 + 4, Text: label, Anchor: "middle", Class: "head-faint-text"},
			}})
		}
	}
}

func abs64(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// legend explains the marks the chart uses, on one line at y; it
// returns the line's right end.
func (p *placer) legend(y float64) float64 {
	has := map[string]bool{}
	for _, m := range p.t.Messages {
		switch {
		case m.Rendezvous:
			has["rendezvous"] = true
		case m.SendRow >= 0 && m.RecvRow >= 0:
			has["buffered"] = true
		default:
			has["queued"] = true
		}
	}
	for _, r := range p.t.Rows {
		switch {
		case r.Kind == RowCollapsed:
			has["collapsed"] = true
		case r.Kind == RowLocal && len(r.Creates) == 0:
			has["local"] = true
		}
		if r.Output != "" {
			has["printf"] = true
		}
	}
	it := svgdoc.Item{Class: "legend"}
	x := gutter
	key := func(name string, mark []svgdoc.Prim, text string) {
		if !has[name] {
			return
		}
		for _, m := range mark {
			m.X1 += x
			m.X2 += x
			m.Y1 += y
			m.Y2 += y
			it.Prims = append(it.Prims, m)
		}
		it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Text, X1: x + 34, Y1: y + 4, Text: text, Class: "legend-text"})
		x += 34 + svgdoc.TextWidth(text, 10) + 22
	}
	key("rendezvous", []svgdoc.Prim{{Kind: svgdoc.Line, X1: 0, Y1: -1.5, X2: 26, Y2: -1.5, Class: "hand-line"}, {Kind: svgdoc.Line, X1: 0, Y1: 1.5, X2: 26, Y2: 1.5, Class: "hand-line", Arrow: "hand"}}, "rendezvous (handshake)")
	key("buffered", []svgdoc.Prim{{Kind: svgdoc.Line, X1: 0, Y1: -4, X2: 26, Y2: 4, Class: "msg-line", Arrow: "msg"}}, "buffered: send to receive")
	key("queued", []svgdoc.Prim{{Kind: svgdoc.Line, X1: 0, Y1: 0, X2: 26, Y2: 0, Class: "pending-line", Arrow: "msg"}}, "still in the channel")
	key("local", []svgdoc.Prim{{Kind: svgdoc.Ellipse, X1: 13, Y1: 0, W: 2.5, H: 2.5, Class: "dot"}}, "local step")
	key("collapsed", []svgdoc.Prim{{Kind: svgdoc.Rect, X1: 10, Y1: -8, W: 6, H: 16, R: 3, Class: "fold"}}, "local steps folded (tooltip lists them)")
	key("printf", []svgdoc.Prim{{Kind: svgdoc.Rect, X1: 4, Y1: -7, W: 20, H: 14, R: 2, Class: "print-box"}}, "printf output")
	if len(it.Prims) > 0 {
		p.items = append(p.items, it)
	}
	return x
}

// note is the room for a note right of lane (to the next lifeline).
func (p *placer) noteChars(lane int) int {
	if lane == len(p.t.Lanes)-1 {
		return chars(p.laneW/2 + rightRoom - 16)
	}
	return chars(p.laneW - 16)
}

// row draws what row i shows beside the lifelines (messages are drawn
// by message).
func (p *placer) row(i int, width float64) {
	t, l := p.t, p.l
	r := &t.Rows[i]
	y := l.RowY[i]
	data := [][2]string{{"row", fmt.Sprint(i)}, {"step", fmt.Sprint(r.Step)}}
	switch r.Kind {
	case RowCycle:
		p.items = append(p.items, svgdoc.Item{Class: "cycle", Data: data, Title: "the acceptance cycle starts here and returns here at the end of the trail", Prims: []svgdoc.Prim{
			{Kind: svgdoc.Line, X1: 8, Y1: y, X2: width - 8, Y2: y, Class: "cycle-line"},
			{Kind: svgdoc.Rect, X1: gutter, Y1: y - 8, W: svgdoc.TextWidth("⟳ START OF ACCEPTANCE CYCLE", fontSize) + 12, H: 16, R: 3, Class: "cycle-box"},
			{Kind: svgdoc.Text, X1: gutter + 6, Y1: y + 4, Text: "⟳ START OF ACCEPTANCE CYCLE", Class: "cycle-text"},
		}})
		return
	case RowCollapsed:
		it := svgdoc.Item{Class: "collapsed", Data: append(data, [2]string{"count", fmt.Sprint(r.Count)}), Title: collapsedTitle(r)}
		lanes := make([]int, 0, len(r.Counts))
		for ln := range r.Counts {
			lanes = append(lanes, ln)
		}
		sort.Ints(lanes)
		for _, ln := range lanes {
			if ln < 0 {
				continue
			}
			x := p.x(ln)
			it.Prims = append(it.Prims,
				svgdoc.Prim{Kind: svgdoc.Rect, X1: x - 3, Y1: y - rowH/2 + 3, W: 6, H: rowH - 6, R: 3, Class: "fold"},
				svgdoc.Prim{Kind: svgdoc.Text, X1: x + 8, Y1: y + 4, Text: fmt.Sprintf("⋯ %d local step%s", r.Counts[ln], plural(r.Counts[ln])), Class: "fold-text"})
		}
		p.items = append(p.items, it)
		return
	case RowNote:
		txt := r.Text
		if r.Error != "" {
			txt += ": " + r.Error
		}
		p.items = append(p.items, svgdoc.Item{Class: "note", Data: data, Prims: []svgdoc.Prim{{Kind: svgdoc.Text, X1: gutter, Y1: y + 4, Text: txt, Class: "note-text"}}})
		if r.Error != "" {
			p.errorNote(r, y, gutter+svgdoc.TextWidth(txt, fontSize)+12, data)
		}
		return
	case RowDie:
		x := p.x(r.Lane)
		p.items = append(p.items, svgdoc.Item{Class: "die", Data: data, Prims: []svgdoc.Prim{{Kind: svgdoc.Text, X1: x + 12, Y1: y + 4, Text: "terminates", Class: "die-text"}}})
		if r.Error != "" {
			p.errorNote(r, y, x+90, data)
		}
		return
	}
	x := p.x(r.Lane)
	noteX := x + 10
	if r.Kind == RowLocal && len(r.Creates) == 0 {
		text := r.Text
		if r.Timeout {
			text = "timeout: " + text
		}
		it := svgdoc.Item{Class: "local", Data: data, Title: fmt.Sprintf("step %d, line %d: %s", r.Step, r.Line, r.Text), Prims: []svgdoc.Prim{
			{Kind: svgdoc.Ellipse, X1: x, Y1: y, W: 2.5, H: 2.5, Class: "dot"},
			{Kind: svgdoc.Text, X1: noteX, Y1: y + 4, Text: svgdoc.Clip(text, p.noteChars(r.Lane)), Class: "local-text"},
		}}
		p.items = append(p.items, it)
		noteX += svgdoc.TextWidth(svgdoc.Clip(text, p.noteChars(r.Lane)), fontSize) + 10
	}
	if r.Output != "" {
		out := strings.TrimRight(r.Output, "\n")
		first, _, more := strings.Cut(out, "\n")
		if more {
			first += " ↵…"
		}
		shown := svgdoc.Clip(first, max(p.noteChars(r.Lane)-2, 12))
		w := svgdoc.TextWidth(shown, fontSize) + 10
		p.items = append(p.items, svgdoc.Item{Class: "print", Data: data, Title: "printf output: " + out, Prims: []svgdoc.Prim{
			{Kind: svgdoc.Rect, X1: noteX, Y1: y - 8, W: w, H: 16, R: 2, Class: "print-box"},
			{Kind: svgdoc.Text, X1: noteX + 5, Y1: y + 4, Text: shown, Class: "print-text"},
		}})
		noteX += w + 8
	}
	if r.Error != "" {
		p.errorNote(r, y, noteX, data)
	}
}

func (p *placer) errorNote(r *Row, y, x float64, data [][2]string) {
	txt := "✗ " + r.Error
	w := svgdoc.TextWidth(txt, fontSize) + 12
	p.items = append(p.items, svgdoc.Item{Class: "error", Data: data, Title: r.Error, Prims: []svgdoc.Prim{
		{Kind: svgdoc.Rect, X1: x, Y1: y - 9, W: w, H: 18, R: 3, Class: "error-box"},
		{Kind: svgdoc.Text, X1: x + 6, Y1: y + 4, Text: txt, Class: "error-text"},
	}})
	p.width = max(p.width, x+w+10)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func collapsedTitle(r *Row) string {
	var b strings.Builder
	fmt.Fprintf(&b, "steps %d–%d: %d local steps", r.FirstStep, r.Step, r.Count)
	for i, s := range r.Sub {
		if i == 12 {
			fmt.Fprintf(&b, "\n…")
			break
		}
		fmt.Fprintf(&b, "\n%d: %s", s.Step, s.Text)
	}
	return b.String()
}

// message draws message i: a handshake on one row, a buffered message as
// a slanted arrow from its send to its receive, or a stub into the
// channel for one never received.
func (p *placer) message(i int) {
	t, l := p.t, p.l
	m := &t.Messages[i]
	data := [][2]string{{"from", fmt.Sprint(m.From)}, {"to", fmt.Sprint(m.To)}, {"chan", m.Chan}, {"send-row", fmt.Sprint(m.SendRow)}, {"recv-row", fmt.Sprint(m.RecvRow)}}
	switch {
	case m.Rendezvous:
		y := l.RowY[m.SendRow]
		x1, x2 := p.x(m.From), p.x(m.To)
		dir := sgn(x2 - x1)
		label := m.Label + " ⇄ " + m.RecvLabel
		if svgdoc.TextWidth(label, fontSize) > abs64(x2-x1)-10 {
			label = m.Label
		}
		it := svgdoc.Item{Class: "msg rendezvous", Data: data, Title: fmt.Sprintf("rendezvous on %s: %s, received as %s", m.Chan, m.Label, m.RecvLabel)}
		if m.From == m.To {
			it.Prims = append(it.Prims, p.selfLoop(x1, y-6, y+6, "hand-line", "hand")...)
			it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Text, X1: x1 + 28, Y1: y + 4, Text: label, Class: "msg-text"})
		} else {
			it.Prims = append(it.Prims,
				svgdoc.Prim{Kind: svgdoc.Line, X1: x1, Y1: y - 1.5, X2: x2 - dir*3, Y2: y - 1.5, Class: "hand-line"},
				svgdoc.Prim{Kind: svgdoc.Line, X1: x1, Y1: y + 1.5, X2: x2 - dir*3, Y2: y + 1.5, Class: "hand-line", Arrow: "hand"},
				svgdoc.Prim{Kind: svgdoc.Ellipse, X1: x1, Y1: y, W: 3.5, H: 3.5, Class: "hand-dot"},
				svgdoc.Prim{Kind: svgdoc.Ellipse, X1: x2, Y1: y, W: 3.5, H: 3.5, Class: "hand-dot"},
				svgdoc.Prim{Kind: svgdoc.Text, X1: (x1 + x2) / 2, Y1: y - 5, Text: label, Anchor: "middle", Class: "msg-text"})
		}
		p.items = append(p.items, it)
	case m.SendRow >= 0 && m.RecvRow >= 0 && m.From >= 0 && m.To >= 0:
		x1, y1 := p.x(m.From), l.RowY[m.SendRow]
		x2, y2 := p.x(m.To), l.RowY[m.RecvRow]
		it := svgdoc.Item{Class: "msg buffered", Data: data, Title: fmt.Sprintf("%s sent at step %d, received as %s at step %d", m.Label, t.Rows[m.SendRow].Step, m.RecvLabel, t.Rows[m.RecvRow].Step)}
		if m.From == m.To {
			it.Prims = append(it.Prims, p.selfLoop(x1, y1, y2, "msg-line", "msg")...)
			it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Text, X1: x1 + 28, Y1: y1 + 4, Text: m.Label, Class: "msg-text"},
				svgdoc.Prim{Kind: svgdoc.Text, X1: x1 + 28, Y1: y2 + 4, Text: m.RecvLabel, Class: "recv-text"})
		} else {
			dir := sgn(x2 - x1)
			it.Prims = append(it.Prims,
				svgdoc.Prim{Kind: svgdoc.Ellipse, X1: x1, Y1: y1, W: 3, H: 3, Class: "msg-dot"},
				svgdoc.Prim{Kind: svgdoc.Line, X1: x1, Y1: y1, X2: x2 - dir*2, Y2: y2, Class: "msg-line", Arrow: "msg"})
			// the label near the send, where the arrow is still close
			// to its row: at most half a lane across and a row down
			tt := min(0.5, p.laneW*0.5/abs64(x2-x1))
			if y2 > y1 {
				tt = min(tt, rowH*0.9/(y2-y1))
			}
			lx, ly := x1+(x2-x1)*tt, y1+(y2-y1)*tt-5
			anchor := "middle"
			if tt < 0.25 {
				// a steep arrow: the label beside it, away from it
				lx += dir * 6
				anchor = map[bool]string{true: "start", false: "end"}[dir > 0]
			}
			it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Text, X1: lx, Y1: ly, Text: m.Label, Anchor: anchor, Class: "msg-text"})
			// the receive as the receiver wrote it (under the ones
			// already there: a d_step can take several messages)
			if p.recvs == nil {
				p.recvs = map[[2]int]int{}
			}
			k := p.recvs[[2]int{m.To, m.RecvRow}]
			p.recvs[[2]int{m.To, m.RecvRow}]++
			it.Prims = append(it.Prims, svgdoc.Prim{Kind: svgdoc.Text, X1: x2 - dir*8, Y1: y2 + 13 + 11*float64(k), Text: m.RecvLabel, Anchor: map[bool]string{true: "end", false: "start"}[dir > 0], Class: "recv-text"})
		}
		p.items = append(p.items, it)
	case m.SendRow >= 0 && m.From >= 0:
		// still in the channel at the end
		x1, y1 := p.x(m.From), l.RowY[m.SendRow]
		x2 := x1 + p.laneW*0.45
		w := svgdoc.TextWidth(m.Chan, fontSize-1) + 10
		p.items = append(p.items, svgdoc.Item{Class: "msg pending", Data: data, Title: fmt.Sprintf("%s sent at step %d, still in %s at the end", m.Label, t.Rows[m.SendRow].Step, m.Chan), Prims: []svgdoc.Prim{
			{Kind: svgdoc.Ellipse, X1: x1, Y1: y1, W: 3, H: 3, Class: "msg-dot"},
			{Kind: svgdoc.Line, X1: x1, Y1: y1, X2: x2, Y2: y1 + 8, Class: "pending-line", Arrow: "msg"},
			{Kind: svgdoc.Rect, X1: x2 + 2, Y1: y1 + 1, W: w, H: 14, R: 2, Class: "queue-box"},
			{Kind: svgdoc.Text, X1: x2 + 7, Y1: y1 + 12, Text: m.Chan, Class: "queue-text"},
			{Kind: svgdoc.Text, X1: x2 + w + 8, Y1: y1 + 12, Text: m.Label + " (still queued)", Class: "msg-text"},
		}})
	case m.RecvRow >= 0 && m.To >= 0:
		// received, but sent before the chart began
		x2, y2 := p.x(m.To), l.RowY[m.RecvRow]
		p.items = append(p.items, svgdoc.Item{Class: "msg pending", Data: data, Prims: []svgdoc.Prim{
			{Kind: svgdoc.Line, X1: x2 - p.laneW*0.45, Y1: y2 - 8, X2: x2 - 2, Y2: y2, Class: "pending-line", Arrow: "msg"},
			{Kind: svgdoc.Text, X1: x2 - 8, Y1: y2 - 8, Text: m.RecvLabel, Anchor: "end", Class: "msg-text"},
		}})
	}
}

func sgn(f float64) float64 {
	if f < 0 {
		return -1
	}
	return 1
}

// selfLoop is a message from a lifeline to itself.
func (p *placer) selfLoop(x, y1, y2 float64, class, arrow string) []svgdoc.Prim {
	d := fmt.Sprintf("M%s,%s C%s,%s %s,%s %s,%s", svgdoc.Num(x), svgdoc.Num(y1), svgdoc.Num(x+30), svgdoc.Num(y1), svgdoc.Num(x+30), svgdoc.Num(y2), svgdoc.Num(x+2), svgdoc.Num(y2))
	return []svgdoc.Prim{{Kind: svgdoc.Path, D: d, Class: class, Arrow: arrow}}
}

const style = `
.title-text{font-size:13px;font-weight:bold;fill:#222}
.band{fill:transparent}
.row:hover .band{fill:#f3f6fb}
.row.sel .band{fill:#fff3c4}
.stepno{fill:#888;font-size:10px}
.life{stroke:#9aa4b1;stroke-width:1.2;stroke-dasharray:5 3}
.head{fill:#e8eef7;stroke:#4a6a94;stroke-width:1.2}
.head-text{fill:#1d3557;font-weight:bold}
.head-faint{fill:#f4f7fb;stroke:#c5d0de;stroke-width:1}
.head-faint-text{fill:#8091a8;font-size:10px}
.cross{stroke:#4a6a94;stroke-width:2}
.create-line{stroke:#999;stroke-width:1.2;stroke-dasharray:4 3;fill:none}
.create-text{fill:#666;font-style:italic;paint-order:stroke;stroke:#fff;stroke-width:3px}
.dot{fill:#666}
.local-text{fill:#444;paint-order:stroke;stroke:#fff;stroke-width:3px}
.fold{fill:#d8dde4}
.fold-text{fill:#777;font-style:italic}
.msg-line{stroke:#1f5fa8;stroke-width:1.4;fill:none}
.msg-dot{fill:#1f5fa8}
.msg-text{fill:#1f5fa8;font-weight:bold;paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
.recv-text{fill:#5a7fb0;font-size:10px}
.pending-line{stroke:#1f5fa8;stroke-width:1.2;stroke-dasharray:3 3;fill:none}
.queue-box{fill:#eef3fa;stroke:#1f5fa8;stroke-width:1}
.queue-text{fill:#1f5fa8;font-size:10px}
.hand-line{stroke:#2e7d32;stroke-width:1.4;fill:none}
.hand-dot{fill:#2e7d32}
.rendezvous .msg-text{fill:#2e7d32}
.print-box{fill:#fff8d6;stroke:#d4b94a;stroke-width:1}
.print-text{fill:#5c4a00}
.error-box{fill:#fdecea;stroke:#c62828;stroke-width:1.2}
.error-text{fill:#b71c1c;font-weight:bold}
.cycle-line{stroke:#c62828;stroke-width:1.5;stroke-dasharray:8 4;fill:none}
.cycle-box{fill:#c62828}
.cycle-text{fill:#fff;font-weight:bold}
.die-text{fill:#4a6a94;font-style:italic;font-size:10px}
.note-text{fill:#6a1b9a;font-style:italic}
.end-text{fill:#333;font-weight:bold}
.final{fill:#666;font-size:10px}
.legend-text{fill:#666;font-size:10px}
.final.blocked{fill:#c62828;font-weight:bold}
`
