/* SPIN 6.5.2: spin -o1 -o2 -o3 -a counters_err.pml && gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c && ./pan -m100000
   pan:1: assertion violated (a<200) (at depth 1530); errors: 1, 1531
   states stored, 1531 transitions (the first path raises a, b and c to
   255 before the assertion is tried). */
/* counters.pml with an assertion that fails in every state where a is
   200 or more: the depth-first search finds the first violation early,
   at the end of its first path, and millions more after it, so with -c0
   it goes on after the first error for a long time (the interrupted
   search's trail test). */
byte a, b, c;

active proctype P() {
end:	do
	:: a < 255 -> a++
	:: b < 255 -> b++
	:: c < 255 -> c++
	:: assert(a < 200)
	od
}
