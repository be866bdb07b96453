// want: 2:34: error: eval() can only be used in receive arguments
active proctype P() { int x; x = eval(x) }
