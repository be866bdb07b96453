package swarm

import (
	"fmt"
	"os"

	"github.com/axiomhq/hyperloglog"
)

// Sketch is a HyperLogLog cardinality sketch (Flajolet et al.; the
// HyperLogLog++ variant of github.com/axiomhq/hyperloglog, precision 14:
// 16 KiB of registers, a standard error of about 0.8%) of the hashes of
// the states one search stored (verify.StateHash, the same function in
// every job whatever its store's hash seed). Sketches merge: the merged
// sketch estimates the number of distinct states the searches stored
// together.
type Sketch struct{ hll *hyperloglog.Sketch }

// NewSketch returns an empty sketch.
func NewSketch() *Sketch { return &Sketch{hll: hyperloglog.New14()} }

// Add records a state's hash.
func (s *Sketch) Add(h uint64) { s.hll.InsertHash(h) }

// Merge adds the states of o.
func (s *Sketch) Merge(o *Sketch) error { return s.hll.Merge(o.hll) }

// Estimate is the estimated number of distinct states recorded.
func (s *Sketch) Estimate() uint64 { return s.hll.Estimate() }

// WriteFile writes the sketch to path (atomically: a reader never sees
// half a sketch).
func (s *Sketch) WriteFile(path string) error {
	b, err := s.hll.MarshalBinary()
	if err != nil {
		return err
	}
	return writeAtomic(path, b)
}

// ReadSketch reads a sketch that WriteFile wrote.
func ReadSketch(path string) (*Sketch, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s := NewSketch()
	if err := s.hll.UnmarshalBinary(b); err != nil {
		return nil, fmt.Errorf("%s: not a sketch: %v", path, err)
	}
	return s, nil
}

// writeAtomic writes b to path through a temporary file in its directory.
func writeAtomic(path string, b []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
