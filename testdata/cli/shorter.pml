/* pan's -i and -I: the first error the depth-first search finds is 41
 * steps deep; the shortest is 7 steps deep (x reaches 3, then breaks).
 *
 * SPIN 6.5.2: spin -a shorter.pml && gcc -O0 -DSAFETY -o pan pan.c
 *   ./pan      pan:1: assertion violated ((x!=3)&&(x<10)) (at depth 41),
 *              42 states stored, 42 transitions
 *   ./pan -i   errors: 12, reducing the depth limit after each; the last
 *              trail (spin -t) has 8 steps, ending with x = 3
 *   ./pan -I   "reducing search depth to 20", then "to 3"; errors: 2, the
 *              last trail has 8 steps
 */
byte x;
active proctype P() {
	do
	:: x < 20 -> x++
	:: x >= 3 -> break
	od;
	assert(x != 3 && x < 10)
}
