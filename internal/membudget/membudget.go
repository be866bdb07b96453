package membudget

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Limit is one bound on the memory of the process.
type Limit struct {
	Source string // "physical memory", "cgroup", "ulimit -v"
	Bytes  int64  // the bound itself
	Budget int64  // what a search may use under it
}

// arena is the granularity in which the Go runtime maps its heap on
// 64-bit Linux.
const arena = 64 << 20

// Limits lists the bounds found on this machine (none where none is
// known).
func Limits() []Limit {
	var out []Limit
	if n := physical(); n > 0 {
		out = append(out, Limit{Source: "physical memory", Bytes: n, Budget: n / 10 * 8})
	}
	if n := cgroup(); n > 0 {
		out = append(out, Limit{Source: "cgroup memory limit", Bytes: n, Budget: n / 10 * 8})
	}
	if cur, ok := addressLimit(); ok {
		lim := cur
		free := lim - vmSize()
		b := free/10*9 - arena
		if b < 16<<20 {
			b = 16 << 20
		}
		out = append(out, Limit{Source: "ulimit -v", Bytes: lim, Budget: b})
	}
	return out
}

// Guard returns a check to make before a large allocation of extra bytes
// (a new arena of the state store, a larger hash table): false when the
// allocation would take the process's virtual size within one heap arena
// and a margin of its address-space limit (ulimit -v), where the Go
// runtime would die mapping its next arena. It reads the present size
// (VmSize) at each call; it is nil when there is no such limit.
func Guard() func(extra int64) bool {
	lim, ok := addressLimit()
	if !ok {
		return nil
	}
	return func(extra int64) bool {
		return vmSize()+extra+arena+lim/50 <= lim
	}
}

// Budget returns the lowest budget of Limits and the limit it comes from
// (Bytes 0 when no bound is known).
func Budget() Limit {
	var best Limit
	for _, l := range Limits() {
		if best.Bytes == 0 || l.Budget < best.Budget {
			best = l
		}
	}
	return best
}

// String describes l for the report: "ulimit -v 976 MB".
func (l Limit) String() string {
	return fmt.Sprintf("%s %d MB", l.Source, l.Bytes>>20)
}

// cgroup is the memory limit of the process's cgroup (v2 memory.max or
// v1 memory.limit_in_bytes), 0 if none.
func cgroup() int64 {
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return 0
	}
	var v1, v2 string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.SplitN(sc.Text(), ":", 3)
		if len(f) != 3 {
			continue
		}
		if f[0] == "0" && f[1] == "" {
			v2 = f[2]
		}
		for _, c := range strings.Split(f[1], ",") {
			if c == "memory" {
				v1 = f[2]
			}
		}
	}
	var best int64
	try := func(path string) {
		if n := readLimit(path); n > 0 && (best == 0 || n < best) {
			best = n
		}
	}
	if v2 != "" {
		try("/sys/fs/cgroup" + v2 + "/memory.max")
	}
	try("/sys/fs/cgroup/memory.max")
	if v1 != "" {
		try("/sys/fs/cgroup/memory" + v1 + "/memory.limit_in_bytes")
	}
	try("/sys/fs/cgroup/memory/memory.limit_in_bytes")
	return best
}

// readLimit reads a cgroup limit file: a number of bytes, or "max" (or a
// huge number) for none.
func readLimit(path string) int64 {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil || n <= 0 || n >= 1<<60 {
		return 0
	}
	return n
}

// vmSize is the process's virtual size (VmSize of /proc/self/status), the
// quantity RLIMIT_AS bounds.
func vmSize() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmSize:"); ok {
			f := strings.Fields(v)
			if len(f) >= 1 {
				n, _ := strconv.ParseInt(f[0], 10, 64)
				return n << 10
			}
		}
	}
	return 0
}
