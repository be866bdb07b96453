/* run with arguments, one child at a time */
int result;

proctype Add(byte a; short b; int c) {
	result = a + b + c;
	printf("Add(%d,%d,%d) pid %d\n", a, b, c, _pid)
}

init {
	byte k;
	for (k : 1 .. 3) {
		run Add(k, k * 10, k * 100);
		(_nr_pr == 1);
		printf("result %d\n", result)
	}
}
