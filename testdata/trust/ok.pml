/* Two processes add to a shared counter in atomic steps; the final
   assertion holds. No error: gospin verify exits 0, search complete. */
byte n;
byte done;

active [2] proctype P() {
	byte i;
	do
	:: i < 3 -> atomic { n++; i++ }
	:: else -> break
	od;
	atomic { done++; if :: done == 2 -> assert(n == 6) :: else fi }
}
