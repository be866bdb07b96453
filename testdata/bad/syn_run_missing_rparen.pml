// want: 3:16: error: syntax error: expected ')' to close argument list, found '}'
proctype Q(int a) { skip }
init { run Q(1 }
