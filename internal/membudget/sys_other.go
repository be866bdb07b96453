//go:build !linux

package membudget

// addressLimit: outside Linux gospin reads no address-space limit (the
// budget then comes from the user's -mem options only).
func addressLimit() (int64, bool) { return 0, false }

// physical: unknown outside Linux.
func physical() int64 { return 0 }
