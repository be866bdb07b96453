// want: 4:2: error: undefined: t
active proctype P() {
	atomic { int t = 1; printf("%d\n", t) };
	t = 2
}
