// want: 2:40: error: syntax error: expected ')' to close parenthesized expression, found ';'
active proctype P() { int x; x = (x + 1; printf("%d\n", x) }
