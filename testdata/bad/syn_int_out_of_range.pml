// want: 2:34: error: integer constant 99999999999 out of range (Promela integers are 32 bits)
active proctype P() { int x; x = 99999999999; printf("%d\n", x) }
