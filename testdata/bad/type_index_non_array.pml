// want: 2:31: error: x is not an array
active proctype P() { int x; x[1] = 2 }
