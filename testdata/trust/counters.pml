/* SPIN 6.5.2: spin -o1 -o2 -o3 -a counters.pml && gcc -O2 -DSAFETY -DNOREDUCE -DMEMLIM=6000 -o pan pan.c && ./pan -m100000 -w26
   errors: 0, 66,912,256 states stored (256^3 at the loop's head, and
   3*255*256^2 between a guard and its increment: -o3, no merging),
   1.0027008e+08 transitions, depth reached 1530, 2048.5 MB, 10 minutes
   on this machine under load. */
/* Three byte counters, each raised by one step at a time up to 255:
   256^3 = 16,777,216 reachable states and no error, with little memory
   per state. Big enough to outgrow a small memory budget, a time limit,
   or to be interrupted. */
byte a, b, c;

active proctype P() {
end:	do
	:: a < 255 -> a++
	:: b < 255 -> b++
	:: c < 255 -> c++
	od
}
