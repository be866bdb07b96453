/* SPIN marks only the last element of an atomic sequence L_ATOM (flow.c
   make_atomic): for an if or a do that ends the sequence, its exit target,
   never the last statement of an option. So a jump chain stops at an
   ending if's exit (P: the inner if's exit stays a step on its way to the
   outer if's), and an inner do whose exit leads to an option's last
   statement is shortened (Q). safety_plain (spin -o1 -o2 -o3 -a; gcc
   -DSAFETY -DNOREDUCE): 10 states, 4 matched, 14 transitions, 75 atomic
   steps; gospin counted 78 atomic steps before. */
byte x, y, u, v;
active proctype P() {
	atomic {
		x = 1;
		if
		:: x == 1 -> y = 1; if :: y == 1 -> x = 2 :: else -> x = 3 fi
		:: else -> y = 2
		fi
	};
	x = 5
}
active proctype Q() {
	atomic {
		u = 1;
		do
		:: u < 3 -> v = 1; do :: v < 3 -> v++ :: else -> break od; u++
		:: else -> break
		od
	}
}
