// Package membudget works out how much memory a search may use when the
// user sets no limit: the lowest of the machine's physical memory, the
// memory limit of the process's cgroup and its address-space limit
// (ulimit -v, RLIMIT_AS), less a margin, so that a search that outgrows
// memory stops cleanly ("memory limit") instead of the Go runtime dying
// with "fatal error: out of memory".
//
// An address-space limit counts virtual memory, and the Go runtime
// reserves much of it before the first allocation (some 700 MB on
// linux/amd64 under a 1 GB limit, which it reserves less of than without
// one), then maps its heap in 64 MB arenas: the budget under RLIMIT_AS is
// what is left of the limit beyond the process's present size, less one
// arena and a margin.
package membudget
