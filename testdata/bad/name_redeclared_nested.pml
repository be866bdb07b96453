// want: 7:9: error: x redeclared: a local variable of that name is visible here (declared at line 6:7)
// want: 8:16: error: g redeclared: a global variable of that name is visible here (declared at line 4:6)
// SPIN 6.5.2 (spin -a): "redeclaration of 'x'" (line 7; SPIN stops at its first error, and says the same of g alone: a name visible where it is declared cannot be declared again, sym.c).
byte g;
active proctype P() {
	byte x = 1;
	{ byte x = 5; x++ };
	atomic { byte g = 2; g++ }
}
