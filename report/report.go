package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Violation is one error found, as reported.
type Violation struct {
	Kind     string `json:"kind"`     // assertion, invalid-end-state, runtime-error, acceptance-cycle, non-progress-cycle
	Message  string `json:"message"`  // e.g. "assertion violated (x<3)"
	Location string `json:"location"` // file:line:col of the statement, when known
	Depth    int    `json:"depth"`
	Trail    string `json:"trail"` // path of the trail file written for it, "" for none
}

// Unreached lists the statements of one process type that the search never
// executed.
type Unreached struct {
	Kind   string   `json:"kind"` // "proctype", "init" or "claim"
	Name   string   `json:"name"`
	Lines  []string `json:"lines"` // `file:line, state N, "stmt"`
	Count  int      `json:"unreached"`
	States int      `json:"states"`
}

// Summary is everything a report shows. The JSON field names are part of
// gospin's interface (documented in the README).
type Summary struct {
	Model         string `json:"model"`
	Property      string `json:"property,omitempty"` // never claim or ltl name
	Complete      bool   `json:"complete"`
	Incomplete    string `json:"incomplete,omitempty"` // why not complete
	Errors        int    `json:"errors"`
	StatesStored  int64  `json:"states_stored"`
	StatesMatched int64  `json:"states_matched"`
	// StatesVisited adds the states stored by the nested searches of an
	// acceptance-cycle search (pan's "visited"); 0 otherwise.
	StatesVisited int64 `json:"states_visited,omitempty"`
	Transitions   int64 `json:"transitions"`
	AtomicSteps   int64 `json:"atomic_steps"`
	// LeapSteps counts the steps taken inside leaps (-leap): states
	// neither stored nor counted as transitions.
	LeapSteps        int64       `json:"leap_steps,omitempty"`
	Depth            int         `json:"depth"`
	StateVectorBytes int         `json:"state_vector_bytes"`
	MemoryBytes      int64       `json:"memory_bytes"`
	HashConflicts    int64       `json:"hash_conflicts"`
	ElapsedS         float64     `json:"elapsed_s"`
	Violations       []Violation `json:"violations"`
	Unreached        []Unreached `json:"unreached,omitempty"`

	// Settings shown in the text report's header.
	Search string `json:"search"` // "dfs" or "bfs"
	// Trace is "trace" or "notrace" when the model has such a sequence
	// (checked along every step, as pan does).
	Trace       string `json:"trace,omitempty"`
	Claim       bool   `json:"-"`
	CheckAssert bool   `json:"-"`
	CheckEnd    bool   `json:"-"`
	Fair        bool   `json:"fair,omitempty"`
	Acceptance  bool   `json:"-"`
	NonProgress bool   `json:"-"`
	Reduced     bool   `json:"reduced"` // partial-order reduction applied
	// ReductionNote says why partial-order reduction was off for a search
	// it could have applied to (a property that is not stutter-invariant).
	ReductionNote string `json:"reduction_note,omitempty"`
	// StutterNote, for a property checked against the closure under
	// stuttering of its claim (Holzmann and Kupferman), says so and what
	// followed: for instance that the claim is not closed under stuttering.
	StutterNote string `json:"stutter_note,omitempty"`
	// Unconfirmed counts the errors of a search against a claim's closure
	// under stuttering that the claim itself does not have (dropped).
	Unconfirmed int `json:"-"`
	// StrictEnd: valid end states need empty channels (pan's -q).
	StrictEnd bool `json:"-"`
	// ErrorNumber is added to the numbers of the errors in the text
	// report (gospin:1: ...), for the errors of earlier searches that it
	// follows (pan's -i).
	ErrorNumber int `json:"-"`
	// Compressed: states were stored zero-suppressed.
	Compressed bool `json:"-"`
	// StorageMode is the store's mode (-store): "" or "exact", "tree",
	// "hc", "bitstate".
	StorageMode string `json:"-"`
	// Storage describes the store; Omission and Advice, for a lossy one,
	// its omission analysis and the advice for the next run (see
	// storageText).
	Storage      *Storage  `json:"storage,omitempty"`
	Omission     *Omission `json:"omission,omitempty"`
	Advice       *Advice   `json:"advice,omitempty"`
	MaxDepth     int       `json:"-"`
	StackBytes   int64     `json:"-"`
	TableBytes   int64     `json:"-"`
	StoredBytes  int64     `json:"-"`
	DepthLimited bool      `json:"-"`

	// TrailErrors lists the trails that could not be written, and why.
	TrailErrors []string `json:"trail_errors,omitempty"`
	// MemoryHint, for a search stopped at the memory limit, says what to
	// try (printed under the warning that the search is not complete).
	MemoryHint string `json:"incomplete_hint,omitempty"`
}

