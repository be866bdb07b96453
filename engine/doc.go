// Package engine executes Promela process automata (package automata) with
// SPIN's semantics and implements the next-state interface pins.Model on
// top of them. Simulation and verification share it: New compiles a
// lowered program (expressions become closures over the state vector, so
// that evaluating them allocates nothing), Initial gives the initial state,
// Next the successors in pan's order, Status the end/progress/accept
// status of a state, Info the static dependency information, Describe a
// readable rendering of a state, and SetPrinting/StepOutput the printf
// output of a step for simulation.
//
// Next follows pan: a process inside an atomic sequence keeps control
// while it can (the intermediate states carry the holder's pid and are
// flagged, never stored); when it blocks, atomicity is lost and the state
// becomes an ordinary one; a rendezvous is one step of sender and
// receiver; else is executable when no other statement of the location
// is; escapes of unless take precedence over the statements they guard;
// timeout is true only in a second round, when nothing else could move; a
// process dies only when it is the last one; with priorities, a process
// moves only if no process of higher priority can; with a never claim,
// every step is a claim move followed by a system move.
//
// # State vector
//
// A state is a flat byte vector:
//
//	header   4 bytes: number of processes, number of channels, the pid
//	         holding an atomic sequence (0xFF: none; set only in the
//	         intermediate states of atomic sequences, which are never
//	         stored), _last (0 unless the model uses _last); then, when
//	         the model has a never claim, 2 bytes of the claim's location;
//	         when it has a trace or notrace sequence, 2 bytes of its
//	         location
//	globals  every non-hidden global variable at a fixed offset
//	segments processes and channels in creation order:
//	  process  1 byte proctype index (< 0x80), 2 bytes location
//	           (little endian), then the locals of that proctype
//	  channel  1 byte 0x80|channel type, 1 byte message count, then
//	           capacity × message size bytes of messages (unused slots 0)
//
// A process's pid is its rank among the process segments; a channel's id
// (the value of a chan variable) is 1 + its rank among the channel
// segments. Global channels come before the first process; the channels a
// process declares follow it. A process can die only when it is the last
// process, and its channels go with it, so the vector is a stack.
//
// Variables take 1 byte (bit, bool, byte, pid, mtype, chan, unsigned of
// up to 8 bits), 2 bytes (short, unsigned up to 16 bits) or 4 bytes (int,
// wider unsigned), little endian, arrays and typedef structs laid out
// element by element. Stores truncate as pan's C declarations do: bit and
// bool keep the low bit, byte 8 bits, short and int wrap as signed 16- and
// 32-bit integers, unsigned:N keeps N bits. Hidden globals live outside
// the vector, as in pan, and so do write-only globals with
// Options.HideWriteOnly; Options.ResetDead zeroes dead locals after each
// step (SPIN's defaults; New applies neither, as spin -o1 -o2 -o3).
//
// Arithmetic is C's int arithmetic on 32 bits (wrapping); division and
// remainder by zero and array indices out of bounds are run-time errors,
// reported as pins.Violation with the statement's position.
package engine
