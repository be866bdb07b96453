// want: 2:40: error: division by zero
active proctype P() { int x = 4; x = x / 0 }
