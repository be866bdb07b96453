// want: 5:1: error: syntax error: expected '{', found '}'
active proctype P() {
	int i;
	for (i : 1 .. 3)
}
