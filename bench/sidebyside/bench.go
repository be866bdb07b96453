package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// config is one verification configuration of the corpus (see the corpus
// README): how SPIN and gospin are invoked for it. A corpus row's own
// spin_cmd, cc_cmd and pan_cmd replace spin, cc and pan (see job).
type config struct {
	spin   []string // options of spin, before the model
	cc     []string // options of gcc, before -o pan pan.c
	pan    []string // options of pan besides -m
	gospin []string // options of gospin verify, before -json and the model
	top    int      // with -corpus: how many rows by default
}

var configs = map[string]config{
	"safety_plain": {
		spin:   []string{"-o1", "-o2", "-o3", "-a"},
		cc:     []string{"-O2", "-DSAFETY", "-DNOREDUCE"},
		gospin: []string{"-noreduce", "-o1", "-o2", "-o3"},
		top:    10,
	},
	"safety_noreduce": {
		spin:   []string{"-o3", "-a"},
		cc:     []string{"-O2", "-DSAFETY", "-DNOREDUCE"},
		gospin: []string{"-noreduce", "-o3"},
		top:    10,
	},
	"safety": {
		spin: []string{"-a"},
		cc:   []string{"-O2", "-DSAFETY"},
		top:  10,
	},
	"safety_bfs": {
		spin:   []string{"-a"},
		cc:     []string{"-O2", "-DSAFETY", "-DBFS"},
		gospin: []string{"-bfs"},
		top:    5,
	},
	"acc": {
		spin:   []string{"-a"},
		cc:     []string{"-O2"},
		pan:    []string{"-a"},
		gospin: []string{"-a"},
		top:    10,
	},
	"acc_fair": {
		spin:   []string{"-a"},
		cc:     []string{"-O2"},
		pan:    []string{"-a", "-f"},
		gospin: []string{"-a", "-f"},
		top:    5,
	},
	"np": {
		spin:   []string{"-a"},
		cc:     []string{"-O2", "-DNP"},
		pan:    []string{"-l"},
		gospin: []string{"-l"},
		top:    5,
	},
}

// configOrder is the order in which -config all runs the configurations.
var configOrder = []string{"safety_plain", "safety", "safety_bfs", "acc", "acc_fair", "np", "safety_noreduce"}

// job is one model under one configuration.
type job struct {
	path   string
	config string
	cfg    config    // with the corpus row's commands when there is one
	ltl    string    // the property (-N), "" for none
	exp    *Expected // the corpus row, or nil
}

// newJob makes the job of model path under config name; row, when not
// nil, is its corpus row, whose spin, gcc and pan options are then used
// exactly (the harness adds -m and -DVECTORSZ, which it may raise).
func newJob(path, name string, row *Expected) job {
	j := job{path: path, config: name, cfg: configs[name], exp: row}
	if row != nil {
		j.ltl = row.LTL
		if a := row.spinArgs(); a != nil {
			j.cfg.spin = a
		}
		if a := row.ccArgs(); a != nil {
			j.cfg.cc = a
		}
		if row.PanCmd != "" {
			j.cfg.pan = row.panArgs()
		}
	} else if j.ltl != "" {
		j.cfg.pan = append(append([]string{}, j.cfg.pan...), "-N", j.ltl)
	}
	return j
}

// options are the harness's settings.
type options struct {
	timeout    time.Duration
	runs       int
	spinOnly   bool
	gospinBin  string // "" when gospin could not be built
	gospinErr  string // why there is no gospin binary
	gomaxprocs int
	gospinArgs []string
	tmp        string
	keep       bool
	save       string
	spinBin    string
	ccBin      string
	verbose    bool
	cpuBasis   bool // -cpu: rates and time ratios from CPU times
}

// Sample is one run of one tool (times in seconds).
type Sample struct {
	SpinS float64 `json:"spin_s,omitempty"`
	CCS   float64 `json:"cc_s,omitempty"`
	// CompileCPUS: user+system CPU time of spin -a and gcc
	CompileCPUS float64 `json:"compile_cpu_s,omitempty"`
	RunS        float64 `json:"run_s"`
	CPUS        float64 `json:"cpu_s"`
	MaxRSSKB    int64   `json:"maxrss_kb"`
}

