package main

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
)

const na = "n/a"

func fmtF(p *float64, prec int) string {
	if p == nil || math.IsNaN(*p) || math.IsInf(*p, 0) {
		return na
	}
	return strconv.FormatFloat(*p, 'f', prec, 64)
}

func fmtRatio(p *float64) string {
	if p == nil {
		return na
	}
	return fmtF(p, 2) + "x"
}

func fmtSecs(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) + " s" }

func fmtMB(kb int64) string { return strconv.FormatFloat(float64(kb)/1024, 'f', 1, 64) + " MB" }

func eqMark(p *bool) string {
	switch {
	case p == nil:
		return ""
	case *p:
		return "="
	}
	return "≠"
}

// printModel writes the table of one model.
func printModel(w io.Writer, r *ModelResult) {
	s, g, m := &r.Spin, &r.Gospin, &r.Metrics
	fmt.Fprintf(w, "== %s (%s) ==\n", label(r), r.Config)
	if s.OK {
		fmt.Fprintf(w, "   SPIN:   %s; %s; %s\n", s.SpinCmd, s.CCCmd, s.PanCmd)
	} else {
		fmt.Fprintf(w, "   SPIN:   n/a: %s\n", s.Failure)
	}
	if g.OK {
		fmt.Fprintf(w, "   gospin: %s\n", g.Cmd)
	} else {
		fmt.Fprintf(w, "   gospin: n/a: %s\n", g.Failure)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	row := func(label, gv, sv, extra string) {
		fmt.Fprintf(tw, "   %s\t%s\t%s\t%s\t\n", label, gv, sv, extra)
	}
	gs := func(f func() string) string {
		if !g.OK {
			return na
		}
		return f()
	}
	ss := func(f func() string) string {
		if !s.OK {
			return na
		}
		return f()
	}
	row("", "gospin", "SPIN", "gospin/SPIN")
	row("verdict", gs(func() string { return verdictText(g.Verdict, g.Report.ErrorKind()) }),
		ss(func() string { return verdictText(s.Verdict, s.Report.ErrorKind) }), eqMark(m.VerdictsAgree))
	row("states stored", gs(func() string { return strconv.FormatInt(g.Report.StatesStored, 10) }),
		ss(func() string { return strconv.FormatInt(s.Report.Stored, 10) }), eqMark(m.StatesEqual))
	row("transitions", gs(func() string { return strconv.FormatInt(g.Report.Transitions, 10) }),
		ss(func() string { return strconv.FormatInt(s.Report.Transitions, 10) }), eqMark(m.TransitionsEqual))
	row("depth reached", gs(func() string { return strconv.Itoa(g.Report.Depth) }),
		ss(func() string { return strconv.Itoa(s.Report.Depth) }), "")
	row("state vector (bytes)", gs(func() string { return strconv.Itoa(g.Report.StateVectorBytes) }),
		ss(func() string { return strconv.Itoa(s.Report.StateVector) }), "")
	row("compile (spin -a + gcc)", "-", ss(func() string {
		return fmt.Sprintf("%s (%.2f + %.2f)", fmtSecs(s.CompileS), s.SpinS, s.CCS)
	}), "")
	row("run", gs(func() string { return fmtSecs(g.RunS) }), ss(func() string { return fmtSecs(s.RunS) }), "")
	row("run CPU (user+sys)", gs(func() string { return fmtSecs(g.CPUS) }), ss(func() string { return fmtSecs(s.CPUS) }), "")
	basis := ""
	if r.Basis == "cpu" {
		basis = " (CPU)"
		row("compile CPU", "-", ss(func() string { return fmtSecs(s.CompileCPUS) }), "")
	}
	row("time to verdict"+basis, gs(func() string { return fmtSecs(r.gospinRun()) }), ss(func() string { return fmtSecs(r.spinCompile() + r.spinRun()) }), fmtRatio(m.TimeRatio))
	rateLabel := "states/s (run)"
	if r.Basis == "cpu" {
		rateLabel = "states/s (run CPU)"
	}
	row(rateLabel, fmtF(m.GospinRate, 0), fmtF(m.SpinRate, 0), fmtRatio(m.RateRatio))
	row("peak RSS", gs(func() string { return fmtMB(g.MaxRSSKB) }), ss(func() string { return fmtMB(s.MaxRSSKB) }), "")
	row("bytes/state (peak RSS)", fmtF(m.GospinBPSRSS, 1), fmtF(m.SpinBPSRSS, 1), fmtRatio(m.MemRatio))
	row("bytes/state (own figure)", fmtF(m.GospinBPSOwn, 1), fmtF(m.SpinBPSOwn, 1), fmtRatio(m.MemOwnRatio))
	tw.Flush()
	var notes []string
	if s.OK && s.Report.Claim != "" {
		notes = append(notes, fmt.Sprintf("pan ran the never claim %q (the model's ltl/never): its counts are those of the product with the claim", s.Report.Claim))
	}
	for _, n := range s.Notes {
		notes = append(notes, "SPIN: "+n)
	}
	if m.SpinMatchesCorpus != nil && !*m.SpinMatchesCorpus {
		notes = append(notes, fmt.Sprintf("SPIN stored %d states, expected.tsv says %d", s.Report.Stored, *m.ExpectedStored))
	}
	if g.OK && g.Report.Incomplete != "" {
		notes = append(notes, "gospin incomplete: "+g.Report.Incomplete)
	}
	if len(s.Samples) > 1 || len(g.Samples) > 1 {
		notes = append(notes, fmt.Sprintf("medians of %d SPIN and %d gospin runs", len(s.Samples), len(g.Samples)))
	}
	for _, n := range notes {
		fmt.Fprintf(w, "   note: %s\n", n)
	}
	fmt.Fprintln(w)
}

// label names a model's run: the model, and its property when pan was
// given one (-N).
func label(r *ModelResult) string {
	if r.LTL != "" {
		return r.Model + " -N " + r.LTL
	}
	return r.Model
}

func (j *job) label() string {
	name := strings.TrimSuffix(filepath.Base(j.path), ".pml")
	if j.ltl != "" {
		return name + " -N " + j.ltl
	}
	return name
}

func verdictText(v, kind string) string {
	if v == "fail" && kind != "" {
		return "fail (" + kind + ")"
	}
	return v
}

// Summary is the outcome over all models.
type Summary struct {
	Models          int      `json:"models"`
	Compared        int      `json:"compared"` // models with results from both tools
	StatesEqual     int      `json:"states_equal"`
	VerdictsAgree   int      `json:"verdicts_agree"`
	MedianRateRatio *float64 `json:"median_ratio_states_per_s"`
	MinRateRatio    *float64 `json:"min_ratio_states_per_s"`
	MaxTimeRatio    *float64 `json:"max_ratio_time_to_verdict"`
	MaxMemRatio     *float64 `json:"max_ratio_bytes_per_state_rss"`
	Targets         []Target `json:"targets"`
}

// ConfigSummary is the summary of one configuration's models.
type ConfigSummary struct {
	Config  string  `json:"config"`
	Summary Summary `json:"summary"`
}

// printConfigLines writes one line per configuration: the median and
// minimum states/s ratio, the largest time-to-verdict ratio, and how many
// models stored the same states and had the same verdict.
func printConfigLines(w io.Writer, sums []ConfigSummary) {
	fmt.Fprintln(w, "== per configuration (gospin/SPIN) ==")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "config\tmodels\tcompared\tsame states\tsame verdict\tstates/s median\tstates/s min\ttime to verdict max\tB/state max\t\n")
	for _, cs := range sums {
		s := &cs.Summary
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t%s\t\n", cs.Config, s.Models, s.Compared, s.StatesEqual, s.VerdictsAgree,
			fmtRatio(s.MedianRateRatio), fmtRatio(s.MinRateRatio), fmtRatio(s.MaxTimeRatio), fmtRatio(s.MaxMemRatio))
	}
	tw.Flush()
}

