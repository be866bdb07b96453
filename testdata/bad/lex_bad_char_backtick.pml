// want: 2:35: error: unexpected character '`'
active proctype P() { int x; x = 1` }
