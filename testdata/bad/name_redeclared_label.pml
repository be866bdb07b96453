// want: 4:1: error: label L redeclared in P (first declared at line 3:1)
active proctype P() {
L:	skip;
L:	skip
}
