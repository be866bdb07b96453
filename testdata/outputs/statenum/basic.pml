/* SPIN's state numbers: if, do, break, else, atomic, goto (pan -d) */
byte x;
active proctype P() {
	x = 1;
	if
	:: x == 1 -> x = 2
	:: else -> x = 3
	fi;
	do
	:: x < 5 -> x++
	:: x >= 5 -> break
	od;
	atomic { x = 7; x = 8 };
L:	x = 9;
	goto L
}
