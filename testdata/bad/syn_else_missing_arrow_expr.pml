// want: 2:38: error: syntax error: expected expression, found ';'
active proctype P() { int x; x = 1 + ; printf("%d\n", x) }
