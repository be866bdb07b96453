package engine

// NumProcs is the number of processes (not counting a never claim) in
// state s. Weak fairness (search.Options.Fair) needs it.
func (e *Engine) NumProcs(s []byte) int {
	if len(s) <= hdrNProc {
		return 0
	}
	return int(s[hdrNProc])
}
