package report

import (
	"fmt"
	"io"

	"github.com/gospin/gospin/store"
)

// Storage describes the store of a search (-store): its mode, parameters
// and the memory it took per state stored (the store's own figure).
type Storage struct {
	Mode          string  `json:"mode"`  // "exact", "tree", "hc" or "bitstate"
	Bytes         int64   `json:"bytes"` // the store's memory
	BytesPerState float64 `json:"bytes_per_state"`
	// hash compaction: signature width and cells; bitstate: bits and
	// indices per state; both: the hash seed and the fraction in use
	HCBits   int     `json:"hc_bits"`
	Cells    int64   `json:"cells"`
	Bits     int64   `json:"bits"`
	K        int     `json:"k"`
	HashSeed uint64  `json:"hash_seed"`
	Fill     float64 `json:"fill"`
	// Auto: -store auto. MovedAt: the states the exact store held when
	// the search reached the memory budget (MovedBytes, the store's
	// memory then) and ran again from the start with tree compression;
	// 0 when it did not move (Mode "exact").
	Auto       bool  `json:"auto"`
	MovedAt    int64 `json:"moved_at"`
	MovedBytes int64 `json:"moved_bytes"`
}

// Omission is the omission analysis of a lossy search: the probability
// that it omitted any state, and the expected number omitted (states taken
// for stored ones; each may hide the states only it leads to). Zero for
// an exact store.
type Omission struct {
	ProbabilityAny  float64 `json:"probability_any"`
	ExpectedOmitted float64 `json:"expected_omitted"`
}

// Advice recommends the storage of the next run, as 3Spin does: how many
// states hash compaction and bitstate visit with this memory at
// TargetProbability of any omission, and the memory (and -hcbits, -k)
// each needs for this model's States.
type Advice struct {
	Text              string  `json:"text"`
	TargetProbability float64 `json:"target_probability"`
	// States is the state-space size the advice is for: the states
	// stored plus those expected omitted, or twice the states stored
	// for a search that did not complete.
	States int64 `json:"states"`
	// with Mem bytes: the states each visits (bitstate with BitstateK)
	Mem               int64 `json:"mem"`
	HCVisitable       int64 `json:"hc_visitable"`
	BitstateVisitable int64 `json:"bitstate_visitable"`
	BitstateK         int   `json:"bitstate_k"`
	// for States: the memory each needs
	HCMem        int64 `json:"hc_mem"`
	HCBits       int   `json:"hc_bits"`
	BitstateMem  int64 `json:"bitstate_mem"`
	BitstateMemK int   `json:"bitstate_mem_k"`
}

// storageText writes the storage lines of a lossy or tree search, after
// the hash-conflict line: the store, then (a lossy search without error)
// the omission analysis and the advice.
func storageText(w io.Writer, s *Summary) {
	st := s.Storage
	if st == nil {
		return
	}
	if st.Auto {
		if st.MovedAt > 0 || st.Mode == "tree" {
			fmt.Fprintf(w, "storage auto: the exact store reached the memory budget at %d states (%s): the search ran again with tree compression\n", st.MovedAt, store.FormatSize(st.MovedBytes))
		} else {
			fmt.Fprintf(w, "storage auto: exact, within the memory budget\n\n")
		}
	}
	switch st.Mode {
	case "hc":
		fmt.Fprintf(w, "hash compaction: %d-bit signatures, %d cells (%s), %.3g%% full, %.3g bytes per state (-hashseed %d)\n",
			st.HCBits, st.Cells, store.FormatSize(st.Bytes), 100*st.Fill, st.BytesPerState, st.HashSeed)
	case "bitstate":
		fmt.Fprintf(w, "bitstate: %d bits (%s), %d bits set per state (-k%d), %.3g%% set, %.3g bytes per state (-hashseed %d)\n",
			st.Bits, store.FormatSize(st.Bytes), st.K, st.K, 100*st.Fill, st.BytesPerState, st.HashSeed)
	case "tree":
		fmt.Fprintf(w, "tree compression: %.3g bytes per state (%s)\n", st.BytesPerState, store.FormatSize(st.Bytes))
	default:
		return
	}
	if s.Omission != nil && s.Errors == 0 {
		fmt.Fprintf(w, "omission analysis: probability of any omission %.3g, expected states omitted %.3g\n", s.Omission.ProbabilityAny, s.Omission.ExpectedOmitted)
	}
	if s.Advice != nil && s.Advice.Text != "" && s.Errors == 0 {
		fmt.Fprintf(w, "advice: %s\n", s.Advice.Text)
	}
	fmt.Fprintln(w)
}
