// Two skips in a row in a do option: SPIN drops the second (flow.c check_sequence, for
// every if/do option, not only after unless): pan 8 states, gospin 12.
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 m.pml
// spin: pass|-|8|14
// gospin at main 05a84a6: | errors: 0 | 12 stored, 10 matched, 22 transitions
// mode: safety
// (a known disagreement until the fixes of issue 17 were merged)
// status: agrees
byte g0;
active [2] proctype P0() { g0 = 1 }
active proctype P1() {
	do
	:: skip;
		skip;
		if
		:: timeout
		fi
	od
}