// Target is one of the speed and memory targets.
type Target struct {
	Name   string `json:"name"`
	Status string `json:"status"` // "met", "missed", "n/a"
	Detail string `json:"detail"`
}

func summarize(rs []ModelResult) Summary {
	sum := Summary{Models: len(rs)}
	var rates, times, mems []float64
	for i := range rs {
		m := &rs[i].Metrics
		if rs[i].Spin.OK && rs[i].Gospin.OK {
			sum.Compared++
		}
		if m.StatesEqual != nil && *m.StatesEqual {
			sum.StatesEqual++
		}
		if m.VerdictsAgree != nil && *m.VerdictsAgree {
			sum.VerdictsAgree++
		}
		if m.RateRatio != nil {
			rates = append(rates, *m.RateRatio)
		}
		if m.TimeRatio != nil {
			times = append(times, *m.TimeRatio)
		}
		if m.MemRatio != nil {
			mems = append(mems, *m.MemRatio)
		}
	}
	// extreme folds v with pick (math.Min or math.Max); nil when v is empty.
	extreme := func(v []float64, pick func(x, y float64) float64) *float64 {
		if len(v) == 0 {
			return nil
		}
		x := v[0]
		for _, y := range v {
			x = pick(x, y)
		}
		return &x
	}
	if len(rates) > 0 {
		sum.MedianRateRatio = fptr(medianOf(rates))
	}
	sum.MinRateRatio = extreme(rates, math.Min)
	sum.MaxTimeRatio = extreme(times, math.Max)
	sum.MaxMemRatio = extreme(mems, math.Max)
	target := func(name string, n int, val *float64, ok func(float64) bool, what string) Target {
		t := Target{Name: name}
		switch {
		case val == nil:
			t.Status, t.Detail = na, "no model with results from both tools"
		default:
			t.Status = "missed"
			if ok(*val) {
				t.Status = "met"
			}
			t.Detail = fmt.Sprintf("%s %s over %d of %d models", what, fmtRatio(val), n, len(rs))
			if n < len(rs) {
				t.Status += " (partial)"
			}
		}
		return t
	}
	sum.Targets = []Target{
		target("states/s ratio >= 1.2 on the median", len(rates), sum.MedianRateRatio, func(x float64) bool { return x >= 1.2 }, "median"),
		target("states/s ratio >= 1.0 on every model", len(rates), sum.MinRateRatio, func(x float64) bool { return x >= 1.0 }, "min"),
		target("time to verdict <= 1.0x SPIN compile+run on every model", len(times), sum.MaxTimeRatio, func(x float64) bool { return x <= 1.0 }, "max"),
		target("bytes per stored state (peak RSS) <= SPIN's on every model", len(mems), sum.MaxMemRatio, func(x float64) bool { return x <= 1.0 }, "max"),
	}
	return sum
}

