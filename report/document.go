package report

import (
	"encoding/json"
	"io"
	"sort"
	"strings"
)

// Schema is the version of the shape of Document. It changes only when a
// field is renamed, removed or changes type; adding a field keeps it.
const Schema = 1

// Document is gospin verify's JSON report: one object, whatever was
// checked. Every field is always present (an empty list is [], an absent
// name ""), so that scripts can read it without probing.
type Document struct {
	Version  string `json:"version"`  // gospin's module version, "(devel)" for a build from a checkout
	Revision string `json:"revision"` // the VCS revision it was built from, "" when not recorded
	Schema   int    `json:"schema"`   // Schema
	Model    string `json:"model"`
	// Options are the settings the search was asked for.
	Options Options `json:"options"`
	// Complete: every property's search explored the whole state space.
	Complete bool `json:"complete"`
	// Reason says why not ("" when complete): the first property's
	// reason that is not complete, e.g. "stopped at error", "depth limit".
	Reason     string     `json:"reason"`
	Errors     int        `json:"errors"` // over all properties
	Properties []Property `json:"properties"`
}

// Options are the command-line settings of a verification, by meaning.
type Options struct {
	Search          string   `json:"search"` // "dfs" or "bfs"
	MaxDepth        int      `json:"max_depth"`
	HashLog2        int      `json:"hash_log2"`
	MemLimitMB      int64    `json:"memlim_mb"`    // 0: a budget from the machine
	TimeLimitS      float64  `json:"time_limit_s"` // 0: none
	SafetyOnly      bool     `json:"safety_only"`  // -safety: no acceptance search for liveness properties without -a
	StopAfter       int      `json:"stop_after"`   // 0: do not stop
	AllTrails       bool     `json:"all_trails"`
	Iterative       string   `json:"iterative"` // "", "-i" or "-I"
	Reduce          bool     `json:"reduce"`    // asked for (see each property's checks)
	Stubborn        bool     `json:"stubborn"`
	Leap            bool     `json:"leap"`
	SCC             bool     `json:"scc"`
	DeadVarReset    bool     `json:"dead_variable_reset"` // off with -o1
	HideWriteOnly   bool     `json:"hide_write_only"`     // off with -o2
	Merge           bool     `json:"statement_merging"`   // off with -o3
	StrictEndStates bool     `json:"strict_end_states"`   // -q
	Property        string   `json:"property"`            // -N
	NoClaim         bool     `json:"no_claim"`
	Defines         []string `json:"defines"` // the model's macros
	// Storage asked for (-store, -mem, -hcbits, -k, -hashseed): mode
	// "exact", "tree", "hc" or "bitstate"; MemBytes 0 for the default.
	Store    string `json:"store"`
	MemBytes int64  `json:"mem"`
	HCBits   int    `json:"hc_bits"`
	K        int    `json:"k"`
	HashSeed uint64 `json:"hash_seed"`
}

// Checks are what one property's search checked, as it ran.
type Checks struct {
	Claim           string `json:"claim"` // the never claim or ltl property, "" for none
	Assertions      bool   `json:"assertions"`
	EndStates       bool   `json:"end_states"`
	StrictEndStates bool   `json:"strict_end_states"` // channels empty in valid end states (-q)
	Acceptance      bool   `json:"acceptance"`
	NonProgress     bool   `json:"non_progress"`
	Fairness        bool   `json:"fairness"`
	Reduction       bool   `json:"reduction"` // partial-order reduction applied
	Trace           string `json:"trace"`     // "trace" or "notrace" for a model with such a sequence, else ""
	// Storage: "exhaustive", "exhaustive, zero-suppressed", "exhaustive,
	// tree-compressed", "hash compaction" or "bitstate"
	Storage string `json:"storage"`
}

// Property is the result of the search for one property (or for the
// model without one: Name "").
type Property struct {
	Name             string  `json:"name"`
	Checks           Checks  `json:"checks"`
	Complete         bool    `json:"complete"`
	Reason           string  `json:"reason"`
	Errors           int     `json:"errors"`
	StatesStored     int64   `json:"states_stored"`
	StatesMatched    int64   `json:"states_matched"`
	StatesVisited    int64   `json:"states_visited"` // with nested searches (-a, -l); else = stored
	Transitions      int64   `json:"transitions"`
	AtomicSteps      int64   `json:"atomic_steps"`
	LeapSteps        int64   `json:"leap_steps"`
	Depth            int     `json:"depth"`
	StateVectorBytes int     `json:"state_vector_bytes"`
	MemoryBytes      int64   `json:"memory_bytes"`
	HashConflicts    int64   `json:"hash_conflicts"`
	ElapsedS         float64 `json:"elapsed_s"`
	// Workers: how many workers searched (gospin verify -j; 1: the
	// sequential search, in pan's order)
	Workers    int         `json:"workers"`
	Violations []Violation `json:"violations"`
	Unreached  []Unreached `json:"unreached"`
	// ReductionNote says why partial-order reduction was off where it
	// could have applied; StutterNote, for a property checked on the
	// closure under stuttering of its claim, what followed ("" for none).
	ReductionNote string `json:"reduction_note"`
	StutterNote   string `json:"stutter_note"`
	// Hint, for a search stopped at the memory limit, says what to try;
	// TrailErrors lists the trails that could not be written, and why.
	Hint        string   `json:"hint"`
	TrailErrors []string `json:"trail_errors"`
	// Storage is the store (mode, parameters, bytes per state); Omission
	// its omission analysis (zero for exact modes) and Advice the
	// recommended storage for the next run (empty text when none).
	Storage  Storage  `json:"storage"`
	Omission Omission `json:"omission"`
	Advice   Advice   `json:"advice"`
}

