// Package search explores the state space of a pins.Model exhaustively,
// depth-first (with an explicit stack, so no recursion limit) or
// breadth-first (shortest counterexamples), checking for assertion
// violations, run-time errors and invalid end states, and produces SPIN's
// statistics and a trail for each error found.
//
// The inner loop allocates nothing per transition: successors are copied
// into one stack arena that grows and shrinks with the search, states are
// stored in a store.Set.
package search
