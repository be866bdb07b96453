/* SPIN's state numbers: d_step, { } block, inline called twice, a
   declaration after the first statement, a do that starts an option */
inline bump(v) { v = v + 1; v = v * 2 }
byte g;
active proctype P() {
	byte a;
	a = 1;
	bump(a);
	d_step { a = a + 1; g = a };
	{ g++; g-- };
	byte b = 3;
	bump(b);
	if
	:: do
	   :: b > 0 -> b--
	   :: else -> break
	   od
	:: g > 100 -> g = 0
	fi;
	g = a + b
}
init {
	int i;
	i = 2;
	do
	:: i > 0 -> i--; printf("%d\n", i)
	:: i == 0 -> goto done
	od;
done:	skip
}
