// A break out of a do whose next statement is a d_step: SPIN refuses the model ("jump into
// d_step sequence": the break is a goto to the d_step's first statement, flow.c cross_dsteps);
// gospin accepts it. GenerateSpin places no d_step after a compound statement; the old
// generator (randmodel.Generate) writes such models.
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 m.pml
// spin: rejected|-|0|0
// gospin at main 05a84a6: | errors: 0 | 8 stored, 0 matched, 8 transitions
// mode: safety
// (open until promela/check/dstepjump.go: SPIN's cross_dsteps rule)
// status: agrees
byte x;
active proctype P() {
	do
	:: x < 2 -> x++
	:: x == 2 -> break
	od;
	d_step { x = 0; x = 1 }
}