// JSON writes s as an indented JSON document.
func JSON(w io.Writer, s *Summary) error {
	if s.Violations == nil {
		s.Violations = []Violation{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// JSONList writes the summaries of several properties checked in one run
// as {"errors": total, "complete": all complete, "properties": [...]}.
func JSONList(w io.Writer, list []*Summary) error {
	out := struct {
		Errors     int        `json:"errors"`
		Complete   bool       `json:"complete"`
		Properties []*Summary `json:"properties"`
	}{Complete: true, Properties: list}
	for _, s := range list {
		if s.Violations == nil {
			s.Violations = []Violation{}
		}
		out.Errors += s.Errors
		out.Complete = out.Complete && s.Complete
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func plusMinus(b bool, yes, no string) string {
	if b {
		return "+" + yes
	}
	return "-" + no
}

// Text writes the SPIN-style report.
func Text(w io.Writer, s *Summary) {
	for i, v := range s.Violations {
		// pan's shape: pan:1: assertion violated (x<3) (at depth 5)
		fmt.Fprintf(w, "gospin:%d: %s (at depth %d)\n", s.ErrorNumber+i+1, v.Message, v.Depth)
		if v.Trail != "" {
			fmt.Fprintf(w, "gospin: wrote %s\n", v.Trail)
		}
	}
	for _, e := range s.TrailErrors {
		fmt.Fprintf(w, "gospin: warning: could not write the trail %s\n", e)
	}
	if s.DepthLimited {
		fmt.Fprintf(w, "error: max search depth too small (-m%d)\n", s.MaxDepth)
	}
	if !s.Complete {
		fmt.Fprintf(w, "Warning: Search not completed (%s)\n", s.Incomplete)
		if s.MemoryHint != "" {
			fmt.Fprintf(w, "\t(%s)\n", s.MemoryHint)
		}
	}
	if s.Reduced {
		fmt.Fprintf(w, "\t+ Partial Order Reduction\n")
	}
	if s.ReductionNote != "" {
		fmt.Fprintf(w, "\t- Partial Order Reduction (off: %s)\n", s.ReductionNote)
	}
	if s.StutterNote != "" {
		fmt.Fprintf(w, "\t  (%s)\n", s.StutterNote)
	}
	if s.Search == "bfs" {
		fmt.Fprintf(w, "\t+ Breadth-First Search\n")
	}
	fmt.Fprintf(w, "\nFull statespace search for:\n")
	switch s.Trace {
	case "trace":
		fmt.Fprintf(w, "\ttrace assertion    \t+\n")
	case "notrace":
		fmt.Fprintf(w, "\tnotrace assertion  \t+\n")
	}
	if s.Claim {
		fmt.Fprintf(w, "\tnever claim         \t+ (%s)\n", s.Property)
	} else {
		fmt.Fprintf(w, "\tnever claim         \t- (none specified)\n")
	}
	assertOn := ""
	if s.Claim {
		assertOn = " (if within scope of claim)" // pan's words
	}
	fmt.Fprintf(w, "\tassertion violations\t%s\n", plusMinus(s.CheckAssert, assertOn, " (disabled by -A flag)"))
	switch {
	case s.Acceptance:
		fmt.Fprintf(w, "\tacceptance   cycles \t+ (fairness %s)\n", enabled(s.Fair))
	case s.NonProgress:
		fmt.Fprintf(w, "\tnon-progress cycles \t+ (fairness %s)\n", enabled(s.Fair))
	default:
		fmt.Fprintf(w, "\tacceptance   cycles \t- (not selected)\n")
	}
	endNote := " (disabled by -E flag)"
	if s.Claim {
		endNote = " (disabled by never claim)"
	}
	if s.StrictEnd && s.CheckEnd && !s.Claim {
		// pan -q
		fmt.Fprintf(w, "\tinvalid end states\t+ (with empty channels, -q)\n\n")
	} else {
		fmt.Fprintf(w, "\tinvalid end states\t%s\n\n", plusMinus(s.CheckEnd && !s.Claim, "", endNote))
	}
	fmt.Fprintf(w, "State-vector %d byte, depth reached %d, errors: %d\n", s.StateVectorBytes, s.Depth, s.Errors)
	if s.StatesVisited > s.StatesStored {
		fmt.Fprintf(w, "%9d states, stored (%d visited)\n", s.StatesStored, s.StatesVisited)
	} else {
		fmt.Fprintf(w, "%9d states, stored\n", s.StatesStored)
	}
	fmt.Fprintf(w, "%9d states, matched\n", s.StatesMatched)
	fmt.Fprintf(w, "%9d transitions (= stored+matched)\n", s.Transitions)
	fmt.Fprintf(w, "%9d atomic steps\n", s.AtomicSteps)
	if s.LeapSteps > 0 {
		fmt.Fprintf(w, "%9d leap steps\n", s.LeapSteps)
	}
	fmt.Fprintf(w, "hash conflicts: %9d (resolved)\n\n", s.HashConflicts)
	storageText(w, s)
	mb := func(b int64) float64 { return float64(b) / (1 << 20) }
	fmt.Fprintf(w, "Stats on memory usage (in Megabytes):\n")
	fmt.Fprintf(w, "%9.3f\tequivalent memory usage for states (stored*(State-vector + overhead))\n",
		mb(s.StatesStored*int64(s.StateVectorBytes)))
	fmt.Fprintf(w, "%9.3f\tactual memory usage for states\n", mb(s.MemoryBytes-s.TableBytes-s.StackBytes))
	fmt.Fprintf(w, "%9.3f\tmemory used for hash table\n", mb(s.TableBytes))
	fmt.Fprintf(w, "%9.3f\tmemory used for the search stack (-m%d)\n", mb(s.StackBytes), s.MaxDepth)
	fmt.Fprintf(w, "%9.3f\ttotal actual memory usage\n\n", mb(s.MemoryBytes))
	for _, u := range s.Unreached {
		if u.Kind == "init" {
			fmt.Fprintf(w, "unreached in init\n") // as pan
		} else {
			fmt.Fprintf(w, "unreached in %s %s\n", u.Kind, u.Name)
		}
		for _, l := range u.Lines {
			fmt.Fprintf(w, "\t%s\n", l)
		}
		fmt.Fprintf(w, "\t(%d of %d states)\n", u.Count, u.States)
	}
	fmt.Fprintf(w, "\ngospin: elapsed time %.3g seconds\n", s.ElapsedS)
	if s.ElapsedS > 0 {
		fmt.Fprintf(w, "gospin: rate %10.1f states/second\n", float64(s.StatesStored)/s.ElapsedS)
	}
}

// Verdict is a one-word summary: "pass", "fail" or "incomplete".
func (s *Summary) Verdict() string {
	switch {
	case s.Errors > 0:
		return "fail"
	case !s.Complete:
		return "incomplete"
	}
	return "pass"
}

// String is a short one-line summary for logs.
func (s *Summary) String() string {
	return strings.TrimSpace(fmt.Sprintf("%s: %s, %d states, %d transitions", s.Model, s.Verdict(), s.StatesStored, s.Transitions))
}

func enabled(on bool) string {
	if on {
		return "enabled"
	}
	return "disabled"
}
