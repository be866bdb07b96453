/* SPIN 6.5.2: spin -o1 -o2 -o3 -a ok.pml && gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c && ./pan -m100000
   errors: 0, 91 states stored, 163 transitions, depth reached 29. */
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
