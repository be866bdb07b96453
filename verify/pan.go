package verify

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/store"
)

// pan's compile-time options, as gcc takes them (-DNOREDUCE), given to
// gospin verify's -D. The names below are a fixed set, pan's: a -D of one
// of them is the pan option, any other -D defines a macro of the model
// (spin -DN=3 -a). A model macro named like one of pan's options is given
// with -macro. docs/cli.md lists what each one does.

// panDefineKind is what gospin does with one of pan's compile-time names.
type panDefineKind int

const (
	panMapped  panDefineKind = iota // set a gospin option
	panIgnored                      // accepted, with a note: no effect in gospin
	panNotYet                       // refused: storage modes gospin does not have yet
	panRefused                      // refused: a pan feature gospin does not have
)

type panDefine struct {
	kind panDefineKind
	// value: the name takes a value (-DMEMLIM=N); the others may have one
	// (-DNOREDUCE=1), which is ignored, as pan's C code ignores it
	value bool
	// what: for panIgnored and the refusals, why; for panMapped, the
	// gospin flag it stands for
	what string
}

var panDefines = map[string]panDefine{
	"NOREDUCE": {kind: panMapped, what: "-noreduce"},
	"BFS":      {kind: panMapped, what: "-bfs"},
	"SAFETY":   {kind: panMapped, what: "safety properties only: -a, -l and -f are refused, as pan refuses them"},
	"NP":       {kind: panMapped, what: "non-progress cycles with -l (gospin needs no compile-time switch; -a is ignored, as pan ignores it)"},
	"MEMLIM":   {kind: panMapped, value: true, what: "-memlim N (megabytes)"},
	"NOCLAIM":  {kind: panMapped, what: "-noclaim"},
	"NOCOMP":   {kind: panMapped, what: "-nocompress"},

	// search orders (pins.Reorder); -RSn seeds the random ones
	"T_RAND":    {kind: panMapped, what: "the transitions of each process in an order drawn from -RS and the state"},
	"P_RAND":    {kind: panMapped, what: "the processes in an order drawn from -RS and the state"},
	"RANDOMIZE": {kind: panMapped, what: "as T_RAND; -DRANDOMIZE=N seeds it with N (pan's meaning)"},
	"T_REVERSE": {kind: panMapped, what: "the transitions of each process in reverse order"},
	"P_REVERSE": {kind: panMapped, what: "the processes in reverse order (lowest pid first)"},

	"BITSTATE": {kind: panMapped, what: "-store bitstate (-w N: 2^N bits, -k K indices)"},
	"HC":       {kind: panMapped, what: "-store hc -hcbits 64 (pan's HC4)"},
	"HC0":      {kind: panMapped, what: "-store hc -hcbits 32"},
	"HC1":      {kind: panMapped, what: "-store hc -hcbits 40"},
	"HC2":      {kind: panMapped, what: "-store hc -hcbits 48"},
	"HC3":      {kind: panMapped, what: "-store hc -hcbits 56"},
	"HC4":      {kind: panMapped, what: "-store hc -hcbits 64"},
	"COLLAPSE": {kind: panMapped, what: "-store tree (tree compression stands for pan's collapse compression)"},
	"MA":       {kind: panMapped, what: "-store tree (tree compression stands for pan's minimized automaton)"},

	"VECTORSZ":     {kind: panIgnored, value: true, what: "gospin has no limit on the state vector"},
	"NFAIR":        {kind: panIgnored, value: true, what: "gospin has no limit on the processes of a fair search"},
	"REACH":        {kind: panIgnored, what: "-i and -I repeat the search with the smaller depth limit (-bfs gives the shortest trails)"},
	"NOFAIR":       {kind: panIgnored, what: "fairness costs nothing unless -f is given"},
	"XUSAFE":       {kind: panIgnored, what: "gospin does not check xr/xs assertions"},
	"NOBOUNDCHECK": {kind: panIgnored, what: "gospin always checks array bounds"},
	"SPACE":        {kind: panIgnored, what: "a tuning option of pan's C code"},
	"SFH":          {kind: panIgnored, what: "a tuning option of pan's C code"},
	"NOFIX":        {kind: panIgnored, what: "a tuning option of pan's C code"},
	"PRINTF":       {kind: panIgnored, what: "gospin verify prints nothing of the model's printf (gospin run does)"},
	"VERBOSE":      {kind: panIgnored, what: "a debugging option of pan's C code"},
	"CHECK":        {kind: panIgnored, what: "a debugging option of pan's C code"},
	"SDUMP":        {kind: panIgnored, what: "a debugging option of pan's C code"},
	"NCORE":        {kind: panMapped, value: true, what: "-j N, the workers of the search"},
	"BFS_PAR":      {kind: panMapped, what: "-bfs -j 0, the breadth-first search on every core"},
	"NOVSZ":        {kind: panIgnored, what: "gospin has no limit on the state vector"},

	"NOSTUTTER": {kind: panRefused, what: "gospin always extends finite runs by stuttering, as pan does by default"},
	"SC":        {kind: panRefused, what: "gospin keeps its search stack in memory"},
	"BCS":       {kind: panRefused, what: "bounded context switching is not supported"},
	"USE_DISK":  {kind: panRefused, what: "gospin keeps its search in memory"},
	"NOSTATE":   {kind: panRefused, what: "stateless search is not supported"},
}