// SpinResult is SPIN's side of one model.
type SpinResult struct {
	OK       bool      `json:"ok"`
	Failure  string    `json:"failure,omitempty"`
	SpinCmd  string    `json:"spin_cmd"`
	CCCmd    string    `json:"cc_cmd"`
	PanCmd   string    `json:"pan_cmd"`
	Depth    int       `json:"depth_limit"`
	VectorSz int       `json:"vectorsz,omitempty"`
	Notes    []string  `json:"notes,omitempty"`
	Verdict  string    `json:"verdict"`
	TimedOut bool      `json:"timed_out"`
	Report   PanReport `json:"report"`
	Samples  []Sample  `json:"samples"`
	// Medians over the samples.
	SpinS       float64 `json:"spin_s"`
	CCS         float64 `json:"cc_s"`
	NFair       int     `json:"nfair,omitempty"` // -DNFAIR added by the harness
	CompileS    float64 `json:"compile_s"`       // spin -a + gcc
	CompileCPUS float64 `json:"compile_cpu_s"`   // their CPU time
	RunS        float64 `json:"run_s"`
	CPUS        float64 `json:"run_cpu_s"`
	MaxRSSKB    int64   `json:"maxrss_kb"`
}

// GospinResult is gospin's side of one model.
type GospinResult struct {
	OK       bool         `json:"ok"`
	Failure  string       `json:"failure,omitempty"`
	Cmd      string       `json:"cmd"`
	Verdict  string       `json:"verdict"`
	TimedOut bool         `json:"timed_out"`
	Report   GospinReport `json:"report"`
	Samples  []Sample     `json:"samples"`
	RunS     float64      `json:"run_s"` // median; this is gospin's whole time to verdict
	CPUS     float64      `json:"run_cpu_s"`
	MaxRSSKB int64        `json:"maxrss_kb"`
}

// Metrics are the derived figures of one model; nil means n/a.
type Metrics struct {
	StatesEqual       *bool    `json:"states_equal"`
	TransitionsEqual  *bool    `json:"transitions_equal"`
	SpinTotalS        *float64 `json:"spin_total_s"` // compile + run
	SpinRate          *float64 `json:"spin_states_per_s"`
	GospinRate        *float64 `json:"gospin_states_per_s"`
	SpinBPSRSS        *float64 `json:"spin_bytes_per_state_rss"`
	GospinBPSRSS      *float64 `json:"gospin_bytes_per_state_rss"`
	SpinBPSOwn        *float64 `json:"spin_bytes_per_state_own"`
	GospinBPSOwn      *float64 `json:"gospin_bytes_per_state_own"`
	RateRatio         *float64 `json:"ratio_states_per_s"`        // gospin / SPIN
	TimeRatio         *float64 `json:"ratio_time_to_verdict"`     // gospin run / SPIN compile+run
	MemRatio          *float64 `json:"ratio_bytes_per_state_rss"` // gospin / SPIN
	MemOwnRatio       *float64 `json:"ratio_bytes_per_state_own"` // gospin / SPIN
	VerdictsAgree     *bool    `json:"verdicts_agree"`
	ExpectedStored    *int64   `json:"expected_states_stored,omitempty"` // from expected.tsv
	SpinMatchesCorpus *bool    `json:"spin_matches_corpus,omitempty"`
}

// ModelResult is everything measured for one model.
type ModelResult struct {
	Model  string `json:"model"`
	LTL    string `json:"ltl,omitempty"`
	Path   string `json:"path"`
	Config string `json:"config"`
	// Basis: "cpu" when times and rates are CPU times (-cpu), else wall
	// times ("")
	Basis   string       `json:"basis,omitempty"`
	Spin    SpinResult   `json:"spin"`
	Gospin  GospinResult `json:"gospin"`
	Metrics Metrics      `json:"metrics"`
}

func secs(d time.Duration) float64 { return d.Seconds() }

func (o *options) logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
}

