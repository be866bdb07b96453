// want: 2:35: error: index 3 out of range for a[3]
active proctype P() { int a[3]; a[3] = 1 }
