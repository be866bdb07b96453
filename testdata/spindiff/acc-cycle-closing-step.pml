// pan -a stopping at an acceptance cycle: gospin counts the step that closes the cycle
// (1 matched, 1 transition more than pan: pan 2 stored, 0 matched, 2 transitions).
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DNOREDUCE -o pan pan.c; ./pan -a -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 -a m.pml
// pan: acceptance cycle
// spin: fail|acceptance cycle|2|2
// gospin at main 05a84a6: gospin: acceptance cycle (at depth 2) | errors: 1 | 2 stored, 1 matched, 3 transitions
// mode: acc
// (open until the search stopped counting the step that closes the cycle found, as pan: uerror, goto Up)
// status: agrees
byte x; active proctype p() { accept: do :: x = 1 - x od }
