package pins

// Partial-order reduction is a layer between a model and the search
// (package por): it wraps a Model and returns one whose Next yields a
// subset of the successors (an ample, stubborn or leap set). It is fed by
// the dependency facts below, which a front end exports for its model
// (package reduce for the Promela engine), and by the search's answer to
// the cycle proviso (Cycles), the one thing about a state that only the
// search knows.

// Reducer says which processes may form an ample set of a state: those at
// a location whose transitions are all "safe" (SPIN's term).
//
// A transition is safe when it reads and writes only the variables and
// program counter of its own process (no global variable, no channel, no
// process creation or death, no timeout, no _nr_pr ...), so that it is
// independent of every transition of every other process and its
// enabledness depends on its own process only. A process whose current
// location has only safe transitions (enabled or not) is a candidate for
// an ample set: its enabled transitions then stay enabled whatever the
// others do, and no other process can enable one of its disabled ones.
type Reducer interface {
	// SafeProcs appends to dst[:0], for each process of state s by pid,
	// whether every transition leaving the process's current location is
	// safe. It must not be called from inside Next.
	SafeProcs(s []byte, dst []bool) []bool
}

// StubbornReducer is a Reducer that can also grow stubborn sets of
// processes: StubbornProcs sets dst[pid] (appended to dst[:0], one entry
// per process) for the processes whose enabled transitions, all together,
// form a stubborn set of state s that holds process seed's, or returns
// false. Every sequence of steps of the other processes must commute with
// the set's steps and leave their enabledness and the truth of every
// assertion alone.
type StubbornReducer interface {
	Reducer
	StubbornProcs(s []byte, seed int, dst []bool) ([]bool, bool)
}

// ClaimReducer is a Reducer for the product of the system with a never
// claim: it also says which transitions the claim can see, and where the
// claim is. Reduction on the product is sound for a claim in Siegel's SI
// normal form, or for the usual claim of an invariant (see package por).
type ClaimReducer interface {
	Reducer
	// Visible reports whether transition group g may change what a claim
	// transition reads.
	Visible(g int) bool
	// ClaimLoc returns the claim's location in product state s and
	// whether it is accepting.
	ClaimLoc(s []byte) (loc int, accepting bool)
}

// ProgressReducer is a Reducer that also says which transition groups may
// change np_ (whether some process is at a progress label), for the
// reduction of a non-progress search on the product with the claim of
// <>[] np_ in SI normal form.
type ProgressReducer interface {
	Reducer
	ProgressVisible(g int) bool
}

// InLeap flags a step whose successor is an intermediate state of a leap
// (one step of several processes at once, taken one process at a time):
// the search explores it at once without storing it, as a state inside
// an atomic sequence, and counts the step as a leap step.
const InLeap TransFlags = 1 << 3

// Reduced is a model whose successors depend on the search that walks it
// (a partial-order reduction layer). A search binds it to itself before
// it starts, once per search (the nested searches of an acceptance search
// each have their own binding), and walks the bound model like any other.
// An unbound Reduced model yields every successor.
type Reduced interface {
	Model
	// Bind returns the model as the search c sees it. nested says that c
	// is a nested search of an acceptance search, which must explore the
	// reduced graph that the main search chose.
	Bind(c Cycles, nested bool) Model
	// Counts returns the layer's counters over all the bindings so far.
	Counts() Counts
	// AuxBytes is the number of bytes (0 to 8) the layer would like the
	// search's store to keep beside each stored state (Cycles.Aux), where
	// it finds them in the cache line that the state's lookup just read.
	AuxBytes() int
}

// Counts are a reduction layer's counters (Reduced.Counts).
type Counts struct {
	// Reduced: the states expanded with a reduced set of successors;
	// Fallbacks: those expanded fully because the cycle proviso rejected
	// the only candidates.
	Reduced, Fallbacks int64
	// LeapSteps: the steps taken inside the layer's macro transitions
	// beyond their first (the intermediate states of leaps, neither
	// stored nor counted as transitions).
	LeapSteps int64
}

// MacroPid is the Pid of a macro transition: a transition of a bound
// reduced model that stands for a sequence of steps of the model it wraps
// (a leap: one step of each of several processes, taken at once). Its
// Group is its index among the macro transitions that the expansion
// yielded (0, 1, ... in their order). The search takes it as any
// transition (one level deeper, one transition); a trail gets its steps
// (Macros.MacroSteps), and its Violation is met after its last step, as
// many levels deeper as it has steps.
const MacroPid = -2

