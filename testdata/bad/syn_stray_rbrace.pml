// want: 3:1: error: syntax error: expected declaration, proctype, init, never, ltl, typedef or inline, found '}'
active proctype P() { skip }
}
