/* Jumps that leave an atomic sequence are steps of their own in pan, and
   a chain of jumps that leads out of one is not shortened: P's break
   leaves the atomic sequence for its do's exit ("goto :b0"); in Q the
   inner if's exit (".(goto)") stays a step before "goto L" (dtp.pml's
   pattern), and in R the else option's if ends in a goto out of the
   sequence. safety_plain (spin -o1 -o2 -o3 -a; gcc -DSAFETY -DNOREDUCE):
   240 states, 667 transitions, 1326 atomic steps (pan -E); gospin counted
   918 atomic steps before. */
byte x, y, z;
active proctype P() {
	do
	:: atomic { x < 3 -> x++; break }
	:: x < 5 -> x = x + 2
	:: else -> break
	od
}
active proctype Q() {
L:	atomic {
		if
		:: y < 2 -> y++
		:: else -> y = 0
		fi;
		goto L
	}
}
active proctype R() {
M:	atomic {
		if
		:: z > 5 -> goto N
		:: else ->
			if
			:: z < 2 -> z++
			:: else -> z = z + 3
			fi;
			goto M
		fi
	};
N:	z = 0
}
