package store

// prefetchLine asks the processor to load the cache line of *p without
// waiting for it (PREFETCHT0): unlike a load, the instruction retires at
// once, so the work that follows overlaps the miss however long it is.
//
//go:noescape
func prefetchLine(p *uint64)
