// want: 2:23: error: mtype constant red redeclared (first declared at line 2:11)
mtype = { red, green, red };
active proctype P() { mtype m = green; printf("%e\n", m) }
