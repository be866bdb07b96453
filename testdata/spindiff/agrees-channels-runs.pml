// Agrees (a regression probe): channel variables assigned from others, a channel passed
// in a message and as a run parameter, run in a bounded loop, timeout, rendezvous, an end
// label.
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 m.pml
// spin: pass|-|149|289
// gospin at main 05a84a6: | errors: 0 | 149 stored, 140 matched, 289 transitions
// mode: safety
// status: agrees
chan qb = [2] of { byte };
chan qr = [0] of { byte };
chan qc = [1] of { chan };
byte got;
proctype W(chan c; byte v) {
	byte x;
	if
	:: c!v
	:: c?x -> got = x
	fi
}
active proctype P0() {
	chan mine = qb;
	byte i;
	do
	:: i < 2 -> run W(mine, i); i++
	:: i == 2 -> qc!qr; break
	od;
	qc?mine;
	if
	:: mine?i
	:: timeout
	fi
}
active proctype P1() {
	byte y;
	qr!1;
	end: qr?y
}
