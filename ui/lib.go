package ui

// This file is the one place where the UI calls gospin's library: the
// front end, the simulator, the verifier, the chart and automata drawing.
// The HTTP server (server.go) and the WebAssembly playground
// (cmd/gospin-wasm) both call these functions with the same requests, so
// the page behaves the same served or static. When the verification
// policy of gospin verify moves into the verify package (verify.Check),
// Verify below is the function to switch over.

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/graphsvg"
	"github.com/gospin/gospin/internal/membudget"
	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/msc"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/simulate"
	"github.com/gospin/gospin/trail"
	"github.com/gospin/gospin/verify"
)

// Model is the model a request is about: its file name (shown in
// messages) and its text.
type Model struct {
	Name string `json:"name"`
	Src  string `json:"src"`
}

// Diag is one diagnostic of the front end.
type Diag struct {
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Severity string `json:"severity"`
	Msg      string `json:"msg"`
}

// Prop is one never claim or ltl property of the model.
type Prop struct {
	Name     string `json:"name"`
	Kind     string `json:"kind"` // "ltl" or "never"
	Liveness bool   `json:"liveness"`
}

// CheckResult is Check's answer.
type CheckResult struct {
	OK    bool   `json:"ok"`
	Diags []Diag `json:"diags"`
	Props []Prop `json:"props"`
}

// load runs the front end on the model and lists its diagnostics.
func load(m Model) (*frontend.Result, []Diag) {
	name := m.Name
	if name == "" {
		name = "model.pml"
	}
	// no #include from the browser's model: nothing is read from disk
	cfg := &frontend.Config{ReadFile: func(p string) ([]byte, error) {
		return nil, fmt.Errorf("%s: #include is not available in the UI", p)
	}}
	r := frontend.Load(filepath.Base(name), []byte(m.Src), cfg)
	ds := []Diag{}
	for _, d := range r.Diags.Items {
		ds = append(ds, Diag{Line: d.Pos.Line, Col: d.Pos.Column, Severity: d.Severity.String(), Msg: d.Msg})
	}
	return r, ds
}

// Check parses and type-checks the model (gospin check).
func Check(m Model) CheckResult {
	r, ds := load(m)
	res := CheckResult{OK: !r.HasErrors(), Diags: ds, Props: []Prop{}}
	if res.OK {
		for _, p := range property.List(r.Model) {
			kind := "never"
			if p.Kind == property.LTL {
				kind = "ltl"
			}
			res.Props = append(res.Props, Prop{Name: p.Name, Kind: kind, Liveness: property.NeedsAcceptance(r.Model, &p, property.FromLTL)})
		}
	}
	return res
}

// SimRequest asks for a simulation: Mode "random" (Seed, Steps),
// "interactive" (the Choices so far, numbered from 1 as gospin run -i
// lists them) or "trail" (Trail: the text of a trail from Verify).
type SimRequest struct {
	Model
	Mode    string `json:"mode"`
	Seed    uint64 `json:"seed"`
	Steps   int    `json:"steps"`
	Choices []int  `json:"choices"`
	Trail   string `json:"trail"`
}

// Choice is one statement an interactive simulation can execute next.
type Choice struct {
	N    int    `json:"n"`
	Text string `json:"text"`
}

// SimResult is a simulation's answer: the simulator's text output, how
// the run ended, its chart, and in an interactive run the next choices.
type SimResult struct {
	Error  string   `json:"error,omitempty"`
	Diags  []Diag   `json:"diags,omitempty"`
	Output string   `json:"output"`
	End    string   `json:"end"`
	Failed bool     `json:"failed"`
	Steps  int      `json:"steps"`
	Chart  *Chart   `json:"chart,omitempty"`
	Menu   []Choice `json:"menu"`
}

// Chart is a message sequence chart: the SVG and, for each of its rows,
// what the side panel shows.
type Chart struct {
	SVG   string     `json:"svg"`
	Lanes []string   `json:"lanes"`
	Rows  []ChartRow `json:"rows"`
	Init  [][]string `json:"init"`
}

