// pan -a on a model without accept labels (nor claim) warns that -a has no effect and
// searches for safety errors, invalid end states included: pan fails (invalid end state);
// gospin prints the same warning but does not check end states and passes (wrong verdict).
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DNOREDUCE -o pan pan.c; ./pan -a -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 -a m.pml
// pan: invalid end state
// spin: fail|invalid end state|2|2
// gospin at main 05a84a6: | errors: 0 | 2 stored, 0 matched, 2 transitions
// mode: acc
// (open until -a without a claim or accept labels became a safety search, as in pan)
// status: agrees
byte g;
chan qr = [0] of { byte };
active proctype P0() {
	g = 1
}
active proctype P1() {
	byte l0;
	atomic { qr!1; qr?l0 }
}
