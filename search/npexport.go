package search

import "github.com/gospin/gospin/pins"

// NonProgressModel returns the product that a search with NonProgress
// (pan -l, without NPProductOf) explores: m with pan's non-progress
// claim, whose accepting cycles are m's non-progress cycles. The parallel
// search (package parsearch) runs its acceptance-cycle search on it.
func NonProgressModel(m pins.Model) pins.Model { return newNPModel(m, npPan) }

// PanMoved reports, for a state s of a NonProgressModel that has no
// successors, whether pan moved from it (its claim had a move that led
// nowhere): pan starts a nested search only from an accepting state it
// moved from (see panMoved). For any other model it is false.
func PanMoved(m pins.Model, s []byte) bool { return panMoved(m, s) }

// NPBase returns, for the product that a reduced non-progress search
// walks (NonProgressSI's model, possibly under a layer that gives its
// Unreduced model), the model it is the product of, or nil. The parallel
// search rewrites each worker's counterexamples for pan's claim on the
// worker's own model (NPPanTrail).
func NPBase(m pins.Model) pins.Model {
	for range 4 {
		switch x := m.(type) {
		case *npModel:
			if x.claim != npSIClaim {
				return nil
			}
			return x.m
		case interface{ Unreduced() pins.Model }:
			m = x.Unreduced()
		case *fairModel:
			m = x.m
		default:
			return nil
		}
	}
	return nil
}
