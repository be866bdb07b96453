// want: 3:16: error: proctype P has no local variable nolocal
active proctype P() { int x = 1; printf("%d\n", x) }
ltl p1 { [] (P:nolocal == 0) }
