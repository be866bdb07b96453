/* A never claim that keeps moving after every process has terminated. pan
   alternates a claim move (not stored) with a system move; when the system
   cannot move the claim moves in its place (a stutter step), and the state
   so reached is stored with the system still to move: if it is new, each of
   its successors is one more claim move, not two.
   SPIN 6.5.2: spin -o1 -o2 -o3 -a; gcc -DSAFETY -DNOREDUCE; ./pan -m100000:
   5 states stored, 8 matched, 13 transitions, errors: 0
   (gospin before: 5 stored, 10 matched, 15 transitions). */
active proctype p() { skip }
never {
S0:	if
	:: true -> goto S1
	:: true -> goto S0
	fi;
S1:	if
	:: true -> goto S0
	:: true -> goto S1
	fi
}