// benchModel measures one model with both tools.
func benchModel(j job, o *options) ModelResult {
	path, exp := j.path, j.exp
	name := strings.TrimSuffix(filepath.Base(path), ".pml")
	res := ModelResult{Model: name, LTL: j.ltl, Path: path, Config: j.config}
	work, err := os.MkdirTemp(o.tmp, "sidebyside-"+name+"-")
	if err != nil {
		res.Spin.Failure = err.Error()
		res.Gospin.Failure = err.Error()
		return res
	}
	if o.keep {
		o.logf("  work dir: %s", work)
	} else {
		defer os.RemoveAll(work)
	}
	spinDir, gDir := filepath.Join(work, "spin"), filepath.Join(work, "gospin")
	os.MkdirAll(spinDir, 0o755)
	os.MkdirAll(gDir, 0o755)
	spinModel, err := stageModel(path, spinDir)
	if err != nil {
		res.Spin.Failure = "copying the model: " + err.Error()
		res.Gospin.Failure = res.Spin.Failure
		return res
	}
	gModel, _ := stageModel(path, gDir)

	depth, vsz := 100000, 0
	if exp != nil {
		// Start where the corpus run ended, to skip known retries.
		if exp.Depth > depth {
			depth = exp.Depth
		}
		vsz = exp.VectorSz
	}
	var panOut, gOut []byte
	for r := 0; r < o.runs; r++ {
		if r == 0 {
			panOut = spinFirst(&res.Spin, &j, spinDir, filepath.Base(spinModel), depth, vsz, o)
		} else if res.Spin.OK {
			if out := spinAgain(&res.Spin, &j, spinDir, filepath.Base(spinModel), o); out != nil {
				panOut = out
			}
		}
		if !o.spinOnly {
			d := 100000
			if res.Spin.Depth > 0 {
				d = res.Spin.Depth
			}
			if r == 0 || res.Gospin.OK {
				claim := res.Spin.Report.Claim
				if claim == ":np_:" {
					claim = "" // pan -DNP's own claim for -l, no property of the model
				}
				if j.ltl != "" {
					claim = j.ltl
				}
				if out := gospinRun(&res.Gospin, &j, gDir, filepath.Base(gModel), d, claim, o); out != nil {
					gOut = out
				}
			}
		}
	}
	if o.spinOnly {
		res.Gospin.Failure = "not run (-spinonly)"
	}
	aggregateSpin(&res.Spin)
	aggregateGospin(&res.Gospin)
	if o.save != "" {
		base := filepath.Join(o.save, name+"."+j.config)
		if j.ltl != "" {
			base = filepath.Join(o.save, name+"."+j.ltl+"."+j.config)
		}
		if panOut != nil {
			os.WriteFile(base+".pan.out", panOut, 0o644)
		}
		if gOut != nil {
			os.WriteFile(base+".gospin.json", gOut, 0o644)
		}
	}
	if o.cpuBasis {
		res.Basis = "cpu"
	}
	res.Metrics = derive(&res, exp)
	return res
}

// spinCompile runs spin -a and gcc in dir and returns the sample with the
// compile times, or a failure message.
func spinCompile(sr *SpinResult, j *job, dir, model string, o *options) (Sample, string) {
	var s Sample
	spinArgs := append(append([]string{}, j.cfg.spin...), model)
	sr.SpinCmd = o.spinBin + " " + strings.Join(spinArgs, " ")
	os.Remove(filepath.Join(dir, "pan.c"))
	m := runMeasured(dir, nil, o.timeout, o.spinBin, spinArgs...)
	s.SpinS = secs(m.Wall)
	s.CompileCPUS = secs(m.CPU())
	if m.Err != nil || m.ExitCode != 0 || !exists(filepath.Join(dir, "pan.c")) {
		return s, "spin -a failed: " + firstLines(m.Stdout, m.Stderr, m.Err)
	}
	var ccArgs []string
	for _, a := range j.cfg.cc {
		if sr.NFair > 0 && strings.HasPrefix(a, "-DNFAIR=") {
			continue // raised by the harness
		}
		ccArgs = append(ccArgs, a)
	}
	if sr.VectorSz > 0 {
		ccArgs = append(ccArgs, "-DVECTORSZ="+strconv.Itoa(sr.VectorSz))
	}
	if sr.NFair > 0 {
		ccArgs = append(ccArgs, "-DNFAIR="+strconv.Itoa(sr.NFair))
	}
	ccArgs = append(ccArgs, "-o", "pan", "pan.c")
	sr.CCCmd = o.ccBin + " " + strings.Join(ccArgs, " ")
	os.Remove(filepath.Join(dir, "pan"))
	m = runMeasured(dir, nil, o.timeout, o.ccBin, ccArgs...)
	s.CCS = secs(m.Wall)
	s.CompileCPUS += secs(m.CPU())
	if m.Err != nil || m.ExitCode != 0 {
		return s, "gcc failed: " + firstLines(m.Stdout, m.Stderr, m.Err)
	}
	return s, ""
}

