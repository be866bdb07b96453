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
