/* SPIN 6.5.2: spin -o1 -o2 -o3 -a assert.pml && gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c && ./pan -m100000
   pan:1: assertion violated (n==5) (at depth 26); errors: 1, 17 states
   stored, 17 transitions. */
/* The same counter with a wrong expectation: the assertion fails. */
byte n;
byte done;

active [2] proctype P() {
	byte i;
	do
	:: i < 3 -> atomic { n++; i++ }
	:: else -> break
	od;
	atomic { done++; if :: done == 2 -> assert(n == 5) :: else fi }
}