// ChartRow is one row of a chart.
type ChartRow struct {
	Step int        `json:"step"`
	Proc string     `json:"proc,omitempty"`
	Text string     `json:"text,omitempty"`
	Line int        `json:"line,omitempty"`
	Out  string     `json:"out,omitempty"`
	Err  string     `json:"err,omitempty"`
	Set  [][]string `json:"set,omitempty"`
	Gone []string   `json:"gone,omitempty"`
}

// maxSimSteps bounds a random simulation asked for without a limit.
const maxSimSteps = 10000

// Simulate runs one simulation (gospin run, run -i, run -t) and draws it.
func Simulate(req SimRequest) SimResult {
	r, ds := load(req.Model)
	if r.HasErrors() {
		return SimResult{Error: "the model has errors", Diags: ds}
	}
	var opt simulate.Options
	var out bytes.Buffer
	opt.Output = &out
	props := property.List(r.Model)
	var prop *property.Property
	tr := property.Translator(property.FromLTL)
	merge, strict := false, false
	switch req.Mode {
	case "trail":
		t, err := trail.Read(strings.NewReader(req.Trail), "trail")
		if err != nil {
			return SimResult{Error: err.Error()}
		}
		opt.Mode, opt.Trail = simulate.Replay, t
		if name := t.Headers["property"]; name != "" {
			if prop = property.Find(props, name); prop == nil {
				return SimResult{Error: fmt.Sprintf("the trail is for property %q, which the model does not have", name)}
			}
			for i := range props {
				if props[i].Name == name {
					opt.ClaimNumber = i + 1
				}
			}
		}
		if t.Headers["claim"] == "si" {
			tr = property.SITranslator
		}
		merge, strict = t.Headers["merge"] == "yes", t.Headers["strict-end"] == "yes"
	case "interactive":
		var in strings.Builder
		for _, c := range req.Choices {
			fmt.Fprintf(&in, "%d\n", c)
		}
		opt.Mode, opt.Input = simulate.Interactive, strings.NewReader(in.String())
		opt.MaxSteps = maxSimSteps
	default:
		opt.Mode, opt.Seed, opt.MaxSteps = simulate.Random, req.Seed, req.Steps
		if opt.MaxSteps <= 0 || opt.MaxSteps > maxSimSteps {
			opt.MaxSteps = maxSimSteps
		}
	}
	pm, err := property.Model(r.Model, prop, tr)
	if err != nil {
		return SimResult{Error: err.Error()}
	}
	rp := *r
	rp.Model = pm
	prog, err := lower(&rp)
	if err != nil {
		return SimResult{Error: err.Error()}
	}
	prog.Trace = nil // as gospin run: trace sequences are checked in verification only
	e, err := engine.NewWithOptions(prog, engine.Options{Merge: merge, StrictEnd: strict})
	if err != nil {
		return SimResult{Error: err.Error()}
	}
	b := msc.NewBuilder(filepath.Base(req.Name))
	opt.Observer, opt.Snapshots = b, true
	res, err := simulate.Run(e, opt)
	if err != nil {
		return SimResult{Error: err.Error()}
	}
	sr := SimResult{Output: out.String(), End: res.End.String(), Failed: res.Failed(), Steps: res.Steps, Menu: []Choice{}}
	if res.End == simulate.TrailMismatch {
		sr.Error = fmt.Sprintf("the trail does not fit the model (at step %d)", res.Steps)
	}
	if res.Violation != nil {
		sr.End += ": " + res.Violation.Message
	}
	if opt.Mode == simulate.Interactive {
		sr.Output, sr.Menu = splitMenu(sr.Output, res.End == simulate.Quit)
	}
	sr.Chart = chart(b.Trace())
	return sr
}

var promptRE = regexp.MustCompile(`^Select \[\d+-\d+\]: `)

