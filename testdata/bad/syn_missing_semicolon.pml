// want: 2:36: error: syntax error: expected ';', found 'x'
active proctype P() { int x; x = 1 x = 2; printf("%d\n", x) }
