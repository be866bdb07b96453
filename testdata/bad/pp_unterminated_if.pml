// want: 2:1: error: unterminated #if
#if 1
active proctype P() { skip }
