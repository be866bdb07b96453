package store

import (
	"math"
	"math/bits"
)

// Lossy is a Set that may omit states: a state new to the search may be
// taken for one already stored (a hash collision), and its successors may
// then go unexplored. A lossy set keeps no state's bytes, so State returns
// nil and Each visits nothing; its indices (Insert, Lookup) are still
// stable keys for the search's per-state maps.
type Lossy interface {
	Set
	// Storage describes the set: its mode and parameters.
	Storage() Storage
	// Omission estimates what the search so far may have omitted.
	Omission() Omission
}

// Storage describes a store for the report.
type Storage struct {
	Mode   string `json:"mode"`
	Bytes  int64  `json:"bytes"`             // the memory of the table or bit array
	Cells  int64  `json:"cells,omitempty"`   // hash compaction: the table's cells
	HCBits int    `json:"hc_bits,omitempty"` // hash compaction: signature width
	Bits   int64  `json:"bits,omitempty"`    // bitstate: the bit array's size
	K      int    `json:"k,omitempty"`       // bitstate: indices per state
	Seed   uint64 `json:"hash_seed"`
	// Fill is the fraction of the cells or bits in use.
	Fill float64 `json:"fill,omitempty"`
}

// Omission is the omission analysis of a lossy search (Dillinger and
// Manolios's 3Spin): ExpectedOmitted, the expected number of new states
// taken for stored ones, and ProbabilityAny, that of at least one (each
// omitted state may hide the states only it leads to).
type Omission struct {
	ProbabilityAny  float64 `json:"probability_any"`
	ExpectedOmitted float64 `json:"expected_omitted"`
}

// omission turns an expected count into the analysis (a Poisson count).
func omission(expected float64) Omission {
	return Omission{ProbabilityAny: -math.Expm1(-expected), ExpectedOmitted: expected}
}

// mulHi is the multiply-shift range reduction: x scaled to [0, n).
func mulHi(x, n uint64) uint64 {
	hi, _ := bits.Mul64(x, n)
	return hi
}
