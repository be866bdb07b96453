// want: 3:5: error: g redeclared in this scope (first declared at line 2:5)
int g;
bit g;
active proctype P() { g = 1 }
