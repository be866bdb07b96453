/* One process that counts x round 0..3, sets y on one of two choices
 * and passes a progress label each time round: a non-progress search
 * (-l) of a model with a single process, where a reduction is the
 * identity and gospin searches pan's claim, not the SI normal form's
 * (verify.TestNonProgressOneProcess; docs/por-ltl.md, "Non-progress
 * cycles"). Before, gospin stored 33 states (the SI claim's product).
 *
 * SPIN 6.5.2: spin -a np_oneproc.pml && gcc -O2 -DNP -o pan pan.c && ./pan -l -m100000
 * pan: errors: 0, 32 states, stored (46 visited), 25 states, matched,
 * 71 transitions (= visited+matched)
 */
byte x, y;

active proctype counter()
{
	do
	:: x = (x + 1) % 4;
		if
		:: y = x; skip
		:: x < 2 -> y = 3 - x
		fi;
progress:	y--
	od
}
