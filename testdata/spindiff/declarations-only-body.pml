// A body with declarations and no statement: SPIN's process has only its -end- state
// (pan -d: state 1 -(-end-)-> 0); gospin gives it one more state and transition.
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 m.pml
// spin: pass|-|2|2
// gospin at main 05a84a6: | errors: 0 | 3 stored, 0 matched, 3 transitions
// mode: safety
// (open until a body of declarations only became the -end- state alone)
// status: agrees
active proctype P2() {
	byte x
}
