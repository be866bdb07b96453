// want: 2:33: error: x is not a channel
active proctype P() { int x, y; x?y }