// ReportOnly flags a transition that leads nowhere: the search reports its
// Violation and does not take it. A layer whose macro transitions pass
// through violations reports them with such transitions, yielded before
// the ones it keeps, so that they are reported at the expansion of the
// state they start from.
const ReportOnly TransFlags = 1 << 4

// Macros is implemented by a bound reduced model that yields macro
// transitions (MacroPid).
type Macros interface {
	// MacroSteps calls step for each step of macro transition k of the
	// expansion of the state at position depth of the search's stack
	// (Expansion.Depth); that state must still be on the stack.
	MacroSteps(depth, k int, step func(pid, group, k int))
}

// Cycles is the search's side of the cycle proviso: a reduced set must
// not close a cycle of the reduced graph on which a transition is ignored
// for ever. Depth-first, no kept successor may be on the search's stack;
// breadth-first, none may have been expanded already (the queue proviso).
type Cycles interface {
	// Lookup returns the main search's store index of state s, if stored.
	Lookup(s []byte) (idx uint64, stored bool)
	// Closes reports whether the stored state idx fails the cycle proviso:
	// it is on the main search's depth-first stack, or (breadth-first)
	// already expanded, or with the weaker visited proviso stored at all.
	Closes(idx uint64) bool
	// Expanding describes the state that the next call of the bound
	// model's Next (or NextStutter) expands.
	Expanding() Expansion
	// Aux returns the layer's bytes beside the main search's stored state
	// idx (zero at first; Reduced.AuxBytes), or nil when the store keeps
	// none.
	Aux(idx uint64) []byte
}

// Expansion says where the state being expanded is in the search.
type Expansion struct {
	// Depth is its position on the search's stack (0 for the root).
	Depth int
	// Index is its store index in the main search, when Known.
	Index uint64
	Known bool
	// Intermediate: it is not stored (inside an atomic sequence or a
	// leap, or the root of a nested search).
	Intermediate bool
}

// ProcNexter is a model that gives the successors of one process alone,
// the ones Next gives for it, in Next's order, so that a reduction that
// keeps one process's steps need not generate the others' first.
type ProcNexter interface {
	// NextProc yields the successors of s by the steps of process pid
	// (none when it has no such process) and reports true; or it yields
	// nothing and reports false where Next does more than give each
	// process's steps in turn (inside an atomic sequence, with a never
	// claim): then only Next gives s's successors.
	NextProc(s []byte, pid int, yield func(t *Transition, succ []byte) bool) bool
	// OthersMove reports whether NextProc(s, q) would yield a step for
	// some process q other than pid.
	OthersMove(s []byte, pid int) bool
	// Reached records what Next records of s besides its successors (the
	// locations reached, for the unreached-code report), for a state
	// whose successors were taken from NextProc alone.
	Reached(s []byte)
}

// BackEdger is a Reducer that also gives the facts of the static cycle
// proviso (package por, Config.Static): for each transition group,
// whether a step of it may close a cycle of its process's control flow.
//
// The front end takes, for each process type, a depth-first search of
// its control-flow graph (its locations, with an edge for each
// statement) and marks the back edges of that search: every cycle of a
// directed graph contains one. A group is marked when the path its step
// takes through the graph (with statement merging, the statements merged
// after it too) holds a back edge, or when the front end cannot tell
// (a d_step's body, a step that may not move its process). So a
// sequence of steps of one process that leaves it where it started, at
// least one step long, holds a step of a marked group.
type BackEdger interface {
	Reducer
	// BackEdge reports whether a step of transition group g may close a
	// cycle of its process's control flow (true for an unknown group).
	BackEdge(g int) bool
}

// StaticReduced is a Reduced model that uses the static cycle proviso:
// the reduced set of a state is a function of the state alone, whatever
// the search has stored or is expanding, and the layer never asks
// Cycles.Closes (nor keeps bytes beside the states). A search may then
// expand a state again, on any worker and in any order, and get the same
// set: every cycle of the reduced graph has a fully expanded state.
type StaticReduced interface {
	Reduced
	// Static reports whether the static proviso is in force.
	Static() bool
}
