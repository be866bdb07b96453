// want: 2:30: error: undefined inline frob
active proctype P() { int x; frob(x) }