// printSummary writes one line per model and the targets.
func printSummary(w io.Writer, rs []ModelResult, sum Summary) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "model\tgospin states\tSPIN states\t\tSPIN compile\tSPIN run\tSPIN total\tgospin total\tSPIN states/s\tgospin states/s\tstates/s ratio\ttime ratio\tB/state ratio\t\n")
	for i := range rs {
		r := &rs[i]
		s, g, m := &r.Spin, &r.Gospin, &r.Metrics
		gst, sst, sc, sr, stot, gtot := na, na, na, na, na, na
		if g.OK {
			gst = strconv.FormatInt(g.Report.StatesStored, 10)
			if g.Verdict == "incomplete" {
				gst += "*"
			}
			gtot = fmtSecs(r.gospinRun())
		}
		if s.OK {
			sst = strconv.FormatInt(s.Report.Stored, 10)
			if s.Verdict == "incomplete" {
				sst += "*"
			}
			sc, sr, stot = fmtSecs(r.spinCompile()), fmtSecs(r.spinRun()), fmtSecs(r.spinCompile()+r.spinRun())
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", label(r), gst, sst, eqMark(m.StatesEqual),
			sc, sr, stot, gtot, fmtF(m.SpinRate, 0), fmtF(m.GospinRate, 0),
			fmtRatio(m.RateRatio), fmtRatio(m.TimeRatio), fmtRatio(m.MemRatio))
	}
	tw.Flush()
	if len(rs) > 0 && rs[0].Basis == "cpu" {
		fmt.Fprintf(w, "(times and states/s from CPU time, user+sys: -cpu)\n")
	}
	fmt.Fprintf(w, "(* = that tool's search was incomplete: its states/s is that of a partial search, its time a lower bound)\n")
	fmt.Fprintf(w, "states equal on %d of %d compared models; states/s ratio median %s, min %s\n",
		sum.StatesEqual, sum.Compared, fmtRatio(sum.MedianRateRatio), fmtRatio(sum.MinRateRatio))
	fmt.Fprintln(w, "targets:")
	for _, t := range sum.Targets {
		fmt.Fprintf(w, "  %-62s %-16s %s\n", t.Name, strings.ToUpper(t.Status), t.Detail)
	}
}
