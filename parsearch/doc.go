// Package parsearch is the parallel exhaustive search (gospin verify -j
// N): workers that search depth-first, each in an order of its own, over
// one lock-free visited set (store.Shared; store.SharedHC and
// store.SharedBitstate for -store hc and bitstate), with work stealing of stack
// frames for load balance. It covers the safety searches (assertions,
// invalid end states, a never claim's end) unreduced or with a safety
// reduction layer, whose cycle proviso becomes the done proviso; any
// other search runs sequentially (search.Run). docs/parallel.md gives the
// design, the argument for the proviso and the figures.
package parsearch
