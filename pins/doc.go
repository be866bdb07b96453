// Package pins is the next-state interface between a language front end
// (the Promela engine) and the search algorithms (verification, simulation,
// reductions), in the spirit of LTSmin's PINS.
//
// A state is an opaque byte vector; equal vectors are equal states, so the
// search hashes and compares them as bytes. The model enumerates the
// enabled transitions of a state and writes each successor into a buffer of
// its own, with no heap allocation per transition in the steady state. For
// every transition it also says, statically, which parts of the state it may
// read and write, which partial-order reduction needs.
//
// Atomic sequences are visible to the search: a step that leaves its process
// inside an atomic sequence is flagged InAtomic, and its successor is an
// intermediate state that the search must expand at once without storing
// it (SPIN counts such steps as "atomic steps", not as transitions). The
// state itself records which process holds the atomic sequence, so Next on
// an intermediate state lets only that process move; when it cannot, Next
// yields a single AtomicLost step to the same state as an ordinary one,
// which the search stores like any successor (as pan does). A rendezvous
// (a send and its matching receive) is one step.
//
// With a never claim, every step is a move of the claim followed by a
// move of the system, and pan does not report invalid end states
// (Info.Claim says so). A search that stores each successor and explores
// it at once, before generating the next one, in the order Next yields
// them, meets pan's first error after exactly pan's numbers of states.
//
// A Model keeps working buffers inside: one goroutine at a time.
package pins
