/* SPIN's data-flow graph has no edge to an if or do option that starts with
   false (pangen5.c, ana_seq: "a dead link"), so the read of `a` behind it
   does not keep `a` alive: after `a = 1` and `a = 2`, `a` is dead (the next
   statement on every other path writes it) and is reset to 0.
   SPIN 6.5.2 (gcc -DSAFETY -DNOREDUCE; ./pan -m100000): spin -o3 -a: 9
   states stored, 11 transitions; spin -a: 7, 9; spin -o1 -o2 -o3 -a: 13, 15
   (gospin before: 13, 15 with spin -o3's options; 9, 11 with spin -a's). */
byte g;
active proctype P() {
	byte a;
	if :: a = 1 :: a = 2 fi;
	if :: false -> printf("%d\n", a) :: skip fi;
	a = 3;
	if :: a = 1 :: a = 2 fi;
	do :: false -> printf("%d\n", a) :: break od;
	a = 3;
	g = a
}
