// pan -l where the system ends up blocked (P0 in a do with no executable option, the W's
// done): pan's claim stutter step there reaches new product states, so pan stores more
// states (17) than gospin (14); the same cause as np-blocked-stutter.pml.
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DNP -DNOREDUCE -o pan pan.c; ./pan -l -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 -l m.pml
// spin: pass|-|17|29
// gospin at main 05a84a6: | errors: 0 | 14 stored, 6 matched, 23 transitions
// mode: np
// status: open
byte nrun;
proctype W() {
progress:
	skip
}
active proctype P0() {
	do
	:: atomic { nrun < 2 -> run W(); nrun++ }
	od
}
