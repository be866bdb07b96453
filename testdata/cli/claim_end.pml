/* a never claim that ends: pan counts its steps apart from the system's.
 *
 * SPIN 6.5.2: spin -a claim_end.pml; gcc -O0 -DNOREDUCE -o pan pan.c; ./pan
 *   pan:1: end state in claim reached (at depth 17)
 */
byte x;
active proctype P() { do :: x < 5 -> x++ :: x == 5 -> break od }
never { do :: x != 4 :: x == 4 -> break od }
