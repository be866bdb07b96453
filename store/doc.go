// Package store keeps the set of visited states of a search.
//
// States are byte vectors of any length. They are copied into large byte
// arenas (no Go allocation per state, nothing for the garbage collector to
// scan) and indexed by an open-addressing hash table of 8-byte slots. A
// slot holds the state's arena offset and a tag of hash bits, so most
// failed probes are rejected without touching the arena.
//
// The search sees only the Set interface (insert-if-absent returning the
// state's index), so state compression, hash compaction, bitstate hashing or
// a concurrent table can be put behind it later.
package store