// spinPan runs ./pan with the result's depth limit.
func spinPan(sr *SpinResult, j *job, dir, model string, o *options) (Measured, PanReport) {
	args := append(append([]string{}, j.cfg.pan...), "-m"+strconv.Itoa(sr.Depth))
	sr.PanCmd = "./pan " + strings.Join(args, " ")
	os.Remove(filepath.Join(dir, model+".trail"))
	m := runMeasured(dir, nil, o.timeout, "./pan", args...)
	return m, ParsePan(m.Stdout)
}

// spinFirst compiles and runs pan, raising VECTORSZ and the depth limit as
// the corpus README describes until pan is content, and records the last
// compile and run as the first sample. It returns pan's output.
func spinFirst(sr *SpinResult, j *job, dir, model string, depth, vsz int, o *options) []byte {
	sr.Depth, sr.VectorSz = depth, vsz
	s, fail := spinCompile(sr, j, dir, model, o)
	if fail != "" {
		sr.Failure = fail
		return nil
	}
	for tries := 0; ; tries++ {
		m, rep := spinPan(sr, j, dir, model, o)
		if m.Err != nil {
			sr.Failure = "pan did not run: " + m.Err.Error()
			return m.Stdout
		}
		if rep.VectorTooSmall && tries < 6 && sr.VectorSz < 16384 {
			if sr.VectorSz < 4096 {
				sr.VectorSz = 4096
			} else {
				sr.VectorSz = 16384
			}
			sr.Notes = append(sr.Notes, fmt.Sprintf("VECTORSZ too small; rebuilt with -DVECTORSZ=%d", sr.VectorSz))
			if s, fail = spinCompile(sr, j, dir, model, o); fail != "" {
				sr.Failure = fail
				return m.Stdout
			}
			continue
		}
		if rep.NFairNeeded > 0 && tries < 6 {
			sr.NFair = rep.NFairNeeded + 1
			sr.Notes = append(sr.Notes, fmt.Sprintf("too many processes for -f; rebuilt with -DNFAIR=%d", sr.NFair))
			if s, fail = spinCompile(sr, j, dir, model, o); fail != "" {
				sr.Failure = fail
				return m.Stdout
			}
			continue
		}
		if rep.DepthTooSmall && !m.TimedOut && tries < 6 && sr.Depth < 10000000 {
			sr.Notes = append(sr.Notes, fmt.Sprintf("depth limit hit at -m%d; rerun", sr.Depth))
			if sr.Depth < 1000000 {
				sr.Depth = 1000000
			} else {
				sr.Depth = 10000000
			}
			continue
		}
		s.RunS, s.CPUS, s.MaxRSSKB = secs(m.Wall), secs(m.CPU()), m.MaxRSSKB
		sr.Samples = append(sr.Samples, s)
		sr.Report = rep
		sr.TimedOut = m.TimedOut
		sr.Verdict = rep.Verdict(m.TimedOut)
		if rep.DepthTooSmall {
			sr.Notes = append(sr.Notes, fmt.Sprintf("depth limit still hit at -m%d", sr.Depth))
		}
		if m.TimedOut {
			sr.Notes = append(sr.Notes, fmt.Sprintf("timeout after %v", o.timeout))
		}
		if !rep.HasSummary {
			sr.Failure = fmt.Sprintf("no report from pan (exit %d): %s", m.ExitCode, firstLines(m.Stdout, m.Stderr, nil))
			return m.Stdout
		}
		sr.OK = true
		o.vlogf("  spin: compile %.2fs (spin %.2fs, gcc %.2fs), pan %.2fs, %d states, %s",
			s.SpinS+s.CCS, s.SpinS, s.CCS, s.RunS, rep.Stored, sr.Verdict)
		return m.Stdout
	}
}

