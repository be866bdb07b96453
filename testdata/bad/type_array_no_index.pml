// want: 2:33: error: array a used without an index
active proctype P() { int a[3]; a = 1 }
