package trail

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Step is one step of a trail.
type Step struct {
	Pid, Group, K int
}

// Trail is a counterexample: a path from the initial state, and for
// liveness errors the index in Steps where the cycle starts (-1 if none).
type Trail struct {
	Headers    map[string]string
	Keys       []string // header keys in order
	Steps      []Step
	CycleStart int
}

// ClaimStutter is the header that says how the search expanded a state
// that a stutter step of the never claim reached: "pan" for the depth-first
// searches, which follow pan there (pins.StutterModel), so that a replay
// follows the same successors; absent for the others.
const ClaimStutter = "claim-stutter"

// New returns an empty trail without a cycle.
func New() *Trail { return &Trail{Headers: map[string]string{}, CycleStart: -1} }

// Set adds or replaces a header.
func (t *Trail) Set(key, value string) {
	if _, ok := t.Headers[key]; !ok {
		t.Keys = append(t.Keys, key)
	}
	t.Headers[key] = value
}

// Write writes t in the trail format.
func (t *Trail) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "# gospin trail 1")
	for _, k := range t.Keys {
		fmt.Fprintf(bw, "# %s: %s\n", k, strings.ReplaceAll(t.Headers[k], "\n", " "))
	}
	for i, s := range t.Steps {
		if i == t.CycleStart {
			fmt.Fprintln(bw, "-1:-1:-1:-1")
		}
		fmt.Fprintf(bw, "%d:%d:%d:%d\n", i, s.Pid, s.Group, s.K)
	}
	if t.CycleStart == len(t.Steps) {
		// A cycle starting after the last step (found by FuzzRead: it was
		// dropped).
		fmt.Fprintln(bw, "-1:-1:-1:-1")
	}
	return bw.Flush()
}

// WriteFile writes t to path atomically: to a temporary file in the same
// directory, then renamed into place, so that path holds either the whole
// trail or what it held before, whatever happens to the process
// meanwhile. (It is not synced to the disk: with -e a search can write
// thousands.)
func (t *Trail) WriteFile(path string) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = t.Write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// Read parses a trail; errors name the line.
func Read(r io.Reader, name string) (*Trail, error) {
	t := New()
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		if c, ok := strings.CutPrefix(text, "#"); ok {
			if k, v, ok := strings.Cut(strings.TrimSpace(c), ": "); ok {
				t.Set(k, v)
			}
			continue
		}
		f := strings.Split(text, ":")
		if len(f) != 4 {
			return nil, fmt.Errorf("%s:%d: expected STEP:PID:GROUP:K, found %q", name, line, text)
		}
		var n [4]int
		for i, s := range f {
			v, err := strconv.Atoi(s)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: expected a number, found %q", name, line, s)
			}
			n[i] = v
		}
		if n == [4]int{-1, -1, -1, -1} {
			t.CycleStart = len(t.Steps)
			continue
		}
		if n[0] != len(t.Steps) {
			return nil, fmt.Errorf("%s:%d: expected step %d, found %d", name, line, len(t.Steps), n[0])
		}
		// A pid of -1 is a move of the never claim alone (the system
		// stutters); a transition of -1 a lost atomic sequence.
		if n[1] < -1 || n[2] < -1 || n[3] < 0 {
			return nil, fmt.Errorf("%s:%d: bad pid, transition or successor index", name, line)
		}
		t.Steps = append(t.Steps, Step{Pid: n[1], Group: n[2], K: n[3]})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, line+1, err)
	}
	return t, nil
}

// ReadFile reads the trail at path.
func ReadFile(path string) (*Trail, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path)
}

// Ext is the extension of gospin's trails. SPIN's own trails end in
// .trail; gospin's format is its own, so that spin -t does not read one
// of gospin's as a trail of no steps, they are named apart.
const Ext = ".gtrail"

// Name returns the file name of the n-th trail (n = 0 for the first) of
// a model, for property prop (empty when the model has at most one):
// model.pml.gtrail, model.pml1.gtrail, model.pml2.gtrail, ... with SPIN's
// numbering; with a property model.pml.NAME.gtrail, model.pml1.NAME.gtrail.
func Name(model, prop string, n int) string {
	s := model
	if n > 0 {
		s += strconv.Itoa(n)
	}
	if prop != "" {
		s += "." + prop
	}
	return s + Ext
}

// OldName is the name gospin gave the same trail before it had names of
// its own (SPIN's: model.pml.trail, model.pml1.trail; with a property
// model.pml.NAME.trail, model.pml.NAME1.trail); trails under it are still
// read.
func OldName(model, prop string, n int) string {
	s := model
	if prop != "" {
		s += "." + prop
	}
	if n > 0 {
		s += strconv.Itoa(n)
	}
	return s + ".trail"
}

// Path returns the name of the n-th trail of a model without a property
// name: Name(model, "", n).
func Path(model string, n int) string { return Name(model, "", n) }

// IsGospin reports whether the file at path starts as a gospin trail
// does ("# gospin trail"), rather than being one of SPIN's.
func IsGospin(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, 14)
	n, _ := io.ReadFull(f, buf)
	return string(buf[:n]) == "# gospin trail"
}
