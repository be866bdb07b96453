//go:build !unix

package frontend

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
