// Probe (issue 18, item 1): an if or do option is no block in SPIN: a
// variable declared in an option is visible after fi (the checker opened a
// scope per option and refused the use).
// SPIN 6.5.2, safety_plain: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000 (oracle.sh)
// pan: states=11 transitions=11 errors=0
byte r;
active proctype P() {
	if
	:: true -> byte x = 1
	:: true -> byte y = 2
	fi;
	r = x + y;
	assert(r < 3)
}
