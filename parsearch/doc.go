// Package parsearch is the parallel exhaustive search (gospin verify -j
// N): workers that search depth-first, each in an order of its own, over
// one lock-free visited set (store.Shared; store.SharedHC and
// store.SharedBitstate for -store hc and bitstate), with work stealing of stack
// frames for load balance. It covers the safety searches (assertions,
// invalid end states, a never claim's end) unreduced or with a reduction
// layer, whose cycle proviso becomes the done proviso, and the
// acceptance-cycle search (-a, and -l unreduced) that stops at its first
// error, with CNDFS (cndfs.go), unreduced or on the reduced product with a
// claim (the visited proviso with a recorded decision); any other search
// runs sequentially (search.Run). docs/parallel.md gives the design, the
// arguments for the provisos and for the graph CNDFS searches, and the
// figures.
package parsearch
