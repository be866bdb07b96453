// want: 2:34: error: character constant not terminated (expected ')
active proctype P() { int x; x = 'a; printf("%d\n", x) }
