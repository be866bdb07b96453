/* d_step computing a table */
int fib[10];
byte i;

active proctype F() {
	d_step {
		fib[0] = 0; fib[1] = 1;
		i = 2;
		do
		:: i < 10 -> fib[i] = fib[i-1] + fib[i-2]; i++
		:: else -> break
		od
	}
	for (i : 0 .. 9) {
		printf("fib[%d] = %d\n", i, fib[i])
	}
}
