// Package randmodel generates small random Promela models for
// differential tests: a few processes with shared globals and locals,
// buffered and rendezvous channels, atomic sequences and d_steps,
// if/do with else and timeout, assertions, end labels and process
// creation. Values stay small (arithmetic modulo 3), so that the state
// spaces stay small.
package randmodel
