// Package parsearch is the parallel exhaustive search (gospin verify -j
// N, and its default, every core): workers that search depth-first, each
// in an order of its own, over one lock-free visited set (store.Shared;
// store.SharedTree, store.SharedHC and store.SharedBitstate for -store
// tree, hc and bitstate), with work stealing of stack frames for load
// balance, or breadth-first by levels (bfs.go). It covers the safety
// searches (assertions, invalid end states, a never claim's end)
// unreduced or with a reduction layer, whose cycle proviso is the static
// one (reduce/backedge.go: the reduced graph does not depend on the
// order) or the done proviso; the acceptance-cycle search (-a, also
// with -f) and the non-progress search (-l), unreduced or with the
// static proviso, with CNDFS (cndfs.go); and the SCC-based search (-scc),
// unreduced or -scc -a -f with the static proviso, with UFSCC
// (ufscc.go). verify's default gives the static proviso up early where
// it is weak (Options.GiveUpWeakProviso). Each stops at its first error or
// goes on with -e and -c N. Any other search runs sequentially
// (search.Run). docs/parallel.md gives the design, the arguments for the
// provisos and for the graph CNDFS searches, and the figures.
package parsearch
