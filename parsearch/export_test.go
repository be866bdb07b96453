package parsearch

// SetWindow sets the number of frames that keep their successors (for the
// tests), with drop's check of the frames below; it returns a function that restores it.
func SetWindow(n int) func() {
	old := window
	window, checkWindow = n, true
	return func() { window, checkWindow = old, false }
}

// WeakDen is weakDen, the fallbacks' share at which a worker
// gives the static proviso up.
const WeakDen = weakDen
