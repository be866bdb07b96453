/* loop_data.pml with a property (cmd/gospin TestVerifyDefaultWeakProviso):
   the default (-j auto) gives the static proviso up on the acceptance
   search (CNDFS) too, with and without -f, and searches with one worker
   and the stack proviso: pan's 670 states with -a (gospin -j 2: 453,238).

   SPIN 6.5.2: spin -a loop_data_ltl.pml; gcc -O2 -o pan pan.c;
   ./pan -a -m100000: errors: 0, 670 states, stored (1340 visited),
   2977 transitions (= visited+matched), depth reached 104.
   ./pan -a -f -m100000: errors: 0, 670 states, stored (1250 visited),
   2131 transitions (= visited+matched), depth reached 104 (gospin -j 1
   -a -f stores 714: its fairness counter counts in another order,
   docs/por-ltl.md, "Weak fairness").
*/
byte done;
active [4] proctype P() {
	byte i;
	do
	:: i < 20 -> i = i + 2
	:: i < 20 -> i++
	:: else -> break
	od;
	done++
}
ltl p { <> (done == 4) }
