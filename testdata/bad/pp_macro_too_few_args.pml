// want: 3:31: error: macro "ADD" expects 2 arguments, got 1
#define ADD(a, b) ((a) + (b))
active proctype P() { int x = ADD(1); printf("%d\n", x) }
