/* rendezvous partners found through the engine's per-state index
   (engine/rvindex.go): channels passed as parameters and picked from
   arrays, several receivers offered on one channel, receives that match a
   constant field, a d_step opened by a receive, a provided clause, and
   sends on a buffered channel beside them.
   SPIN 6.5.2 (oracle.sh: spin -o1 -o2 -o3 -a; gcc -O2 -DSAFETY -DNOREDUCE;
   ./pan -m100000 -E -A): 273 states, 463 transitions, 3 atomic steps; a
   plain ./pan -m100000: 1 error, invalid end state (init waits at b?_). */
chan a[3] = [0] of { byte, byte };
chan b = [1] of { byte };
byte sum, turn;

proctype Relay(chan in; chan out; byte k) {
	byte x, y;
end:	do
	:: in?x,y -> out!x+k,y
	:: in?eval(k),y -> b!y
	od
}

proctype Sink(chan in) provided (turn < 3) {
	byte x, y;
end:	do
	:: in?x,y -> sum = sum + x
	:: d_step { in?x,0 -> sum++; turn++ }
	od
}

init {
	atomic {
		run Relay(a[0], a[1], 1);
		run Relay(a[1], a[2], 2);
		run Sink(a[2]);
		run Sink(a[2]);
	}
	a[0]!0,0; a[0]!1,1; a[0]!2,0;
	b?_
}
