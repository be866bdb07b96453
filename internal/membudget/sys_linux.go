package membudget

import "syscall"

// addressLimit is the process's address-space limit (ulimit -v,
// RLIMIT_AS) in bytes; false when there is none.
func addressLimit() (int64, bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil || rl.Cur >= 1<<62 {
		return 0, false
	}
	return int64(rl.Cur), true
}

// physical is the machine's memory in bytes (0 if unknown).
func physical() int64 {
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err != nil {
		return 0
	}
	return int64(si.Totalram) * int64(si.Unit)
}
