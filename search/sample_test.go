package search

import (
	"testing"

	"github.com/gospin/gospin/pins"
)

// padded is grid with zero bytes after its two counters.
type padded struct {
	grid
	pad int
	buf []byte
}

func (p *padded) Initial(dst []byte) ([]byte, error) {
	return append(dst[:0], make([]byte, 2+p.pad)...), nil
}

func (p *padded) Next(s []byte, yield func(*pins.Transition, []byte) bool) {
	p.grid.Next(s[:2], func(t *pins.Transition, succ []byte) bool {
		p.buf = append(append(p.buf[:0], succ...), make([]byte, p.pad)...)
		return yield(t, p.buf)
	})
}

func TestZeroSuppressionPays(t *testing.T) {
	// two nonzero bytes: the suppressed form (length, bitmap, bytes) is
	// longer than the state
	if ZeroSuppressionPays(&grid{k: 200, assertAt: -1}) {
		t.Error("zero suppression pays for 2-byte states without zeros")
	}
	// two nonzero bytes in 64: it saves most of the state
	if !ZeroSuppressionPays(&padded{grid: grid{k: 200, assertAt: -1}, pad: 62}) {
		t.Error("zero suppression does not pay for 64-byte states with 62 zeros")
	}
}