// splitMenu takes the choice lists out of an interactive run's output;
// the last one is returned when the run stopped waiting for a choice.
func splitMenu(out string, waiting bool) (string, []Choice) {
	var keep strings.Builder
	var menu []Choice
	for _, ln := range strings.SplitAfter(out, "\n") {
		// the prompt "Select [1-2]: " is not ended by the answer's
		// newline (the input is not echoed): the next line follows it
		ln = promptRE.ReplaceAllString(ln, "")
		s := strings.TrimSpace(ln)
		switch {
		case s == "Select a statement":
			menu = menu[:0]
		case strings.HasPrefix(s, "choice "):
			num, text, _ := strings.Cut(strings.TrimPrefix(s, "choice "), ": ")
			if n, err := strconv.Atoi(num); err == nil {
				menu = append(menu, Choice{N: n, Text: text})
			}
		case strings.HasPrefix(s, "Select ["), s == "choice is outside range":
		default:
			keep.WriteString(ln)
		}
	}
	if !waiting {
		menu = nil
	}
	if menu == nil {
		menu = []Choice{}
	}
	return strings.TrimLeft(keep.String(), "\n"), menu
}

// chart lays out a run's trace and collects what the page shows per row.
func chart(t *msc.Trace) *Chart {
	l := msc.Place(t, msc.Options{})
	var svg bytes.Buffer
	l.Doc.Write(&svg)
	t = l.Trace
	c := &Chart{SVG: inline(svg.String()), Lanes: []string{}, Rows: make([]ChartRow, len(t.Rows)), Init: [][]string{}}
	for i := range t.Lanes {
		c.Lanes = append(c.Lanes, t.Lanes[i].Label())
	}
	for _, v := range t.Init {
		c.Init = append(c.Init, []string{v.Name, v.Value})
	}
	for i := range t.Rows {
		r := &t.Rows[i]
		cr := ChartRow{Step: r.Step, Text: r.Text, Line: r.Line, Out: r.Output, Err: r.Error}
		if r.Lane >= 0 && r.Lane < len(t.Lanes) {
			cr.Proc = t.Lanes[r.Lane].Label()
		}
		if r.Kind == msc.RowHandshake && r.Lane2 >= 0 && r.Lane2 < len(t.Lanes) {
			cr.Proc += " → " + t.Lanes[r.Lane2].Label()
			cr.Text += "  ⇄  " + r.Text2
		}
		add := func(r *msc.Row) {
			for _, v := range r.Vars {
				cr.Set = append(cr.Set, []string{v.Name, v.Value})
			}
			cr.Gone = append(cr.Gone, r.Gone...)
		}
		add(r)
		for j := range r.Sub {
			add(&r.Sub[j])
		}
		c.Rows[i] = cr
	}
	return c
}

// lower builds the process automata of a checked model.
func lower(r *frontend.Result) (*automata.Program, error) {
	var errs diag.List
	prog := automata.Lower(r.Model, &errs)
	if errs.HasErrors() || prog == nil {
		errs.Sort()
		return nil, &errs
	}
	return prog, nil
}

// VerifyRequest asks for a verification, with the options of gospin
// verify that people use: Mode "safety" (the default), "acceptance" (-a)
// or "nonprogress" (-l); Fair (-f); Property (-N; "" for the first of
// the model's, "-" for none: -noclaim); NoReduce (-noreduce); Depth (-m);
// AllErrors (-e: keep going, a trail per error); BFS (-bfs: breadth-first,
// the shortest trails).
type VerifyRequest struct {
	Model
	Mode      string `json:"mode"`
	Fair      bool   `json:"fair"`
	Property  string `json:"property"`
	NoReduce  bool   `json:"noreduce"`
	Depth     int    `json:"depth"`
	AllErrors bool   `json:"allErrors"`
	BFS       bool   `json:"bfs"`
}

// Progress is the state of a running search.
type Progress struct {
	Depth       int     `json:"depth"`
	States      int64   `json:"states"`
	Transitions int64   `json:"transitions"`
	MemoryMB    float64 `json:"memoryMB"`
	Seconds     float64 `json:"seconds"`
}

// VerifyResult is a verification's answer: pan's report as gospin verify
// prints it, the figures, and each error with its trail's text.
type VerifyResult struct {
	Error    string        `json:"error,omitempty"`
	Diags    []Diag        `json:"diags,omitempty"`
	Notes    []string      `json:"notes"`
	Property string        `json:"property"`
	Report   string        `json:"report"`
	Complete bool          `json:"complete"`
	Reason   string        `json:"reason,omitempty"`
	States   int64         `json:"states"`
	Trans    int64         `json:"transitions"`
	Depth    int           `json:"depth"`
	Seconds  float64       `json:"seconds"`
	Errors   []VerifyError `json:"errors"`
}

