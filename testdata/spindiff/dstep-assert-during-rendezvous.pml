// A d_step that opens with an assert (or printf: any statement dstep.c's guard code leaves
// to its default case) runs while a rendezvous offer is pending: SPIN's dstep.c emits no
// boq == -1 test for it (it does for conditions, sends, else and assignments). pan's trail:
// P1 qr!0, then proc 1's and proc 0's d_steps, then proc 1 qr?l1. pan stops at the invalid
// end state with 2 states stored, gospin (which lets only the receive answer the offer)
// with 4. A SPIN quirk (the handshake is no longer one step); gospin could copy it.
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 m.pml
// pan: invalid end state
// spin: fail|invalid end state|2|2
// gospin at main 05a84a6: gospin: invalid end state (at depth 3) | errors: 1 | 4 stored, 0 matched, 4 transitions
// mode: safety
// Known (docs/spin-semantics.md, Q1): a SPIN bug that gospin does not copy.
// known: fail|invalid end state|4|4
// status: known
chan qr = [0] of { byte };
active [2] proctype P0() {
	byte l1;
	d_step { assert(true) };
	qr?l1
}
active proctype P1() {
	byte l0;
	qr!0;
	l0 == 1
}
