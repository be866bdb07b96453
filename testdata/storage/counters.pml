/*
 * counters.pml: four processes each count their x up to N and end. A
 * state space of exactly known size for the storage measurements
 * (docs/storage.md): each process has 2N+2 local states (its location
 * and x, with -o3: the loop's head for x = 0..N, after the guard x < N
 * for x = 0..N-1, after else), and processes die in reverse order of
 * creation, so with L = 2N+2 the
 * reachable states number 1 + L + L^2 + L^3 + L^4 = (L^5-1)/(L-1):
 * N=49 gives 101,010,101 states, N=88 gives 1,009,547,471 (about 10^9).
 * The depth stays small (at most 8N+8), so a depth-first search keeps a
 * short stack however many states there are.
 *
 * SPIN 6.5.2, pan's figures:
 *   spin -DN=3 -o1 -o2 -o3 -a counters.pml
 *   gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c && ./pan -m100000
 *     N=3: 4681 states, stored; 16385 transitions; depth reached 32; errors: 0
 *     N=5: 22621 states, stored; 82945 transitions; depth reached 48; errors: 0
 */
#ifndef N
#define N 5
#endif
active [4] proctype C() {
	byte x;
	do
	:: x < N -> x++
	:: else -> break
	od
}
