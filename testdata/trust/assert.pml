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
