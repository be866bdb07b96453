package store

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Fresh memory from the operating system is mapped on first touch. A
// first touch that reads (a probe's load before its compare-and-swap)
// maps the shared zero page, and the write that follows replaces it: a
// second fault, which in a process whose threads run on several cores
// also flushes the other cores' TLBs by interrupt. On train's -a (48 k
// states, a 2^20-slot shared table) those flushes took a third of two
// workers' time. Writing each page first costs one plain fault instead,
// as pan's memset of its tables does.

// pageBytes is the smallest page size of the platforms we build for.
const pageBytes = 4096

// prefaultParallelBytes: larger arrays are touched by several goroutines.
const prefaultParallelBytes = 32 << 20

// prefault64 writes every page of b once without changing its contents
// (an atomic add of zero, so it may run while workers use b).
func prefault64(b []uint64) {
	touchPages(len(b), pageBytes/8, func(i int) { atomic.AddUint64(&b[i], 0) })
}

// prefault32 is prefault64 for an array of uint32.
func prefault32(b []uint32) {
	touchPages(len(b), pageBytes/4, func(i int) { atomic.AddUint32(&b[i], 0) })
}

// touchPages calls touch(i) for i = 0, stride, 2*stride, ... below n,
// split among up to GOMAXPROCS goroutines when the array is large.
func touchPages(n, stride int, touch func(i int)) {
	pages := (n + stride - 1) / stride
	parts := 1
	if n/stride*pageBytes >= prefaultParallelBytes {
		parts = min(runtime.GOMAXPROCS(0), pages)
	}
	run := func(lo, hi int) {
		for p := lo; p < hi; p++ {
			touch(p * stride)
		}
	}
	if parts <= 1 {
		run(0, pages)
		return
	}
	var wg sync.WaitGroup
	for k := range parts {
		wg.Go(func() { run(k*pages/parts, (k+1)*pages/parts) })
	}
	wg.Wait()
}
