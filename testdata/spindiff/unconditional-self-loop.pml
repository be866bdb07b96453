// A do option that is only skip: pan refuses to search ("has unconditional self-loop",
// exit 1, pangen2.h); gospin searches it and passes.
// It should refuse it with pan's rule (a transition from a state to itself that is (1)).
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 m.pml
// pan refuses it: error: proctype 'P' line 4, state 3: has unconditional self-loop
// spin: rejected|-|0|0
// gospin at main 05a84a6: | errors: 0 | 2 stored, 3 matched, 5 transitions
// mode: safety
// (open until automata.CheckSelfLoops: gospin verify refuses it as pan does)
// status: agrees
byte x;
active proctype P() {
	do
	:: skip
	:: x = 1 - x
	od
}
