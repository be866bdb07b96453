/* Siegel, "What's wrong with on-the-fly partial order reduction" (CAV 2019),
   Fig. 3: the program of Fig. 1/2 with the automaton B2 as the never claim.
   B2 has the language of B1 (a nonempty finite run of !p, then p forever):
   from state 0 an odd run of !p goes through 0 -> 1, an even one through
   0 -> 2; state 3 is the sole accepting state. Its states 1 and 2 do not
   have stutter-invariant languages, and reduction chosen per product state
   (V1) misses the acceptance cycle when the search pushes (2, s) before
   (1, s): the option to S2 is listed first. */
bit p = 0;
active proctype p0() { p=1 }
active proctype p1() { bit x=0; do :: x=0 od }
never {
S0:	if
	:: !p -> goto S2
	:: !p -> goto S1
	fi;
S1:	if
	:: !p -> goto S2
	:: p -> goto accept_S3
	fi;
S2:	if
	:: !p -> goto S1
	fi;
accept_S3:
	do
	:: p
	od
}
