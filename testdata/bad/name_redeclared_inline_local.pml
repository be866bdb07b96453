// want: 4:20: error: t redeclared: a local variable of that name is visible here (declared at line 6:7)
// SPIN 6.5.2 (spin -a): "redeclaration of 't'": the inline's body sees the caller's locals.
byte r;
inline f(v) { byte t = v; r = r + t }
active proctype P() {
	byte t = 4;
	f(1)
}
