package simulate

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/gospin/gospin/trail"
)

// Trail is a trail to replay: the steps (pid, static transition, index
// among the successors with that pid and transition) and where a cycle
// starts (-1: none).
type Trail struct {
	Headers    map[string]string
	Steps      []trail.Step
	CycleStart int
}

// ReadTrail parses a trail in the format of package trail. Unlike
// trail.Read it accepts negative pids and transitions, which the search
// writes for steps that are no statement of a process: a lost atomic
// sequence (transition -1) and a never claim that moves alone (pid -1).
func ReadTrail(r io.Reader, name string) (*Trail, error) {
	t := &Trail{Headers: map[string]string{}, CycleStart: -1}
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
				t.Headers[k] = v
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
		if n[3] < 0 {
			return nil, fmt.Errorf("%s:%d: negative successor index", name, line)
		}
		t.Steps = append(t.Steps, trail.Step{Pid: n[1], Group: n[2], K: n[3]})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return t, nil
}

// ReadTrailFile reads the trail at path.
func ReadTrailFile(path string) (*Trail, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadTrail(f, path)
}

// FromTrail converts a trail of package trail.
func FromTrail(t *trail.Trail) *Trail {
	return &Trail{Headers: t.Headers, Steps: t.Steps, CycleStart: t.CycleStart}
}
