// want: 2:34: error: undefined: y
active proctype P() { int x; x = y + 1 }
