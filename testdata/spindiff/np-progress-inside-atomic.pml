// pan -l reads np_ only where the claim moves: before the first step of an atomic sequence,
// not in its middle (the claim does not move until the sequence ends). A progress label
// passed inside an atomic sequence is therefore no progress: pan reports a non-progress
// cycle. gospin moved its non-progress claim at every step, atomic ones included, so the
// claim saw the progress state and gospin passed (a wrong verdict: 2 stored, 4 transitions).
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DNP -DNOREDUCE -o pan pan.c; ./pan -l -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 -l m.pml
// pan: non-progress cycle
// spin: fail|non-progress cycle|2|2
// gospin before (fid branch, search/npatomic.go): pass|-|2|4
// mode: np
// status: agrees
byte x;
active proctype P() {
	do
	:: atomic { x = 1; progress: x = 2; x = 0 }
	od
}
