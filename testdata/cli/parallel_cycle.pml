/* gospin verify -a -j N (CNDFS, cmd/gospin TestVerifyWorkersAccept): an
   acceptance cycle and its trail, which must replay (gospin run -t).
   p moves x between 0 and 1 for ever while q counts y up to 3 and ends,
   so <> [] (x == 1) is violated.

   SPIN 6.5.2: spin -a parallel_cycle.pml; gcc -O0 -o pan pan.c;
   ./pan -a -m100000: pan:1: acceptance cycle (at depth 16), errors: 1,
   10 states, stored (11 visited), 12 transitions (= visited+matched),
   depth reached 19. The same with gcc -DNOREDUCE.
*/
byte x, y;

active proctype p() {
	do
	:: x = 1 - x
	od
}

active proctype q() {
	do
	:: y < 3 -> y++
	:: y == 3 -> break
	od
}

ltl stable { <> [] (x == 1) }
