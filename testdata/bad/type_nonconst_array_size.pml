// want: 2:40: error: array size must be a constant expression
active proctype P() { int n = 3; int a[n]; a[0] = n }
