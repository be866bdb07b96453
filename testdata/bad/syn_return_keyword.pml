// want: 2:20: error: syntax error: expected '}' to close mtype declaration, found 'return'
mtype = { request, return };
active proctype P() { mtype m = request; printf("%e\n", m) }