// spinAgain repeats the compile and the run with the settings found by
// spinFirst, for one more sample.
func spinAgain(sr *SpinResult, j *job, dir, model string, o *options) []byte {
	s, fail := spinCompile(sr, j, dir, model, o)
	if fail != "" {
		sr.Notes = append(sr.Notes, "repeat run: "+fail)
		return nil
	}
	m, rep := spinPan(sr, j, dir, model, o)
	if !rep.HasSummary {
		sr.Notes = append(sr.Notes, "repeat run: no report from pan")
		return nil
	}
	s.RunS, s.CPUS, s.MaxRSSKB = secs(m.Wall), secs(m.CPU()), m.MaxRSSKB
	sr.Samples = append(sr.Samples, s)
	sr.Report = rep
	sr.TimedOut = sr.TimedOut || m.TimedOut
	sr.Verdict = rep.Verdict(sr.TimedOut)
	o.vlogf("  spin (repeat): compile %.2fs, pan %.2fs", s.SpinS+s.CCS, s.RunS)
	return m.Stdout
}

// gospinRun runs gospin verify once and adds a sample.
// claim is the never claim or ltl property pan checked (gospin checks
// every property of the model unless told which, with -N).
func gospinRun(gr *GospinResult, j *job, dir, model string, depth int, claim string, o *options) []byte {
	if o.gospinBin == "" {
		gr.Failure = o.gospinErr
		return nil
	}
	args := []string{"verify"}
	args = append(args, j.cfg.gospin...)
	args = append(args, "-m", strconv.Itoa(depth))
	if claim != "" {
		args = append(args, "-N", claim)
	} else {
		args = append(args, "-noclaim")
	}
	args = append(args, o.gospinArgs...)
	if claim != "" && !slices.Contains(args, "-a") && !slices.Contains(args, "-l") {
		// pan without -a: gospin would search a liveness property's
		// acceptance cycles all the same
		args = append(args, "-safety")
	}
	args = append(args, "-json", model)
	var env []string
	if o.gomaxprocs > 0 {
		env = []string{"GOMAXPROCS=" + strconv.Itoa(o.gomaxprocs)}
	}
	gr.Cmd = strings.TrimSpace(strings.Join(env, " ") + " gospin " + strings.Join(args, " "))
	for _, e := range []string{".trail", ".gtrail"} {
		os.Remove(filepath.Join(dir, model+e))
	}
	m := runMeasured(dir, env, o.timeout, o.gospinBin, args...)
	if m.Err != nil {
		gr.Failure = "gospin did not run: " + m.Err.Error()
		return nil
	}
	rep, err := ParseGospinJSON(m.Stdout)
	if err != nil || (m.ExitCode != 0 && m.ExitCode != 1 && m.ExitCode != 3 && !m.TimedOut) {
		msg := fmt.Sprintf("exit %d", m.ExitCode)
		if err != nil {
			msg += "; " + err.Error()
		}
		gr.Failure = msg + ": " + firstLines(m.Stderr, m.Stdout, nil)
		if m.TimedOut {
			gr.Failure = fmt.Sprintf("timeout after %v: ", o.timeout) + gr.Failure
			gr.TimedOut = true
		}
		gr.OK = false
		return append(m.Stdout, m.Stderr...)
	}
	gr.Failure = ""
	gr.OK = true
	gr.Report = rep
	gr.TimedOut = gr.TimedOut || m.TimedOut
	gr.Verdict = rep.Verdict(gr.TimedOut)
	gr.Samples = append(gr.Samples, Sample{RunS: secs(m.Wall), CPUS: secs(m.CPU()), MaxRSSKB: m.MaxRSSKB})
	o.vlogf("  gospin: %.2fs, %d states, %s", secs(m.Wall), rep.StatesStored, gr.Verdict)
	return m.Stdout
}

func aggregateSpin(sr *SpinResult) {
	if len(sr.Samples) == 0 {
		return
	}
	sr.SpinS = median(sr.Samples, func(s Sample) float64 { return s.SpinS })
	sr.CCS = median(sr.Samples, func(s Sample) float64 { return s.CCS })
	sr.CompileS = median(sr.Samples, func(s Sample) float64 { return s.SpinS + s.CCS })
	sr.CompileCPUS = median(sr.Samples, func(s Sample) float64 { return s.CompileCPUS })
	sr.RunS = median(sr.Samples, func(s Sample) float64 { return s.RunS })
	sr.CPUS = median(sr.Samples, func(s Sample) float64 { return s.CPUS })
	sr.MaxRSSKB = int64(median(sr.Samples, func(s Sample) float64 { return float64(s.MaxRSSKB) }))
}