// VerifyError is one error found, with the trail that replays it.
type VerifyError struct {
	Kind     string `json:"kind"`
	Message  string `json:"message"`
	Depth    int    `json:"depth"`
	Location string `json:"location,omitempty"`
	Trail    string `json:"trail,omitempty"`
}

// Verify runs an exhaustive verification (gospin verify) of one property
// of the model, calling progress about every two seconds.
func Verify(ctx context.Context, req VerifyRequest, progress func(Progress)) VerifyResult {
	r, ds := load(req.Model)
	if r.HasErrors() {
		return VerifyResult{Error: "the model has errors", Diags: ds}
	}
	vr := VerifyResult{Notes: []string{}, Errors: []VerifyError{}}
	props := property.List(r.Model)
	var p *property.Property
	switch {
	case req.Property == "-" || req.Mode == "nonprogress":
		if req.Mode == "nonprogress" && len(props) > 0 {
			vr.Notes = append(vr.Notes, "non-progress cycles are checked with their own claim, as pan -DNP does: the model's properties are not checked")
		}
	case req.Property != "":
		if p = property.Find(props, req.Property); p == nil {
			return VerifyResult{Error: fmt.Sprintf("no never claim or ltl property named %q", req.Property)}
		}
	case len(props) > 0:
		p = &props[0]
	}
	var o verify.Options
	o.MaxDepth = req.Depth
	if o.MaxDepth <= 0 {
		o.MaxDepth = 10000
	}
	o.HashLog2 = 20
	o.StopAfter = 1
	if req.AllErrors {
		o.StopAfter, o.AllTrails = 0, true
	}
	o.BFS = req.BFS
	o.Accept = req.Mode == "acceptance"
	o.NonProgress = req.Mode == "nonprogress"
	o.Fair = req.Fair && (o.Accept || o.NonProgress)
	if p != nil && !o.Accept && !o.NonProgress && property.NeedsAcceptance(r.Model, p, property.FromLTL) {
		vr.Notes = append(vr.Notes, p.Name+" is a liveness property: searching for acceptance cycles (as with -a)")
		o.Accept = true
	}
	// Partial-order reduction is used without a property (and for -l);
	// with one, gospin verify's plan of reduction on the product lives in
	// cmd/gospin still: the UI searches the full product meanwhile.
	o.Reduce = !req.NoReduce && p == nil
	if !req.NoReduce && p != nil {
		vr.Notes = append(vr.Notes, "searched without partial-order reduction (the UI reduces safety searches without a property)")
	}
	if b := membudget.Budget(); b.Bytes > 0 {
		o.HeapLimit, o.MemLimit, o.MemGuard = b.Budget, b.Budget/10*8, membudget.Guard()
	}
	if p != nil {
		o.Property = p.Name
		vr.Property = p.Name
	}
	pm, err := property.Model(r.Model, p, property.FromLTL)
	if err != nil {
		return VerifyResult{Error: err.Error()}
	}
	rp := *r
	rp.Model = pm
	prog, err := lower(&rp)
	if err != nil {
		return VerifyResult{Error: err.Error()}
	}
	e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: true})
	if err != nil {
		return VerifyResult{Error: err.Error()}
	}
	if verify.AcceptIgnored(e, o) {
		vr.Notes = append(vr.Notes, "no accept labels are defined, so option -a has no effect (ignored)")
	}
	if progress != nil {
		o.Progress = func(st search.Stats) {
			progress(Progress{Depth: st.DepthReached, States: st.StatesStored, Transitions: st.Transitions,
				MemoryMB: float64(st.Store.Memory()+st.StackBytes) / (1 << 20), Seconds: st.Elapsed.Seconds()})
		}
	}
	start := time.Now()
	sum, res, err := verify.Run(ctx, req.Name, e, o)
	if err != nil {
		return VerifyResult{Error: err.Error()}
	}
	sum.ElapsedS = time.Since(start).Seconds()
	if p != nil {
		sum.Property = p.Name
	}
	var rep bytes.Buffer
	report.Text(&rep, sum)
	vr.Report = rep.String()
	vr.Complete, vr.Reason = sum.Complete, sum.Incomplete
	vr.States, vr.Trans, vr.Depth, vr.Seconds = sum.StatesStored, sum.Transitions, sum.Depth, sum.ElapsedS
	for i, v := range sum.Violations {
		ve := VerifyError{Kind: v.Kind, Message: v.Message, Depth: v.Depth, Location: v.Location}
		if i < len(res.Errors) && res.Errors[i].Trail != nil {
			ve.Trail = trailText(req.Name, &o, &res.Errors[i])
		}
		vr.Errors = append(vr.Errors, ve)
	}
	return vr
}

