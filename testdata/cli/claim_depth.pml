/* pan counts a never claim's steps apart from the system's: the error
 * depth is 2N-1 for N steps of the product.
 *
 * SPIN 6.5.2: spin -a claim_depth.pml; gcc -O0 -DNOREDUCE -o pan pan.c
 *   ./pan      pan:1: assertion violated (x==4) (at depth 23)
 *   (without the never claim: spin -DNOCLAIM -a, pan compiled -DNP -DNOREDUCE:
 *   ./pan -l   pan:1: assertion violated (x==4) (at depth 23);
 *   compiled -DSAFETY -DNOREDUCE, ./pan: at depth 11)
 */
byte x;
active proctype P() { do :: x < 5 -> x++ :: x == 5 -> break od; assert(x == 4) }
#ifndef NOCLAIM
never { do :: true od }
#endif
