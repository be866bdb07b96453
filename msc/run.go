package msc

import (
	"fmt"
	"path/filepath"

	"github.com/gospin/gospin/simulate"
)

// Start makes the run of the model in path, with options opt, draw its
// message sequence chart into file (nothing when file is ""): it sets
// opt's Observer and Snapshots. The function returned writes the chart
// once the run is over; a run that did not happen (no result, or a trail
// that does not fit the model) draws none.
func Start(file, path string, opt *simulate.Options) func(*simulate.Result) error {
	if file == "" {
		return func(*simulate.Result) error { return nil }
	}
	chart := NewBuilder(Title(path, opt))
	opt.Observer, opt.Snapshots = chart, true
	return func(res *simulate.Result) error {
		if res == nil || res.End == simulate.TrailMismatch {
			return nil
		}
		return WriteFile(file, chart.Trace(), Options{})
	}
}

// Title is the title of the chart of a run of the model in path with
// options opt: the trail replayed, the interactive run, or the seed.
func Title(path string, opt *simulate.Options) string {
	path = filepath.Base(path)
	switch opt.Mode {
	case simulate.Replay:
		if opt.Trail != nil && opt.Trail.Headers["property"] != "" {
			return fmt.Sprintf("%s: trail of property %s", path, opt.Trail.Headers["property"])
		}
		return path + ": trail"
	case simulate.Interactive:
		return path + ": interactive simulation"
	}
	return fmt.Sprintf("%s: random simulation, seed %d", path, opt.Seed)
}
