package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"strconv"
	"strings"
)

// PanReport is what pan (SPIN's compiled verifier) printed at the end of a
// safety run.
type PanReport struct {
	HasSummary     bool       `json:"has_summary"`     // the "State-vector ..." line was seen
	Claim          string     `json:"claim,omitempty"` // the never claim pan ran ("never claim + (name)"), if any
	Errors         int        `json:"errors"`
	ErrorLines     []string   `json:"error_lines,omitempty"` // "pan:1: ..." lines, prefix removed
	ErrorKind      string     `json:"error_kind,omitempty"`  // as in expected.tsv: "assertion violated", "invalid end state", ...
	StateVector    int        `json:"state_vector_bytes"`
	Depth          int        `json:"depth"`
	Stored         int64      `json:"states_stored"`
	Visited        int64      `json:"states_visited,omitempty"` // only some builds print it
	Matched        int64      `json:"states_matched"`
	Transitions    int64      `json:"transitions"`
	AtomicSteps    int64      `json:"atomic_steps"`
	HashConflicts  int64      `json:"hash_conflicts"`
	Memory         []MemEntry `json:"memory,omitempty"` // the "Stats on memory usage" lines
	TotalMB        float64    `json:"total_memory_mb"`  // "total actual memory usage"
	ElapsedS       float64    `json:"elapsed_s"`        // "pan: elapsed time"
	Rate           float64    `json:"rate,omitempty"`   // "pan: rate ... states/second"
	NotCompleted   bool       `json:"not_completed"`    // "Warning: Search not completed"
	DepthTooSmall  bool       `json:"depth_too_small"`  // "max search depth too small"
	VectorTooSmall bool       `json:"vector_too_small"` // "VECTORSZ is too small"
	OutOfMemory    bool       `json:"out_of_memory"`
	// NFairNeeded: pan's -f said "too many processes -- current max is N
	// procs (-DNFAIR=K)": K here (the corpus rebuilds with K+1)
	NFairNeeded int `json:"nfair_needed,omitempty"`
}

// MemEntry is one line of pan's memory statistics, in megabytes.
type MemEntry struct {
	MB   float64 `json:"mb"`
	What string  `json:"what"`
}

var (
	reSummary  = regexp.MustCompile(`^State-vector (\d+) byte, depth reached (\d+), errors: (\d+)`)
	reStored   = regexp.MustCompile(`^\s*(\d+) states, stored(?: \((\d+) visited\))?`)
	reMatched  = regexp.MustCompile(`^\s*(\d+) states, matched`)
	reTrans    = regexp.MustCompile(`^\s*(\d+) transitions \(`)
	reAtomic   = regexp.MustCompile(`^\s*(\d+) atomic steps`)
	reConflict = regexp.MustCompile(`^hash conflicts:\s*(\d+)`)
	reMemLine  = regexp.MustCompile(`^\s*([0-9]+(?:\.[0-9]*)?)\s+(\S.*?)\s*$`)
	reElapsed  = regexp.MustCompile(`^pan: elapsed time ([0-9.eE+-]+) seconds`)
	reRate     = regexp.MustCompile(`^pan: rate\s+([0-9.eE+-]+) states/second`)
	reClaim    = regexp.MustCompile(`^\s*never claim\s+\+ \((.*)\)\s*$`)
	reErrLine  = regexp.MustCompile(`^pan:\d+: (.*?)(?: \(at depth \d+\))?$`)
	reNFair    = regexp.MustCompile(`too many processes.*\(-DNFAIR=(\d+)\)`)
)

// ParsePan reads pan's standard output. It never fails: fields it cannot
// find stay zero, and HasSummary tells whether pan got as far as its report.
func ParsePan(out []byte) PanReport {
	var r PanReport
	inMem := false
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if inMem {
			if strings.TrimSpace(line) == "" {
				inMem = false
				continue
			}
			if m := reMemLine.FindStringSubmatch(line); m != nil {
				mb, _ := strconv.ParseFloat(m[1], 64)
				r.Memory = append(r.Memory, MemEntry{MB: mb, What: m[2]})
				if strings.Contains(m[2], "total actual memory usage") {
					r.TotalMB = mb
				}
			}
			continue
		}
		switch {
		case strings.HasPrefix(line, "Stats on memory usage"):
			inMem = true
		case strings.Contains(line, "max search depth too small"):
			r.DepthTooSmall = true
		case strings.Contains(line, "Warning: Search not completed"):
			r.NotCompleted = true
		}
		if strings.Contains(line, "VECTORSZ") && strings.Contains(line, "too small") {
			r.VectorTooSmall = true
		}
		if strings.Contains(strings.ToLower(line), "out of memory") || strings.Contains(line, "reached -DMEMLIM") {
			r.OutOfMemory = true
		}
		if m := reNFair.FindStringSubmatch(line); m != nil {
			r.NFairNeeded = atoi(m[1])
		}
		if m := reSummary.FindStringSubmatch(line); m != nil {
			r.HasSummary = true
			r.StateVector = atoi(m[1])
			r.Depth = atoi(m[2])
			r.Errors = atoi(m[3])
		} else if m := reStored.FindStringSubmatch(line); m != nil {
			r.Stored = atoi64(m[1])
			if m[2] != "" {
				r.Visited = atoi64(m[2])
			}
		} else if m := reMatched.FindStringSubmatch(line); m != nil {
			r.Matched = atoi64(m[1])
		} else if m := reTrans.FindStringSubmatch(line); m != nil {
			r.Transitions = atoi64(m[1])
		} else if m := reAtomic.FindStringSubmatch(line); m != nil {
			r.AtomicSteps = atoi64(m[1])
		} else if m := reConflict.FindStringSubmatch(line); m != nil {
			r.HashConflicts = atoi64(m[1])
		} else if m := reElapsed.FindStringSubmatch(line); m != nil {
			r.ElapsedS, _ = strconv.ParseFloat(m[1], 64)
		} else if m := reRate.FindStringSubmatch(line); m != nil {
			r.Rate, _ = strconv.ParseFloat(m[1], 64)
		} else if m := reClaim.FindStringSubmatch(line); m != nil {
			r.Claim = m[1]
		} else if m := reErrLine.FindStringSubmatch(line); m != nil {
			r.ErrorLines = append(r.ErrorLines, m[1])
		}
	}
	if len(r.ErrorLines) > 0 {
		r.ErrorKind = panErrorKind(r.ErrorLines[0])
	}
	return r
}

