// A body that is only a label (`progress_2: }`): SPIN gives the label an implicit skip
// (state 1 -(1)-> state 2 -end-) and the process ends; gospin leaves the process at the
// label with nothing to execute and reports an invalid end state (a wrong verdict).
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 m.pml
// spin: pass|-|3|3
// gospin at main 05a84a6: gospin: invalid end state (at depth 0) | errors: 1 | 1 stored, 0 matched, 1 transitions
// mode: safety
// (open until a label with no statement after it became a labelled skip, as in spin.y)
// status: agrees
active proctype P0() {
progress_2:
}
