// pan -a and gospin -a both stop at an acceptance cycle at depth 8, but pan has stored 12
// states (14 transitions) by then, gospin 9 (11). Not analysed further: the order in which
// the nested searches run, or what pan counts as stored during them (complete searches
// agree on the corpus's acc_noreduce rows).
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DNOREDUCE -o pan pan.c; ./pan -a -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 -a m.pml
// pan: acceptance cycle
// spin: fail|acceptance cycle|12|14
// gospin at main 05a84a6: gospin: acceptance cycle (at depth 8) | errors: 1 | 9 stored, 2 matched, 11 transitions
// mode: acc
// Explained (docs/spin-semantics.md, Q3): pan's early cycle check on a match with the DFS
// stack looks at the acceptance of the state entered and of the frame before it; after a
// rendezvous that frame is the handshake's intermediate state (the sender moved), not the
// accepting state the handshake left. pan's trace (-DCHECK): from accepting state 8, qr! then
// qr?l0 reach stack state 4, no cycle reported; gospin, whose handshake is one step from the
// accepting state, reports that cycle there. The verdict is the same; pan finds a cycle later.
// known: fail|acceptance cycle|9|10
// status: known
byte g0;
byte ga[3];
chan qb = [2] of { byte };
chan qr = [0] of { byte };
active proctype P0() {
	byte l0, l1;
	l0 = (l1 + g0) % 3;
	do
	:: l1 = (ga[l1] + 1) % 3;
		qb!0
	:: qr?l0
	od
}
init {
	byte l0, l1;
accept_1:
	do
	:: qr!(l0 + l1) % 3;
		qb?l0
	od
}
