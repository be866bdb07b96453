/* The dead-variable pattern of issue 19 item 4 with three processes: each
   makes six two-way choices on four short locals of its own, then adds one
   of them to one of four globals. With dead-variable reset on (the
   default), reduction must stay as strong as pan's.
   SPIN 6.5.2: spin -a m.pml; gcc -O2 -DSAFETY -o pan pan.c; ./pan:
   42165 states stored, 97497 transitions, errors: 0
   (gospin before the dead-variable fixes: 111,874 states). */
short g0, g1, g2, g3;
active proctype P() {
	short a, b, c, d;
	if :: a = 1 :: b = 2 fi;
	if :: b = 2 :: c = 3 fi;
	if :: c = 3 :: d = 4 fi;
	if :: a = 1 :: b = 2 fi;
	if :: b = 2 :: c = 3 fi;
	if :: c = 3 :: d = 4 fi;
	if :: g0 = g0 + a :: g1 = g1 + b :: g2 = g2 + c :: g3 = g3 + d fi
}
active proctype Q() {
	short a, b, c, d;
	if :: a = 1 :: b = 2 fi;
	if :: b = 2 :: c = 3 fi;
	if :: c = 3 :: d = 4 fi;
	if :: a = 1 :: b = 2 fi;
	if :: b = 2 :: c = 3 fi;
	if :: c = 3 :: d = 4 fi;
	if :: g0 = g0 + a :: g1 = g1 + b :: g2 = g2 + c :: g3 = g3 + d fi
}
active proctype R() {
	short a, b, c, d;
	if :: a = 1 :: b = 2 fi;
	if :: b = 2 :: c = 3 fi;
	if :: c = 3 :: d = 4 fi;
	if :: a = 1 :: b = 2 fi;
	if :: b = 2 :: c = 3 fi;
	if :: c = 3 :: d = 4 fi;
	if :: g0 = g0 + a :: g1 = g1 + b :: g2 = g2 + c :: g3 = g3 + d fi
}
