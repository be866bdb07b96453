// want: 2:34: error: unexpected character '$'
active proctype P() { int x; x = $1 }
