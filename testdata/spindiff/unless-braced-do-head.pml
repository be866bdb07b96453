// A do loop that opens the braced main sequence of an unless, `{ do ... od } unless { c }`:
// in pan the do's head is the unless's own state (pan -d: state 4 carries the escape and
// loops to itself), gospin has one more state and transition (pan -E 4 states, 6
// transitions; gospin -E 5, 7). `do ... od unless { c }` without the braces agrees, and so
// do the braces without unless. Found by a hand-written model (ag2 in the report); not fixed
// by the counts, verdicts or frontend branches.
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 m.pml
// spin: pass|-|4|6
// gospin at main 05a84a6: | errors: 0 | 5 stored, 2 matched, 7 transitions
// mode: safety
// (open until the lowering dropped the braces of an unless's main sequence, as flow.c do_unless does)
// status: agrees
byte g, h;
active proctype P0() {
	{
		do
		:: g = (g + 1) % 3
		:: g == 2 -> g = 1
		od
	} unless { h == 2 };
	g = 0
}
