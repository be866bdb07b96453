/* A lost update: two processes increment n through a local copy, so n
 * may end at 1 and the assertion fails; the ltl property fails with it.
 *
 * SPIN 6.5.2, in a scratch directory:
 *   spin -o1 -o2 -o3 -a lost.pml && gcc -O0 -DSAFETY -DNOREDUCE -DNOCLAIM -o pan pan.c && ./pan -m10000
 *     pan:1: assertion violated (n==2) (at depth 9); 25 states stored,
 *     4 matched, 29 transitions, errors: 1
 *   spin -a lost.pml && gcc -O0 -DSAFETY -DNOCLAIM -o pan pan.c && ./pan
 *     pan:1: assertion violated (n==2) (at depth 9); 25 stored, 3 matched,
 *     28 transitions, errors: 1
 *   spin -a lost.pml && gcc -O0 -o pan pan.c && ./pan -a
 *     pan:1: assertion violated (n==2) (at depth 19); 18 states stored
 *     (26 visited), 7 matched, 33 transitions, errors: 1
 */
byte n, done;
active [2] proctype inc() { byte t; t = n; t++; n = t; done++ }
active proctype check() { done == 2 -> assert(n == 2) }
ltl finish { <> (n == 2) }
