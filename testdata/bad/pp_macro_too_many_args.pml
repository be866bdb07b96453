// want: 3:31: error: macro "INC" expects 1 argument, got 2
#define INC(a) ((a) + 1)
active proctype P() { int x = INC(1, 2); printf("%d\n", x) }
