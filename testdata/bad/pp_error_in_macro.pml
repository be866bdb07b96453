// want: 3:30: error: syntax error: expected expression, found '='
#define SET(v) v = = 1
active proctype P() { int x; SET(x); printf("%d\n", x) }