// Stoppable returns a context for Verify and the function that stops
// the search: it ends as at Ctrl-C, with the figures so far and the
// reason "stopped".
func Stoppable(ctx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	return ctx, func() { cancel(&search.StopCause{Reason: "stopped"}) }
}

// trailText is the trail of error e as gospin verify writes it.
func trailText(name string, o *verify.Options, e *search.Error) string {
	t := trail.New()
	t.Set("model", filepath.Base(name))
	if o.Property != "" {
		t.Set("property", o.Property)
	}
	t.Set("merge", "yes")
	if !o.BFS && !o.SCC {
		t.Set(trail.ClaimStutter, "pan")
	}
	t.Set("error", e.Violation.Message)
	if e.Violation.Pos.IsValid() {
		t.Set("at", e.Violation.Pos.String())
	}
	t.Steps = e.Trail
	t.CycleStart = e.CycleStart
	var b bytes.Buffer
	if err := t.Write(&b); err != nil {
		return ""
	}
	return b.String()
}

// AutomataResult is the picture of the model's automata.
type AutomataResult struct {
	Error string `json:"error,omitempty"`
	SVG   string `json:"svg"`
}

// Automata draws the process automata and each ltl property's never
// claim (of its negation, as verify checks it), as gospin graph -svg.
func Automata(m Model) AutomataResult {
	r, _ := load(m)
	if r.HasErrors() {
		return AutomataResult{Error: "the model has errors"}
	}
	prog, err := lower(r)
	if err != nil {
		return AutomataResult{Error: err.Error()}
	}
	gs := graphsvg.Automata(prog)
	for _, p := range property.List(r.Model) {
		if p.Kind != property.LTL {
			continue
		}
		pm, err := property.Model(r.Model, &p, property.FromLTL)
		if err != nil {
			continue
		}
		var errs diag.List
		if pp := automata.Lower(pm, &errs); pp != nil && pp.Never != nil && !errs.HasErrors() {
			gs = append(gs, graphsvg.Proc(pp.Never, "ltl "+p.Name+": never claim of its negation"))
		}
	}
	var b bytes.Buffer
	if err := graphsvg.WriteSVG(&b, filepath.Base(m.Name), gs...); err != nil {
		return AutomataResult{Error: err.Error()}
	}
	return AutomataResult{SVG: inline(b.String())}
}

// inline drops the XML declaration of an SVG document, for the page to
// put it in its HTML.
func inline(svg string) string {
	if strings.HasPrefix(svg, "<?xml") {
		if i := strings.Index(svg, "?>"); i >= 0 {
			return strings.TrimLeft(svg[i+2:], "\n")
		}
	}
	return svg
}

// LTLRequest asks for the Büchi automaton of a formula, as gospin ltl -svg
// -f draws it (the automaton of the formula as given: the never claim of
// a property is the automaton of its negation).
type LTLRequest struct {
	Formula string `json:"formula"`
}

// LTL translates a formula and draws its Büchi automaton.
func LTL(req LTLRequest) AutomataResult {
	text := strings.TrimSpace(req.Formula)
	f, names, err := ltl.Parse(text)
	if err != nil {
		return AutomataResult{Error: err.Error()}
	}
	a, err := ltl.TryTranslate(f, ltl.Options{MaxWork: ltl.DefaultMaxWork})
	if err != nil {
		return AutomataResult{Error: err.Error()}
	}
	a.Formula = text
	var b bytes.Buffer
	if err := graphsvg.WriteSVG(&b, "", graphsvg.Buchi(a, names, text)); err != nil {
		return AutomataResult{Error: err.Error()}
	}
	return AutomataResult{SVG: inline(b.String())}
}
