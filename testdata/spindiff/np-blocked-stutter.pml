// pan -l in a state where no process can move: pan's non-progress claim still takes
// its (stutter) step, so the state is matched once more and one more transition is counted
// (pan 1 stored, 1 matched, 2 transitions; gospin 1, 0, 1). Not fixed by the counts branch
// (00f12b3 is about never claims after termination in safety searches).
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DNP -DNOREDUCE -o pan pan.c; ./pan -l -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 -l m.pml
// spin: pass|-|1|2
// gospin at main 05a84a6: | errors: 0 | 1 stored, 0 matched, 1 transitions
// mode: np
// (open until pan's non-progress claim stuttered where the system cannot move: search/npstutter.go)
// status: agrees
byte x; active proctype p() { x == 1 }
