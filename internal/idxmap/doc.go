// Package idxmap maps store indices to int32 values: the per-state
// bookkeeping of the searches and of the reduction layer (which states
// are on the stack, the recorded ample choice of a product state, a
// state's queue position). It is an open-addressing table with linear
// probing over one flat slice, so that a lookup is a multiply, a shift
// and usually one cache line, where a Go map costs a generic hash and its
// group probing (a third of a reduced acceptance search's time went to
// maps).
//
// Keys are stored plus one, so that zero marks an empty slot; deletion
// shifts the following entries back (no tombstones).
package idxmap
