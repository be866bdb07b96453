typedef m { bit b; int x };
chan a[2] = [3] of { m };
chan b[2];
init {
	int i, j;
	m foo, goo;
	a[1]!foo; a[1]!goo;
	for (i in a) {
		for (j in b) { printf("b") }
		printf("\n");
	}
	for (goo in a[1]) {
		for (foo in a[1]) { printf("f") }
		printf("\n");
	}
}
