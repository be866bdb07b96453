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

	"github.com/gospin/gospin/graphsvg"
	"github.com/gospin/gospin/ltl"
	"github.com/gospin/gospin/msc"
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
	var t *trail.Trail
	switch req.Mode {
	case "trail":
		var err error
		if t, err = trail.Read(strings.NewReader(req.Trail), "trail"); err != nil {
			return SimResult{Error: err.Error()}
		}
		opt.Mode, opt.Trail = simulate.Replay, t
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
	// the engine gospin run uses: without the claim, or for a replay with
	// the claim, merging and end-state rule of the trail's headers
	e, claim, err := verify.SimModel(verify.NewSource(req.Name, r), t, &out)
	if err != nil {
		return SimResult{Error: err.Error()}
	}
	opt.ClaimNumber = claim
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

// Verify runs an exhaustive verification (gospin verify's: verify.Check,
// with its policy of reduction, liveness and claims) of one property of
// the model, calling progress about every two seconds. The trails stay
// in memory: each error's is returned as text, for Simulate to replay.
func Verify(ctx context.Context, req VerifyRequest, progress func(Progress)) VerifyResult {
	r, ds := load(req.Model)
	if r.HasErrors() {
		return VerifyResult{Error: "the model has errors", Diags: ds}
	}
	vr := VerifyResult{Notes: []string{}, Errors: []VerifyError{}}
	src := verify.NewSource(req.Name, r)
	s := verify.DefaultSettings()
	s.WriteTrails = false
	if req.Depth > 0 {
		s.MaxDepth = req.Depth
	}
	s.AllTrails = req.AllErrors
	s.BFS = req.BFS
	s.NoReduce = req.NoReduce
	s.Accept = req.Mode == "acceptance"
	s.NonProgress = req.Mode == "nonprogress"
	s.Fair = req.Fair && (s.Accept || s.NonProgress)
	props := src.Properties()
	switch {
	case req.Property == "-":
		s.NoClaim = true
	case req.Property != "":
		s.Claim = req.Property
	case len(props) > 0 && !s.NonProgress:
		s.Claim = props[0].Name
	}
	var notes, log bytes.Buffer
	s.Notes, s.Log = &notes, &log
	var trails []*trail.Trail
	s.OnTrail = func(t *trail.Trail) { trails = append(trails, t) }
	if progress != nil {
		s.Progress = func(st search.Stats) {
			progress(Progress{Depth: st.DepthReached, States: st.StatesStored, Transitions: st.Transitions,
				MemoryMB: float64(st.Store.Memory()+st.StackBytes) / (1 << 20), Seconds: st.Elapsed.Seconds()})
		}
	}
	if err := s.Validate(); err != nil {
		return VerifyResult{Error: err.Error()}
	}
	defer s.SetMemory()()
	todo, err := verify.Properties(src, s)
	if err != nil {
		return VerifyResult{Error: err.Error()}
	}
	p := todo[0]
	sum, err := verify.Check(ctx, src, p, s)
	if err != nil {
		return VerifyResult{Error: err.Error()}
	}
	for _, ln := range strings.Split(strings.TrimSpace(notes.String()), "\n") {
		if ln = strings.TrimSpace(strings.TrimPrefix(ln, "gospin: ")); ln != "" {
			vr.Notes = append(vr.Notes, strings.TrimPrefix(ln, "note: "))
		}
	}
	if p != nil {
		vr.Property = p.Name
	}
	var rep bytes.Buffer
	rep.Write(log.Bytes())
	report.Text(&rep, sum)
	vr.Report = rep.String()
	vr.Complete, vr.Reason = sum.Complete, sum.Incomplete
	vr.States, vr.Trans, vr.Depth, vr.Seconds = sum.StatesStored, sum.Transitions, sum.Depth, sum.ElapsedS
	for i, v := range sum.Violations {
		ve := VerifyError{Kind: v.Kind, Message: v.Message, Depth: v.Depth, Location: v.Location}
		if i < len(trails) {
			var b bytes.Buffer
			if trails[i].Write(&b) == nil {
				ve.Trail = b.String()
			}
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
	prog, err := verify.Lower(r)
	if err != nil {
		return AutomataResult{Error: err.Error()}
	}
	gs := graphsvg.ModelAutomata(r.Model, prog, nil)
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
