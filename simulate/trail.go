package simulate

import "github.com/gospin/gospin/trail"

// Trail is a trail to replay (package trail's): the steps (pid, static
// transition, index among the successors with that pid and transition)
// and where a cycle starts (-1: none).
type Trail = trail.Trail

// ReadTrailFile reads the trail at path.
func ReadTrailFile(path string) (*Trail, error) { return trail.ReadFile(path) }
