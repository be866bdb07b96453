// A label after the last statement of a body (`done: }`): SPIN gives it a state of its own
// (an implicit skip before the end), one more state than gospin.
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 m.pml
// spin: pass|-|4|4
// gospin at main 05a84a6: | errors: 0 | 3 stored, 0 matched, 3 transitions
// mode: safety
// (open until a label with no statement after it became a labelled skip, as in spin.y)
// status: agrees
byte g;
active proctype P0() {
	g = 1;
done:
}
