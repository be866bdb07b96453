/* unless: the escape takes over when its guard becomes true */
byte x;

active proctype U() {
	{
		do
		:: x < 10 -> x++; printf("x %d\n", x)
		od
	} unless { x == 4 -> printf("escaped at %d\n", x) };
	printf("after %d\n", x)
}