// SetPanDefine applies -DNAME[=VALUE] to s when NAME is one of pan's
// compile-time names; ok is false for any other name (a model macro). A
// name gospin ignores is noted on s.Notes.
func (s *Settings) SetPanDefine(def string) (ok bool, err error) {
	name, val, hasVal := strings.Cut(def, "=")
	d, isPan := panDefines[name]
	if !isPan {
		return false, nil
	}
	switch {
	case d.value && (!hasVal || val == ""):
		return true, fmt.Errorf("-D%s needs a value: -D%s=N", name, name)
	}
	var n int64
	if d.value {
		n, err = strconv.ParseInt(val, 0, 64)
		if err != nil || n < 0 {
			return true, fmt.Errorf("-D%s=%s: not a non-negative number", name, val)
		}
	}
	switch d.kind {
	case panNotYet:
		return true, fmt.Errorf("-D%s: not yet: %s", name, d.what)
	case panRefused:
		return true, fmt.Errorf("-D%s: not supported: %s", name, d.what)
	case panIgnored:
		fmt.Fprintf(s.notes(), "gospin: -D%s ignored: %s\n", def, d.what)
		return true, nil
	}
	switch name {
	case "NOREDUCE":
		s.NoReduce = true
	case "BFS":
		s.BFS = true
	case "NOCLAIM":
		s.NoClaim = true
	case "NOCOMP":
		s.NoCompress = true
	case "SAFETY":
		s.Safety = true
	case "NP":
		s.PanNP = true
	case "T_RAND":
		s.Order.Trans = pins.Shuffled
	case "P_RAND":
		s.Order.Procs = pins.Shuffled
	case "RANDOMIZE":
		s.Order.Trans = pins.Shuffled
		if hasVal && val != "" {
			u, err := strconv.ParseUint(val, 0, 64)
			if err != nil {
				return true, fmt.Errorf("-DRANDOMIZE=%s: not a non-negative number", val)
			}
			s.Order.Seed = u
		}
	case "T_REVERSE":
		s.Order.Trans = pins.Reversed
	case "P_REVERSE":
		s.Order.Procs = pins.Reversed
	case "BITSTATE":
		s.Storage.Mode = store.ModeBitstate
	case "HC", "HC0", "HC1", "HC2", "HC3", "HC4":
		s.Storage.Mode = store.ModeHC
		s.Storage.HCBits = 64
		if name != "HC" {
			s.Storage.HCBits = 32 + 8*int(name[2]-'0')
		}
	case "COLLAPSE", "MA":
		s.Storage.Mode = store.ModeTree
	case "MEMLIM":
		if n > 1<<40 {
			return true, fmt.Errorf("-DMEMLIM=%s: too large", val)
		}
		s.MemLimitMB = n
	case "NCORE":
		s.Workers = int(min(n, 1<<16))
		if n == 0 {
			s.Workers = WorkersAll()
		}
	case "BFS_PAR":
		s.Workers, s.BFS = WorkersAll(), true
	}
	return true, nil
}
