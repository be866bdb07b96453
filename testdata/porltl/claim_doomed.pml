/* A never claim that moves to states from which it can only block later
   (doomed: neither its end nor an accepting cycle is reachable from
   them). Until it blocks, the system's assertions are checked along its
   run, as pan does ("if within scope of claim"): the assertion below
   fails while the claim is in doomed. A closure of the claim cut to the
   states with a future would block at once and miss it, with -a and
   without. */
byte x;

active proctype P() {
	x = 1;
	x = 2;
	assert(x == 0)
}

never {
S0:	do
	:: x == 5 -> break
	:: x == 1 -> goto doomed
	:: else
	od;
	goto fin;
doomed:
	x >= 1;
	x >= 1;
	false;
fin:
	skip
}
