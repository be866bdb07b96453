// want: 3:31: error: unterminated argument list invoking macro "INC"
#define INC(a) ((a) + 1)
active proctype P() { int x = INC(1 ; printf("%d\n", x) }
