// want: 4:7: error: x redeclared in this scope (first declared at line 3:6)
active proctype P() {
	int x;
	byte x;
	x = 1
}
