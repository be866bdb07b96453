/* A d_step that runs 400,001 statements before it ends is not an error (no step cap, as in pan).
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a dstep_long.pml
 *   gcc -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c; ./pan -m100000
 * pan: 4 states stored, 4 transitions, errors: 0
 */
int x;
active proctype A() { d_step { do :: x < 200000 -> x++ :: else -> break od }; x = 0 }
