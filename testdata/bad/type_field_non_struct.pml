// want: 2:32: error: x is not a structure (it has no field f)
active proctype P() { int x; x.f = 1 }