// panErrorKind names the kind of a pan error line the way expected.tsv does.
func panErrorKind(line string) string {
	for _, k := range []string{"assertion violated", "invalid end state", "acceptance cycle", "non-progress cycle"} {
		if strings.HasPrefix(line, k) {
			return k
		}
	}
	if strings.HasPrefix(line, "end state in claim reached") {
		return "claim violated (end state in claim reached)"
	}
	return "other"
}

// Verdict is "pass", "fail", "incomplete" or "error" (no report from pan),
// as in expected.tsv. A run cut off by the harness's time limit is
// incomplete even when pan printed its statistics.
func (r *PanReport) Verdict(timedOut bool) string {
	switch {
	case !r.HasSummary:
		if timedOut {
			return "incomplete"
		}
		return "error"
	case r.VectorTooSmall:
		return "error"
	case r.Errors > 0:
		return "fail"
	case timedOut || r.DepthTooSmall || r.OutOfMemory || r.NotCompleted:
		return "incomplete"
	}
	return "pass"
}

// GospinReport is the JSON document of `gospin verify -json` (the fields
// the benchmark uses; the names are those documented in gospin's README).
type GospinReport struct {
	Complete         bool              `json:"complete"`
	Incomplete       string            `json:"incomplete,omitempty"`
	Errors           int               `json:"errors"`
	StatesStored     int64             `json:"states_stored"`
	StatesMatched    int64             `json:"states_matched"`
	Transitions      int64             `json:"transitions"`
	Depth            int               `json:"depth"`
	StateVectorBytes int               `json:"state_vector_bytes"`
	MemoryBytes      int64             `json:"memory_bytes"`
	ElapsedS         float64           `json:"elapsed_s"`
	Violations       []GospinViolation `json:"violations"`
}

// GospinViolation is one entry of the violations list.
type GospinViolation struct {
	Kind     string `json:"kind"` // assertion, invalid-end-state, runtime-error
	Message  string `json:"message"`
	Location string `json:"location"`
	Trail    string `json:"trail"`
}

// ParseGospinJSON decodes gospin's JSON report from its standard output.
// Text before the first '{' (a stray warning) is skipped. It fails when
// there is no JSON object or when a required field is missing, so that a
// renamed field shows up as an error rather than as zero states.
func ParseGospinJSON(out []byte) (GospinReport, error) {
	var r GospinReport
	i := bytes.IndexByte(out, '{')
	if i < 0 {
		return r, errors.New("no JSON object in gospin's output")
	}
	dec := json.NewDecoder(bytes.NewReader(out[i:]))
	var raw map[string]json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return r, err
	}
	if _, ok := raw["schema"]; ok {
		// the document of gospin verify -json (report.Document): the
		// benchmark runs one property, the first
		var props []map[string]json.RawMessage
		if err := json.Unmarshal(raw["properties"], &props); err != nil {
			return r, err
		}
		if len(props) == 0 {
			return r, errors.New("gospin's JSON has no properties")
		}
		raw = props[0]
		raw["incomplete"] = raw["reason"]
	}
	for _, f := range []string{"complete", "errors", "states_stored", "states_matched", "transitions", "depth", "state_vector_bytes", "memory_bytes", "elapsed_s", "violations"} {
		if _, ok := raw[f]; !ok {
			return r, errors.New("gospin's JSON lacks the field " + strconv.Quote(f))
		}
	}
	buf, _ := json.Marshal(raw)
	if err := json.Unmarshal(buf, &r); err != nil {
		return r, err
	}
	return r, nil
}

// Verdict is "pass", "fail" or "incomplete".
func (r *GospinReport) Verdict(timedOut bool) string {
	switch {
	case r.Errors > 0:
		return "fail"
	case !r.Complete || timedOut:
		return "incomplete"
	}
	return "pass"
}

// ErrorKind maps gospin's first violation kind to pan's wording.
func (r *GospinReport) ErrorKind() string {
	if len(r.Violations) == 0 {
		return ""
	}
	switch k := r.Violations[0].Kind; k {
	case "assertion":
		return "assertion violated"
	case "invalid-end-state":
		return "invalid end state"
	case "acceptance-cycle":
		return "acceptance cycle"
	case "non-progress-cycle":
		return "non-progress cycle"
	default:
		return k
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func atoi64(s string) int64 {
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}