func aggregateGospin(gr *GospinResult) {
	if len(gr.Samples) == 0 {
		return
	}
	gr.RunS = median(gr.Samples, func(s Sample) float64 { return s.RunS })
	gr.CPUS = median(gr.Samples, func(s Sample) float64 { return s.CPUS })
	gr.MaxRSSKB = int64(median(gr.Samples, func(s Sample) float64 { return float64(s.MaxRSSKB) }))
}

func median(ss []Sample, f func(Sample) float64) float64 {
	v := make([]float64, len(ss))
	for i, s := range ss {
		v[i] = f(s)
	}
	return medianOf(v)
}

func medianOf(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	v = append([]float64(nil), v...)
	sort.Float64s(v)
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

func fptr(x float64) *float64 { return &x }
func bptr(b bool) *bool       { return &b }

// spinCompile, spinRun and gospinRun are the times the ratios use: wall
// times, or CPU times (user+system) with -cpu.
func (r *ModelResult) spinCompile() float64 {
	if r.Basis == "cpu" {
		return r.Spin.CompileCPUS
	}
	return r.Spin.CompileS
}

func (r *ModelResult) spinRun() float64 {
	if r.Basis == "cpu" {
		return r.Spin.CPUS
	}
	return r.Spin.RunS
}

func (r *ModelResult) gospinRun() float64 {
	if r.Basis == "cpu" {
		return r.Gospin.CPUS
	}
	return r.Gospin.RunS
}

// derive computes the per-model metrics and ratios.
func derive(r *ModelResult, exp *Expected) Metrics {
	var m Metrics
	s, g := &r.Spin, &r.Gospin
	if exp != nil && exp.Stored >= 0 {
		st := exp.Stored
		m.ExpectedStored = &st
		if s.OK {
			m.SpinMatchesCorpus = bptr(s.Report.Stored == st)
		}
	}
	if s.OK {
		m.SpinTotalS = fptr(r.spinCompile() + r.spinRun())
		if st := float64(s.Report.Stored); st > 0 {
			if r.spinRun() > 0 {
				m.SpinRate = fptr(st / r.spinRun())
			}
			m.SpinBPSRSS = fptr(float64(s.MaxRSSKB) * 1024 / st)
			if s.Report.TotalMB > 0 {
				m.SpinBPSOwn = fptr(s.Report.TotalMB * (1 << 20) / st)
			}
		}
	}
	if g.OK {
		if st := float64(g.Report.StatesStored); st > 0 {
			if r.gospinRun() > 0 {
				m.GospinRate = fptr(st / r.gospinRun())
			}
			m.GospinBPSRSS = fptr(float64(g.MaxRSSKB) * 1024 / st)
			if g.Report.MemoryBytes > 0 {
				m.GospinBPSOwn = fptr(float64(g.Report.MemoryBytes) / st)
			}
		}
	}
	if s.OK && g.OK {
		m.StatesEqual = bptr(s.Report.Stored == g.Report.StatesStored)
		m.TransitionsEqual = bptr(s.Report.Transitions == g.Report.Transitions)
		m.VerdictsAgree = bptr(s.Verdict == g.Verdict && (s.Verdict != "fail" || s.Report.ErrorKind == g.Report.ErrorKind()))
		m.RateRatio = ratio(m.GospinRate, m.SpinRate)
		if m.SpinTotalS != nil && *m.SpinTotalS > 0 {
			m.TimeRatio = fptr(r.gospinRun() / *m.SpinTotalS)
		}
		m.MemRatio = ratio(m.GospinBPSRSS, m.SpinBPSRSS)
		m.MemOwnRatio = ratio(m.GospinBPSOwn, m.SpinBPSOwn)
	}
	return m
}

func ratio(a, b *float64) *float64 {
	if a == nil || b == nil || *b == 0 {
		return nil
	}
	return fptr(*a / *b)
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// firstLines summarises a failed command's output in one line.
func firstLines(a, b []byte, err error) string {
	var parts []string
	for _, out := range [][]byte{a, b} {
		for _, l := range strings.Split(string(out), "\n") {
			if l = strings.TrimSpace(l); l != "" {
				parts = append(parts, l)
				break
			}
		}
	}
	if err != nil {
		parts = append(parts, err.Error())
	}
	s := strings.Join(parts, " | ")
	if len(s) > 240 {
		s = s[:240] + "..."
	}
	return s
}
