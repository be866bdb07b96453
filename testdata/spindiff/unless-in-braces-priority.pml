// Nested unless wrapped in braces, `{ { {A} unless {B} } unless {C} }`: pan -d lists P1's
// transitions as B (inner escape), C (outer escape), A; without the outer braces it lists
// C, B, A and agrees with gospin (3 states). With the braces pan explores 7 states (pan -E
// also 7), gospin 3: SPIN's escape priority depends on the braces. Unclear whether this is
// a SPIN quirk to match or a SPIN bug; recorded.
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 m.pml
// pan: invalid end state
// spin: fail|invalid end state|7|7
// gospin at main 05a84a6: gospin: invalid end state (at depth 2) | errors: 1 | 3 stored, 0 matched, 3 transitions
// mode: safety
// Known (docs/spin-semantics.md, Q2): pan's escape order here depends on the order in which
// its start-up code visits the states; gospin gives outer escapes priority, as SPIN's manual says.
// known: fail|invalid end state|3|3
// status: known
byte g0, g1;
chan qb = [2] of { byte };
active proctype P0() {
	qb!2
}
active proctype P1() {
	byte l0, l1;
	{
		{
			{ (g0 == 2) } unless { qb?l0 }
		} unless {
			qb?l1
		}
	};
	(l0 >= 2)
}
