/* an assertion that fails on some interleavings (a lost update) */
byte x;
byte done;

active [2] proctype Inc() {
	byte t;
	t = x;
	x = t + 1;
	done++
}

init {
	(done == 2);
	assert(x == 2)
}
