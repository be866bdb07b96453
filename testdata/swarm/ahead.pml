/* ahead.pml: a swarm verification benchmark (gospin's own model).

   N workers each do R rounds; a round is a two-way choice of the next
   phase (a small state of 4 values) and a step of the worker's counter. A
   monitor flags the state where worker 0 has done all its rounds while the
   last worker has not begun. The state space is about ((R+1)*4)^N states
   (10^15 with N=6, R=100): no exhaustive search fits in memory. The error
   is at depth 322 (pan's count): reachable at once by a search that lets the lowest
   pid move first, but in SPIN's order (highest pid first) a depth-first
   search meets it only after it has exhausted every state in which the
   last worker moved, that is almost never. One search does not know which
   order is the good one; a swarm tries several (pan's -DP_REVERSE,
   -DP_RAND, -DT_RAND, ...) side by side.

   SPIN 6.5.2: spin -a ahead.pml, then
     gcc -O2 -DBITSTATE -DSAFETY -o pan pan.c; timeout -s INT 60 ./pan -k3 -w27 -m100000
       no error in 60 s: interrupted with 18,151,972 states stored,
       68,909,990 transitions, depth reached 1834, errors: 0;
     gcc -O2 -DBITSTATE -DSAFETY -DP_REVERSE -o pan pan.c; ./pan -k3 -w27 -m100000
       pan:1: assertion violated 0 (at depth 322): 303 states stored,
       303 transitions, depth reached 322, errors: 1.
   gospin verify -store bitstate -DP_REVERSE finds it with the same
   figures (303 states, depth 322); docs/swarm.md has the swarm's runs.
*/
#ifndef N
#define N 6
#endif
#ifndef R
#define R 100
#endif

byte cnt[N];
byte phase[N];

active proctype monitor() {
end:	(cnt[0] == R && cnt[N-1] == 0) -> assert(false)
}

proctype worker(byte id) {
	do
	:: cnt[id] < R ->
		if
		:: phase[id] = (phase[id] + 1) % 4
		:: phase[id] = (phase[id] + 3) % 4
		fi;
		cnt[id]++
	:: else -> break
	od
}

init {
	byte i;
	atomic {
		do
		:: i < N -> run worker(i); i++
		:: else -> break
		od
	}
}
