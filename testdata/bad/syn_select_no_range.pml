// want: 4:11: error: syntax error: expected ':', found ')'
active proctype P() {
	int i;
	select (i);
	printf("%d\n", i)
}
