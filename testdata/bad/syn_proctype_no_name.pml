// want: 2:17: error: syntax error: expected name, found '('
active proctype () { skip }
