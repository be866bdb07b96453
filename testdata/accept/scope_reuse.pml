// Probe (issue 18, item 1): SPIN 6's block scopes let sibling blocks,
// atomic and d_step bodies, a declaration after a block, and each
// expansion of an inline reuse a name (a name visible where it is
// declared may not be declared again: see testdata/bad/name_redeclared_*).
// SPIN 6.5.2, safety_plain: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000 (oracle.sh)
// pan: states=15 transitions=15 errors=0
byte r;
inline add(v) { byte t = v; r = r + t }
active proctype P() {
	{ byte y = 5; r = y };
	{ byte y = 6; r = r + y };
	atomic { byte z = 1; r = r + z };
	d_step { byte z = 2; r = r + z };
	add(1); add(2);
	byte y = 7;
	r = r + y;
	assert(r == 24)
}
