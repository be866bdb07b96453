// A global chan initialised with another (rendezvous) chan, received on at the start of an
// atomic: gospin leaves qk null (invalid channel at depth 1); pan passes with 5 states. The
// verdicts branch (16818fb) gives pan's figures.
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 m.pml
// spin: pass|-|5|5
// gospin at main 05a84a6: gospin: invalid channel (qk?l0) (at depth 1) | errors: 1 | 1 stored, 0 matched, 1 transitions
// mode: safety
// (a known disagreement until the fixes of issue 17 were merged)
// status: agrees
byte g;
chan qr = [0] of { byte };
chan qk = qr;
active proctype P0() {
	byte l0;
	atomic { qk?l0; g = l0 }
}
active proctype P1() {
	qr!1;
	g == 1
}
