// pan -l where the system ends up blocked (P0 in a do with no executable option, the W's
// done): pan's claim stutter step there reaches new product states, so pan stores more
// states (17) than gospin (14); the same cause as np-blocked-stutter.pml.
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DNP -DNOREDUCE -o pan pan.c; ./pan -l -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 -l m.pml
// spin: pass|-|17|29
// gospin at main 05a84a6: | errors: 0 | 14 stored, 6 matched, 23 transitions
// mode: np
// With the stutter (search/npstutter.go) and pan's rule that the claim does not move inside an
// atomic sequence (search/npatomic.go: P0's atomic runs W, which starts at its progress label)
// gospin stores pan's 17 states; it still counts 32 transitions (23 visited, 9 matched) where
// pan counts 29 (21, 8): its nested search visits 2 states more. Not analysed further.
// (agrees since pan's nested search starts only from accepting states it moved from: search/dfs.go, panMoved)
// status: agrees
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
