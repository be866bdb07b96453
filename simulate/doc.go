// Package simulate runs a single execution of a pins.Model, as SPIN's
// simulator does (spin model.pml, spin -i, spin -t): random simulation
// with a reproducible seed, interactive simulation that reads the user's
// choices from an io.Reader, and replay of a counterexample trail written
// by the search package.
//
// At every step the simulator enumerates the successors of the current
// state with Next and takes one of them: at random (a math/rand/v2 PCG
// source seeded from Options.Seed, so the same seed gives the same run),
// as the user chooses, or as the trail says. Intermediate states of atomic
// sequences are ordinary states here. The run stops when no successor is
// left (a normal termination when every process is at a valid end state,
// else SPIN's "timeout", an invalid end state), at a violation (a failed
// assertion, a run-time error, the end of a never claim), after
// Options.MaxSteps steps, or at the end of the trail.
//
// The output follows spin 6.5.2's: printf output indented per process
// (SPIN's dotag; Options.NoTag turns it off), and with the options of
// spin -p -g -l -s -r -c the steps, changed globals and locals, sends and
// receives and the columnated message sequence chart, then the end-of-run
// summary. The details need an engine that also implements Printer (the
// printf output of a step) and Inspector (processes, variables and
// channels of a state); with a bare pins.Model only the steps are known.
//
// The locations printed as "(state N)" are the engine's own location
// numbers, not SPIN's element numbers: SPIN numbers the elements of its
// parse tree, including jumps (.(goto), break) that the engine's automata
// leave out, so neither the numbers nor the count of steps agree with
// SPIN's whenever a model has do, if or goto.
package simulate
