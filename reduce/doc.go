// Package reduce computes the static side of partial-order reduction for
// the Promela engine, and answers, state by state, which processes are at
// a location whose statements are all "safe" (SPIN's term: independent of
// every other process's, and kept enabled or disabled whatever the others
// do). The partial-order reduction layer (package por) takes the result.
//
// A statement is safe when it (or a statement merged after it, or any
// statement of an atomic or d_step region it belongs to, enters or
// leaves) refers only to its own process's variables and program counter
// (and _pid). Some more statements are safe in some states (chans.go): a
// send, receive or channel poll when the process is, from that state on,
// the only one that can do a conflicting operation on that channel and
// the channel's contents freeze the outcome; run when no other process
// may still run one, die first or read _nr_pr; -end- of the youngest
// process under the same conditions. Everything else is unsafe: global
// variables, rendezvous, timeout, _nr_pr, _last, np_ and the like.
//
// A safe step can still make its process a rendezvous partner (or, on a
// buffered channel, feed another), which decides whether another process
// waiting inside an atomic sequence loses its atomicity there, or whether
// another's else is executable. Such a process is no candidate while
// another may still get into that position (blockMasks); a local prefix
// at the start of an atomic sequence does not count in safety searches
// without timeout (lateLocs: it can be postponed).
// Reduction is off altogether for models with provided clauses,
// priorities, _last, remote references (P[i]:v, P[i]@l), enabled() or
// pc_value(): they let one process observe another's local state or
// enabledness.
package reduce
