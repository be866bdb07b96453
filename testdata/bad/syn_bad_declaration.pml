// want: 2:5: error: syntax error: expected name, found '='
int = 3;
active proctype P() { skip }
