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
package pins

import "github.com/gospin/gospin/promela/token"

// Model is a transition system given by its initial state and a
// next-state function.
type Model interface {
	// Initial returns the initial state, appended to dst[:0].
	Initial(dst []byte) ([]byte, error)

	// Next calls yield once for each enabled transition of state s, with
	// the transition and the successor state. succ is owned by the model
	// and valid only during the call; yield must copy what it keeps.
	// Iteration stops when yield returns false. Next must not modify s.
	Next(s []byte, yield func(t *Transition, succ []byte) bool)

	// Status classifies state s for the checks that look at a state rather
	// than at a transition (end states, progress, acceptance).
	Status(s []byte) StateStatus

	// Info describes the model statically.
	Info() *Info
}

// Transition describes one step from a state to a successor.
type Transition struct {
	Pid   int   // the process that moved (for a rendezvous, the sender)
	Group int   // static transition id: index into Info().Groups
	Pid2  int   // the receiver of a rendezvous, or -1
	Group2 int  // the receiver's transition id, or -1
	Flags TransFlags
	// Violation, when not nil, is the error that this step exhibits (a
	// failed assertion or a run-time error). The successor is still given.
	Violation *Violation
}

// TransFlags are properties of one step.
type TransFlags uint32

const (
	// InAtomic: the successor is inside an atomic sequence of Pid (SPIN
	// does not store such intermediate states).
	InAtomic TransFlags = 1 << iota
	// Timeout: the step was enabled only because nothing else was.
	Timeout
)

// ViolationKind classifies violations.
type ViolationKind int

const (
	Assertion ViolationKind = iota
	InvalidEndState
	RuntimeError
	AcceptanceCycle
	NonProgressCycle
)

func (k ViolationKind) String() string {
	switch k {
	case Assertion:
		return "assertion"
	case InvalidEndState:
		return "invalid-end-state"
	case RuntimeError:
		return "runtime-error"
	case AcceptanceCycle:
		return "acceptance-cycle"
	case NonProgressCycle:
		return "non-progress-cycle"
	}
	return "unknown"
}

// Violation is an error found in a step or a state.
type Violation struct {
	Kind    ViolationKind
	Message string // e.g. "assertion violated (x < 3)"
	Pos     token.Position
}

// StateStatus are properties of a state.
type StateStatus uint32

const (
	// ValidEnd: every process is at a valid end state (its final state or
	// an end label), so having no successor is not a deadlock.
	ValidEnd StateStatus = 1 << iota
	// Progress: some process is at a progress label.
	Progress
	// Accepting: the never claim is at an accepting label.
	Accepting
	// ClaimEnded: the never claim reached its end (a violation).
	ClaimEnded
)

// Info is the static description of a model.
type Info struct {
	// Groups are the static transitions (statements) of all process types.
	Groups []Group
	// Slots name the parts of the state that dependency information refers
	// to (variables, process program counters, channels).
	Slots []Slot
}

// Group is one static transition: a statement of a process type.
type Group struct {
	ProcType string
	Text     string // the statement as SPIN prints it
	Pos      token.Position
	// Reads and Writes are indices into Info.Slots that the transition may
	// read (including its guard) and write.
	Reads, Writes []int
	// Sends and Recvs are the slots of the channels it may send to or
	// receive from.
	Sends, Recvs []int
}

// Slot is a named part of the state.
type Slot struct {
	Name string
	Kind SlotKind
}

// SlotKind says what a slot holds.
type SlotKind int

const (
	GlobalVar SlotKind = iota
	LocalVar
	ProgramCounter
	Channel
)
