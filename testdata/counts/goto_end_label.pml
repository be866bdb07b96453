/* A goto that carries an end label is a state of its own in SPIN's
   automata (flow.c, add_el: a skip is put in front of the jump and takes
   the label), with statement merging on or off.
   SPIN 6.5.2: spin -o1 -o2 -o3 -a (or spin -a); gcc -DSAFETY -DNOREDUCE;
   ./pan -m100000: 7 states stored, 8 transitions, errors: 0
   (gospin before: 6 stored, 7 transitions). */
byte x;
active proctype P() {
S:	do
	:: x < 2 -> x++
	:: x == 2 -> break
	od;
end:	goto T;
T:	x = 0;
	goto S
}
