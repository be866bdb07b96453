package reduce

import (
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
)

// The constructors below take any pins.Model, so that a caller that
// builds the reduction layer (package por) names no engine type: the
// dependency facts are the engine's, and a model of another front end
// gets none (nil: no reduction).

// ForModel returns the reducer of m (NewStubborn with stubborn, else
// New), or nil when m is not an engine model or reduction is off for it.
func ForModel(m pins.Model, stubborn bool) *Reducer {
	e, ok := m.(*engine.Engine)
	if !ok {
		return nil
	}
	if stubborn {
		return NewStubborn(e)
	}
	return New(e)
}

// ForClaimModel is ForClaim for the engine model m, nil for another.
func ForClaimModel(r *Reducer, m pins.Model) pins.ClaimReducer {
	e, ok := m.(*engine.Engine)
	if !ok {
		return nil
	}
	return ForClaim(r, e)
}

// ForNonProgressModel is ForNonProgress for the engine model m, nil for
// another.
func ForNonProgressModel(m pins.Model) pins.ProgressReducer {
	e, ok := m.(*engine.Engine)
	if !ok {
		return nil
	}
	return ForNonProgress(e)
}
