package pins

import "github.com/gospin/gospin/srcpos"

// Model is a transition system given by its initial state and a
// next-state function.
type Model interface {
	// Initial returns the initial state, appended to dst[:0].
	Initial(dst []byte) ([]byte, error)

	// Next calls yield once for each enabled transition of state s, with
	// the transition and the successor state. Both are owned by the model
	// and valid only during the call; yield must copy what it keeps, and
	// must not call Next, Status or Initial itself. Iteration stops when
	// yield returns false. Next does not modify s. The order of the
	// successors is SPIN's (highest pid first, a location's transitions in
	// order), so that searches meet errors where pan meets them.
	Next(s []byte, yield func(t *Transition, succ []byte) bool)

	// Status classifies state s for the checks that look at a state rather
	// than at a transition (end states, progress, acceptance).
	Status(s []byte) StateStatus

	// Info describes the model statically.
	Info() *Info
}

// Transition describes one step from a state to a successor.
type Transition struct {
	Pid    int // the process that moved (for a rendezvous, the sender)
	Group  int // static transition id: index into Info().Groups
	Pid2   int // the receiver of a rendezvous, or -1
	Group2 int // the receiver's transition id, or -1
	// Claim is the never claim's transition taken just before this step
	// (with a claim, every step is a claim move then a system move), or -1.
	// When the system cannot move the claim moves alone (it "stutters"):
	// then Pid and Group are -1.
	Claim int
	Flags TransFlags
	// Violation, when not nil, is the error that this step exhibits (a
	// failed assertion or a run-time error). The successor is still given.
	Violation *Violation
}

// TransFlags are properties of one step.
type TransFlags uint32

const (
	// InAtomic: the successor is inside an atomic sequence (of Pid, or of
	// Pid2 after a rendezvous): an intermediate state, which SPIN neither
	// stores nor counts as a transition; the search expands it at once.
	InAtomic TransFlags = 1 << iota
	// Timeout: the step was enabled only because nothing else was.
	Timeout
	// AtomicLost: the process holding an atomic sequence is blocked, so
	// the sequence loses its atomicity. The successor is the same state,
	// now an ordinary one (Group is -1); SPIN stores it as any other.
	AtomicLost
)

// StutterModel is implemented by models with a never claim that expand
// the states reached by a stutter step (a step with Pid -1: the claim moved
// alone because the system could not) as pan does. pan alternates a move
// of the claim (whose successor it does not store) with a move of the
// system; when the system cannot move, the claim moves in the system's
// place, and the state so reached is stored with the system still to
// move. If that state is new, pan expands it from there: the system still
// cannot move, so each successor is one more move of the claim alone,
// where Next (the claim's turn) yields a claim move followed by a stutter
// move. A search that follows pan's counts, and a replay of its trails,
// expand a state that a stutter step reached with NextStutter.
type StutterModel interface {
	NextStutter(s []byte, yield func(t *Transition, succ []byte) bool)
}

// InitialViolator is implemented by models whose initial state may hold
// a run-time error (of an initializer): a search then reports it at depth
// 0, with an empty trail, and goes no further.
type InitialViolator interface {
	InitialViolation() *Violation
}

// ProcCounter is implemented by models that can say how many processes a
// state has; weak fairness needs it.
type ProcCounter interface {
	NumProcs(s []byte) int
}

// Describer is implemented by models that can render a state for people
// (traces, debugging).
type Describer interface {
	Describe(s []byte) string
}

// ViolationKind classifies violations.
type ViolationKind int

const (
	Assertion ViolationKind = iota
	InvalidEndState
	RuntimeError
	AcceptanceCycle
	NonProgressCycle
	// ClaimEnd: the never claim reached its end (the property is violated).
	ClaimEnd
	// TraceError: a step deviates from the model's trace sequence, or
	// matches its notrace sequence to the end (pan's event_trace errors).
	TraceError
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
	case ClaimEnd:
		return "claim-end"
	case TraceError:
		return "trace-error"
	}
	return "unknown"
}

// Violation is an error found in a step or a state.
type Violation struct {
	Kind    ViolationKind
	Message string // e.g. "assertion violated (x < 3)"
	Pos     srcpos.Position
	// Fatal: an error after which pan goes no further (its Uerror, e.g.
	// "too many processes"): the search ends here even when it is asked
	// to go on after errors (-e, -c0).
	Fatal bool
	// Repeat: the step failed this many assertions (a merged step, whose
	// failing asserts pan counts one error each); 0 or 1 for one error.
	Repeat int
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
	// Groups are the static transitions (statements) of all process types
	// and of the never claim. The statements inside a d_step body are
	// groups too (for their text and position) but are never a step of
	// their own: the d_step's group stands for the whole body, and its
	// Reads and Writes cover it.
	Groups []Group
	// Slots name the parts of the state that dependency information refers
	// to (variables, process program counters, channels).
	Slots []Slot
	// Claim: the model has a never claim (no invalid end state checks).
	Claim bool
}

// Group is one static transition: a statement of a process type.
type Group struct {
	ProcType string
	Text     string // the statement as SPIN prints it
	Pos      srcpos.Position
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

// Coverage is implemented by models that can list the statements no
// explored state reached, as SPIN's unreached-code report does.
type Coverage interface {
	// EnableCoverage makes the model record the locations the search
	// reaches; Unreached then lists the statements it never reached.
	EnableCoverage()
	Unreached() []Unreached
}

// Unreached is the coverage of one process type (or claim, or trace
// sequence): the statements whose location no explored state reached.
type Unreached struct {
	Kind   string   // "proctype", "init" or "claim"
	Name   string   // the process type's name
	Lines  []string // `file:line, state N, "stmt"`
	Count  int      // the number of unreached locations
	States int      // the number of states of its automaton
}
