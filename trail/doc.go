// Package trail reads and writes gospin's counterexample trails.
//
// A trail is a plain-text file, by default next to the model as
// MODEL.gtrail (then MODEL1.gtrail, MODEL2.gtrail, ... for further errors,
// numbered as SPIN numbers its trails; see Name). The format is gospin's
// own, not SPIN's, hence the extension: spin -t does not read it. Its
// format:
//
//	# gospin trail 1
//	# model: examples/bad.pml
//	# error: assertion violated (x < 3)
//	# at: examples/bad.pml:12:3
//	0:1:4:0
//	1:0:2:0
//	-1:-1:-1:-1
//	2:1:5:0
//
// Lines starting with '#' are comments; "key: value" comments are kept as
// headers. Every other line is one step, STEP:PID:GROUP:K: the step
// number from 0, the pid of the process that moved, the static transition
// it executed (an index into the model's transition groups, as `gospin
// graph` shows them) and K, which of that transition's successors it took
// when it has several (normally 0). The line -1:-1:-1:-1 marks where the
// cycle of a liveness counterexample begins.
package trail
