/* The ignoring problem on the product with a claim, breadth-first. A
   loops on its own variable for ever; B sets done once, which violates
   the invariant. A's steps are safe and invisible, so A alone is an ample
   set everywhere: without the queue proviso the search goes round A's
   loop, B never moves, and the claim never ends. With it, A's step back
   to the already expanded initial state is refused and the state is
   expanded fully. The second property is not an invariant and is
   checked against the closure of its claim's runs and end: the same
   loop, the same need. */
byte done;

active proctype A() {
	byte l;
	do
	:: l = 1 - l
	od
}

active proctype B() {
	done = 1
}

ltl inv { [] (done == 0) }
ltl next { [] (done == 0 -> X (done == 0)) }
