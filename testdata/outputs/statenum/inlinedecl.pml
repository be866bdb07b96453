/* SPIN's state numbers: an inline that declares a local, called twice
   (each expansion has its own elements), and a select over more than 33
   values, which SPIN's lexer writes as a loop (pan -d) */
inline twice(v) {
	int t;
	t = v * 2;
	v = t
}
int a = 1, b = 2, i;
active proctype P() {
	twice(a);
	twice(b);
	select (i : 1 .. 40);
	a = a + b + i
}
