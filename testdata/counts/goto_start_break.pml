/* A proctype that starts with a labelled goto, and a labelled break.
   SPIN 6.5.2, safety_plain and spin -a: 10 stored, 10 transitions, errors: 0
   (gospin before: 8, 8). */
byte x;
active proctype P() {
end:	goto L;
L:	do
	:: x < 2 -> x++
	:: x == 2 -> endx: break
	od;
	x = 5
}
