//go:build !amd64

package store

var prefetchSink uint64

// prefetchLine loads *p (a plain load: the work after it overlaps the
// miss only as far as the processor looks ahead).
func prefetchLine(p *uint64) { prefetchSink += *p }
