/* Labelled jumps: a progress goto, an accept goto inside an atomic sequence,
   and a goto with two end labels (the skip SPIN inserts takes the first
   label, the second stays on the jump).
   SPIN 6.5.2, safety_plain and spin -a: 15 stored, 15 transitions, errors: 0
   (gospin before: 13, 13). */
byte x;
active proctype P() {
	do
	:: x < 3 -> x++
	:: x == 3 -> break
	od;
progress: goto L;
L:	x = 0;
	atomic { x == 0 -> accept: goto M };
M:	x = 1;
end2: end3: goto N;
N:	skip
}
