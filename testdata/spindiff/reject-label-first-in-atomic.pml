// A label on the first statement of an atomic: SPIN refuses the model (flow.c close_seq:
// "label L placed incorrectly", use "L: atomic { ... }"; spin exits 1). gospin accepts and
// verifies it. The same rule holds for d_step, unless and braces; on the first statement of an
// if/do option SPIN prints the error but goes on (spin exits 0, pan agrees with gospin).
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 m.pml
// spin: rejected|-|0|0
// gospin at main 05a84a6: | errors: 0 | 3 stored, 0 matched, 3 transitions
// mode: safety
// (open until promela/check/labelplace.go: SPIN's close_seq rule)
// status: agrees
byte x;
active proctype P() {
	atomic {
L:		x = 1;
		x = 2
	}
}
