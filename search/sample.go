package search

import (
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/store"
)

// ZeroSuppressionPays reports whether storing m's states zero-suppressed
// (store.NewZeroSuppressed) saves enough memory to be worth its time: it
// takes a random walk of up to sampleSteps steps from the initial state
// (starting over at a state without successors, at most maxRestarts times), and answers yes when the
// suppressed form of the states seen is at most compressWorth of their
// length on average.
//
// Encoding and decoding cost about a tenth of the search's time; on small
// state vectors with few zero bytes (32-byte BEEM models) they save
// nothing. The walk touches nothing of the model but its working buffers:
// call it before a search, before coverage is recorded.
func ZeroSuppressionPays(m pins.Model) bool {
	init, err := m.Initial(nil)
	if err != nil {
		return true
	}
	var (
		cur    = append([]byte(nil), init...)
		pick   []byte
		seen   int
		rng    = uint64(0x9E3779B97F4A7C15)
		raw    int
		packed int
		// restarts: the walk's returns to the initial state
		restarts int
	)
	next := func() uint64 { // xorshift64
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return rng
	}
	for step := 0; step < sampleSteps; step++ {
		raw += len(cur)
		packed += store.ZeroSuppressedLen(cur)
		seen = 0
		m.Next(cur, func(_ *pins.Transition, s []byte) bool {
			seen++
			if next()%uint64(seen) == 0 { // reservoir sampling
				pick = append(pick[:0], s...)
			}
			return true
		})
		if seen == 0 {
			// a dead end: start over, a few times (a model whose runs
			// all end soon is small, and its steps may be long ones:
			// a d_step can run for millions of statements)
			if restarts++; restarts > maxRestarts {
				break
			}
			cur = append(cur[:0], init...)
			continue
		}
		cur, pick = pick, cur
	}
	return float64(packed) <= compressWorth*float64(raw)
}

const (
	sampleSteps   = 2000
	maxRestarts   = 8
	compressWorth = 0.8
)
