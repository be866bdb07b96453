// want: 3:14: error: undefined: x
active proctype P() { int x = 1; printf("%d\n", x) }
ltl p1 { [] (x == 1) }
