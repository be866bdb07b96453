// want: 4:18: error: syntax error: expected expression, found ')'
int x;
active proctype P() { x = 1 }
ltl p1 { [] (x > ) }
