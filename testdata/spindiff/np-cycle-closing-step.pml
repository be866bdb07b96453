// pan -l stopping at a non-progress cycle: gospin counts the step that closes the cycle
// (1 matched, 1 transition more than pan: pan 3 stored, 0 matched, 3 transitions).
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DNP -DNOREDUCE -o pan pan.c; ./pan -l -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 -l m.pml
// pan: non-progress cycle
// spin: fail|non-progress cycle|3|3
// gospin at main 05a84a6: gospin: non-progress cycle (at depth 3) | errors: 1 | 3 stored, 1 matched, 4 transitions
// mode: np
// (open until the search stopped counting the step that closes the cycle found, as pan: uerror, goto Up)
// status: agrees
byte x; active proctype p() { do :: x = 1 - x od }
