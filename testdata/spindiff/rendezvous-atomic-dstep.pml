// An atomic that opens with a rendezvous send and then receives on the same channel
// (P1, no partner), beside a d_step (P2): pan -a stores 13 states (26 visited), gospin 6 (12).
// The safety state spaces differ as well (pan -E: 13 states, 18 transitions; gospin -E: 6, 8),
// hidden in the default safety search, which stops at the invalid end state with 4 states in
// both. Without the d_step, or with l0 = 1 in place of the receive, they agree.
// Cause: P2's d_step opens with an assert, which pan runs while P1's rendezvous offer is
// pending (see dstep-assert-during-rendezvous.pml).
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DNOREDUCE -o pan pan.c; ./pan -a -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 -a m.pml
// spin: pass|-|13|41
// gospin at main 05a84a6: | errors: 0 | 6 stored, 6 matched, 18 transitions
// mode: acc
// Known (docs/spin-semantics.md, Q1): the d_step quirk above; gospin keeps the handshake one step.
// known: pass|-|6|18
// status: known
byte g0, g1;
chan qr = [0] of { byte };
active proctype P0() {
	byte l0;
accept_1:
	g1 = l0
}
active proctype P1() {
	byte l0;
	atomic { qr!l0; qr?l0 }
}
active proctype P2() {
	d_step { assert(g1 != 2) }
}
