/* Dead-variable reset (SPIN's default; off with -o1): after `a = 1` in the
   first choice, `a` is not dead, since a path through the other options
   (`b = 2`, ...) reaches `g0 = g0 + a`; a write in one option of a branch
   does not hide a read reachable through another (pangen5.c, FSM_DFS).
   pan resets no variable in this model.
   SPIN 6.5.2: spin -a or spin -o3 -a; gcc -DSAFETY -DNOREDUCE;
   ./pan -m100000: 4643 states stored, 14681 transitions, errors: 0;
   the same with -o1 -o2 -o3 (gospin before: 4695 stored, 14126
   transitions with dead-variable reset on). */
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
