/*
 * A worker that may count for ever without serving: ltl served_eventually
 * is violated by an acceptance cycle. Written for gospin's UI tests.
 *
 * SPIN 6.5.2: spin -a starve.pml && gcc -O0 -o pan pan.c && ./pan -a
 *   pan:1: acceptance cycle (at depth 0)
 *   State-vector 28 byte, depth reached 15, errors: 1
 *   8 states, stored; 8 transitions (= stored+matched)
 * gospin verify: acceptance cycle (at depth 9), 9 states stored (its own
 * depth count for cycles, and the claim's states as gospin builds it)
 */
byte n;
bool served;

active proctype worker()
{
	do
	:: n < 3 -> n++
	:: n == 3 -> n = 0
	:: n == 2 -> served = true; break
	od
}

ltl served_eventually { <> served }
