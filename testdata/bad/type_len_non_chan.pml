// want: 2:38: error: len(x): x is not a channel
active proctype P() { int x; x = len(x) }