// NewDocument builds the document of the summaries of one run.
func NewDocument(version, revision, model string, opt Options, sums []*Summary) *Document {
	d := &Document{Version: version, Revision: revision, Schema: Schema, Model: model, Options: opt, Complete: true, Properties: []Property{}}
	if d.Options.Defines == nil {
		d.Options.Defines = []string{}
	}
	for _, s := range sums {
		p := PropertyOf(s)
		d.Properties = append(d.Properties, p)
		d.Errors += p.Errors
		if !p.Complete {
			if d.Complete {
				d.Reason = p.Reason
			}
			d.Complete = false
		}
	}
	return d
}

// PropertyOf is the document's entry for s.
func PropertyOf(s *Summary) Property {
	p := Property{
		Name: s.Property,
		Checks: Checks{
			Assertions:      s.CheckAssert,
			EndStates:       s.CheckEnd && !s.Claim,
			StrictEndStates: s.StrictEnd && s.CheckEnd && !s.Claim,
			Acceptance:      s.Acceptance,
			NonProgress:     s.NonProgress,
			Fairness:        s.Fair,
			Reduction:       s.Reduced,
			Trace:           s.Trace,
			Storage:         "exhaustive",
		},
		Complete:         s.Complete,
		Errors:           s.Errors,
		StatesStored:     s.StatesStored,
		StatesMatched:    s.StatesMatched,
		StatesVisited:    max(s.StatesVisited, s.StatesStored),
		Transitions:      s.Transitions,
		AtomicSteps:      s.AtomicSteps,
		LeapSteps:        s.LeapSteps,
		Depth:            s.Depth,
		StateVectorBytes: s.StateVectorBytes,
		MemoryBytes:      s.MemoryBytes,
		HashConflicts:    s.HashConflicts,
		ElapsedS:         s.ElapsedS,
		Workers:          max(s.Workers, 1),
		Violations:       s.Violations,
		Unreached:        s.Unreached,
		ReductionNote:    s.ReductionNote,
		StutterNote:      s.StutterNote,
		Hint:             s.MemoryHint,
		TrailErrors:      s.TrailErrors,
	}
	if p.TrailErrors == nil {
		p.TrailErrors = []string{}
	}
	p.Storage.Mode = "exact"
	if s.Storage != nil {
		p.Storage = *s.Storage
	}
	if s.Omission != nil {
		p.Omission = *s.Omission
	}
	if s.Advice != nil {
		p.Advice = *s.Advice
	}
	if !s.Complete {
		p.Reason = s.Incomplete
		if p.Reason == "" {
			p.Reason = "incomplete"
		}
	}
	if s.Claim {
		p.Checks.Claim = s.Property
	}
	switch {
	case s.StorageMode == "tree":
		p.Checks.Storage = "exhaustive, tree-compressed"
	case s.StorageMode == "hc":
		p.Checks.Storage = "hash compaction"
	case s.StorageMode == "bitstate":
		p.Checks.Storage = "bitstate"
	case s.Compressed:
		p.Checks.Storage = "exhaustive, zero-suppressed"
	}
	if p.Violations == nil {
		p.Violations = []Violation{}
	}
	if p.Unreached == nil {
		p.Unreached = []Unreached{}
	}
	for i := range p.Unreached {
		if p.Unreached[i].Lines == nil {
			p.Unreached[i].Lines = []string{}
		}
	}
	return p
}

// Write writes d as an indented JSON document.
func (d *Document) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(d)
}

// Shape lists the paths of a decoded JSON value (json.Unmarshal into an
// any) with their types, one a line, sorted:
// "properties[].violations[].depth number". The elements of a list share
// one path. The tests of the document's shape compare it with a golden
// file (testdata/document.shape).
func Shape(v any) string {
	set := map[string]bool{}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			set[path+" object"] = true
			for k, e := range x {
				walk(strings.TrimPrefix(path+"."+k, "."), e)
			}
		case []any:
			set[path+" array"] = true
			for _, e := range x {
				walk(path+"[]", e)
			}
		case string:
			set[path+" string"] = true
		case float64:
			set[path+" number"] = true
		case bool:
			set[path+" bool"] = true
		case nil:
			set[path+" null"] = true
		}
	}
	walk("", v)
	var lines []string
	for l := range set {
		lines = append(lines, strings.TrimSpace(l))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n"
}
