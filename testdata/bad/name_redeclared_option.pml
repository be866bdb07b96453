// want: 7:17: error: x redeclared in this scope (first declared at line 6:17)
// SPIN 6.5.2 (spin -a): "redeclaration of 'x'": an if option is no block.
byte r;
active proctype P() {
	if
	:: true -> int x = 1; r = x
	:: true -> int x = 2; r = x
	fi
}
