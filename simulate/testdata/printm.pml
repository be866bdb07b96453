/* printm of a named mtype (mtype:fruit) prints the name from that mtype's list;
   a constant or a typedef field uses the plain mtype's list (SPIN looks
   only at the variable's own declaration). Each printf/printm statement
   is indented once. printm.golden is spin 6.5.2's output (spin printm.pml). */
mtype:fruit = { apple, pear };
mtype = { a, b, c };
mtype:veg = { leek, kale, bean };
typedef box { mtype:veg inside; mtype:fruit fs[2] };
chan q = [1] of { mtype:fruit };
box bx;
init {
	mtype:fruit f = pear;
	mtype:veg v = bean;
	mtype m = c;
	mtype:fruit g;
	bx.inside = leek; bx.fs[1] = apple;
	printm(f); printf("\n");
	printm(v); printf("\n");
	printm(m); printf("\n");
	printm(pear); printf("\n");
	printm(bx.inside); printf("\n");
	printm(bx.fs[1]); printf("\n");
	q!apple; q?g; printm(g); printf("\n");
	printf("two\nlines\n")
}
