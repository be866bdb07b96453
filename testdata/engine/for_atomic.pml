/* a for loop that ends an atomic sequence: SPIN's loop is a do with the
   option "else -> break", whose exit stays two steps inside the atomic
   sequence (pan -d: "goto :b0", "break"). safety_plain (spin -o1 -o2 -o3
   -a; gcc -DSAFETY -DNOREDUCE): 4 states, 4 transitions, 12 atomic steps
   (gospin had 10 before it kept those steps). */
byte x;
int i;
active proctype P() {
	atomic { for (i : 1 .. 3) { x++ } };
	x = 9
}
