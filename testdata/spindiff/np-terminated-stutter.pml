// pan -l after every process has ended: pan's non-progress claim stutters on (pan 5
// stored, 3 matched, 10 transitions; gospin 5, 2, 9).
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DNP -DNOREDUCE -o pan pan.c; ./pan -l -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 -l m.pml
// spin: pass|-|5|10
// gospin at main 05a84a6: | errors: 0 | 5 stored, 2 matched, 9 transitions
// mode: np
// (open until pan's non-progress claim stuttered where the system cannot move: search/npstutter.go)
// status: agrees
byte x; active proctype p() { x = 1 }
