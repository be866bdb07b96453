package parsearch

// SetWindow sets the number of frames that keep their successors (for the
// tests); it returns a function that restores it.
func SetWindow(n int) func() {
	old := window
	window = n
	return func() { window = old }
}
