/* A non-progress cycle that the reduced search finds only with the cycle
   proviso. B starts at a progress label and leaves it once; A loops on
   its own variable for ever. The cycle without progress is A's loop after
   B has left the label. A's steps are safe and do not change np_ (A has no
   progress label), so A alone is an ample set everywhere: without the
   stack proviso the search follows A's loop back to the initial state,
   B never moves, np_ stays false, and no cycle is found. */
active proctype A() {
	byte l;
	do
	:: l = 1 - l
	od
}

active proctype B() {
progress:
	skip;
	do
	:: false
	od
}
